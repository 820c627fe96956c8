package dev.feedline.processor.writing.spec;

import com.palantir.javapoet.TypeName;
import java.lang.reflect.Type;
import java.util.EnumSet;
import java.util.Set;
import javax.lang.model.element.Modifier;

/** A field, with its Javadoc and initializer. */
public final class FieldSpec {
  final TypeName type;
  final String name;
  final CodeBlock javadoc;
  final Set<Modifier> modifiers;
  final CodeBlock initializer;

  private FieldSpec(Builder builder) {
    this.type = builder.type;
    this.name = builder.name;
    this.javadoc = builder.javadoc.build();
    this.modifiers = builder.modifiers;
    this.initializer = builder.initializer;
  }

  public TypeName type() {
    return type;
  }

  public String name() {
    return name;
  }

  public static Builder builder(TypeName type, String name, Modifier... modifiers) {
    return new Builder(type, name).addModifiers(modifiers);
  }

  public static Builder builder(Type type, String name, Modifier... modifiers) {
    return builder(TypeName.get(type), name, modifiers);
  }

  /** Builds a {@link FieldSpec}. */
  public static final class Builder {
    private final TypeName type;
    private final String name;
    private final CodeBlock.Builder javadoc = CodeBlock.builder();
    private final Set<Modifier> modifiers = EnumSet.noneOf(Modifier.class);
    private CodeBlock initializer = CodeBlock.builder().build();

    private Builder(TypeName type, String name) {
      this.type = type;
      this.name = Names.checkIdentifier(name);
    }

    public Builder addJavadoc(String format, Object... args) {
      javadoc.add(format, args);
      return this;
    }

    public Builder addJavadoc(CodeBlock block) {
      javadoc.add(block);
      return this;
    }

    public Builder addModifiers(Modifier... more) {
      modifiers.addAll(Set.of(more));
      return this;
    }

    public Builder initializer(String format, Object... args) {
      return initializer(CodeBlock.of(format, args));
    }

    public Builder initializer(CodeBlock block) {
      if (!initializer.isEmpty()) {
        throw new IllegalStateException("initializer was already set");
      }
      initializer = block;
      return this;
    }

    public FieldSpec build() {
      return new FieldSpec(this);
    }
  }
}

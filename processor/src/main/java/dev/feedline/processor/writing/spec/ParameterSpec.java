package dev.feedline.processor.writing.spec;

import com.palantir.javapoet.TypeName;
import java.lang.reflect.Type;
import java.util.EnumSet;
import java.util.Set;
import javax.lang.model.element.Modifier;

/** A method's or a record's parameter. */
public final class ParameterSpec {
  private final TypeName type;
  private final String name;
  private final Set<Modifier> modifiers;
  private final CodeBlock javadoc;

  private ParameterSpec(Builder builder) {
    this.type = builder.type;
    this.name = builder.name;
    this.modifiers = builder.modifiers;
    this.javadoc = builder.javadoc.build();
  }

  public TypeName type() {
    return type;
  }

  public String name() {
    return name;
  }

  Set<Modifier> modifiers() {
    return modifiers;
  }

  /** Its {@code @param} text in the Javadoc of its method or record. */
  CodeBlock javadoc() {
    return javadoc;
  }

  public static Builder builder(TypeName type, String name, Modifier... modifiers) {
    return new Builder(type, name).addModifiers(modifiers);
  }

  public static Builder builder(Type type, String name, Modifier... modifiers) {
    return builder(TypeName.get(type), name, modifiers);
  }

  /** Builds a {@link ParameterSpec}. */
  public static final class Builder {
    private final TypeName type;
    private final String name;
    private final Set<Modifier> modifiers = EnumSet.noneOf(Modifier.class);
    private final CodeBlock.Builder javadoc = CodeBlock.builder();

    private Builder(TypeName type, String name) {
      this.type = type;
      this.name = Names.checkIdentifier(name);
    }

    public Builder addModifiers(Modifier... more) {
      modifiers.addAll(Set.of(more));
      return this;
    }

    public Builder addJavadoc(CodeBlock block) {
      javadoc.add(block);
      return this;
    }

    public ParameterSpec build() {
      return new ParameterSpec(this);
    }
  }
}

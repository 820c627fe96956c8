package dev.feedline.processor.writing.spec;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.TypeName;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Modifier;

/** A method or constructor, with its Javadoc, annotations, parameters and body. */
public final class MethodSpec {
  private static final String CONSTRUCTOR = "<init>";

  final String name;
  final CodeBlock javadoc;
  final List<AnnotationSpec> annotations;
  final Set<Modifier> modifiers;
  final TypeName returnType;
  final List<ParameterSpec> parameters;
  final boolean varargs;
  final CodeBlock code;

  private MethodSpec(Builder builder) {
    this.name = builder.name;
    this.javadoc = builder.javadoc.build();
    this.annotations = List.copyOf(builder.annotations);
    this.modifiers = builder.modifiers;
    this.returnType = builder.returnType;
    this.parameters = List.copyOf(builder.parameters);
    this.varargs = builder.varargs;
    this.code = builder.code.build();
  }

  public String name() {
    return name;
  }

  public List<ParameterSpec> parameters() {
    return parameters;
  }

  public TypeName returnType() {
    return returnType;
  }

  public CodeBlock code() {
    return code;
  }

  public boolean isConstructor() {
    return name.equals(CONSTRUCTOR);
  }

  public static Builder methodBuilder(String name) {
    return new Builder(Names.checkIdentifier(name));
  }

  public static Builder constructorBuilder() {
    return new Builder(CONSTRUCTOR);
  }

  /** Builds a {@link MethodSpec}. */
  public static final class Builder {
    private final String name;
    private final CodeBlock.Builder javadoc = CodeBlock.builder();
    private final List<AnnotationSpec> annotations = new ArrayList<>();
    private final Set<Modifier> modifiers = EnumSet.noneOf(Modifier.class);
    private TypeName returnType = TypeName.VOID;
    private final List<ParameterSpec> parameters = new ArrayList<>();
    private boolean varargs;
    private final CodeBlock.Builder code = CodeBlock.builder();

    private Builder(String name) {
      this.name = name;
    }

    public Builder addJavadoc(String format, Object... args) {
      javadoc.add(format, args);
      return this;
    }

    public Builder addJavadoc(CodeBlock block) {
      javadoc.add(block);
      return this;
    }

    public Builder addAnnotation(AnnotationSpec annotation) {
      annotations.add(annotation);
      return this;
    }

    public Builder addAnnotation(Class<?> annotation) {
      return addAnnotation(AnnotationSpec.builder(annotation).build());
    }

    public Builder addModifiers(Modifier... more) {
      modifiers.addAll(Set.of(more));
      return this;
    }

    public Builder returns(TypeName type) {
      if (name.equals(CONSTRUCTOR)) {
        throw new IllegalStateException("a constructor returns nothing");
      }
      returnType = type;
      return this;
    }

    public Builder returns(Type type) {
      return returns(TypeName.get(type));
    }

    public Builder addParameter(ParameterSpec parameter) {
      parameters.add(parameter);
      return this;
    }

    public Builder addParameter(TypeName type, String name, Modifier... modifiers) {
      return addParameter(ParameterSpec.builder(type, name, modifiers).build());
    }

    public Builder addParameter(Type type, String name, Modifier... modifiers) {
      return addParameter(TypeName.get(type), name, modifiers);
    }

    public Builder addParameters(Iterable<ParameterSpec> more) {
      more.forEach(parameters::add);
      return this;
    }

    /** Whether the last parameter, an array, is written as {@code T...}. */
    public Builder varargs(boolean varargs) {
      this.varargs = varargs;
      return this;
    }

    public Builder varargs() {
      return varargs(true);
    }

    public Builder addCode(String format, Object... args) {
      code.add(format, args);
      return this;
    }

    public Builder addCode(CodeBlock block) {
      code.add(block);
      return this;
    }

    public Builder addComment(String format, Object... args) {
      code.add("// " + format + "\n", args);
      return this;
    }

    public Builder addStatement(String format, Object... args) {
      code.addStatement(format, args);
      return this;
    }

    public Builder addStatement(CodeBlock block) {
      code.addStatement(block);
      return this;
    }

    public Builder beginControlFlow(String controlFlow, Object... args) {
      code.beginControlFlow(controlFlow, args);
      return this;
    }

    public Builder nextControlFlow(String controlFlow, Object... args) {
      code.nextControlFlow(controlFlow, args);
      return this;
    }

    public Builder endControlFlow() {
      code.endControlFlow();
      return this;
    }

    public MethodSpec build() {
      if (varargs && (parameters.isEmpty()
          || !(parameters.get(parameters.size() - 1).type() instanceof ArrayTypeName))) {
        throw new IllegalStateException("last parameter of varargs method " + name
            + " must be an array");
      }
      return new MethodSpec(this);
    }
  }
}

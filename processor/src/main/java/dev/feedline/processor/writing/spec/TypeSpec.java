package dev.feedline.processor.writing.spec;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;

/** A class or a record: the only kinds of type Feedline generates. */
public final class TypeSpec {
  final boolean record;
  final String name;
  final CodeBlock javadoc;
  final List<AnnotationSpec> annotations;
  final Set<Modifier> modifiers;
  final TypeName superclass;
  final List<TypeName> superinterfaces;
  final MethodSpec recordConstructor;
  final List<FieldSpec> fields;
  final List<MethodSpec> methods;
  final List<TypeSpec> types;
  final Set<String> nestedTypeNames;
  private final List<Element> originatingElements;

  private TypeSpec(Builder builder) {
    this.record = builder.record;
    this.name = builder.name;
    this.javadoc = builder.javadoc.build();
    this.annotations = List.copyOf(builder.annotations);
    this.modifiers = builder.modifiers;
    this.superclass = builder.superclass;
    this.superinterfaces = List.copyOf(builder.superinterfaces);
    this.recordConstructor = builder.recordConstructor;
    this.fields = List.copyOf(builder.fields);
    this.methods = List.copyOf(builder.methods);
    this.types = List.copyOf(builder.types);
    Set<String> nested = new HashSet<>();
    List<Element> elements = new ArrayList<>(builder.originatingElements);
    for (TypeSpec type : types) {
      nested.add(type.name);
      elements.addAll(type.originatingElements);
    }
    this.nestedTypeNames = nested;
    this.originatingElements = List.copyOf(elements);
  }

  public String name() {
    return name;
  }

  /** The elements this type and its nested types were generated from, for the Filer. */
  public List<Element> originatingElements() {
    return originatingElements;
  }

  public static Builder classBuilder(String name) {
    return new Builder(false, name);
  }

  public static Builder classBuilder(ClassName name) {
    return classBuilder(name.simpleName());
  }

  public static Builder recordBuilder(String name) {
    return new Builder(true, name);
  }

  public static Builder recordBuilder(ClassName name) {
    return recordBuilder(name.simpleName());
  }

  /** Builds a {@link TypeSpec}. */
  public static final class Builder {
    private final boolean record;
    private final String name;
    private final CodeBlock.Builder javadoc = CodeBlock.builder();
    private final List<AnnotationSpec> annotations = new ArrayList<>();
    private final Set<Modifier> modifiers = EnumSet.noneOf(Modifier.class);
    private TypeName superclass = ClassName.OBJECT;
    private final List<TypeName> superinterfaces = new ArrayList<>();
    private MethodSpec recordConstructor;
    private final List<FieldSpec> fields = new ArrayList<>();
    private final List<MethodSpec> methods = new ArrayList<>();
    private final List<TypeSpec> types = new ArrayList<>();
    private final List<Element> originatingElements = new ArrayList<>();

    private Builder(boolean record, String name) {
      this.record = record;
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

    public Builder superclass(TypeName type) {
      if (record) {
        throw new IllegalStateException("a record has no superclass");
      }
      superclass = type;
      return this;
    }

    public Builder superclass(Type type) {
      return superclass(TypeName.get(type));
    }

    public Builder addSuperinterface(TypeName type) {
      superinterfaces.add(type);
      return this;
    }

    public Builder addSuperinterface(Type type) {
      return addSuperinterface(TypeName.get(type));
    }

    /** The record's canonical constructor: its parameters are the record's components. */
    public Builder recordConstructor(MethodSpec constructor) {
      if (!record || !constructor.isConstructor() || !constructor.code().isEmpty()) {
        throw new IllegalArgumentException("a record's components are a constructor's"
            + " parameters, without a body");
      }
      recordConstructor = constructor;
      return this;
    }

    public Builder addField(FieldSpec field) {
      fields.add(field);
      return this;
    }

    public Builder addField(TypeName type, String name, Modifier... modifiers) {
      return addField(FieldSpec.builder(type, name, modifiers).build());
    }

    public Builder addFields(Iterable<FieldSpec> more) {
      more.forEach(fields::add);
      return this;
    }

    public Builder addMethod(MethodSpec method) {
      methods.add(method);
      return this;
    }

    public Builder addMethods(Iterable<MethodSpec> more) {
      more.forEach(methods::add);
      return this;
    }

    public Builder addType(TypeSpec type) {
      types.add(type);
      return this;
    }

    public Builder addOriginatingElement(Element element) {
      originatingElements.add(element);
      return this;
    }

    public TypeSpec build() {
      return new TypeSpec(this);
    }
  }
}

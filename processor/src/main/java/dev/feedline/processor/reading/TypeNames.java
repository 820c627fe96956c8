package dev.feedline.processor.reading;

import java.util.List;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/** Recognizes TensorFlow types by name, since the processor does not load TensorFlow. */
final class TypeNames {
  static final String OPERAND = "org.tensorflow.Operand";
  static final String OPS = "org.tensorflow.op.Ops";

  private TypeNames() {}

  /** Fails fast on types that do not exist (yet), so the caller can defer. */
  static void requireResolved(TypeMirror type) {
    if (type.getKind() == TypeKind.ERROR) {
      throw new UnresolvedTypeException(type.toString());
    }
    if (type instanceof DeclaredType declared) {
      declared.getTypeArguments().forEach(TypeNames::requireResolved);
    }
  }

  /** The qualified name of a declared type's class, or empty for other types. */
  static String qualifiedName(TypeMirror type) {
    return type instanceof DeclaredType declared
        ? ((TypeElement) declared.asElement()).getQualifiedName().toString()
        : "";
  }

  /** The single type argument of {@code Operand<T>}, or null when {@code type} is not one. */
  static TypeMirror operandArgument(TypeMirror type) {
    if (!OPERAND.equals(qualifiedName(type))) {
      return null;
    }
    List<? extends TypeMirror> arguments = ((DeclaredType) type).getTypeArguments();
    return arguments.size() == 1 ? arguments.get(0) : null;
  }

  /** A short form for messages: {@code Operand<TString>} rather than qualified names. */
  static String display(TypeMirror type) {
    if (!(type instanceof DeclaredType declared)) {
      return type.toString();
    }
    String name = declared.asElement().getSimpleName().toString();
    if (declared.getTypeArguments().isEmpty()) {
      return name;
    }
    return name
        + declared.getTypeArguments().stream()
            .map(TypeNames::display)
            .collect(java.util.stream.Collectors.joining(", ", "<", ">"));
  }
}

package dev.feedline.processor.base;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * Reads annotations through mirrors, never through {@code getAnnotation}: mirrors keep the exact
 * value to anchor a diagnostic on and survive values that reference types not yet generated.
 */
public final class Annotations {
  private Annotations() {}

  /** The mirror of the annotation with the given qualified name on {@code element}, if present. */
  public static Optional<AnnotationMirror> find(Element element, String qualifiedName) {
    for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
      if (qualifiedName(mirror).equals(qualifiedName)) {
        return Optional.of(mirror);
      }
    }
    return Optional.empty();
  }

  public static String qualifiedName(AnnotationMirror mirror) {
    return ((TypeElement) mirror.getAnnotationType().asElement()).getQualifiedName().toString();
  }

  public static String simpleName(AnnotationMirror mirror) {
    return mirror.getAnnotationType().asElement().getSimpleName().toString();
  }

  /** The value written in source for {@code name}, if it was written: the token to underline. */
  public static Optional<AnnotationValue> explicitValue(AnnotationMirror mirror, String name) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
        mirror.getElementValues().entrySet()) {
      if (entry.getKey().getSimpleName().contentEquals(name)) {
        return Optional.of(entry.getValue());
      }
    }
    return Optional.empty();
  }

  /** The value of {@code name}, written or defaulted. */
  public static Object value(Elements elements, AnnotationMirror mirror, String name) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
        elements.getElementValuesWithDefaults(mirror).entrySet()) {
      if (entry.getKey().getSimpleName().contentEquals(name)) {
        return entry.getValue().getValue();
      }
    }
    throw new IllegalArgumentException(
        "@" + simpleName(mirror) + " has no member '" + name + "'");
  }

  /** The elements of an array-valued member such as {@code @Shape({224, 224, 3})}. */
  @SuppressWarnings("unchecked")
  public static List<? extends AnnotationValue> arrayValue(
      Elements elements, AnnotationMirror mirror, String name) {
    Object value = value(elements, mirror, name);
    return value instanceof List<?> list ? (List<? extends AnnotationValue>) list : List.of();
  }
}

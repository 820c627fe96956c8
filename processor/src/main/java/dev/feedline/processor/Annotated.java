package dev.feedline.processor;

import dev.feedline.processor.base.Annotations;
import dev.feedline.processor.model.StageKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/**
 * The elements of one round that carry the processor's annotations, found in one scan: each
 * {@code getElementsAnnotatedWith} walks every element of every source file of the round, and
 * the processor asks for a dozen annotations.
 */
final class Annotated {
  /** By annotation's qualified name, in the order javac's scan found them. */
  private final Map<String, List<Element>> byAnnotation;
  /** Every element found, in that order. */
  private final List<Element> all;

  private Annotated(Map<String, List<Element>> byAnnotation, List<Element> all) {
    this.byAnnotation = byAnnotation;
    this.all = all;
  }

  /**
   * The elements of {@code round} annotated with any of {@code annotations}, the processor's
   * annotations that javac found in the round; none to scan for in a round of generated code that
   * holds none of them.
   */
  static Annotated in(RoundEnvironment round, Set<? extends TypeElement> annotations) {
    Map<String, List<Element>> byAnnotation = new HashMap<>();
    List<Element> all = new ArrayList<>();
    if (!annotations.isEmpty()) {
      Set<String> names = new HashSet<>();
      annotations.forEach(a -> names.add(a.getQualifiedName().toString()));
      all.addAll(round.getElementsAnnotatedWithAny(annotations.toArray(TypeElement[]::new)));
      for (Element element : all) {
        for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
          String name = Annotations.qualifiedName(mirror);
          if (names.contains(name)) {
            List<Element> with = byAnnotation.computeIfAbsent(name, n -> new ArrayList<>());
            if (with.isEmpty() || with.get(with.size() - 1) != element) { // once, if repeated
              with.add(element);
            }
          }
        }
      }
    }
    return new Annotated(byAnnotation, all);
  }

  /** The elements annotated with {@code name}, in source order. */
  List<Element> with(String name) {
    return byAnnotation.getOrDefault(name, List.of());
  }

  /** The elements annotated with any of the stage annotations of {@code kinds}, in source order. */
  Set<Element> withAny(List<StageKind> kinds) {
    Set<Element> found = new HashSet<>();
    for (StageKind kind : kinds) {
      found.addAll(with(kind.annotationQualifiedName()));
    }
    Set<Element> inOrder = new LinkedHashSet<>();
    for (Element element : all) {
      if (found.contains(element)) {
        inOrder.add(element);
      }
    }
    return inOrder;
  }
}

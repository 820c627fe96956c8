package dev.feedline.processor.reading;

import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.model.Input;
import dev.feedline.processor.model.kinds.MapStage;
import dev.feedline.processor.model.StageKind;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;

/**
 * The {@code ElementRandom} a map body may take after its element, beside its run-time inputs: one
 * at most, in a {@code @Map(random = true)} that runs before the iterator, where each element has
 * a position to seed from.
 */
final class ElementRandomParameter {
  private ElementRandomParameter() {}

  /** Whether {@code parameter} takes the per-element random source. */
  static boolean is(VariableElement parameter) {
    TypeNames.requireResolved(parameter.asType());
    return Input.isElementRandom(parameter.asType());
  }

  /**
   * Reports an {@code ElementRandom} where no seed can reach it, or where the checks would not
   * know the stage is random; false when it reported one.
   *
   * @param stage the stage, as messages name it: {@code @Map 'augment'}
   */
  static boolean check(StageKind kind, ExecutableElement method, AnnotationMirror annotation,
      ParameterReader.Read read, String stage, Report report) {
    List<? extends VariableElement> parameters = method.getParameters();
    List<VariableElement> taken = parameters.subList(2, parameters.size()).stream()
        .filter(ElementRandomParameter::is).map(p -> (VariableElement) p).toList();
    if (taken.isEmpty()) {
      return true;
    }
    String name = method.getSimpleName().toString();
    String first = taken.get(0).getSimpleName().toString();
    if (kind != MapStage.KIND) {
      report.at(taken.get(0)).report(Message.ELEMENT_RANDOM_NOT_MAP, stage, first);
      return false;
    }
    if (taken.size() > 1) {
      report.at(taken.get(1)).report(Message.ELEMENT_RANDOM_TWICE, name, first,
          taken.get(1).getSimpleName());
      return false;
    }
    if (!(read.definition() instanceof MapStage map)) {
      throw new IllegalStateException(name + " is a map: its kind was checked above");
    }
    if (map.onDevice()) {
      report.at(method, annotation, read.written().get(MapStage.ON_DEVICE))
          .report(Message.ELEMENT_RANDOM_ON_DEVICE, name, first);
      return false;
    }
    if (!map.random()) {
      report.at(method, annotation, read.written().get(MapStage.RANDOM))
          .report(Message.ELEMENT_RANDOM_NOT_DECLARED, name);
      return false;
    }
    return true;
  }
}

package dev.feedline.processor.model;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;

/**
 * One stage of a pipeline.
 *
 * @param position 1-based, in source order
 * @param input the element it takes; null for a source
 * @param output the element it produces
 * @param outer the batch dimensions in front of every output component: empty before any
 *     {@code @Batch}, {@code [32]} or {@code [?]} after one
 * @param values the annotation's members, written or defaulted, as Java values
 * @param written the members written in source, to anchor diagnostics on
 */
public record Stage(
    int position,
    StageKind kind,
    ExecutableElement method,
    AnnotationMirror annotation,
    ElementType input,
    ElementType output,
    List<Long> outer,
    Map<String, Object> values,
    Map<String, AnnotationValue> written) {

  public Stage {
    outer = List.copyOf(outer);
    values = Map.copyOf(values);
    written = Map.copyOf(written);
  }

  public String name() {
    return method.getSimpleName().toString();
  }

  /** The parameter that takes the previous stage's element; absent on a source. */
  public VariableElement elementParameter() {
    List<? extends VariableElement> parameters = method.getParameters();
    return parameters.get(parameters.size() - 1);
  }

  /** The output shape of a component, batch dimensions included. */
  public StaticShape shapeOf(Component component) {
    return component.shape().withOuter(outer);
  }

  public long longValue(String member) {
    return ((Number) values.get(member)).longValue();
  }

  public boolean booleanValue(String member) {
    return (Boolean) values.get(member);
  }

  public String stringValue(String member) {
    return (String) values.get(member);
  }

  /** The name of an enum constant member, such as {@code EXPENSIVE}. */
  public String enumValue(String member) {
    return values.get(member).toString();
  }

  /** The value token written for {@code member}, if it was written. */
  public Optional<AnnotationValue> writtenValue(String member) {
    return Optional.ofNullable(written.get(member));
  }

  /** Whether it runs on the training device, after the iterator, rather than in tf.data. */
  public boolean isOnDevice() {
    return kind == StageKind.PREFETCH_TO_DEVICE
        || (kind == StageKind.MAP && booleanValue("onDevice"));
  }

  /** Whether the stage runs its elements in parallel: {@code parallel} set and not sequential. */
  public boolean isParallel() {
    return kind.hasParallelism() && longValue("parallel") != 0;
  }

  @Override
  public String toString() {
    return "@" + kind.annotation() + " '" + name() + "'";
  }
}

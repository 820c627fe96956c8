package dev.feedline.processor.model;

import dev.feedline.processor.model.kinds.MapStage;
import dev.feedline.processor.model.kinds.PrefetchToDeviceStage;
import dev.feedline.processor.model.kinds.StageDefinition;
import dev.feedline.processor.base.Report;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;

/**
 * One stage of a pipeline.
 *
 * @param position 1-based, in source order
 * @param input the element it takes; null for a source
 * @param output the element it produces
 * @param takes the static model of the element it takes: {@link ElementModel#NONE} for a source
 * @param makes the static model of the element it hands out: its batch dimensions (empty before
 *     any {@code @Batch}, {@code [32]} or {@code [?]} after one, empty again after an
 *     {@code @Unbatch} or {@code @FlatMap}) and the lengths padded batches fixed
 * @param definition its kind and the annotation's values, typed by kind: one object, so the kind
 *     and its parameters never disagree
 * @param inputs the run-time values a map or filter takes after its element, in order
 * @param written the values written in source, to anchor diagnostics on
 */
public record Stage(
    int position,
    StageDefinition definition,
    ExecutableElement method,
    AnnotationMirror annotation,
    ElementType input,
    ElementType output,
    ElementModel takes,
    ElementModel makes,
    List<Input> inputs,
    Map<Member, AnnotationValue> written) implements Report.Site<Member> {

  public Stage {
    inputs = List.copyOf(inputs);
    written = Map.copyOf(written);
  }

  /** The stage's method: where its diagnostics point. */
  @Override
  public ExecutableElement element() {
    return method;
  }

  /** Its kind, as its definition says. */
  public StageKind kind() {
    return definition.kind();
  }

  public String name() {
    return method.getSimpleName().toString();
  }

  /**
   * The interface that declares the stage: the pipeline, or the group or pipeline it inherits the
   * stage from, through whose name generated code calls a body.
   */
  public TypeElement declaringType() {
    return (TypeElement) method.getEnclosingElement();
  }

  /**
   * The parameter that takes the previous stage's element: a body's second, after
   * {@code Ops tf}; a built-in stage's only one. Absent on a source.
   */
  public VariableElement elementParameter() {
    return method.getParameters().get(kind().form() == StageKind.Form.BODY ? 1 : 0);
  }

  /** The batch dimensions in front of every output component, as {@link #makes} says. */
  public List<Long> outer() {
    return makes.outer();
  }

  /** The output shape of a component, batch dimensions included. */
  public StaticShape shapeOf(Component component) {
    return makes.shapeOf(component);
  }

  /** The shape of one element's component, without batch dimensions: padding may fix it. */
  public StaticShape innerShapeOf(Component component) {
    return makes.innerShapeOf(component);
  }

  /**
   * The value token written for {@code member}, to underline; null when it was not written, and
   * the diagnostic then points at the whole annotation.
   */
  @Override
  public AnnotationValue anchor(Member member) {
    if (member.kind() != kind()) {
      throw new IllegalArgumentException(member + " is not a member of @" + kind().annotation());
    }
    return written.get(member);
  }

  /** Whether {@code member} was written in source rather than left at its default. */
  public boolean wrote(Member member) {
    return anchor(member) != null;
  }

  /**
   * Its definition as {@code kind}, such as {@code as(ShuffleStage.class)}: empty for a stage of
   * another kind. A check that has found a stage by its kind reads its parameters through this.
   */
  public <T extends StageDefinition> Optional<T> as(Class<T> kind) {
    return kind.isInstance(definition) ? Optional.of(kind.cast(definition)) : Optional.empty();
  }

  public boolean is(StageKind.Trait trait) {
    return definition.traits().contains(trait);
  }

  /** Whether it is a source of files named at run time, which an {@code @Interleave} reads. */
  public boolean readsFiles() {
    return definition instanceof StageDefinition.Files;
  }

  /** Whether it is a source that reads other pipelines ({@code @Mix}, {@code @Zip}, ...). */
  public boolean readsPipelines() {
    return definition instanceof StageDefinition.Pipelines;
  }

  /** Whether it runs on the training device, after the iterator, rather than in tf.data. */
  public boolean isOnDevice() {
    return definition instanceof PrefetchToDeviceStage
        || definition instanceof MapStage map && map.onDevice();
  }

  /** Whether the stage works on elements in parallel: {@code parallel} set and not sequential. */
  public boolean isParallel() {
    return definition instanceof StageDefinition.Parallel parallel
        && parallel.parallel().isParallel();
  }

  /** Whether it is a {@code @Map(random = true)}: its output differs from epoch to epoch. */
  public boolean isRandom() {
    return definition instanceof MapStage map && map.random();
  }

  /**
   * The position, among its method's parameters, of the {@code ElementRandom} a map body takes
   * after its element; -1 when it takes none.
   */
  public int elementRandomParameter() {
    List<? extends VariableElement> parameters = method.getParameters();
    if (kind().form() == StageKind.Form.BODY) {
      for (int i = 2; i < parameters.size(); i++) {
        if (Input.isElementRandom(parameters.get(i).asType())) {
          return i;
        }
      }
    }
    return -1;
  }

  /**
   * Whether it is a random map that draws from per-element seeds, taking an {@code ElementRandom}:
   * its values are the same at any parallelism and on every run with the same seed.
   */
  public boolean isSeeded() {
    return elementRandomParameter() >= 0;
  }

  /** Whether it is a {@code @Map(vectorized = true)}, which works on whole batches. */
  public boolean isVectorized() {
    return definition instanceof MapStage map && map.vectorized();
  }

  /**
   * Its position and method: the writers key dozens of maps by stage, and the record's own hash
   * would walk every element type, shape and annotation value each time. The record's
   * {@code equals} still compares every component, and stages it finds equal share these two.
   */
  @Override
  public int hashCode() {
    return 31 * position + method.hashCode();
  }

  @Override
  public String toString() {
    return "@" + kind().annotation() + " '" + name() + "'";
  }
}

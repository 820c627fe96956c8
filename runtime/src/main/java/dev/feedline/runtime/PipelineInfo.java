package dev.feedline.runtime;

import java.util.List;

/**
 * What the runtime knows of a generated pipeline: its declaring type, a fingerprint of its
 * definition, and its stages in order. It names the stage in error messages and the definition in
 * checkpoints.
 *
 * @param name the qualified name of the {@code @Pipeline} interface
 * @param definition a fingerprint of the stage plan: it changes when a stage, a value or a shape
 *     does, so a checkpoint of another definition is refused
 * @param ramBudget the declared {@code @Pipeline(ramBudget)} in bytes; -1 when none is declared
 * @param stages the stages in source order, the source first
 */
public record PipelineInfo(String name, String definition, long ramBudget, List<Stage> stages) {

  /**
   * One stage.
   *
   * @param method the stage method's name
   * @param annotation the stage annotation's simple name, such as {@code "Map"}
   * @param random whether it draws random values, which a checkpoint cannot restore
   * @param onDevice whether it runs after the iterator, on the training device
   */
  public record Stage(String method, String annotation, boolean random, boolean onDevice) {
    @Override
    public String toString() {
      return "'" + method + "' (@" + annotation + ")";
    }
  }

  public PipelineInfo {
    stages = List.copyOf(stages);
  }

  /** A pipeline without a declared RAM budget. */
  public PipelineInfo(String name, String definition, List<Stage> stages) {
    this(name, definition, -1, stages);
  }

  /** The stage with this method name. */
  public Stage stage(String method) {
    return stages.stream().filter(s -> s.method().equals(method)).findFirst().orElseThrow(
        () -> new IllegalArgumentException(simpleName() + " has no stage " + method));
  }

  /** A stage; static-import it to keep the generated stage list readable. */
  public static Stage stage(String method, String annotation) {
    return new Stage(method, annotation, false, false);
  }

  /** A stage declared random, such as {@code @Map(random = true)}; static-import it too. */
  public static Stage randomStage(String method, String annotation) {
    return new Stage(method, annotation, true, false);
  }

  /** A stage after the iterator, on the device: {@code @Map(onDevice = true)}, {@code @PrefetchToDevice}. */
  public static Stage deviceStage(String method, String annotation) {
    return new Stage(method, annotation, false, true);
  }

  /** The pipeline's simple name, for messages. */
  public String simpleName() {
    return name.substring(name.lastIndexOf('.') + 1);
  }
}

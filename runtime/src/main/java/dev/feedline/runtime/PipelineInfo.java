package dev.feedline.runtime;

import java.util.List;

/**
 * What the runtime knows of a generated pipeline: its declaring type and its stages, in order. It
 * names the stage in error messages.
 *
 * @param name the qualified name of the {@code @Pipeline} interface
 * @param stages the stages in source order, the source first
 */
public record PipelineInfo(String name, List<Stage> stages) {

  /**
   * One stage.
   *
   * @param method the stage method's name
   * @param annotation the stage annotation's simple name, such as {@code "Map"}
   */
  public record Stage(String method, String annotation) {
    @Override
    public String toString() {
      return "'" + method + "' (@" + annotation + ")";
    }
  }

  public PipelineInfo {
    stages = List.copyOf(stages);
  }

  /** A stage; static-import it to keep the generated stage list readable. */
  public static Stage stage(String method, String annotation) {
    return new Stage(method, annotation);
  }

  /** The pipeline's simple name, for messages. */
  public String simpleName() {
    return name.substring(name.lastIndexOf('.') + 1);
  }
}

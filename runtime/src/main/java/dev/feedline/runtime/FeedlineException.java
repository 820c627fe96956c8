package dev.feedline.runtime;

import java.util.Optional;

/**
 * A pipeline failed: building it, or producing an element. The message names the pipeline, the
 * stage when it is known, and the file when one is involved; the cause is TensorFlow's exception.
 */
public class FeedlineException extends RuntimeException {
  private final String pipeline;
  private final PipelineInfo.Stage stage;
  private final String file;

  public FeedlineException(
      String pipeline, PipelineInfo.Stage stage, String file, String problem, Throwable cause) {
    super(message(pipeline, stage, file, problem), cause);
    this.pipeline = pipeline;
    this.stage = stage;
    this.file = file;
  }

  private static String message(
      String pipeline, PipelineInfo.Stage stage, String file, String problem) {
    StringBuilder text = new StringBuilder("Pipeline ").append(pipeline);
    if (stage != null) {
      text.append(", stage ").append(stage);
    }
    if (file != null) {
      text.append(", file ").append(file);
    }
    return text.append(": ").append(problem).toString();
  }

  /** The simple name of the failing pipeline. */
  public String pipeline() {
    return pipeline;
  }

  /** The failing stage, when TensorFlow's error identifies it. */
  public Optional<PipelineInfo.Stage> stage() {
    return Optional.ofNullable(stage);
  }

  /** The file involved, when there is one. */
  public Optional<String> file() {
    return Optional.ofNullable(file);
  }
}

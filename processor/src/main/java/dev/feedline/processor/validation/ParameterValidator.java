package dev.feedline.processor.validation;

import dev.feedline.processor.base.Report;
import dev.feedline.processor.base.Message;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;

/** Checks stage values against what TensorFlow accepts, so a bad value fails javac, not training. */
final class ParameterValidator {
  private ParameterValidator() {}

  static void validate(PipelineModel pipeline, Report report) {
    for (Stage stage : pipeline.stages()) {
      switch (stage.kind()) {
        case INTERLEAVE -> {
          atLeast(stage, "cycleLength", -1, 1, report,
              "a cycle length is AUTO (-1) or at least 1 file", "use AUTO or a file count");
          atLeast(stage, "blockLength", 1, 1, report,
              "a block holds at least 1 record", "use 1 or more");
          parallelism(stage, report);
        }
        case DECODE, MAP -> parallelism(stage, report);
        case DECODE_JPEG -> {
          parallelism(stage, report);
          atLeast(stage, "minSourceSide", 0, 0, report,
              "a source side is 0 (unknown) or a number of pixels", "use the smallest side, or 0");
        }
        case SHUFFLE -> {
          atLeast(stage, "buffer", 1, 1, report,
              "a shuffle buffer holds at least 1 element", "use a buffer of 1 or more elements");
          atLeast(stage, "seed", -1, 0, report,
              "a seed is 0 or more, or -1 (Shuffle.RANDOM_SEED)", "use a seed of 0 or more");
        }
        case BATCH, PADDED_BATCH -> atLeast(stage, "size", 1, 1, report,
            "a batch holds at least 1 element", "use a size of 1 or more");
        case TAKE, SKIP -> atLeast(stage, "count", 0, 0, report,
            "a count of elements is 0 or more", "use a count of 0 or more");
        case SHARD -> atLeast(stage, "workers", 0, 0, report,
            "a worker count is 0 (unknown) or more", "use the usual number of workers, or 0");
        case TFRECORD_SOURCE -> {
          for (String hint : new String[] {"files", "records", "bytesPerFile"}) {
            atLeast(stage, hint, 0, 0, report, "a size hint is 0 (unknown) or more",
                "use the size, or 0 when it is unknown");
          }
        }
        case IN_MEMORY_SOURCE -> atLeast(stage, "records", 0, 0, report,
            "a size hint is 0 (unknown) or more", "use the size, or 0 when it is unknown");
        case REPEAT -> atLeast(stage, "count", -1, 1, report,
            "a repeat is FOREVER (-1) or at least 1 pass", "use FOREVER or a count of 1 or more");
        case PREFETCH -> atLeast(stage, "value", -1, 1, report,
            "a prefetch buffer is AUTO (-1) or at least 1 element", "use AUTO");
        default -> { }
      }
    }
  }

  private static void parallelism(Stage stage, Report report) {
    atLeast(stage, "parallel", -1, -1, report,
        "parallelism is AUTO (-1), SEQUENTIAL (0) or a thread count", "use parallel = AUTO");
  }

  /**
   * Reports {@code member} when it is below {@code min}, or when it is one of the values between
   * {@code min} and {@code gapEnd} that are excluded: with min -1 and gapEnd 1, 0 is invalid.
   */
  private static void atLeast(Stage stage, String member, long min, long gapEnd, Report report,
      String constraint, String fix) {
    long value = stage.longValue(member);
    boolean inGap = min < 0 && value > min && value < gapEnd;
    if (value < min || inGap) {
      report.add(Message.INVALID_PARAMETER, stage.method(), stage.annotation(),
          stage.writtenValue(member).orElse(null),
          stage.kind().annotation(), stage.name(), member, value, constraint, fix);
    }
  }
}

package dev.feedline.processor.writing;

import com.palantir.javapoet.CodeBlock;
import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.DType;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import java.util.Optional;

/**
 * Whether a {@code @Decode} or {@code @DecodeCsv} stage parses its input {@link #batch} at a time,
 * with one {@code ParseExample} or {@code DecodeCSV} a batch between a batch and an unbatch,
 * instead of one {@code ParseSingleExample} or {@code DecodeCSV} an element: 4 to 5% less CPU per
 * image in the example pipeline's epoch 1, and several times the rows/s of a CSV parse
 * (docs/performance.md#tables-and-text). The elements, their order and their count are the same.
 *
 * <p>Only where that holds. For Examples: not SequenceExamples; every feature of a fixed shape,
 * since the batched parse pads a variable-length one to the batch's longest list, which the
 * unbatch would keep; no {@code @LengthOf}, which would measure the batch; one record an element.
 * For CSV: the {@code @DecodeCsv} that parses the lines as they are read, whose every row the
 * runtime checks when the pipeline is built (and leaves out under {@code badRecords = SKIP}), so
 * that the batched {@code DecodeCSV} never meets a bad row of a local file; elsewhere, after a
 * filter or a map on the lines, a bad row would fail its whole batch, and TensorFlow's message
 * would number it within the batch.
 */
final class VectorizedParse {
  /** Records an Example parse: the measured batch. */
  static final long RECORDS = 32;
  /** Lines a CSV parse: the measured batch (docs/performance.md#tables-and-text). */
  static final long LINES = 256;

  private VectorizedParse() {}

  static boolean applies(PipelineModel pipeline, Stage stage) {
    if ((stage.kind() != StageKind.DECODE && stage.kind() != StageKind.DECODE_CSV)
        || !stage.outer().isEmpty() || stage.input().components().size() != 1) {
      return false;
    }
    Component input = stage.input().components().get(0);
    if (stage.shapeOf(input).rank() != 0) {
      return false;
    }
    if (stage.kind() == StageKind.DECODE_CSV) {
      return input.dtype() == DType.STRING
          && BuilderWriter.rowsParsedAsRead(pipeline).equals(Optional.of(stage));
    }
    return stage.kind() == StageKind.DECODE
        && stage.output().components().stream().allMatch(c ->
            c.source() == Component.Source.FEATURE && stage.innerShapeOf(c).isFullyKnown());
  }

  /** Inputs a parse: {@link #LINES} for CSV, {@link #RECORDS} for Examples. */
  static long batch(Stage stage) {
    return stage.kind() == StageKind.DECODE_CSV ? LINES : RECORDS;
  }

  /** What the batches hold: "lines" or "records". */
  static String unit(Stage stage) {
    return stage.kind() == StageKind.DECODE_CSV ? "lines" : "records";
  }

  /** Why the generated code batches the records, for the reviewer. */
  static CodeBlock comment(Stage stage) {
    if (stage.kind() == StageKind.DECODE_CSV) {
      return CodeBlock.of("// Vectorized: one DecodeCSV per $L lines parses several times the rows/s of one a line\n"
          + "// (docs/performance.md#tables-and-text); the unbatch gives back the same elements, in\n"
          + "// order. Every row was checked when the pipeline was built: no batch meets a bad one.\n",
          LINES);
    }
    return CodeBlock.of("// Vectorized: one ParseExample per $L records costs 4 to 5% less CPU per image than one\n"
        + "// ParseSingleExample each (docs/performance.md#epoch-1); the unbatch gives back the same\n"
        + "// elements, in order. A bad record still names its file and index: the runtime finds it.\n",
        RECORDS);
  }
}

package dev.feedline.processor.writing;

import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.kinds.DecodeCsvStage;
import dev.feedline.processor.planning.Plan;
import dev.feedline.processor.writing.spec.CodeBlock;
import java.util.List;

/**
 * Whether a {@code @Decode} or {@code @DecodeCsv} stage parses its input {@link #batch} at a time,
 * with one {@code ParseExample} or {@code DecodeCSV} a batch between a batch and an unbatch,
 * instead of one {@code ParseSingleExample} or {@code DecodeCSV} an element: less CPU per element
 * (docs/performance.md#epoch-1 and #tables-and-text measure it). The elements, their order and
 * their count are the same; {@link Plan#parsesVectorized} says where that holds.
 */
final class VectorizedParse {
  /** Records an Example parse: the measured batch. */
  static final long RECORDS = Plan.PARSE_RECORDS;
  /** Lines a CSV parse: the measured batch. */
  static final long LINES = Plan.PARSE_LINES;

  private VectorizedParse() {}

  /** Inputs a parse: {@link #LINES} for CSV, {@link #RECORDS} for Examples. */
  static long batch(Stage stage) {
    return Plan.parseBatch(stage);
  }

  /** What the batches hold: "lines" or "records". */
  static String unit(Stage stage) {
    return stage.kind() == DecodeCsvStage.KIND ? "lines" : "records";
  }

  /** Why the parse packs its rows until the batch, for the reviewer. */
  static CodeBlock packedComment(Plan.PackedRows packed, boolean inChunks) {
    List<Component> components = packed.parse().output().components();
    long tensors = components.stream().map(Component::dtype).distinct().count();
    if (inChunks) {
      return CodeBlock.of(
          "// Packed: a row's $L components travel as $L, one per dtype, in this parse's chunks"
              + " of\n// $L rows, never one by one, to stage $L, $L, which unpacks each batch\n"
              + "// (docs/performance.md#packed-rows measures the packing).\n",
          components.size(), tensors == 1 ? "1 tensor" : tensors + " tensors",
          Plan.parseBatch(packed.parse()), packed.batch().position(), packed.batch().name());
    }
    return CodeBlock.of(
        "// Packed: a row's $L components travel as $L, one per dtype, to stage $L, $L, which\n"
            + "// unpacks each batch; the unbatch, cache, shuffle and batch between work per"
            + " tensor\n"
            + "// (docs/performance.md#packed-rows measures it).\n",
        components.size(), tensors == 1 ? "1 tensor" : tensors + " tensors",
        packed.batch().position(), packed.batch().name());
  }

  /** Why the generated code batches the records, for the reviewer. */
  static CodeBlock comment(Stage stage) {
    if (stage.kind() == DecodeCsvStage.KIND) {
      return CodeBlock.of(
          "// Vectorized: one DecodeCSV per $L lines costs less CPU than one a line\n"
          + "// (docs/performance.md#tables-and-text measures it); the unbatch gives back the"
              + " same\n"
          + "// elements, in order. Every row was checked when the pipeline was built: no batch"
              + " meets a\n"
          + "// bad one.\n",
          LINES);
    }
    return CodeBlock.of(
        "// Vectorized: one ParseExample per $L records costs less CPU than one"
        + " ParseSingleExample\n"
        + "// each (docs/performance.md#epoch-1 measures it); the unbatch gives back the same"
            + " elements,\n"
        + "// in order. A bad record still names its file and index: the runtime finds it.\n",
        RECORDS);
  }
}

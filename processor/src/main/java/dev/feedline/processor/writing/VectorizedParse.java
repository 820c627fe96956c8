package dev.feedline.processor.writing;

import com.palantir.javapoet.CodeBlock;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.planning.Plan;

/**
 * Whether a {@code @Decode} stage parses its records {@value #RECORDS} at a time, with one
 * {@code ParseExample} a batch between a batch and an unbatch of the records, instead of one
 * {@code ParseSingleExample} each: 4 to 5% less CPU per image in the example pipeline's epoch 1
 * (docs/performance.md#epoch-1). The elements, their order and their count are the same.
 *
 * <p>Only where that holds: Examples, not SequenceExamples; every feature of a fixed shape, since
 * the batched parse pads a variable-length one to the batch's longest list, which the unbatch
 * would keep; no {@code @LengthOf}, which would measure the batch; one record an element.
 */
final class VectorizedParse {
  /** Records a parse: the measured batch. */
  static final long RECORDS = Plan.PARSE_RECORDS;

  private VectorizedParse() {}

  /** Whether the stage parses vectorized: {@link Plan#parsesVectorized}, the plan's rule. */
  static boolean applies(Stage stage) {
    return Plan.parsesVectorized(stage);
  }

  /** Why the generated code batches the records, for the reviewer. */
  static CodeBlock comment() {
    return CodeBlock.of("// Vectorized: one ParseExample per $L records costs 4 to 5% less CPU per image than one\n"
        + "// ParseSingleExample each (docs/performance.md#epoch-1); the unbatch gives back the same\n"
        + "// elements, in order. A bad record still names its file and index: the runtime finds it.\n",
        RECORDS);
  }
}

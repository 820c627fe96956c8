package dev.feedline.processor.writing;

import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.kinds.BucketByLengthStage;
import dev.feedline.processor.planning.Plan;
import java.util.stream.Collectors;

/**
 * The stage plan a reviewer reads in the generated class's Javadoc: each stage, its annotation,
 * and the element with its static shapes wherever the element changes.
 */
final class StagePlan {
  private StagePlan() {}

  /** The stage plan of {@code decided}'s pipeline, with the parses it made vectorized. */
  static String of(Plan decided) {
    PipelineModel pipeline = decided.pipeline();
    int nameWidth =
        pipeline.stages().stream().mapToInt(s -> s.name().length()).max().orElse(0);
    StringBuilder plan = new StringBuilder();
    Stage previous = null;
    for (Stage stage : pipeline.stages()) {
      // No locale and '\n': the plan is hashed into the checkpoint fingerprint, which must not
      // depend on the machine that compiled it.
      // A seeded map's values, and its checkpoints, differ from an unseeded one's: so does the
      // plan. So do a vectorized parse's checkpoints, which hold batches of records, those of
      // packed rows (and of their shuffled windows), those of an interleave that reads lines in
      // one thread, and those of an epoch 1 that shuffles its records as read; so do a
      // bucketing's, whose datasets differ by strategy, which a later processor may choose
      // otherwise for the same annotation; so do the epochs after a cache that run without
      // tf.data's autotuning, whose saved state lacks the prefetch the autotune model injects.
      String position = Integer.toString(stage.position());
      plan.append(" ".repeat(Math.max(0, 2 - position.length()))).append(position).append(' ')
          .append(stage.name()).append(" ".repeat(nameWidth - stage.name().length() + 2))
          .append(AnnotationText.of(stage));
      if (stage.isSeeded()) {
        plan.append(", seeded per element");
      }
      if (decided.parsesVectorized(stage)) {
        plan.append(", vectorized: ").append(VectorizedParse.batch(stage)).append(' ')
            .append(VectorizedParse.unit(stage)).append(" a parse");
      }
      decided.packedRows().filter(p -> p.parse() == stage).ifPresent(p -> plan
          .append(", packed to stage ").append(p.batch().position()));
      decided.windows().filter(w -> !w.packed() && w.chunked() == stage).ifPresent(w -> plan
          .append(", in chunks to stage ").append(w.batch().position()));
      decided.windows().filter(w -> w.shuffle() == stage).ifPresent(w -> plan
          .append(", in windows of ").append(w.bufferChunks()).append(" chunks"));
      if (decided.readsLinesInOneThread(stage)) {
        plan.append(", lines read in one thread");
      }
      if (decided.untunedAcrossEpochs() && stage.position() == decided.lastCache()) {
        plan.append(", the epochs after it untuned");
      }
      if (stage.definition() instanceof BucketByLengthStage bucket) {
        plan.append(strategy(bucket));
      }
      decided.recordShuffle().filter(f -> f.shuffle() == stage).ifPresent(f ->
          plan.append(f.everyEpoch() ? ", the records after stage " : ", epoch 1: the records"
              + " after stage ").append(f.read().position()));
      plan.append('\n');
      if (previous == null || GeneratedNames.changesElement(previous, stage)) {
        plan.append(" ".repeat(nameWidth + 5)).append("-> ").append(element(stage)).append('\n');
      }
      previous = stage;
    }
    return plan.toString();
  }

  /** How the plan batches by length: the datasets, and so the checkpoint, of each differ. */
  static String strategy(BucketByLengthStage bucket) {
    return bucket.sortsWindows()
        ? ", sorted windows of " + Plan.SORTED_WINDOW_BATCHES + " batches, sorted and cut at once"
        : ", grouped by bucket";
  }

  /** {@code Photo: image float32[?,224,224,3], label int64[?]}. */
  static String element(Stage stage) {
    return stage.output()
        + ": "
        + stage.output().components().stream()
            .map(c -> componentText(stage, c))
            .collect(Collectors.joining(", "));
  }

  private static String componentText(Stage stage, Component component) {
    return component.name() + " " + component.dtype().tfName() + stage.shapeOf(component);
  }
}

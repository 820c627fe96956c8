package dev.feedline.processor.validation;

import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import java.util.Optional;
import java.util.function.Predicate;

/** Queries on a pipeline's stage order that several rules share. */
final class Stages {
  private Stages() {}

  /** The first stage after {@code stage} that matches. */
  static Optional<Stage> firstAfter(PipelineModel pipeline, Stage stage, Predicate<Stage> match) {
    return pipeline.after(stage).stream().filter(match).findFirst();
  }

  /** The last stage before {@code stage} that matches. */
  static Optional<Stage> lastBefore(PipelineModel pipeline, Stage stage, Predicate<Stage> match) {
    var before = pipeline.before(stage);
    for (int i = before.size() - 1; i >= 0; i--) {
      if (match.test(before.get(i))) {
        return Optional.of(before.get(i));
      }
    }
    return Optional.empty();
  }

  static Predicate<Stage> is(StageKind kind) {
    return stage -> stage.kind() == kind;
  }

  /**
   * The stage that made the outermost batch dimension of the element {@code stage} takes, as the
   * static model carries it: empty when that element is not batched (no batch yet, or an
   * {@code @Unbatch} or {@code @FlatMap} since).
   */
  static Optional<Stage> batchOf(PipelineModel pipeline, Stage stage) {
    int rank = stage.takes().outer().size();
    if (rank == 0) {
      return Optional.empty();
    }
    var before = pipeline.before(stage);
    for (int i = before.size() - 1; i >= 0; i--) {
      Stage s = before.get(i);
      if (s.makes().outer().size() == rank && s.takes().outer().size() < rank) {
        return Optional.of(s);
      }
    }
    return Optional.of(pipeline.stages().get(0)); // a source of batches read from pipelines
  }

  /** Whether it is a kind that stacks elements: a batch, padded batch, bucketing or window. */
  static boolean isBatching(Stage stage) {
    return stage.is(StageKind.Trait.BATCHES);
  }
}

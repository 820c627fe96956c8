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

  static boolean isBatching(Stage stage) {
    return stage.is(StageKind.Trait.BATCHES);
  }

  /** Whether {@code stage} stands on file names, between a file source and its reader. */
  static boolean onFileNames(PipelineModel pipeline, Stage stage) {
    return pipeline.stages().get(0).kind().readsFiles()
        && pipeline.before(stage).stream().noneMatch(s -> s.kind() == StageKind.INTERLEAVE)
        && stage.is(StageKind.Trait.ON_FILE_NAMES);
  }
}

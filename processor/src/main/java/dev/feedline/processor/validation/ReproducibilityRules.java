package dev.feedline.processor.validation;

import dev.feedline.processor.model.kinds.MapStage;
import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.model.kinds.ShuffleStage;
import dev.feedline.processor.model.kinds.StageDefinition;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;

/** Rule 34: a pipeline declared reproducible has nothing that changes from run to run. */
final class ReproducibilityRules {
  private ReproducibilityRules() {}

  static void check(PipelineModel pipeline, Report report) {
    if (!pipeline.settings().reproducible()) {
      return;
    }
    for (Stage stage : pipeline.stages()) {
      if (stage.definition() instanceof StageDefinition.Parallel parallel && stage.isParallel()
          && !parallel.deterministic()) {
        report.at(stage, parallel.deterministicMember()).report(Message.NOT_DETERMINISTIC,
            pipeline.simpleName(), stage.kind().annotation(), stage.name());
      }
      if (stage.definition() instanceof ShuffleStage shuffle && shuffle.seed().isEmpty()) {
        report.at(stage).report(Message.UNSEEDED_SHUFFLE,
            pipeline.simpleName(), stage.name());
      }
      // A map that draws from per-element seeds gives the same values at any parallelism.
      if (stage.isRandom() && stage.isParallel() && !stage.isSeeded()) {
        report.at(stage, MapStage.PARALLEL).report(Message.PARALLEL_RANDOM_MAP,
            pipeline.simpleName(), stage.name());
      }
    }
  }
}

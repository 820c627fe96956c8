package dev.feedline.processor.validation;

import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;

/** Rule 34: a pipeline declared reproducible has nothing that changes from run to run. */
final class ReproducibilityRules {
  private ReproducibilityRules() {}

  static void check(PipelineModel pipeline, Report report) {
    if (!pipeline.settings().reproducible()) {
      return;
    }
    for (Stage stage : pipeline.stages()) {
      if (stage.kind().hasParallelism() && stage.isParallel() && !stage.booleanValue("deterministic")) {
        report.add(Message.NOT_DETERMINISTIC, stage.method(), stage.annotation(),
            stage.writtenValue("deterministic").orElse(null), pipeline.simpleName(),
            stage.kind().annotation(), stage.name());
      }
      if (stage.kind() == StageKind.SHUFFLE && stage.longValue("seed") < 0) {
        report.add(Message.UNSEEDED_SHUFFLE, stage.method(), stage.annotation(), null,
            pipeline.simpleName(), stage.name());
      }
      if (stage.kind() == StageKind.MAP && stage.booleanValue("random") && stage.isParallel()) {
        report.add(Message.PARALLEL_RANDOM_MAP, stage.method(), stage.annotation(),
            stage.writtenValue("parallel").orElse(null), pipeline.simpleName(), stage.name());
      }
    }
  }
}

package dev.feedline.processor.validation;

import dev.feedline.processor.base.Report;
import dev.feedline.processor.base.Rule;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;

/** Checks that per-element work uses more than one core. */
final class ParallelismValidator {
  private ParallelismValidator() {}

  static void validate(PipelineModel pipeline, Report report) {
    for (Stage stage : pipeline.stages()) {
      boolean perElement = stage.kind() == StageKind.MAP || stage.kind() == StageKind.DECODE;
      if (perElement && !stage.isParallel()) {
        report.add(Rule.MAP_NOT_PARALLEL, stage.method(), stage.annotation(),
            stage.writtenValue("parallel").orElse(null), stage.kind().annotation(), stage.name());
      }
    }
  }
}

package dev.feedline.processor.validation;

import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;

/** Rules 3 to 6: per-element work and file reads run in parallel, with consistent settings. */
final class ParallelismRules {
  private ParallelismRules() {}

  static void check(PipelineModel pipeline, Report report) {
    for (Stage stage : pipeline.hostStages()) { // device stages run once per batch, in the graph
      if (stage.kind().isElementWork() && !stage.isParallel()) {
        report.add(Message.MAP_NOT_PARALLEL, stage.method(), stage.annotation(),
            stage.writtenValue("parallel").orElse(null), stage.kind().annotation(), stage.name());
      }
      if (stage.kind().hasParallelism() && !stage.isParallel()
          && stage.writtenValue("deterministic").isPresent()) {
        report.add(Message.DETERMINISTIC_WITHOUT_PARALLELISM, stage.method(), stage.annotation(),
            stage.writtenValue("deterministic").get(), stage.kind().annotation(), stage.name(),
            stage.booleanValue("deterministic"));
      }
      if (stage.kind() == StageKind.INTERLEAVE) {
        checkInterleave(pipeline, stage, report);
      }
    }
  }

  private static void checkInterleave(PipelineModel pipeline, Stage interleave, Report report) {
    long cycle = interleave.longValue("cycleLength");
    long parallel = interleave.longValue("parallel");
    if (!interleave.isParallel()) {
      report.add(Message.FILE_READ_SEQUENTIAL, interleave.method(), interleave.annotation(),
          interleave.writtenValue("parallel").orElse(null), interleave.name());
    } else if (cycle > 0 && parallel > cycle) {
      report.add(Message.INTERLEAVE_PARALLELISM_EXCEEDS_CYCLE, interleave.method(),
          interleave.annotation(), interleave.writtenValue("parallel").orElse(null),
          interleave.name(), parallel, cycle, cycle);
    }
    long files = pipeline.stages().get(0).longValue("files");
    long workers = Stages.lastBefore(pipeline, interleave, Stages.is(StageKind.SHARD))
        .map(shard -> Math.max(1, shard.longValue("workers")))
        .orElse(1L);
    long filesPerWorker = (files + workers - 1) / workers;
    if (files > 0 && cycle > filesPerWorker) {
      report.add(Message.CYCLE_EXCEEDS_FILES, interleave.method(), interleave.annotation(),
          interleave.writtenValue("cycleLength").orElse(null), interleave.name(), cycle,
          filesPerWorker, filesPerWorker);
    }
  }
}

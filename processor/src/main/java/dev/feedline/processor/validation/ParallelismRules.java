package dev.feedline.processor.validation;

import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.base.Saturating;
import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.kinds.InterleaveStage;
import dev.feedline.processor.model.kinds.ShardStage;
import dev.feedline.processor.model.kinds.TextLineSourceStage;
import dev.feedline.processor.model.kinds.StageDefinition;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;

/** Rules 3 to 6: per-element work and file reads run in parallel, with consistent settings. */
final class ParallelismRules {
  private ParallelismRules() {}

  static void check(PipelineModel pipeline, Report report) {
    for (Stage stage : pipeline.hostStages()) { // device stages run once per batch, in the graph
      if (!(stage.definition() instanceof StageDefinition.Parallel parallel)) {
        continue;
      }
      if (stage.is(StageKind.Trait.TRANSFORMS) && !stage.isParallel()) {
        report.at(stage, parallel.parallelMember()).report(Message.MAP_NOT_PARALLEL,
            stage.kind().annotation(), stage.name());
      }
      Member deterministic = parallel.deterministicMember();
      if (!stage.isParallel() && stage.wrote(deterministic)) {
        report.at(stage, deterministic).report(Message.DETERMINISTIC_WITHOUT_PARALLELISM,
            stage.kind().annotation(), stage.name(),
            parallel.deterministic());
      }
      if (parallel instanceof InterleaveStage interleave) {
        checkInterleave(pipeline, stage, interleave, report);
      }
    }
  }

  private static void checkInterleave(PipelineModel pipeline, Stage stage,
      InterleaveStage interleave, Report report) {
    // Uncompressed lines are read in one thread anyway: parallel = AUTO would change nothing.
    boolean linesInOneThread = pipeline.stages().get(0).definition()
        instanceof TextLineSourceStage text && text.linesCheaperInOneThread();
    if (!stage.isParallel() && !linesInOneThread) {
      report.at(stage, InterleaveStage.PARALLEL).report(Message.FILE_READ_SEQUENTIAL,
          stage.name());
    } else if (interleave.cycleLength().fixed().isPresent()
        && interleave.parallel().fixed().isPresent()
        && interleave.parallel().fixed().getAsInt() > interleave.cycleLength().fixed()
            .getAsLong()) {
      report.at(stage, InterleaveStage.PARALLEL)
          .report(Message.INTERLEAVE_PARALLELISM_EXCEEDS_CYCLE, stage.name(),
          interleave.parallel().fixed().getAsInt(), interleave.cycleLength().value());
    }
    if (!(pipeline.stages().get(0).definition() instanceof StageDefinition.Files source)
        || source.files().isEmpty() || interleave.cycleLength().isAuto()) {
      return;
    }
    long files = source.files().getAsLong();
    long workers = Stages.lastBefore(pipeline, stage, Stages.is(ShardStage.KIND))
        .map(shard -> shard.as(ShardStage.class).orElseThrow().workers().orElse(1))
        .orElse(1L);
    long filesPerWorker = Saturating.ceilDiv(files, workers);
    long cycle = interleave.cycleLength().value();
    if (cycle > filesPerWorker) {
      report.at(stage, InterleaveStage.CYCLE_LENGTH).report(Message.CYCLE_EXCEEDS_FILES,
          stage.name(), cycle, filesPerWorker);
    }
  }
}

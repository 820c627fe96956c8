package dev.feedline.processor.validation;

import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.base.Saturating;
import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.kinds.InterleaveStage;
import dev.feedline.processor.model.kinds.ShardStage;
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
        report.add(Message.MAP_NOT_PARALLEL, stage.method(), stage.annotation(),
            stage.anchor(parallelMember(stage.kind())), stage.kind().annotation(), stage.name());
      }
      Member deterministic = deterministicMember(stage.kind());
      if (!stage.isParallel() && stage.wrote(deterministic)) {
        report.add(Message.DETERMINISTIC_WITHOUT_PARALLELISM, stage.method(), stage.annotation(),
            stage.anchor(deterministic), stage.kind().annotation(), stage.name(),
            parallel.deterministic());
      }
      if (parallel instanceof InterleaveStage interleave) {
        checkInterleave(pipeline, stage, interleave, report);
      }
    }
  }

  /** The {@code parallel} member of a kind that has one. */
  static Member parallelMember(StageKind kind) {
    return switch (kind) {
      case INTERLEAVE -> Member.INTERLEAVE_PARALLEL;
      case DECODE -> Member.DECODE_PARALLEL;
      case DECODE_JPEG -> Member.DECODE_JPEG_PARALLEL;
      case DECODE_CSV -> Member.DECODE_CSV_PARALLEL;
      case MAP -> Member.MAP_PARALLEL;
      default -> throw new IllegalArgumentException("@" + kind.annotation() + " has no parallel");
    };
  }

  /** The {@code deterministic} member of a kind that has one. */
  static Member deterministicMember(StageKind kind) {
    return switch (kind) {
      case INTERLEAVE -> Member.INTERLEAVE_DETERMINISTIC;
      case DECODE -> Member.DECODE_DETERMINISTIC;
      case DECODE_JPEG -> Member.DECODE_JPEG_DETERMINISTIC;
      case DECODE_CSV -> Member.DECODE_CSV_DETERMINISTIC;
      case MAP -> Member.MAP_DETERMINISTIC;
      default ->
          throw new IllegalArgumentException("@" + kind.annotation() + " has no deterministic");
    };
  }

  private static void checkInterleave(PipelineModel pipeline, Stage stage,
      InterleaveStage interleave, Report report) {
    if (!stage.isParallel()) {
      report.add(Message.FILE_READ_SEQUENTIAL, stage.method(), stage.annotation(),
          stage.anchor(Member.INTERLEAVE_PARALLEL), stage.name());
    } else if (interleave.cycleLength().fixed().isPresent()
        && interleave.parallel().fixed().isPresent()
        && interleave.parallel().fixed().getAsInt() > interleave.cycleLength().fixed().getAsLong()) {
      report.add(Message.INTERLEAVE_PARALLELISM_EXCEEDS_CYCLE, stage.method(), stage.annotation(),
          stage.anchor(Member.INTERLEAVE_PARALLEL), stage.name(),
          interleave.parallel().fixed().getAsInt(), interleave.cycleLength().value());
    }
    if (!(pipeline.stages().get(0).definition() instanceof StageDefinition.Files source)
        || source.files().isEmpty() || interleave.cycleLength().isAuto()) {
      return;
    }
    long files = source.files().getAsLong();
    long workers = Stages.lastBefore(pipeline, stage, Stages.is(StageKind.SHARD))
        .map(shard -> ((ShardStage) shard.definition()).workers().orElse(1))
        .orElse(1L);
    long filesPerWorker = Saturating.ceilDiv(files, workers);
    long cycle = interleave.cycleLength().value();
    if (cycle > filesPerWorker) {
      report.add(Message.CYCLE_EXCEEDS_FILES, stage.method(), stage.annotation(),
          stage.anchor(Member.INTERLEAVE_CYCLE_LENGTH), stage.name(), cycle, filesPerWorker);
    }
  }
}

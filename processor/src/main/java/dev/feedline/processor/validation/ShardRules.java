package dev.feedline.processor.validation;

import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import java.util.Optional;

/** Rules 23 to 26: splitting work across workers, and files worth opening. */
final class ShardRules {
  /** Below this, opening a file costs more than reading it (TensorFlow's TFRecord guide). */
  static final long SMALL_FILE_BYTES = 10_000_000;

  private ShardRules() {}

  static void check(PipelineModel pipeline, Report report) {
    Stage source = pipeline.stages().get(0);
    for (Stage shard : pipeline.stages()) {
      if (shard.kind() != StageKind.SHARD) {
        continue;
      }
      Stages.lastBefore(pipeline, shard, Stages.is(StageKind.SHUFFLE)).ifPresent(shuffle -> {
        boolean seeded = shuffle.longValue("seed") >= 0;
        report.add(seeded ? Message.SHARD_AFTER_SEEDED_SHUFFLE : Message.SHARD_AFTER_UNSEEDED_SHUFFLE,
            shard.method(), shard.annotation(), null, shard.name(), shuffle.name());
      });
      Optional<Stage> work = Stages.lastBefore(pipeline, shard,
          s -> s.kind() == StageKind.INTERLEAVE || s.kind().isElementWork() || s.kind().isBatching());
      work.ifPresent(late -> report.add(Message.SHARD_LATE, shard.method(), shard.annotation(), null,
          shard.name(), late.kind().annotation(), late.name(),
          late.kind() == StageKind.INTERLEAVE ? "reads" : "reads and processes"));
      long workers = shard.longValue("workers");
      long files = source.kind() == StageKind.TFRECORD_SOURCE ? source.longValue("files") : 0;
      if (workers > 0 && files > 0 && work.isEmpty()) {
        var anchor = source.writtenValue("files").orElse(null);
        if (files < workers) {
          report.add(Message.TOO_FEW_FILES, source.method(), source.annotation(), anchor,
              source.name(), files, workers, shard.name(), 10 * workers);
        } else if (files < 10 * workers) {
          report.add(Message.FEW_FILES_PER_WORKER, source.method(), source.annotation(), anchor,
              source.name(), files, workers, shard.name(), 10 * workers);
        }
      }
    }
    if (source.kind() == StageKind.TFRECORD_SOURCE) {
      long bytesPerFile = source.longValue("bytesPerFile");
      if (bytesPerFile > 0 && bytesPerFile < SMALL_FILE_BYTES) {
        report.add(Message.MANY_SMALL_FILES, source.method(), source.annotation(),
            source.writtenValue("bytesPerFile").orElse(null), source.name(),
            SizeModel.bytes(bytesPerFile));
      }
    }
  }
}

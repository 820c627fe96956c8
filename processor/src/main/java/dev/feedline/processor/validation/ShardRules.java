package dev.feedline.processor.validation;

import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.base.Saturating;
import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.kinds.ShardStage;
import dev.feedline.processor.model.kinds.ShuffleStage;
import dev.feedline.processor.model.kinds.StageDefinition;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import java.util.Optional;
import java.util.OptionalLong;
import javax.lang.model.element.AnnotationValue;

/** Rules 23 to 26: splitting work across workers, and files worth opening. */
final class ShardRules {
  /** Below this, opening a file costs more than reading it (TensorFlow's TFRecord guide). */
  static final long SMALL_FILE_BYTES = 10_000_000;

  private ShardRules() {}

  static void check(PipelineModel pipeline, Report report) {
    Stage source = pipeline.stages().get(0);
    StageDefinition.Files files = source.definition() instanceof StageDefinition.Files f ? f : null;
    boolean text = source.kind() == StageKind.TEXT_LINE_SOURCE;
    for (Stage shard : pipeline.stagesOf(StageKind.SHARD)) {
      Stages.lastBefore(pipeline, shard, Stages.is(StageKind.SHUFFLE)).ifPresent(shuffle -> {
        boolean seeded = shuffle.as(ShuffleStage.class).orElseThrow().seed().isPresent();
        report.at(shard).report(seeded ? Message.SHARD_AFTER_SEEDED_SHUFFLE : Message.SHARD_AFTER_UNSEEDED_SHUFFLE, shard.name(), shuffle.name());
      });
      Optional<Stage> work = Stages.lastBefore(pipeline, shard, s -> s.kind() == StageKind.INTERLEAVE
          || s.is(StageKind.Trait.TRANSFORMS) || Stages.isBatching(s));
      work.ifPresent(late -> report.at(shard).report(late.kind() == StageKind.INTERLEAVE
              ? Message.SHARD_AFTER_READ : Message.SHARD_AFTER_WORK, shard.name(), late.kind().annotation(),
          late.name()));
      OptionalLong workers = shard.as(ShardStage.class).orElseThrow().workers();
      if (files == null || files.files().isEmpty() || workers.isEmpty() || work.isPresent()) {
        continue;
      }
      long count = files.files().getAsLong();
      long needed = Saturating.multiply(10, workers.getAsLong());
      AnnotationValue anchor = source.anchor(
          text ? Member.TEXT_LINE_SOURCE_FILES : Member.TFRECORD_SOURCE_FILES);
      if (count < workers.getAsLong()) {
        report.at(source.method(), source.annotation(), anchor).report(Message.TOO_FEW_FILES,
            source.kind().annotation(), source.name(), count, workers.getAsLong(), shard.name(),
            needed);
      } else if (count < needed) {
        report.at(source.method(), source.annotation(), anchor).report(Message.FEW_FILES_PER_WORKER,
            source.kind().annotation(), source.name(), count, workers.getAsLong(), shard.name(),
            needed);
      }
    }
    if (files != null && files.bytesPerFile().isPresent()
        && files.bytesPerFile().getAsLong() < SMALL_FILE_BYTES) {
      report.at(source, text ? Member.TEXT_LINE_SOURCE_BYTES_PER_FILE
              : Member.TFRECORD_SOURCE_BYTES_PER_FILE).report(Message.MANY_SMALL_FILES,
                  source.kind().annotation(), source.name(),
          SizeModel.bytes(files.bytesPerFile().getAsLong()));
    }
  }
}

package dev.feedline.processor.validation;

import dev.feedline.processor.model.kinds.InterleaveStage;
import dev.feedline.processor.model.kinds.TFRecordSourceStage;
import dev.feedline.processor.model.kinds.TextLineSourceStage;
import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.base.Saturating;
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

  /** The size of shard TensorFlow's guide calls ideal, which the advice packs the data into. */
  static final long SHARD_BYTES = 100_000_000;

  private ShardRules() {}

  /**
   * Small files cost an open each, but only many of them over enough data matter: one file, a
   * count not declared, or less data in all than one file worth its open (10 MB) is left alone.
   * The finding is about the source's declaration alone, so it prints once for every pipeline
   * that inherits the source.
   */
  private static void manySmallFiles(Stage source, StageDefinition.Files files, boolean text,
      Report report) {
    if (files == null || files.bytesPerFile().isEmpty() || files.files().isEmpty()) {
      return;
    }
    long perFile = files.bytesPerFile().getAsLong();
    long count = files.files().getAsLong();
    long total = Saturating.multiply(perFile, count);
    if (perFile >= SMALL_FILE_BYTES || count < 2 || total < SMALL_FILE_BYTES) {
      return;
    }
    long shards = Math.max(1, (total + SHARD_BYTES / 2) / SHARD_BYTES);
    report.at(source, text ? TextLineSourceStage.BYTES_PER_FILE
            : TFRecordSourceStage.BYTES_PER_FILE).regardlessOfPipeline()
        .report(Message.MANY_SMALL_FILES, source.kind().annotation(), source.name(), count,
            SizeModel.bytes(perFile), SizeModel.bytes(total),
            shards == 1 ? "one file" : shards + " files of ≈100 MB");
  }

  static void check(PipelineModel pipeline, Report report) {
    Stage source = pipeline.stages().get(0);
    StageDefinition.Files files = source.definition() instanceof StageDefinition.Files f ? f : null;
    boolean text = source.kind() == TextLineSourceStage.KIND;
    for (Stage shard : pipeline.stagesOf(ShardStage.KIND)) {
      Stages.lastBefore(pipeline, shard, Stages.is(ShuffleStage.KIND)).ifPresent(shuffle -> {
        boolean seeded = shuffle.as(ShuffleStage.class).orElseThrow().seed().isPresent();
        report.at(shard).report(seeded ? Message.SHARD_AFTER_SEEDED_SHUFFLE
            : Message.SHARD_AFTER_UNSEEDED_SHUFFLE, shard.name(), shuffle.name());
      });
      Optional<Stage> work = Stages.lastBefore(
          pipeline, shard, s -> s.kind() == InterleaveStage.KIND
          || s.is(StageKind.Trait.TRANSFORMS) || Stages.isBatching(s));
      work.ifPresent(late -> report.at(shard).report(late.kind() == InterleaveStage.KIND
              ? Message.SHARD_AFTER_READ : Message.SHARD_AFTER_WORK, shard.name(),
              late.kind().annotation(),
          late.name()));
      OptionalLong workers = shard.as(ShardStage.class).orElseThrow().workers();
      if (files == null || files.files().isEmpty() || workers.isEmpty() || work.isPresent()) {
        continue;
      }
      long count = files.files().getAsLong();
      long needed = Saturating.multiply(10, workers.getAsLong());
      AnnotationValue anchor = source.anchor(
          text ? TextLineSourceStage.FILES : TFRecordSourceStage.FILES);
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
    manySmallFiles(source, files, text, report);
  }
}

package dev.feedline.processor.validation;

import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import java.util.Locale;
import java.util.Optional;

/** Rules 18 to 22: where a shuffle stands, how big its buffer is, and epochs. */
final class ShuffleRules {
  private ShuffleRules() {}

  static void check(PipelineModel pipeline, SizeModel sizes, Report report) {
    for (Stage stage : pipeline.stages()) {
      switch (stage.kind()) {
        case SHUFFLE -> {
          afterBatch(pipeline, stage, report);
          bufferSize(pipeline, stage, sizes, report);
          if (!Stages.onFileNames(pipeline, stage)) {
            bufferMemory(stage, sizes, report);
          }
        }
        case TAKE, SKIP -> Stages.lastBefore(pipeline, stage, Stages.is(StageKind.SHUFFLE))
            .filter(shuffle -> shuffle.booleanValue("reshuffleEachEpoch"))
            .ifPresent(shuffle -> report.add(Message.SHUFFLE_SPLIT_LEAK, stage.method(),
                stage.annotation(), null, stage.kind().annotation(), stage.name(), shuffle.name(),
                shuffle.name()));
        case REPEAT -> blursEpochs(pipeline, stage, report);
        default -> { }
      }
    }
  }

  private static void afterBatch(PipelineModel pipeline, Stage shuffle, Report report) {
    Optional<Stage> batch = Stages.lastBefore(pipeline, shuffle, Stages::isBatching);
    if (batch.isPresent()
        && Stages.lastBefore(pipeline, batch.get(), Stages.is(StageKind.SHUFFLE)).isEmpty()) {
      report.add(Message.SHUFFLE_AFTER_BATCH, shuffle.method(), shuffle.annotation(), null,
          shuffle.name(), batch.get().kind().annotation(), batch.get().name(), batch.get().name());
    }
  }

  private static void bufferSize(
      PipelineModel pipeline, Stage shuffle, SizeModel sizes, Report report) {
    long buffer = shuffle.longValue("buffer");
    var anchor = shuffle.writtenValue("buffer").orElse(null);
    if (buffer <= 1) {
      report.add(Message.SHUFFLE_NO_OP, shuffle.method(), shuffle.annotation(), anchor,
          shuffle.name(), buffer);
      return;
    }
    Optional<Stage> batch = Stages.firstAfter(pipeline, shuffle, Stages::isBatching);
    if (batch.isPresent() && buffer < batch.get().longValue("size")) {
      report.add(Message.SHUFFLE_SMALLER_THAN_BATCH, shuffle.method(), shuffle.annotation(), anchor,
          shuffle.name(), buffer, batch.get().longValue("size"), batch.get().kind().annotation(),
          batch.get().name());
      return;
    }
    Stage source = pipeline.stages().get(0);
    Optional<Stage> reader = Stages.lastBefore(pipeline, shuffle, Stages.is(StageKind.INTERLEAVE));
    boolean filesInFixedOrder = reader.isPresent()
        && pipeline.before(reader.get()).stream().noneMatch(s -> s.kind() == StageKind.SHUFFLE);
    if (filesInFixedOrder && reader.get().longValue("cycleLength") == 1
        && source.longValue("files") > 0 && source.longValue("records") > 0) {
      long perFile = source.longValue("records") / source.longValue("files");
      if (buffer < perFile) {
        report.add(Message.SHUFFLE_SMALLER_THAN_FILE, shuffle.method(), shuffle.annotation(),
            anchor, shuffle.name(), buffer, perFile, reader.get().name());
      }
    }
  }

  private static void bufferMemory(Stage shuffle, SizeModel sizes, Report report) {
    SizeModel.Count count = sizes.count(shuffle);
    long buffer = shuffle.longValue("buffer");
    long held = count.isFinite() ? Math.min(buffer, count.value()) : buffer;
    Optional<Long> bytes = sizes.bytesPerElement(shuffle);
    var anchor = shuffle.writtenValue("buffer").orElse(null);
    if (bytes.isEmpty() || sizes.budget().isEmpty()) {
      String reason = bytes.isEmpty() ? sizes.whyBytesUnknown(shuffle) : "no RAM budget is set";
      String fix = bytes.isEmpty()
          ? "shuffling elements of fixed shapes and no strings can be sized"
          : CacheRules.unknownFix(shuffle, sizes);
      report.add(Message.SHUFFLE_SIZE_UNKNOWN, shuffle.method(), shuffle.annotation(), anchor,
          shuffle.name(), reason, fix);
      return;
    }
    double total = (double) bytes.get() * held;
    long budget = sizes.budget().get();
    if (total > budget) {
      report.add(Message.SHUFFLE_OVER_BUDGET, shuffle.method(), shuffle.annotation(), anchor,
          shuffle.name(), SizeModel.bytes(total), String.format(Locale.ROOT, "%,d", held),
          SizeModel.bytes(bytes.get()), SizeModel.bytes(budget));
    } else if (total > budget / 4.0) {
      report.add(Message.SHUFFLE_NEAR_BUDGET, shuffle.method(), shuffle.annotation(), anchor,
          shuffle.name(), SizeModel.bytes(total), String.format(Locale.ROOT, "%,d", held),
          SizeModel.bytes(bytes.get()), Math.round(100 * total / budget), SizeModel.bytes(budget));
    }
  }

  /** A repeat before a shuffle or batch of elements mixes epochs; on file names it is a pattern. */
  private static void blursEpochs(PipelineModel pipeline, Stage repeat, Report report) {
    if (Stages.onFileNames(pipeline, repeat)) {
      return;
    }
    Stages.firstAfter(pipeline, repeat, s -> s.kind() == StageKind.SHUFFLE || s.kind().isBatching())
        .ifPresent(later -> report.add(Message.REPEAT_BLURS_EPOCHS, repeat.method(),
            repeat.annotation(), null, repeat.name(), later.kind().annotation(), later.name(),
            later.kind() == StageKind.SHUFFLE
                ? "the shuffle mixes elements of consecutive epochs"
                : "batches straddle the boundary between epochs",
            later.name()));
  }
}

package dev.feedline.processor.validation;

import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.base.Saturating;
import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.DType;
import dev.feedline.processor.model.kinds.*;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.RandomAccess;
import dev.feedline.processor.model.ShuffledRecords;
import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.Stage;
import java.util.Locale;
import java.util.Optional;

/** Rules 18 to 22: where a shuffle stands, how big its buffer is, and epochs. */
final class ShuffleRules {
  private ShuffleRules() {}

  static void check(PipelineModel pipeline, SizeModel sizes, Report report) {
    for (Stage stage : pipeline.stages()) {
      StageDefinition definition = stage.definition();
      if (definition instanceof ShuffleStage shuffle) {
        afterBatch(pipeline, stage, report);
        bufferSize(pipeline, stage, shuffle, report);
        if (!pipeline.betweenFileSourceAndReader(stage)
            && !RandomAccess.shufflesGlobally(pipeline, stage)) { // a global one holds no buffer
          bufferMemory(stage, shuffle,
              ShuffledRecords.everyEpoch(pipeline, stage).orElse(stage), sizes, report);
        }
      }
      if (definition instanceof TakeStage || definition instanceof SkipStage) {
        // A split is the same set each epoch and in every pipeline built only after an order
        // that is: one seeded and not reshuffled (tensorflow/tensorflow#59279).
        Stages.lastBefore(pipeline, stage, Stages.is(ShuffleStage.KIND)).ifPresent(shuffle -> {
          ShuffleStage order = shuffle.as(ShuffleStage.class).orElseThrow();
          if (order.reshuffleEachEpoch() || order.seed().isEmpty()) {
            report.at(stage).report(order.reshuffleEachEpoch() ? Message.SHUFFLE_SPLIT_LEAK
                : Message.SHUFFLE_SPLIT_UNSEEDED, stage.kind().annotation(), stage.name(),
                shuffle.name());
          }
        });
      }
      if (definition instanceof RepeatStage) {
        blursEpochs(pipeline, stage, report);
      }
    }
  }

  private static void afterBatch(PipelineModel pipeline, Stage shuffle, Report report) {
    Optional<Stage> batch = Stages.batchOf(pipeline, shuffle); // what the model says it takes
    if (batch.isPresent()
        && Stages.lastBefore(pipeline, batch.get(), Stages.is(ShuffleStage.KIND)).isEmpty()) {
      report.at(shuffle).report(Message.SHUFFLE_AFTER_BATCH,
          shuffle.name(), batch.get().kind().annotation(), batch.get().name());
    }
  }

  private static void bufferSize(
      PipelineModel pipeline, Stage stage, ShuffleStage shuffle, Report report) {
    long buffer = shuffle.buffer();
    if (buffer <= 1) {
      report.at(stage, ShuffleStage.BUFFER).report(Message.SHUFFLE_NO_OP,
          stage.name(), buffer);
      return;
    }
    Optional<Stage> batch = Stages.firstAfter(pipeline, stage, Stages::isBatching);
    if (batch.isPresent()) {
      long size = batch.get().as(StageDefinition.Batching.class).orElseThrow().size();
      if (buffer < size) {
        report.at(stage, ShuffleStage.BUFFER).report(Message.SHUFFLE_SMALLER_THAN_BATCH,
            stage.name(), buffer, size, batch.get().kind().annotation(), batch.get().name());
        return;
      }
    }
    Optional<Stage> reader = Stages.lastBefore(pipeline, stage, Stages.is(InterleaveStage.KIND));
    boolean filesInFixedOrder = reader.isPresent()
        && pipeline.before(reader.get()).stream().noneMatch(s -> s.kind() == ShuffleStage.KIND);
    if (!filesInFixedOrder
        || reader.get().as(InterleaveStage.class).orElseThrow().cycleLength().value() != 1
        || !(pipeline.stages().get(0).definition() instanceof StageDefinition.Files source)
        || source.files().isEmpty() || source.records().isEmpty()) {
      return;
    }
    long perFile = source.records().getAsLong() / source.files().getAsLong();
    if (buffer < perFile) {
      report.at(stage, ShuffleStage.BUFFER).report(Message.SHUFFLE_SMALLER_THAN_FILE,
          stage.name(), buffer, perFile, reader.get().name());
    }
  }

  /**
   * The buffer against the RAM budget, sized by the elements it holds: those of {@code holds}, the
   * shuffle itself or the reader whose records it takes ({@link ShuffledRecords}).
   */
  private static void bufferMemory(Stage stage, ShuffleStage shuffle, Stage holds,
      SizeModel sizes, Report report) {
    SizeModel.Count count = sizes.count(stage);
    long held = count.isFinite() ? Math.min(shuffle.buffer(), count.value()) : shuffle.buffer();
    Optional<Long> bytes = sizes.bytesPerElement(holds);
    if (bytes.isEmpty()) {
      Component unsized = CacheRules.unsized(holds);
      if (unsized.dtype() == DType.STRING && holds.shapeOf(unsized).isFullyKnown()) {
        report.at(stage, ShuffleStage.BUFFER).report(Message.SHUFFLE_STRING_SIZE_UNKNOWN,
            stage.name(), unsized.name());
      } else {
        report.at(stage, ShuffleStage.BUFFER).report(Message.SHUFFLE_SHAPE_UNKNOWN,
            stage.name(), unsized.name(), holds.shapeOf(unsized));
      }
      return;
    }
    if (sizes.budget().isEmpty()) {
      report.at(stage, ShuffleStage.BUFFER).report(Message.SHUFFLE_NO_BUDGET,
          stage.name());
      return;
    }
    long total = Saturating.multiply(bytes.get(), held);
    long budget = sizes.budget().get();
    if (total > budget) {
      report.at(stage, ShuffleStage.BUFFER).report(Message.SHUFFLE_OVER_BUDGET,
          stage.name(), SizeModel.bytes(total), String.format(Locale.ROOT, "%,d", held),
          SizeModel.bytes(bytes.get()), SizeModel.bytes(budget));
    } else if (total > budget / 4.0) {
      report.at(stage, ShuffleStage.BUFFER).report(Message.SHUFFLE_NEAR_BUDGET,
          stage.name(), SizeModel.bytes(total), String.format(Locale.ROOT, "%,d", held),
          SizeModel.bytes(bytes.get()), Math.round(100.0 * total / budget),
          SizeModel.bytes(budget));
    }
  }

  /** A repeat before a shuffle or batch of elements mixes epochs; on file names it is a pattern. */
  private static void blursEpochs(PipelineModel pipeline, Stage repeat, Report report) {
    if (pipeline.betweenFileSourceAndReader(repeat)) {
      return;
    }
    Stages.firstAfter(pipeline, repeat,
            s -> s.kind() == ShuffleStage.KIND || Stages.isBatching(s))
        .ifPresent(later -> {
          if (later.kind() == ShuffleStage.KIND) {
            report.at(repeat).report(Message.REPEAT_BEFORE_SHUFFLE,
                repeat.name(), later.name());
          } else {
            report.at(repeat).report(Message.REPEAT_BEFORE_BATCH,
                repeat.name(), later.kind().annotation(), later.name());
          }
        });
  }
}

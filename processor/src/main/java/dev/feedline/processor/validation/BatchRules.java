package dev.feedline.processor.validation;

import dev.feedline.processor.model.kinds.BatchStage;
import dev.feedline.processor.model.kinds.FilterStage;
import dev.feedline.processor.model.kinds.MapStage;
import dev.feedline.processor.model.kinds.PaddedBatchStage;
import dev.feedline.processor.model.kinds.PrefetchStage;
import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.CostModel;
import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.kinds.BucketByLengthStage;
import dev.feedline.processor.model.kinds.StageDefinition;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import java.util.List;
import java.util.Optional;

/**
 * Rules 9, 10, 27, 29 and 30: what runs per element and what per batch, and batch shapes; and
 * bucketing that costs more than it saves.
 */
final class BatchRules {
  private BatchRules() {}

  static void check(PipelineModel pipeline, Report report) {
    for (Stage stage : pipeline.stages()) {
      // The model says whether the element it takes is a batch; a stage that keeps the batch
      // dimensions works on it as a whole element (a @FlatMap makes single elements of it).
      Optional<Stage> batchBefore = Stages.batchOf(pipeline, stage);
      boolean perElement = stage.is(StageKind.Trait.TRANSFORMS) && !stage.isVectorized()
          && stage.makes().outer().equals(stage.takes().outer());
      if (perElement && batchBefore.isPresent()) {
        Stage batch = batchBefore.get();
        report.at(stage).report(Message.PER_EXAMPLE_MAP_AFTER_BATCH,
            stage.kind().annotation(), stage.name(), batch.kind().annotation(), batch.name());
      }
      if (stage.kind() == FilterStage.KIND && batchBefore.isPresent()) {
        Stage batch = batchBefore.get();
        report.at(stage).report(Message.FILTER_AFTER_BATCH,
            stage.name(), batch.kind().annotation(), batch.name());
      }
      if (stage.isVectorized() && batchBefore.isEmpty() && !CostModel.isExpensive(stage)) {
        vectorizableBeforeBatch(pipeline, stage, report);
      }
      if (stage.kind() == BatchStage.KIND) {
        variableShapes(pipeline, stage, report);
      }
      if (stage.definition() instanceof BucketByLengthStage bucket) {
        bucketingCost(pipeline, stage, bucket, report);
      }
    }
    staticBatchDimension(pipeline, report);
  }

  /** A cheap vectorized map costs one call per element before the batch, one per batch after. */
  private static void vectorizableBeforeBatch(PipelineModel pipeline, Stage map, Report report) {
    for (Stage next : pipeline.after(map)) {
      if (Stages.isBatching(next)) {
        report.at(map).report(Message.VECTORIZABLE_MAP_BEFORE_BATCH,
            map.name(), next.kind().annotation(), next.name());
        return;
      }
      if (next.kind() != MapStage.KIND && next.kind() != PrefetchStage.KIND) {
        return; // a filter, shuffle or cache between them changes what moving it means
      }
    }
  }

  /**
   * Where the declared shapes say bucketing costs more than it saves: its component padded to a
   * fixed length, sorted windows over an epoch of one batch at most, or buckets the plan must
   * group with GroupByWindow (measured: about 6 times the
   * CPU an element of a padded batch; docs/performance.md#bucketing).
   */
  private static void bucketingCost(PipelineModel pipeline, Stage stage,
      BucketByLengthStage bucket, Report report) {
    Optional<StageDefinition.Pad> fixed = bucket.padding().stream()
        .filter(p -> p.component().equals(bucket.component()) && p.length().isPresent())
        .findFirst();
    if (fixed.isPresent()) {
      report.at(stage, BucketByLengthStage.PADDING).report(Message.BUCKETING_FIXED_LENGTH,
          stage.name(), bucket.component(), fixed.get().length().getAsLong());
    } else if (bucket.sortsWindows()) {
      // The declarations bound no length, only the count: an epoch of one batch is one window.
      SizeModel.Count in = new SizeModel(pipeline, Optional.empty())
          .count(pipeline.previous(stage));
      long size = bucket.batchSizes().get(0);
      if (in != null && in.isFinite() && in.value() <= size) {
        report.at(stage, BucketByLengthStage.BATCH_SIZES).report(Message.BUCKETING_ONE_BATCH,
            stage.name(), in, size);
      }
    } else {
      boolean boundary = bucket.padToBoundary();
      report.at(stage, boundary ? BucketByLengthStage.PAD_TO_BOUNDARY
              : BucketByLengthStage.BATCH_SIZES).report(Message.BUCKETING_GROUPED,
          stage.name(), boundary ? "it pads each bucket to its boundary"
              : "its batch sizes differ (" + bucket.batchSizes().stream().map(String::valueOf)
                  .collect(java.util.stream.Collectors.joining(", ", "{", "}")) + ")");
    }
  }

  private static void variableShapes(PipelineModel pipeline, Stage batch, Report report) {
    for (Component component : batch.input().components()) {
      if (!batch.takes().shapeOf(component).isFullyKnown()) { // a padded length is known
        report.at(batch).report(Message.BATCH_VARIABLE_SHAPE,
            batch.name(), component.name(), batch.takes().shapeOf(component));
      }
    }
  }

  private static void staticBatchDimension(PipelineModel pipeline, Report report) {
    if (!pipeline.settings().staticShapes()) {
      return;
    }
    // Buckets batch with sizes of their own: their batch dimension is never one static size.
    List<Stage> batches = pipeline.stages().stream()
        .filter(s -> s.kind() == BatchStage.KIND || s.kind() == PaddedBatchStage.KIND).toList();
    if (batches.isEmpty()) {
      return;
    }
    Stage batch = batches.get(batches.size() - 1);
    if (batch.definition() instanceof StageDefinition.Batching batching
        && !batching.dropRemainder()) {
      Member dropRemainder = batch.kind() == BatchStage.KIND ? BatchStage.DROP_REMAINDER
          : PaddedBatchStage.DROP_REMAINDER;
      report.at(batch, dropRemainder).report(Message.BATCH_DIM_NOT_STATIC,
          pipeline.simpleName(), batch.kind().annotation(),
          batch.name());
    }
  }
}

package dev.feedline.processor.validation;

import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.DType;
import dev.feedline.processor.model.ElementType;
import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import dev.feedline.processor.model.StaticShape;
import dev.feedline.processor.model.kinds.ShuffleStage;
import dev.feedline.processor.model.kinds.SplitStage;
import dev.feedline.processor.model.kinds.StageDefinition;
import java.util.List;
import java.util.Optional;

/**
 * A {@code @Split}'s key, and the order a split without one depends on: the two sides are
 * disjoint only if each element hashes to the same bucket in every epoch and run.
 */
final class SplitRules {
  private SplitRules() {}

  /** The key names a scalar string or integer component: one value per element to hash. */
  static void declarations(PipelineModel pipeline, Report report) {
    for (Stage stage : pipeline.stagesOf(SplitStage.KIND)) {
      SplitStage split = stage.as(SplitStage.class).orElseThrow();
      if (split.key().isEmpty()) {
        continue;
      }
      String key = split.key().get();
      ElementType input = stage.input();
      Optional<Component> component = input.component(key);
      if (component.isEmpty()) {
        List<String> keys = input.components().stream()
            .filter(c -> hashable(c.dtype()) && stage.takes().shapeOf(c).rank() == 0)
            .map(Component::name).toList();
        report.at(stage, SplitStage.KEY).report(Message.SPLIT_KEY_MISSING, stage.name(), key,
            input, keys.isEmpty() ? "none" : String.join(", ", keys));
        continue;
      }
      StaticShape shape = stage.takes().shapeOf(component.get());
      if (shape.rank() != 0 || !hashable(component.get().dtype())) {
        report.at(stage, SplitStage.KEY).report(Message.SPLIT_KEY_NOT_SCALAR, stage.name(), key,
            input, component.get().dtype().tfName(), shape);
      }
    }
  }

  /** A split by position needs the same order before it in every epoch and run. */
  static void check(PipelineModel pipeline, Report report) {
    for (Stage stage : pipeline.stagesOf(SplitStage.KIND)) {
      if (stage.as(SplitStage.class).orElseThrow().key().isPresent()) {
        continue;
      }
      for (Stage before : pipeline.before(stage)) {
        StageDefinition definition = before.definition();
        if (definition instanceof ShuffleStage shuffle
            && (shuffle.reshuffleEachEpoch() || shuffle.seed().isEmpty())) {
          report.at(stage).report(Message.SPLIT_AFTER_SHUFFLE, stage.name(), before.name(),
              shuffle.reshuffleEachEpoch() ? "reshuffles every epoch" : "has no seed");
          break;
        }
        if (definition instanceof StageDefinition.Parallel parallel && before.isParallel()
            && !parallel.deterministic()) {
          report.at(stage).report(Message.SPLIT_AFTER_NONDETERMINISTIC, stage.name(),
              before.kind().annotation(), before.name());
          break;
        }
      }
    }
  }

  private static boolean hashable(DType dtype) {
    return dtype == DType.STRING || dtype == DType.INT64 || dtype == DType.INT32
        || dtype == DType.UINT8 || dtype == DType.UINT16;
  }
}

package dev.feedline.processor.validation;

import dev.feedline.processor.model.kinds.CacheStage;
import dev.feedline.processor.model.kinds.ConcatenateStage;
import dev.feedline.processor.model.kinds.ShardStage;
import dev.feedline.processor.model.kinds.ZipStage;
import dev.feedline.OnEmpty;
import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.kinds.MixStage;
import dev.feedline.processor.model.kinds.ShuffleStage;
import dev.feedline.processor.model.kinds.StageDefinition;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StaticShape;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Sources that read other pipelines ({@code @Mix}, {@code @Concatenate}, {@code @Zip}): what they
 * read must fit together (declarations), and rules 36 to 39 on what a mix, a concatenation or a
 * zip does to the stages around it.
 */
final class SourcesRules {
  private SourcesRules() {}

  /** The element types and batch dimensions of the pipelines read: errors when they differ. */
  static void declarations(PipelineModel pipeline, Report report) {
    Optional<Stage> reading = reading(pipeline);
    if (reading.isEmpty()) {
      return;
    }
    Stage stage = reading.get();
    List<PipelineModel> read = stage.as(StageDefinition.Pipelines.class).orElseThrow().of();
    PipelineModel first = read.get(0);
    for (PipelineModel other : read) {
      Stage last = other.lastOnHost();
      if (stage.kind() != ZipStage.KIND && !last.output().sameTypeAs(stage.output())) {
        boolean qualified = last.output().displayName().equals(stage.output().displayName());
        report.at(stage).report(Message.MIXED_ELEMENT_TYPE, stage,
            stage.output().display(qualified), other.simpleName(),
            last.output().display(qualified));
      }
      List<Long> outer = last.outer();
      List<Long> firstOuter = first.lastOnHost().outer();
      boolean alike = stage.kind() == ZipStage.KIND
          ? outer.equals(firstOuter) : outer.size() == firstOuter.size();
      if (!alike) {
        report.at(stage).report(Message.MIXED_BATCHING, stage,
            first.simpleName(), firstOuter, other.simpleName(), outer, stage.name());
        return;
      }
    }
    if (stage.kind() == ZipStage.KIND) {
      List<Component> joined = new ArrayList<>();
      read.forEach(p -> joined.addAll(p.lastOnHost().output().components()));
      if (!fits(stage.output().components(), joined)) {
        report.at(stage).report(Message.ZIP_COMPONENTS, stage,
            stage.output(), read.stream().map(PipelineModel::simpleName)
                .collect(Collectors.joining(", then ")), describe(joined),
            describe(stage.output().components()));
      }
    }
  }

  /** Whether the zip's components take the joined ones in order: same dtype, compatible shape. */
  private static boolean fits(List<Component> declared, List<Component> joined) {
    if (declared.size() != joined.size()) {
      return false;
    }
    for (int i = 0; i < declared.size(); i++) {
      Component a = declared.get(i);
      Component b = joined.get(i);
      if (a.dtype() != b.dtype() || a.shape().rank() != b.shape().rank()) {
        return false;
      }
      for (int d = 0; d < a.shape().rank(); d++) {
        long want = a.shape().dims().get(d);
        if (want != StaticShape.UNKNOWN && want != b.shape().dims().get(d)) {
          return false;
        }
      }
    }
    return true;
  }

  private static String describe(List<Component> components) {
    return components.stream().map(c -> c.name() + " " + c.dtype().tfName() + c.shape())
        .collect(Collectors.joining(", "));
  }

  static void check(PipelineModel pipeline, Report report) {
    Optional<Stage> reading = reading(pipeline);
    if (reading.isEmpty()) {
      return;
    }
    Stage stage = reading.get();
    List<PipelineModel> read = stage.as(StageDefinition.Pipelines.class).orElseThrow().of();
    if (stage.definition() instanceof MixStage mix) {
      checkMix(pipeline, stage, mix, report);
    }
    for (Stage shard : pipeline.stagesOf(ShardStage.KIND)) {
      // A choice follows indices given at run time, the same on every worker: like a seeded mix.
      boolean unseeded = stage.definition() instanceof MixStage mix && mix.seed().isEmpty();
      if (unseeded) {
        report.at(shard).report(Message.SHARD_AFTER_UNSEEDED_MIX,
            shard.name(), stage.name());
      } else {
        report.at(shard).report(Message.SHARD_AFTER_MIX,
            shard.name(), stage.kind().annotation(), stage.name());
      }
    }
    if (stage.kind() == ConcatenateStage.KIND) {
      SizeModel.Count firstCount = count(read.get(0));
      for (Stage shuffle : pipeline.stagesOf(ShuffleStage.KIND)) {
        long buffer = shuffle.as(ShuffleStage.class).orElseThrow().buffer();
        if (firstCount.kind() == SizeModel.Count.Kind.EXACT && buffer < firstCount.value()) {
          report.at(shuffle, ShuffleStage.BUFFER).report(Message.SHUFFLE_AFTER_CONCATENATE,
              shuffle.name(), buffer, firstCount.value(),
              read.get(0).simpleName(), stage.name());
        }
      }
    }
    if (stage.kind() == ZipStage.KIND) {
      for (PipelineModel other : read.subList(1, read.size())) {
        SizeModel.Count a = count(read.get(0));
        SizeModel.Count b = count(other);
        if (a.kind() == SizeModel.Count.Kind.EXACT && b.kind() == SizeModel.Count.Kind.EXACT
            && a.value() != b.value()) {
          report.at(stage).report(Message.ZIP_RECORD_COUNTS,
              stage.name(), read.get(0).simpleName(), a.value(), other.simpleName(), b.value(),
              Math.abs(a.value() - b.value()));
        }
      }
    }
  }

  private static void checkMix(PipelineModel pipeline, Stage stage, MixStage mix,
      Report report) {
    if (mix.onEmpty() == OnEmpty.CONTINUE) {
      for (PipelineModel read : mix.of()) {
        if (count(read).kind() == SizeModel.Count.Kind.INFINITE) {
          report.at(stage, MixStage.ON_EMPTY).report(Message.MIX_INFINITE_SOURCE,
              stage.name(), read.simpleName());
        }
      }
    }
    for (PipelineModel read : mix.of()) { // once: the pipelines read are batched alike
      // Batched as the model says at its end, not merely batched somewhere and split again.
      Optional<Stage> batch = read.lastOnHost().makes().batched()
          ? Stages.batchOf(read, read.lastOnHost()).or(() -> Optional.of(read.lastOnHost()))
          : Optional.empty();
      if (batch.isPresent()) {
        report.at(stage).report(Message.MIX_OF_BATCHES,
            stage.name(), read.simpleName(), batch.get().name());
        break;
      }
    }
    for (Stage cache : pipeline.stagesOf(CacheStage.KIND)) {
      report.at(cache).report(Message.CACHE_AFTER_MIX, cache.name(),
          stage.name());
    }
    if (pipeline.settings().reproducible() && mix.seed().isEmpty()) {
      report.at(stage).report(Message.UNSEEDED_MIX,
          pipeline.simpleName(), stage.name());
    }
  }

  /** The elements a pipeline read as a source hands out per epoch, from its size hints. */
  private static SizeModel.Count count(PipelineModel pipeline) {
    return new SizeModel(pipeline, Optional.empty()).count(pipeline.lastOnHost());
  }

  private static Optional<Stage> reading(PipelineModel pipeline) {
    return pipeline.source().filter(s -> s.readsPipelines());
  }
}

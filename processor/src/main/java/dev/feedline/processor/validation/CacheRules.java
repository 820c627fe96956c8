package dev.feedline.processor.validation;

import dev.feedline.processor.model.kinds.MapStage;
import dev.feedline.processor.model.kinds.ShuffleStage;
import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.base.Saturating;
import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.CostModel;
import dev.feedline.processor.model.DType;
import dev.feedline.processor.model.kinds.CacheStage;
import dev.feedline.processor.model.kinds.RepeatStage;
import dev.feedline.processor.model.kinds.SnapshotStage;
import dev.feedline.processor.model.kinds.TakeStage;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StaticShape;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Rules 11 to 17: what a cache holds, where it stands, and whether it fits. A snapshot stands
 * where a cache does, after the expensive work and before randomness; only a memory cache is
 * sized against the RAM budget.
 */
final class CacheRules {
  /** Below this many bytes saved an element, a widening is not worth a note. */
  private static final long MIN_WIDENING_BYTES = 256;

  private CacheRules() {}

  static void check(PipelineModel pipeline, SizeModel sizes, Report report) {
    Map<String, Stage> folders = new HashMap<>();
    for (Stage cache : pipeline.stages()) {
      if (cache.kind() != CacheStage.KIND && cache.kind() != SnapshotStage.KIND) {
        continue;
      }
      beforeExpensiveWork(pipeline, cache, sizes, report);
      afterRandomness(pipeline, cache, report);
      widenedBefore(pipeline, cache, sizes, report);
      Stages.firstAfter(pipeline, cache, Stages.is(TakeStage.KIND))
          .filter(take -> !(sizes.count(cache).isFinite()
              && take.as(TakeStage.class).orElseThrow().count() >= sizes.count(cache).value()))
          .ifPresent(take -> report.at(cache).report(Message.CACHE_PARTIALLY_CONSUMED,
              cache.name(), take.name(), cache.kind().annotation(),
              noun(cache)));
      Stages.lastBefore(pipeline, cache, CacheRules::repeatsForever)
          .ifPresent(repeat -> report.at(cache).report(Message.CACHE_AFTER_INFINITE_REPEAT,
              cache.name(), repeat.name(), cache.kind().annotation(),
              noun(cache)));
      Optional<String> folder = folder(cache);
      if (folder.isEmpty()) {
        fitsMemory(cache, sizes, report);
      } else {
        // A key of its own keeps each cache apart; pruning the folder does not.
        Stage other = folders.putIfAbsent(folder.get(), cache);
        if (other != null) {
          report.at(cache, cache.kind() == CacheStage.KIND ? CacheStage.FILE
                  : SnapshotStage.PATH).report(Message.CACHE_FILE_SHARED,
                      cache.kind().annotation(), cache.name(), folder.get(),
              other.kind().annotation(), other.name());
        }
      }
    }
  }

  /**
   * The map that made the cached element, when its declared types show that it widened values
   * of the same shape (uint8 pixels to float32): the cache then holds 2 to 8 times the bytes it
   * needs, fills that much memory in epoch 1 and moves it through every later epoch
   * (docs/performance.md#epoch-1 measured a uint8 cache of the example's photos at a third of the
   * memory and +21% in epoch 1).
   */
  private static void widenedBefore(
      PipelineModel pipeline, Stage cache, SizeModel sizes, Report report) {
    Optional<Stage> maker = Stages.lastBefore(pipeline, cache,
        stage -> stage.input() != null && !stage.input().sameTypeAs(stage.output()));
    if (maker.isEmpty() || maker.get().kind() != MapStage.KIND) {
      return;
    }
    Stage map = maker.get();
    for (Component wide : cache.output().components()) {
      Optional<Component> narrow = narrowSource(map, wide);
      if (narrow.isEmpty()) {
        continue;
      }
      long values = map.innerShapeOf(wide).elementCount();
      long wideBytes = Saturating.multiply(values, wide.dtype().byteSize());
      long narrowBytes = Saturating.multiply(values, narrow.get().dtype().byteSize());
      if (wideBytes - narrowBytes < MIN_WIDENING_BYTES) {
        continue;
      }
      SizeModel.Count count = sizes.count(cache);
      String totals = count.isFinite() && count.kind() == SizeModel.Count.Kind.EXACT
          ? String.format(Locale.ROOT, " (%s against %s for %,d elements)",
              SizeModel.bytes(Saturating.multiply(wideBytes, count.value())),
              SizeModel.bytes(Saturating.multiply(narrowBytes, count.value())), count.value())
          : "";
      report.at(cache).report(Message.CACHE_WIDENED_VALUES,
          cache.kind().annotation(), cache.name(), wide.name(), wide.dtype().tfName(), map.name(),
          narrow.get().dtype().tfName(), narrow.get().name(), SizeModel.bytes(wideBytes),
          SizeModel.bytes(narrowBytes), totals);
    }
  }

  /**
   * A component of the map's input with a narrower numeric type than {@code wide} and its static
   * shape, the one of the same name first.
   */
  private static Optional<Component> narrowSource(Stage map, Component wide) {
    StaticShape shape = map.innerShapeOf(wide);
    if (!wide.dtype().isNumeric() || !shape.isFullyKnown()) {
      return Optional.empty();
    }
    return map.input().components().stream()
        .filter(c -> c.dtype().isNumeric() && c.dtype().byteSize() < wide.dtype().byteSize())
        .filter(c -> c.shape().equals(shape))
        .min(Comparator.comparing(c -> !c.name().equals(wide.name())));
  }

  /** The folder a file cache or snapshot keeps its keys in; empty for a memory cache. */
  private static Optional<String> folder(Stage stage) {
    return stage.definition() instanceof SnapshotStage snapshot
        ? Optional.of(snapshot.path())
        : stage.as(CacheStage.class).orElseThrow().file();
  }

  private static String noun(Stage stage) {
    return stage.kind() == SnapshotStage.KIND ? "snapshot" : "cache";
  }

  private static boolean repeatsForever(Stage stage) {
    return stage.definition() instanceof RepeatStage repeat && repeat.count().isEmpty();
  }

  /**
   * The cache belongs after the expensive work, unless that work grows elements past the memory
   * budget while its input fits: then caching before it is the right design, and it is a note.
   */
  private static void beforeExpensiveWork(
      PipelineModel pipeline, Stage cache, SizeModel sizes, Report report) {
    Optional<Stage> expensive = Stages.firstAfter(pipeline, cache,
        s -> CostModel.isExpensive(s) && !s.isRandom());
    if (expensive.isEmpty()) {
      return;
    }
    Stage work = expensive.get();
    Optional<Long> after = total(work, sizes);
    boolean onlyBeforeFits = folder(cache).isEmpty() && sizes.budget().isPresent()
        && after.isPresent() && after.get() > sizes.budget().get()
        && total(cache, sizes).map(before -> before <= sizes.budget().get()).orElse(false);
    if (onlyBeforeFits) {
      report.at(cache).report(Message.CACHE_BEFORE_EXPANDING_MAP,
          cache.name(), work.kind().annotation(), work.name(), SizeModel.bytes(after.get()),
          SizeModel.bytes(sizes.budget().get()));
    } else {
      report.at(cache).report(Message.CACHE_BEFORE_EXPENSIVE_MAP,
          cache.name(), work.kind().annotation(), work.name(), cache.kind().annotation());
    }
  }

  private static void afterRandomness(PipelineModel pipeline, Stage cache, Report report) {
    Optional<Stage> shuffle = Stages.lastBefore(pipeline, cache, Stages.is(ShuffleStage.KIND));
    boolean reshuffledAfter =
        Stages.firstAfter(pipeline, cache, Stages.is(ShuffleStage.KIND)).isPresent();
    if (shuffle.isPresent() && !reshuffledAfter) {
      report.at(cache).report(Message.CACHE_AFTER_SHUFFLE,
          cache.name(), shuffle.get().name(), cache.kind().annotation());
    }
    Stages.lastBefore(pipeline, cache, Stage::isRandom)
        .ifPresent(map -> report.at(cache).report(Message.CACHE_AFTER_RANDOM_MAP,
            cache.name(), map.name(), cache.kind().annotation()));
  }

  private static void fitsMemory(Stage cache, SizeModel sizes, Report report) {
    SizeModel.Count count = sizes.count(cache);
    if (count.kind() == SizeModel.Count.Kind.INFINITE) {
      return; // cache-after-infinite-repeat says it
    }
    if (!count.isFinite()) {
      report.at(cache).report(Message.CACHE_COUNT_UNKNOWN,
          cache.name());
      return;
    }
    Optional<Long> bytes = sizes.bytesPerElement(cache);
    if (bytes.isEmpty()) {
      Component unsized = unsized(cache);
      if (unsized.dtype() == DType.STRING && cache.shapeOf(unsized).isFullyKnown()) {
        report.at(cache).report(Message.CACHE_STRING_SIZE_UNKNOWN,
            cache.name(), unsized.name());
      } else {
        report.at(cache).report(Message.CACHE_SHAPE_UNKNOWN,
            cache.name(), unsized.name(), cache.shapeOf(unsized));
      }
      return;
    }
    if (sizes.budget().isEmpty()) {
      report.at(cache).report(Message.CACHE_NO_BUDGET, cache.name());
      return;
    }
    long total = Saturating.multiply(bytes.get(), count.value());
    long budget = sizes.budget().get();
    if (total > budget) {
      report.at(cache).report(Message.CACHE_OVER_BUDGET, cache.name(),
          SizeModel.bytes(total), SizeModel.bytes(bytes.get()), count, SizeModel.bytes(budget));
    } else if (total > budget / 2.0) {
      report.at(cache).report(Message.CACHE_NEAR_BUDGET, cache.name(),
          SizeModel.bytes(total), SizeModel.bytes(bytes.get()), count,
          Math.round(100.0 * total / budget), SizeModel.bytes(budget));
    }
  }

  /**
   * The first component whose size the declarations leave open: one with unknown dimensions,
   * else a string no record-size hint bounds.
   */
  static Component unsized(Stage stage) {
    return stage.output().components().stream()
        .filter(c -> !stage.shapeOf(c).isFullyKnown())
        .findFirst()
        .or(() -> stage.output().components().stream()
            .filter(c -> c.dtype() == DType.STRING).findFirst())
        .orElseThrow(() -> new IllegalStateException(stage + " has a known size"));
  }

  private static Optional<Long> total(Stage stage, SizeModel sizes) {
    SizeModel.Count count = sizes.count(stage);
    return count.isFinite()
        ? sizes.bytesPerElement(stage).map(bytes -> Saturating.multiply(bytes, count.value()))
        : Optional.empty();
  }
}

package dev.feedline.processor.validation;

import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.CostModel;
import dev.feedline.processor.model.DType;
import dev.feedline.processor.model.Input;
import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.Parameters;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Rules 11 to 17: what a cache holds, where it stands, and whether it fits. */
final class CacheRules {
  private CacheRules() {}

  static void check(PipelineModel pipeline, SizeModel sizes, Report report) {
    Map<String, Long> uses = pipeline.stagesOf(StageKind.CACHE).stream()
        .map(CacheRules::file)
        .flatMap(Optional::stream)
        .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
    Map<String, Stage> prefixes = new HashMap<>();
    for (Stage cache : pipeline.stagesOf(StageKind.CACHE)) {
      beforeExpensiveWork(pipeline, cache, sizes, report);
      afterRandomness(pipeline, cache, report);
      Stages.firstAfter(pipeline, cache, Stages.is(StageKind.TAKE))
          .filter(take -> !(sizes.count(cache).isFinite()
              && ((Parameters.Take) take.parameters()).count() >= sizes.count(cache).value()))
          .ifPresent(take -> report.add(Message.CACHE_PARTIALLY_CONSUMED, cache.method(),
              cache.annotation(), null, cache.name(), take.name()));
      Stages.lastBefore(pipeline, cache, CacheRules::repeatsForever)
          .ifPresent(repeat -> report.add(Message.CACHE_AFTER_INFINITE_REPEAT, cache.method(),
              cache.annotation(), null, cache.name(), repeat.name()));
      Optional<String> file = file(cache);
      if (file.isEmpty()) {
        fitsMemory(cache, sizes, report);
      } else {
        Stage other = prefixes.putIfAbsent(file.get(), cache);
        if (other != null) {
          report.add(Message.CACHE_FILE_SHARED, cache.method(), cache.annotation(),
              cache.anchor(Member.CACHE_FILE), cache.name(), file.get(), other.name());
        } else if (vocabularyBefore(pipeline, cache).isPresent()) {
          Stage lookup = vocabularyBefore(pipeline, cache).get();
          report.add(Message.CACHE_FILE_AFTER_VOCABULARY, cache.method(), cache.annotation(),
              cache.anchor(Member.CACHE_FILE), cache.name(), lookup.name(),
              lookup.inputs().stream().filter(i -> i.kind() == Input.Kind.VOCABULARY)
                  .findFirst().orElseThrow().name());
        } else if (uses.get(file.get()) == 1) { // a shared prefix has a bigger problem to report
          report.add(Message.CACHE_FILE_PERSISTS, cache.method(), cache.annotation(),
              cache.anchor(Member.CACHE_FILE), cache.name(), file.get(), cache.name() + "File");
        }
      }
    }
  }

  /** The last stage before {@code cache} that looks tokens up in a vocabulary, if any. */
  private static Optional<Stage> vocabularyBefore(PipelineModel pipeline, Stage cache) {
    return Stages.lastBefore(pipeline, cache, stage -> stage.inputs().stream()
        .anyMatch(input -> input.kind() == Input.Kind.VOCABULARY));
  }

  private static Optional<String> file(Stage cache) {
    return ((Parameters.Cache) cache.parameters()).file();
  }

  private static boolean repeatsForever(Stage stage) {
    return stage.parameters() instanceof Parameters.Repeat repeat && repeat.count().isEmpty();
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
    Optional<Double> after = total(work, sizes);
    boolean onlyBeforeFits = file(cache).isEmpty() && sizes.budget().isPresent()
        && after.isPresent() && after.get() > sizes.budget().get()
        && total(cache, sizes).map(before -> before <= sizes.budget().get()).orElse(false);
    if (onlyBeforeFits) {
      report.add(Message.CACHE_BEFORE_EXPANDING_MAP, cache.method(), cache.annotation(), null,
          cache.name(), work.kind().annotation(), work.name(), SizeModel.bytes(after.get()),
          SizeModel.bytes(sizes.budget().get()));
    } else {
      report.add(Message.CACHE_BEFORE_EXPENSIVE_MAP, cache.method(), cache.annotation(), null,
          cache.name(), work.kind().annotation(), work.name());
    }
  }

  private static void afterRandomness(PipelineModel pipeline, Stage cache, Report report) {
    Optional<Stage> shuffle = Stages.lastBefore(pipeline, cache, Stages.is(StageKind.SHUFFLE));
    boolean reshuffledAfter =
        Stages.firstAfter(pipeline, cache, Stages.is(StageKind.SHUFFLE)).isPresent();
    if (shuffle.isPresent() && !reshuffledAfter) {
      report.add(Message.CACHE_AFTER_SHUFFLE, cache.method(), cache.annotation(), null,
          cache.name(), shuffle.get().name());
    }
    Stages.lastBefore(pipeline, cache, Stage::isRandom)
        .ifPresent(map -> report.add(Message.CACHE_AFTER_RANDOM_MAP, cache.method(),
            cache.annotation(), null, cache.name(), map.name()));
  }

  private static void fitsMemory(Stage cache, SizeModel sizes, Report report) {
    SizeModel.Count count = sizes.count(cache);
    if (count.kind() == SizeModel.Count.Kind.INFINITE) {
      return; // cache-after-infinite-repeat says it
    }
    if (!count.isFinite()) {
      report.add(Message.CACHE_COUNT_UNKNOWN, cache.method(), cache.annotation(), null,
          cache.name());
      return;
    }
    Optional<Long> bytes = sizes.bytesPerElement(cache);
    if (bytes.isEmpty()) {
      Component unsized = unsized(cache);
      if (unsized.dtype() == DType.STRING && cache.shapeOf(unsized).isFullyKnown()) {
        report.add(Message.CACHE_STRING_SIZE_UNKNOWN, cache.method(), cache.annotation(), null,
            cache.name(), unsized.name());
      } else {
        report.add(Message.CACHE_SHAPE_UNKNOWN, cache.method(), cache.annotation(), null,
            cache.name(), unsized.name(), cache.shapeOf(unsized));
      }
      return;
    }
    if (sizes.budget().isEmpty()) {
      report.add(Message.CACHE_NO_BUDGET, cache.method(), cache.annotation(), null, cache.name());
      return;
    }
    double total = (double) bytes.get() * count.value();
    long budget = sizes.budget().get();
    if (total > budget) {
      report.add(Message.CACHE_OVER_BUDGET, cache.method(), cache.annotation(), null, cache.name(),
          SizeModel.bytes(total), SizeModel.bytes(bytes.get()), count, SizeModel.bytes(budget));
    } else if (total > budget / 2.0) {
      report.add(Message.CACHE_NEAR_BUDGET, cache.method(), cache.annotation(), null, cache.name(),
          SizeModel.bytes(total), SizeModel.bytes(bytes.get()), count,
          Math.round(100 * total / budget), SizeModel.bytes(budget));
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

  private static Optional<Double> total(Stage stage, SizeModel sizes) {
    SizeModel.Count count = sizes.count(stage);
    return count.isFinite()
        ? sizes.bytesPerElement(stage).map(bytes -> (double) bytes * count.value())
        : Optional.empty();
  }
}

package dev.feedline.processor.validation;

import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Options;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.model.CostModel;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** Rules 11 to 17: what a cache holds, where it stands, and whether it fits. */
final class CacheRules {
  private CacheRules() {}

  static void check(PipelineModel pipeline, SizeModel sizes, Report report) {
    Map<String, Long> uses = pipeline.stages().stream()
        .filter(s -> s.kind() == StageKind.CACHE && !s.stringValue("file").isEmpty())
        .collect(Collectors.groupingBy(s -> s.stringValue("file"), Collectors.counting()));
    Map<String, Stage> prefixes = new HashMap<>();
    for (Stage cache : pipeline.stages()) {
      if (cache.kind() != StageKind.CACHE) {
        continue;
      }
      beforeExpensiveWork(pipeline, cache, sizes, report);
      afterRandomness(pipeline, cache, report);
      Stages.firstAfter(pipeline, cache, Stages.is(StageKind.TAKE))
          .filter(take -> !(sizes.count(cache).isFinite()
              && take.longValue("count") >= sizes.count(cache).value()))
          .ifPresent(take -> report.add(Message.CACHE_PARTIALLY_CONSUMED, cache.method(),
              cache.annotation(), null, cache.name(), take.name(), cache.name()));
      Stages.lastBefore(pipeline, cache, s -> s.kind() == StageKind.REPEAT && s.longValue("count") < 0)
          .ifPresent(repeat -> report.add(Message.CACHE_AFTER_INFINITE_REPEAT, cache.method(),
              cache.annotation(), null, cache.name(), repeat.name(), cache.name()));
      String file = cache.stringValue("file");
      if (file.isEmpty()) {
        fitsMemory(cache, sizes, report);
      } else {
        Stage other = prefixes.putIfAbsent(file, cache);
        if (other != null) {
          report.add(Message.CACHE_FILE_SHARED, cache.method(), cache.annotation(),
              cache.writtenValue("file").orElse(null), cache.name(), file, other.name());
        } else if (uses.get(file) == 1) { // a shared prefix has a bigger problem to report
          report.add(Message.CACHE_FILE_PERSISTS, cache.method(), cache.annotation(),
              cache.writtenValue("file").orElse(null), cache.name(), file, cache.name() + "File");
        }
      }
    }
  }

  /**
   * The cache belongs after the expensive work, unless that work grows elements past the memory
   * budget while its input fits: then caching before it is the right design, and it is a note.
   */
  private static void beforeExpensiveWork(
      PipelineModel pipeline, Stage cache, SizeModel sizes, Report report) {
    Optional<Stage> expensive = Stages.firstAfter(pipeline, cache,
        s -> CostModel.isExpensive(s) && !(s.kind() == StageKind.MAP && s.booleanValue("random")));
    if (expensive.isEmpty()) {
      return;
    }
    Stage work = expensive.get();
    Optional<Double> after = total(work, sizes);
    boolean onlyBeforeFits = cache.stringValue("file").isEmpty() && sizes.budget().isPresent()
        && after.isPresent() && after.get() > sizes.budget().get()
        && total(cache, sizes).map(before -> before <= sizes.budget().get()).orElse(false);
    if (onlyBeforeFits) {
      report.add(Message.CACHE_BEFORE_EXPANDING_MAP, cache.method(), cache.annotation(), null,
          cache.name(), work.kind().annotation(), work.name(), SizeModel.bytes(after.get()),
          SizeModel.bytes(sizes.budget().get()), work.name());
    } else {
      report.add(Message.CACHE_BEFORE_EXPENSIVE_MAP, cache.method(), cache.annotation(), null,
          cache.name(), work.kind().annotation(), work.name(), work.name(), work.name());
    }
  }

  private static void afterRandomness(PipelineModel pipeline, Stage cache, Report report) {
    Optional<Stage> shuffle = Stages.lastBefore(pipeline, cache, Stages.is(StageKind.SHUFFLE));
    boolean reshuffledAfter = Stages.firstAfter(pipeline, cache, Stages.is(StageKind.SHUFFLE)).isPresent();
    if (shuffle.isPresent() && !reshuffledAfter) {
      report.add(Message.CACHE_AFTER_SHUFFLE, cache.method(), cache.annotation(), null,
          cache.name(), shuffle.get().name(), cache.name());
    }
    Stages.lastBefore(pipeline, cache, s -> s.kind() == StageKind.MAP && s.booleanValue("random"))
        .ifPresent(map -> report.add(Message.CACHE_AFTER_RANDOM_MAP, cache.method(),
            cache.annotation(), null, cache.name(), map.name(), map.name()));
  }

  private static void fitsMemory(Stage cache, SizeModel sizes, Report report) {
    SizeModel.Count count = sizes.count(cache);
    Optional<Long> bytes = sizes.bytesPerElement(cache);
    if (count.kind() == SizeModel.Count.Kind.INFINITE) {
      return; // cache-after-infinite-repeat says it
    }
    if (!count.isFinite() || bytes.isEmpty() || sizes.budget().isEmpty()) {
      report.add(Message.CACHE_SIZE_UNKNOWN, cache.method(), cache.annotation(), null,
          cache.name(), unknownReason(cache, sizes), unknownFix(cache, sizes));
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

  private static Optional<Double> total(Stage stage, SizeModel sizes) {
    SizeModel.Count count = sizes.count(stage);
    return count.isFinite()
        ? sizes.bytesPerElement(stage).map(bytes -> (double) bytes * count.value())
        : Optional.empty();
  }

  /** Why a buffer cannot be sized, in the order a user would fix it. */
  static String unknownReason(Stage stage, SizeModel sizes) {
    if (!sizes.count(stage).isFinite()) {
      return "its number of elements is unknown";
    }
    if (sizes.bytesPerElement(stage).isEmpty()) {
      return sizes.whyBytesUnknown(stage);
    }
    return "no RAM budget is set";
  }

  static String unknownFix(Stage stage, SizeModel sizes) {
    if (!sizes.count(stage).isFinite()) {
      return "declare `records = ...` on the source";
    }
    if (sizes.bytesPerElement(stage).isEmpty()) {
      return "a stage with fixed shapes and no strings can be sized";
    }
    return "set a budget, such as @Pipeline(ramBudget = \"8GiB\") or -A" + Options.RAM_BUDGET
        + "=8GiB";
  }
}

package dev.feedline.doctor;

import dev.feedline.BucketByLength;
import dev.feedline.Cache;
import dev.feedline.Interleave;
import dev.feedline.Prefetch;
import dev.feedline.Shuffle;
import dev.feedline.runtime.PipelineInfo.Trait;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Turns the measurements into findings: which stage starves the model, and what to change. */
final class Diagnoser {
  /** The symptoms of docs/doctor.md's table ("From measurements to findings"), worded as there. */
  static final String STALLS_IN_BURSTS = "Throughput is fine at epoch start, then stalls in bursts";
  static final String EPOCHS_IDENTICAL = "First epoch slow, later epochs identical";
  static final String FEW_CORES = "CPU at 100% on few cores, GPU idle";
  static final String RAM_CLIMBS = "RAM climbs until the process swaps or OOMs";
  static final String IDLE_BETWEEN_STEPS = "GPU idle between steps";
  static final String BUCKETING_SLOWER = "Batches by length train slower than padded ones";
  /** No speed symptom: a shuffle that mixes too little. */
  static final String NOT_IN_TABLE = "none: a training-quality problem, not a speed one";

  /**
   * A stage that adds this share of its prefix's time per example is expensive: of its CPU time,
   * where the process's CPU time was measured (docs/doctor.md, "What it measures"), else of its
   * wall time.
   */
  static final double EXPENSIVE_SHARE = 0.25;
  /**
   * A sequential stage whose prefix's CPU time per element has a p99 under this, and under
   * {@link LatencyStats#SPIKY_P99_OVER_MEDIAN} times its mean, costs about as much CPU for every
   * element: 3 of the JVM's 10 ms clock ticks, which an element of a few milliseconds' work does
   * not reach. Spikes in its wall time are then the machine's, not the stage's.
   */
  static final double EVEN_CPU_P99_MS = 3 * ProcessCpu.RESOLUTION_MS;
  /**
   * Epoch 2 at this fraction of epoch 1's time or more recomputes what a cache would keep: epochs
   * that read a cache run several times faster (9x in docs/performance.md).
   */
  static final double RECOMPUTED_RATIO = 0.5;
  /** A p99 latency at least this long, in a spiky stage, is a stall. */
  static final double STALL_MS = 10;
  /** Resident memory growing by this share, and {@link #CLIMB_MB}, within epoch 2 climbs. */
  static final double CLIMB_SHARE = 0.25;
  static final double CLIMB_MB = 256;
  /** Epoch 2 slower than epoch 1 by this factor: a cache that does not fit. */
  static final double SLOWER_RATIO = 1.15;

  private final List<StageLatency> stages;
  private final FetchFloor floor;
  private final List<EpochStats> epochs;
  private final List<InputWait> waits;
  private final List<StageChain.Link> links;
  private final List<MemorySample> memory;

  Diagnoser(List<StageLatency> stages, FetchFloor floor, List<EpochStats> epochs,
      List<InputWait> waits, List<StageChain.Link> links, List<MemorySample> memory) {
    this.stages = stages;
    this.floor = floor;
    this.epochs = epochs;
    this.waits = waits;
    this.links = links;
    this.memory = memory;
  }

  /**
   * What a stage adds to its prefix's time per example, over the cheapest prefix before it (the
   * cheapest, since a prefix's time can only be overstated: by another thread's work, or, in CPU
   * time, by the JVM's own), or over the timing loop's own time where no prefix before it hands
   * out examples; and the share of its prefix's time that is.
   *
   * @param prefixMs the prefix's milliseconds per example, in the measure the shares are taken on
   */
  record StageCost(StageLatency stage, double share, double prefixMs) {
    double addedMs() {
      return share * prefixMs;
    }
  }

  /**
   * Whether the shares are taken on CPU time: where the process's CPU time was measured for every
   * stage whose elements are examples. Else on wall time, which a busy machine blurs.
   */
  boolean onCpuTime() {
    return onCpuTime(stages);
  }

  static boolean onCpuTime(List<StageLatency> stages) {
    List<StageLatency> examples = stages.stream().filter(s -> s.examplesPerElement() > 0).toList();
    return !examples.isEmpty() && examples.stream().allMatch(StageLatency::cpuMeasured);
  }

  /** What the shares are taken on, as the findings say it. */
  private String measure() {
    return onCpuTime() ? "CPU time" : "wall time";
  }

  /** A prefix's milliseconds per example in the measure the shares are taken on. */
  private double perExample(StageLatency stage) {
    return onCpuTime() ? stage.cpuMsPerExample() : stage.msPerExample();
  }

  /**
   * The cost of each stage that does work per element: the source, interleaves, decodes and
   * maps. A cache, shuffle or batch prefix adds bookkeeping and the noise of one more run.
   */
  List<StageCost> workingStages() {
    List<StageCost> costs = new ArrayList<>();
    for (StageLatency stage : stages) {
      double ms = perExample(stage);
      boolean works = stage.info().has(Trait.SOURCE) || stage.info().has(Trait.ELEMENT_WORK);
      if (!works || Double.isNaN(ms) || ms <= 0) {
        continue;
      }
      double upstream = stages.stream().filter(s -> s.position() < stage.position())
          .mapToDouble(this::perExample).filter(v -> !Double.isNaN(v)).min()
          .orElse(floor.ms(onCpuTime()) / stage.examplesPerElement());
      costs.add(new StageCost(stage, Math.max(0, ms - upstream) / ms, ms));
    }
    return costs;
  }

  private Optional<StageCost> cost(StageLatency stage) {
    return workingStages().stream().filter(c -> c.stage().equals(stage)).findFirst();
  }

  /**
   * The stage that adds the most time per example, CPU time where it was measured; null when no
   * stage's elements are examples.
   */
  StageCost costliest() {
    return workingStages().stream().max(Comparator.comparingDouble(StageCost::addedMs))
        .orElse(null);
  }

  List<Finding> findings() {
    // Stages are judged each on its own: which one ranks costliest is noisy on few examples.
    List<Finding> findings = new ArrayList<>(stalls());
    for (StageCost cost : workingStages()) {
      if (cost.stage().sequential() && cost.share() >= EXPENSIVE_SHARE
          && findings.stream().noneMatch(f -> f.stage().equals(cost.stage().stage()))) {
        findings.add(sequential(cost));
      }
    }
    Optional<Finding> afterCache = workAfterCache();
    afterCache.ifPresent(findings::add);
    StageCost costliest = costliest();
    if (afterCache.isEmpty() && costliest != null && costliest.share() >= EXPENSIVE_SHARE) {
      recomputed(costliest).ifPresent(findings::add);
    }
    if (findings.stream().noneMatch(f -> f.rule().equals(RuleIds.CACHE_BEFORE_EXPENSIVE_MAP))) {
      cacheTooBig().or(this::memoryClimbs).ifPresent(findings::add);
    }
    noPrefetch().ifPresent(findings::add);
    findings.addAll(tinyShuffles());
    findings.addAll(bucketings());
    return findings;
  }

  /**
   * Sequential stages whose elements now and then take far longer than the rest: I/O-like stalls
   * that nothing downstream can hide, whatever share of the time per example they add. A stage
   * that is expensive in CPU time, and costs about as much CPU for every element, does not stall:
   * the spikes of its wall time are other processes taking the cores, and the sequential finding
   * reports it.
   */
  private List<Finding> stalls() {
    List<Finding> findings = new ArrayList<>();
    for (StageLatency s : stages) {
      boolean evenlyExpensive = onCpuTime() && evenCpu(s)
          && cost(s).map(c -> c.share() >= EXPENSIVE_SHARE).orElse(false);
      boolean onWallTime = stalls(s);
      if (s.sequential() && (onWallTime || onCpuTime() && unevenCpu(s)) && !evenlyExpensive) {
        findings.add(new Finding(s.stage(), STALLS_IN_BURSTS, onWallTime ? String.format(
            Locale.ROOT, "'%s' runs one element at a time, and its latency is spiky: median %.2f"
                + " ms, p99 %.1f ms, max %.1f ms", s.stage(), s.latency().medianMs(),
            s.latency().p99Ms(), s.latency().maxMs()) : String.format(Locale.ROOT,
            "'%s' runs one element at a time, and its CPU time per element is spiky: mean %.2f"
                + " ms, p99 %.0f ms, max %.0f ms (its latency: median %.2f ms, p99 %.1f ms)",
            s.stage(), s.cpu().meanMs(), s.cpu().p99Ms(), s.cpu().maxMs(),
            s.latency().medianMs(), s.latency().p99Ms()), rule(s),
            "read in parallel, so slow reads overlap: " + parallel(s)
                + (s.info().is(Interleave.class) ? "" : " and on the @Interleave")));
      }
    }
    return findings;
  }

  /** Spiky, with stalls long enough to matter: a p99 of at least {@link #STALL_MS}. */
  private static boolean stalls(StageLatency s) {
    return s.latency().spiky() && s.latency().p99Ms() >= STALL_MS;
  }

  /**
   * Now and then far more CPU time for one element than for the rest: stalls of the stage's own
   * work, which show in its CPU time however busy the machine is, where the wall time's median
   * rises with the load until its spikes no longer stand out.
   */
  private static boolean unevenCpu(StageLatency s) {
    return s.cpu().count() > 0 && !evenCpu(s);
  }

  /** About as much CPU time for every element of the prefix ({@link #EVEN_CPU_P99_MS}). */
  private static boolean evenCpu(StageLatency s) {
    LatencyStats cpu = s.cpu();
    return cpu.count() > 0 && cpu.p99Ms() < Math.max(EVEN_CPU_P99_MS,
        LatencyStats.SPIKY_P99_OVER_MEDIAN * cpu.meanMs());
  }

  private static String rule(StageLatency s) {
    return s.info().is(Interleave.class) ? RuleIds.FILE_READ_NOT_PARALLEL : RuleIds.MAP_NOT_PARALLEL;
  }

  private Finding sequential(StageCost c) {
    StageLatency s = c.stage();
    return new Finding(s.stage(), FEW_CORES, String.format(Locale.ROOT,
        "'%s' runs one element at a time and takes %.0f%% of its prefix's %s per example"
            + " (%.3f of %.3f ms); its latency is %s (median %.2f ms, p99 %.2f ms)", s.stage(),
        100 * c.share(), measure(), c.addedMs(), c.prefixMs(), s.latency().shape(),
        s.latency().medianMs(), s.latency().p99Ms()), rule(s), parallel(s));
  }

  /**
   * The annotation value that runs {@code s} in parallel: {@code parallel = AUTO}, or a fixed
   * count where the plan reads lines in one thread under AUTO, which measured faster
   * (docs/performance.md#lines-in-one-thread) but is not what this run's time says.
   */
  private static String parallel(StageLatency s) {
    return s.info().has(Trait.LINES_IN_ONE_THREAD)
        ? "a fixed count, such as `parallel = 2`, on @" + s.annotation() + " '" + s.stage()
            + "' (under `parallel = AUTO` the plan reads uncompressed lines in one thread)"
        : "`parallel = AUTO` on @" + s.annotation() + " '" + s.stage() + "'";
  }

  /**
   * A stage that does expensive work after the last cache runs again every epoch, whatever the
   * epochs' times say: the plan alone shows it.
   */
  private Optional<Finding> workAfterCache() {
    StageChain.Link cache = last(Cache.class).orElse(null);
    if (cache == null) {
      return Optional.empty();
    }
    for (StageCost cost : workingStages()) {
      StageLatency s = cost.stage();
      double share = cost.share();
      if (s.position() > cache.position() && share >= EXPENSIVE_SHARE) {
        String epochs = this.epochs.size() < 2 ? "" : String.format(Locale.ROOT,
            "; epoch 2 took %.2f s against epoch 1's %.2f s", this.epochs.get(1).seconds(),
            this.epochs.get(0).seconds());
        return Optional.of(new Finding(s.stage(), EPOCHS_IDENTICAL, String.format(Locale.ROOT,
            "'%s' stands after @Cache '%s' and takes %.0f%% of its prefix's %s per example: it"
                + " runs again every epoch%s", s.stage(), cache.name(), 100 * share, measure(),
            epochs),
            RuleIds.CACHE_BEFORE_EXPENSIVE_MAP, "move @Cache '" + cache.name() + "' after @"
                + s.annotation() + " '" + s.stage() + "'"));
      }
    }
    return Optional.empty();
  }

  /** Without a cache: epochs as slow as the first say what a cache would keep. */
  private Optional<Finding> recomputed(StageCost c) {
    if (epochs.size() < 2 || last(Cache.class).isPresent()) {
      return Optional.empty(); // a cache before the stage is workAfterCache's to report
    }
    double ratio = epochs.get(1).seconds() / epochs.get(0).seconds();
    if (ratio < RECOMPUTED_RATIO) {
      return Optional.empty();
    }
    StageLatency s = c.stage();
    return Optional.of(new Finding(s.stage(), EPOCHS_IDENTICAL, String.format(Locale.ROOT,
        "epoch 2 took %.2f s, %.0f%% of epoch 1's %.2f s: '%s', %.0f%% of the %s per example,"
            + " runs again every epoch", epochs.get(1).seconds(), 100 * ratio,
        epochs.get(0).seconds(), s.stage(), 100 * c.share(), measure()), RuleIds.HEALTHY_ORDER,
        "add a @Cache after @" + s.annotation() + " '"
            + s.stage() + "' if its output fits in RAM (cache-exceeds-ram checks it at build time),"
            + " else @Cache(file = ...)"));
  }

  private Optional<Finding> cacheTooBig() {
    StageChain.Link cache = last(Cache.class).orElse(null);
    if (cache == null || epochs.size() < 2) {
      return Optional.empty();
    }
    // Both ways: whole epochs carry their start (a shuffle buffer filling); after the first
    // element, a shuffle buffer larger than the data set leaves too little to time.
    double whole = epochs.get(1).seconds() / epochs.get(0).seconds();
    double streaming = epochs.get(1).streamingSeconds() / epochs.get(0).streamingSeconds();
    if (whole < SLOWER_RATIO || streaming < SLOWER_RATIO) {
      return Optional.empty();
    }
    return Optional.of(new Finding(cache.name(), RAM_CLIMBS, String.format(Locale.ROOT,
        "epoch 2 took %.2f s, %.0f%% of epoch 1's %.2f s, and %.0f%% after their first elements: a"
            + " cache that does not fit slows the epochs that should read it",
        epochs.get(1).seconds(), 100 * whole, epochs.get(0).seconds(), 100 * streaming),
        RuleIds.CACHE_EXCEEDS_RAM,
        "@Cache(file = \"...\") on '" + cache.name() + "', on fast local disk"));
  }

  /**
   * Resident memory that still grows through epoch 2, when a cache is full and shuffle buffers
   * are: by {@link #CLIMB_SHARE} and {@link #CLIMB_MB} at least.
   */
  private Optional<Finding> memoryClimbs() {
    if (epochs.size() < 2) {
      return Optional.empty();
    }
    EpochStats second = epochs.get(1);
    double end = second.startSeconds() + second.seconds();
    List<MemorySample> during = memory.stream()
        .filter(m -> m.seconds() >= second.startSeconds() && m.seconds() <= end).toList();
    if (during.size() < 2) {
      return Optional.empty();
    }
    double from = during.get(0).residentMb();
    double to = during.get(during.size() - 1).residentMb();
    if (to - from < CLIMB_MB || to < from * (1 + CLIMB_SHARE)) {
      return Optional.empty();
    }
    StageChain.Link holder = last(Cache.class).or(() -> last(Shuffle.class))
        .orElse(links.get(links.size() - 1));
    boolean cache = holder.stage().is(Cache.class);
    return Optional.of(new Finding(holder.name(), RAM_CLIMBS, String.format(Locale.ROOT,
        "resident memory grew from %.0f MB to %.0f MB during epoch 2, when buffers and caches"
            + " should be full", from, to), cache ? RuleIds.CACHE_EXCEEDS_RAM : RuleIds.SHUFFLE_BUFFER_MEMORY,
        cache ? "@Cache(file = \"...\") on '" + holder.name() + "'"
            : "a smaller buffer on @" + holder.stage().annotationName() + " '" + holder.name() + "'"));
  }

  private Optional<StageChain.Link> last(Class<? extends Annotation> annotation) {
    return links.stream().filter(l -> l.stage().is(annotation))
        .reduce((a, b) -> b);
  }

  private Optional<Finding> noPrefetch() {
    StageChain.Link last = links.get(links.size() - 1);
    if (last.stage().is(Prefetch.class)) {
      return Optional.empty();
    }
    String waited = waits.stream().map(w -> String.format(Locale.ROOT, "epoch %d %.1f%%",
        w.epoch(), 100 * w.fraction())).reduce((a, b) -> a + ", " + b).orElse("not measured");
    return Optional.of(new Finding(last.name(), IDLE_BETWEEN_STEPS, "the pipeline ends"
        + " with @" + last.stage().annotationName() + " '" + last.name() + "', so nothing prepares the"
        + " next batch while a step runs unless TensorFlow injects a prefetch itself; the steps"
        + " waited for their batch: " + waited, RuleIds.TERMINAL_PREFETCH_AUTOTUNE,
        "add `@Prefetch(AUTO)` after '" + last.name() + "'"));
  }

  /** Bucketings whose measured lengths say they save less padding than they cost. */
  private List<Finding> bucketings() {
    List<Finding> findings = new ArrayList<>();
    for (StageLatency s : stages) {
      if (!s.info().is(BucketByLength.class)) {
        continue;
      }
      stages.stream().filter(b -> b.position() == s.position() - 1).findFirst()
          .flatMap(before -> BucketingPadding.finding(s.stage(), before.shapes(), s.shapes()))
          .ifPresent(findings::add);
    }
    return findings;
  }

  private List<Finding> tinyShuffles() {
    List<Finding> findings = new ArrayList<>();
    long examples = epochs.isEmpty() ? 0 : epochs.get(0).examples();
    for (int i = 0; i < links.size(); i++) {
      StageChain.Link link = links.get(i);
      if (!link.stage().is(Shuffle.class) || link.size() == null) {
        continue;
      }
      long buffer = link.size();
      Long batch = links.subList(i, links.size()).stream()
          .filter(l -> l.stage().has(Trait.BATCHING)).map(StageChain.Link::size)
          .findFirst().orElse(null);
      boolean belowBatch = batch != null && buffer < batch;
      boolean tiny = buffer <= 1 || belowBatch || buffer < examples / 100;
      if (tiny) {
        long suggested = Math.max(1000, examples / 10);
        findings.add(new Finding(link.name(), NOT_IN_TABLE, String.format(Locale.ROOT,
            "@Shuffle '%s' holds %d elements%s, of %d examples an epoch: the order stays close to"
                + " the file order", link.name(), buffer,
            belowBatch ? ", fewer than a batch of " + batch : "", examples),
            RuleIds.SHUFFLE_BUFFER_TOO_SMALL, "@Shuffle(buffer = " + Math.min(suggested,
                Math.max(examples, 1)) + ") on '" + link.name() + "'"));
      }
    }
    return findings;
  }
}

package dev.feedline.doctor;

import static dev.feedline.runtime.PipelineInfo.batching;
import static dev.feedline.runtime.PipelineInfo.elementWork;
import static dev.feedline.runtime.PipelineInfo.linesInOneThread;
import static dev.feedline.runtime.PipelineInfo.source;
import static dev.feedline.runtime.PipelineInfo.stage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.Batch;
import dev.feedline.Cache;
import dev.feedline.Decode;
import dev.feedline.Interleave;
import dev.feedline.Map;
import dev.feedline.Prefetch;
import dev.feedline.Shuffle;
import dev.feedline.TFRecordSource;
import dev.feedline.TextLineSource;
import dev.feedline.runtime.PipelineInfo;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The findings for measurements written out by hand: each broken shape, and a healthy one. */
class DiagnoserTest {
  private static final List<EpochStats> CACHED_EPOCHS = List.of(
      new EpochStats(1, 2048, 6.0, 0, 0, List.of()), new EpochStats(2, 2048, 0.3, 0, 6, List.of()));
  private static final List<InputWait> WAITS = List.of(new InputWait(1, 200, 30, 30, 4800));

  private static StageChain.Link link(int position, PipelineInfo.Stage stage, boolean sequential,
      Long size) {
    return new StageChain.Link(stage, position, null, stage.ops().get(0), sequential, size);
  }

  private static List<StageChain.Link> photoPipeline(boolean sequentialMap, boolean cacheFirst,
      long shuffle, boolean prefetch) {
    List<StageChain.Link> links = new ArrayList<>(List.of(
        link(1, source("shards", TFRecordSource.class, "TensorSliceDataset"), false, null),
        link(2, elementWork("read", Interleave.class, "ParallelInterleaveDatasetV4",
            "TFRecordDatasetV2"), false, null),
        link(3, elementWork("parse", Decode.class, "ParallelMapDatasetV2"), false, null)));
    StageChain.Link cache = link(0, stage("cache", Cache.class, "CacheDatasetV2"), false, null);
    StageChain.Link map = link(0, elementWork("decodeAndResize", Map.class,
        sequentialMap ? "MapDataset" : "ParallelMapDatasetV2"), sequentialMap, null);
    for (StageChain.Link l : cacheFirst ? List.of(cache, map) : List.of(map, cache)) {
      links.add(new StageChain.Link(l.stage(), links.size() + 1, null, l.type(), l.sequential(), null));
    }
    links.add(link(6, stage("shuffle", Shuffle.class, "ShuffleDatasetV3"), false, shuffle));
    links.add(link(7, batching("batch", Batch.class, "BatchDatasetV2"), false, 32L));
    if (prefetch) {
      links.add(link(8, stage("prefetch", Prefetch.class, "PrefetchDataset"), false, -1L));
    }
    return links;
  }

  /**
   * Prefix latencies for those links: the map adds 3 ms an example, its wall p99 {@code mapP99};
   * the CPU time per element is the wall time's, evenly (a p99 of 1.5 times the mean).
   */
  private static List<StageLatency> latencies(List<StageChain.Link> links, double mapP99) {
    return latencies(links, mapP99, 1.5, null);
  }

  /**
   * Prefix latencies whose CPU time per element has a p99 of {@code cpuP99Share} times its mean
   * from the map on, and whose wall time per example is {@code wallMs} for the stage of each key
   * instead (a busy machine's); no CPU time at all where {@code cpuP99Share} is 0.
   */
  private static List<StageLatency> latencies(List<StageChain.Link> links, double mapP99,
      double cpuP99Share, java.util.Map<String, Double> wallMs) {
    List<StageLatency> out = new ArrayList<>();
    double ms = 0.2;
    boolean batched = false;
    boolean afterMap = false;
    for (StageChain.Link l : links) {
      if (l.name().equals("decodeAndResize")) {
        ms += 3;
        afterMap = true;
      }
      batched |= l.stage().is(Batch.class);
      double perElement = batched ? 32 : 1;
      double cpuMean = ms * perElement;
      double median = wallMs != null && wallMs.containsKey(l.name())
          ? wallMs.get(l.name()) * perElement : cpuMean;
      double p99 = l.name().equals("decodeAndResize") ? mapP99 : median * 1.5;
      double cpuP99 = cpuMean * (afterMap ? cpuP99Share : 1.5);
      LatencyStats cpu = cpuP99Share == 0 ? LatencyStats.of(List.of())
          : new LatencyStats(100, cpuMean, cpuMean, cpuMean, cpuP99, cpuP99);
      out.add(new StageLatency(l.stage(), l.position(), 5,
          new LatencyStats(100, median, median, median, p99, p99), cpu,
          l.position() == 1 ? 0 : perElement, l.sequential()));
    }
    return out;
  }

  /** A diagnosis with no timing loop's floor under the first stage. */
  private static Diagnoser diagnoser(List<StageLatency> latencies, List<EpochStats> epochs,
      List<InputWait> waits, List<StageChain.Link> links, List<MemorySample> memory) {
    return new Diagnoser(latencies, FetchFloor.NONE, epochs, waits, links, memory);
  }

  private static List<Finding> findings(List<StageChain.Link> links, double mapP99,
      List<EpochStats> epochs) {
    return diagnoser(latencies(links, mapP99), epochs, WAITS, links, List.of()).findings();
  }

  @Test
  void aHealthyPipelineHasNoFinding() {
    List<StageChain.Link> links = photoPipeline(false, false, 1000, true);
    assertEquals(List.of(), findings(links, 4, CACHED_EPOCHS));
    assertEquals("decodeAndResize", diagnoser(latencies(links, 4), CACHED_EPOCHS, WAITS, links,
        List.of()).costliest().stage().stage());
  }

  @Test
  void aSequentialExpensiveMapIsTheFewCoresRow() {
    Finding f = findings(photoPipeline(true, false, 1000, true), 4, CACHED_EPOCHS).get(0);
    assertEquals("decodeAndResize", f.stage());
    assertEquals("map-not-parallel", f.rule());
    assertEquals(Diagnoser.FEW_CORES, f.symptom());
    assertEquals("`parallel = AUTO` on @Map 'decodeAndResize'", f.fix());
  }

  @Test
  void linesThePlanReadsInOneThreadAreToldAFixedCountNotTheAutoTheyHave() {
    List<StageChain.Link> links = List.of(
        link(1, source("files", TextLineSource.class, "TensorSliceDataset"), false, null),
        link(2, linesInOneThread("lines", Interleave.class, "InterleaveDataset",
            "TextLineDataset"), true, null),
        link(3, batching("batch", Batch.class, "BatchDatasetV2"), false, 32L));
    // The lines' prefix adds 3 ms a line to the source's 0.2, evenly: expensive, no stall.
    double[] ms = {0.2, 3.2, 3.2 * 32};
    List<StageLatency> latencies = new ArrayList<>();
    for (int i = 0; i < links.size(); i++) {
      StageChain.Link l = links.get(i);
      double p99 = i == 1 ? 4 : ms[i] * 1.5;
      latencies.add(new StageLatency(l.stage(), l.position(), 5,
          new LatencyStats(100, ms[i], ms[i], ms[i], p99, p99),
          new LatencyStats(100, ms[i], ms[i], ms[i], p99, p99), i == 0 ? 0 : i == 1 ? 1 : 32,
          l.sequential()));
    }
    Finding f = diagnoser(latencies, CACHED_EPOCHS, WAITS, links, List.of()).findings().get(0);
    assertEquals("lines", f.stage());
    assertEquals(Diagnoser.FEW_CORES, f.symptom());
    assertEquals("a fixed count, such as `parallel = 2`, on @Interleave 'lines' (under `parallel"
        + " = AUTO` the plan reads uncompressed lines in one thread)", f.fix());
  }

  @Test
  void aSequentialStageThatStallsIsTheBurstsRow() {
    // Wall time alone (a JVM that reports no CPU time): the spikes are all there is to go on.
    List<StageChain.Link> links = photoPipeline(true, false, 1000, true);
    Finding f = diagnoser(latencies(links, 80, 0, null), CACHED_EPOCHS, WAITS, links,
        List.of()).findings().get(0);
    assertEquals("decodeAndResize", f.stage());
    assertEquals(Diagnoser.STALLS_IN_BURSTS, f.symptom());
    assertTrue(f.fix().contains("on the @Interleave"), f.fix());
  }

  @Test
  void onABusyMachineTheCostsAreTheCpuTimesNotTheWallTimes() {
    // Measured beside six busy threads: the read's prefix took 1.49 ms of wall time per example,
    // the decode's 1.54, the parse's 0.69; the CPU time still puts the decode's 3 ms on top.
    List<StageChain.Link> links = photoPipeline(false, false, 1000, true);
    java.util.Map<String, Double> busy = java.util.Map.of("read", 1.49, "parse", 0.69,
        "decodeAndResize", 1.54);
    Diagnoser onCpu = diagnoser(latencies(links, 4, 1.5, busy), CACHED_EPOCHS, WAITS, links,
        List.of());
    assertTrue(onCpu.onCpuTime());
    assertEquals("decodeAndResize", onCpu.costliest().stage().stage());
    assertEquals(3.0 / 3.2, onCpu.costliest().share(), 1e-9);
    assertEquals(List.of(), onCpu.findings());

    // Without CPU time, the wall times decide, and the busy machine misleads them.
    Diagnoser onWall = diagnoser(latencies(links, 4, 0, busy), CACHED_EPOCHS, WAITS, links,
        List.of());
    assertTrue(!onWall.onCpuTime());
    assertEquals("read", onWall.costliest().stage().stage());
  }

  @Test
  void theTimingLoopsOwnCostIsTakenFromTheFirstStageThatHandsOutExamplesOnly() {
    // As beside six busy threads: the read's prefix 0.45 CPU ms an example, the decode's 0.85;
    // the loop alone, over a range, 0.12 an element. Without the floor the read carries it.
    List<StageChain.Link> links = photoPipeline(false, false, 1000, true);
    List<StageLatency> measured = latencies(links, 4).stream()
        .map(s -> withCpuPerExample(s, s.position() < 4 ? 0.45 : 0.85)).toList();
    assertEquals("read", diagnoser(measured, CACHED_EPOCHS, WAITS, links, List.of())
        .costliest().stage().stage());

    LatencyStats loopWall = new LatencyStats(4096, 0.05, 0.05, 0.05, 0.08, 0.1);
    LatencyStats loopCpu = new LatencyStats(4096, 0.12, 0, 0, 10, 10);
    Diagnoser floored = new Diagnoser(measured, new FetchFloor(loopWall, loopCpu), CACHED_EPOCHS,
        WAITS, links, List.of());
    Diagnoser.StageCost costliest = floored.costliest();
    assertEquals("decodeAndResize", costliest.stage().stage());
    assertEquals(0.40, costliest.addedMs(), 1e-9);
    Diagnoser.StageCost read = floored.workingStages().get(0);
    assertEquals("read", read.stage().stage());
    assertEquals(0.33, read.addedMs(), 1e-9);
  }

  /** {@code s} with a CPU time of {@code ms} an example, the same for every element. */
  private static StageLatency withCpuPerExample(StageLatency s, double ms) {
    double perElement = Math.max(1, s.examplesPerElement()) * ms;
    return new StageLatency(s.info(), s.position(), s.firstMs(), s.latency(),
        new LatencyStats(100, perElement, perElement, perElement, perElement, perElement),
        s.examplesPerElement(), s.sequential());
  }

  @Test
  void aSequentialMapWhoseWallTimeSpikesButWhoseCpuTimeIsEvenIsTheFewCoresRowNotAStall() {
    // p99 80 ms of wall time: other processes took the cores; every element cost about 3 ms of CPU.
    List<StageChain.Link> links = photoPipeline(true, false, 1000, true);
    List<Finding> found = diagnoser(latencies(links, 80, 1.5, null), CACHED_EPOCHS, WAITS,
        links, List.of()).findings();
    assertEquals(Diagnoser.FEW_CORES, found.get(0).symptom(), found.toString());
    assertEquals("decodeAndResize", found.get(0).stage());
    assertTrue(found.get(0).evidence().contains("of its prefix's CPU time per example (3.000 of"
        + " 3.200 ms)"), found.get(0).evidence());
    assertEquals(1, found.stream().filter(f -> f.stage().equals("decodeAndResize")).count());
  }

  @Test
  void aSequentialMapWhoseCpuTimeSpikesToo() {
    // A few elements cost far more CPU than the rest (p99 20 times the mean, 64 ms): its own
    // stalls, as a hash over a whole record every 16 reads makes.
    List<StageChain.Link> links = photoPipeline(true, false, 1000, true);
    Finding f = diagnoser(latencies(links, 80, 20, null), CACHED_EPOCHS, WAITS, links,
        List.of()).findings().get(0);
    assertEquals(Diagnoser.STALLS_IN_BURSTS, f.symptom());
    assertEquals("decodeAndResize", f.stage());
  }

  @Test
  void aStallThatOnlyTheCpuTimeShowsIsQuotedInCpuTime() {
    // A busy machine: the wall time's median rose to 20 ms, so a p99 of 30 ms is not spiky; the
    // CPU time, p99 20 times its mean of 3.2 ms, still shows the stage's own stalls.
    List<StageChain.Link> links = photoPipeline(true, false, 1000, true);
    Finding f = diagnoser(latencies(links, 30, 20, java.util.Map.of("decodeAndResize", 20.0)),
        CACHED_EPOCHS, WAITS, links, List.of()).findings().get(0);
    assertEquals(Diagnoser.STALLS_IN_BURSTS, f.symptom());
    assertEquals("'decodeAndResize' runs one element at a time, and its CPU time per element is"
        + " spiky: mean 3.20 ms, p99 64 ms, max 64 ms (its latency: median 20.00 ms, p99 30.0 ms)",
        f.evidence());
    assertTrue(f.fix().startsWith("read in parallel, so slow reads overlap"), f.fix());
  }

  @Test
  void epochsAsSlowAsTheFirstWithTheCacheBeforeTheMapSayMoveTheCache() {
    List<EpochStats> recomputed = List.of(new EpochStats(1, 2048, 6.0, 0, 0, List.of()),
        new EpochStats(2, 2048, 5.8, 0, 6, List.of()));
    List<Finding> found = findings(photoPipeline(false, true, 1000, true), 4, recomputed);
    assertEquals(1, found.size(), found.toString());
    assertEquals("cache-before-expensive-map", found.get(0).rule());
    assertEquals(Diagnoser.EPOCHS_IDENTICAL, found.get(0).symptom());
    assertEquals("move @Cache 'cache' after @Map 'decodeAndResize'", found.get(0).fix());
  }

  @Test
  void withoutACacheEpochsAsSlowAsTheFirstSayAddOne() {
    List<StageChain.Link> links = new ArrayList<>(photoPipeline(false, false, 1000, true));
    links.removeIf(l -> l.name().equals("cache"));
    List<EpochStats> same = List.of(new EpochStats(1, 2048, 6.0, 0, 0, List.of()),
        new EpochStats(2, 2048, 5.9, 0, 6, List.of()));
    Finding f = findings(links, 4, same).get(0);
    assertEquals("healthy-order", f.rule());
    assertTrue(f.fix().startsWith("add a @Cache after @Map 'decodeAndResize'"), f.fix());
    assertEquals(List.of(), findings(links, 4, CACHED_EPOCHS), "epoch 2 much faster: nothing to add");
  }

  @Test
  void aSecondEpochSlowerThanTheFirstIsACacheThatDoesNotFit() {
    List<EpochStats> slower = List.of(new EpochStats(1, 2048, 6.0, 0, 0, List.of()),
        new EpochStats(2, 2048, 8.0, 0, 6, List.of()));
    Finding f = findings(photoPipeline(false, false, 1000, true), 4, slower).get(0);
    assertEquals("cache", f.stage());
    List<EpochStats> stalledAtStart = List.of(new EpochStats(1, 2048, 6.0, 0, 0, List.of()),
        new EpochStats(2, 2048, 8.0, 7.5, 6, List.of()));
    assertEquals(List.of(), findings(photoPipeline(false, false, 1000, true), 4, stalledAtStart),
        "a one-time stall before epoch 2's first element is not a cache that does not fit");
    assertEquals("cache-exceeds-ram", f.rule());
  }

  @Test
  void memoryThatStillClimbsThroughEpochTwoNamesTheCache() {
    List<StageChain.Link> links = photoPipeline(false, false, 1000, true);
    List<MemorySample> climbing = List.of(new MemorySample(5, 900),
        new MemorySample(6.1, 1000), new MemorySample(6.2, 1400));
    List<Finding> found = diagnoser(latencies(links, 4), CACHED_EPOCHS, WAITS, links, climbing)
        .findings();
    assertEquals(1, found.size(), found.toString());
    assertEquals("cache", found.get(0).stage());
    assertEquals(Diagnoser.RAM_CLIMBS, found.get(0).symptom());
    assertEquals("cache-exceeds-ram", found.get(0).rule());

    List<MemorySample> flat = List.of(new MemorySample(6.1, 1400),
        new MemorySample(6.2, 1410));
    assertEquals(List.of(), diagnoser(latencies(links, 4), CACHED_EPOCHS, WAITS, links, flat)
        .findings());
  }

  @Test
  void noPrefetchAtTheEndNamesTheLastStage() {
    Finding f = findings(photoPipeline(false, false, 1000, false), 4, CACHED_EPOCHS).get(0);
    assertEquals("batch", f.stage());
    assertEquals("terminal-prefetch-autotune", f.rule());
    assertEquals("add `@Prefetch(AUTO)` after 'batch'", f.fix());
  }

  @Test
  void aShuffleBufferSmallerThanTheBatchIsTooSmall() {
    Finding f = findings(photoPipeline(false, false, 2, true), 4, CACHED_EPOCHS).get(0);
    assertEquals("shuffle", f.stage());
    assertEquals("shuffle-buffer-too-small", f.rule());
    assertEquals("@Shuffle(buffer = 1000) on 'shuffle'", f.fix());
  }
}

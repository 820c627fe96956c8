package dev.feedline.benchmarks.limit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The arithmetic of the tables and text report: what a run printed, and the ratios of rounds. */
class LimitResultTest {
  private static LimitResult run(String variant, String rates, String cpu) {
    return run(variant, rates, cpu, cpu.replaceAll("[^,]+", "0"));
  }

  private static LimitResult run(String variant, String rates, String cpu, String jit) {
    return run(variant, rates, cpu, jit, cpu.replaceAll("[^,]+", "0"));
  }

  private static LimitResult run(String variant, String rates, String cpu, String jit,
      String kernel) {
    return LimitResult.parse("RESULT variant=" + variant + " rows=1000 cores=2 build_s=0.500"
        + " rates=" + rates + " cpu_s=" + cpu + " jit_s=" + jit + " sys_s=" + kernel, 2);
  }

  @Test
  void aRunsLineGivesItsEpochOneCachedEpochsAndCpuPerRow() {
    LimitResult result = run("table-generated", "100.0,400.0,200.0", "2.5,1,1");
    assertEquals(Variant.TABLE_GENERATED, result.variant());
    assertEquals(100.0, result.firstEpoch());
    // 2,000 rows in 2.5 + 5 s: the time of all cached epochs, not the mean of their rates (300).
    assertEquals(2000 / 7.5, result.cachedEpochs(), 1e-9);
    assertEquals(2500.0, result.firstEpochCpuMicros(), 1e-9);
    assertEquals(0.5, result.buildSeconds());
  }

  @Test
  void theWorkARowLeavesOutTheJitsCompilingOfItsEpoch() {
    LimitResult result = run("table-generated", "100.0,400.0", "2.5,1", "0.75,0.25");
    assertEquals(2500.0, result.firstEpochCpuMicros(), 1e-9);
    assertEquals(1750.0, result.firstEpochCpuMicrosWithoutJit(), 1e-9);
  }

  @Test
  void theOwnWorkARowLeavesOutTheKernelsTimeToo() {
    LimitResult result = run("table-generated", "100.0,400.0", "2.5,1", "0.75,0.25", "0.5,0.1");
    assertEquals(500.0, result.firstEpochKernelMicros(), 1e-9);
    assertEquals(1250.0, result.firstEpochUserMicrosWithoutJit(), 1e-9);
  }

  @Test
  void cachedEpochsCpuARowIsOverAllOfThemAndLeavesOutTheirJitTime() {
    LimitResult result = run("table-generated", "100.0,400.0,400.0", "2.5,1.0,0.5",
        "0.75,0.25,0.05");
    assertEquals(750.0, result.cachedCpuMicros(), 1e-9, "1.5 s over 2,000 rows");
    assertEquals(600.0, result.cachedCpuMicrosWithoutJit(), 1e-9, "less 0.3 s of compiling");
  }

  @Test
  void theRatioIsTheMedianOfEachRoundsOwnRatio() {
    List<LimitResult> rounds = List.of(
        run("table-generated", "90,1", "1,1"), run("table-hand-written", "100,1", "1,1"),
        run("table-generated", "50,1", "1,1"), run("table-hand-written", "40,1", "1,1"),
        run("table-generated", "300,1", "1,1"), run("table-hand-written", "310,1", "1,1"));
    // Rounds: 0.9, 1.25, 0.968; the ratio of the medians would be 90 / 100 = 0.9.
    assertEquals(300.0 / 310, LimitBenchmark.ratio(rounds, Variant.TABLE_GENERATED,
        Variant.TABLE_HAND_WRITTEN, LimitResult::firstEpoch), 1e-9);
    assertEquals(90.0, LimitBenchmark.median(rounds, Variant.TABLE_GENERATED,
        LimitResult::firstEpoch));
  }

  @Test
  void theShareOfTheCoreLimitIsTheMedianOfEachRoundsOwnShare() {
    List<LimitResult> everyCore = List.of(run("table-generated", "180,1", "1,1"),
        run("table-hand-written", "1,1", "1,1"), run("table-generated", "150,1", "1,1"),
        run("table-generated", "120,1", "1,1"));
    List<LimitResult> oneCore = List.of(run("table-generated", "100,1", "1,1"),
        run("table-generated", "150,1", "1,1"), run("table-generated", "60,1", "1,1"));
    // Rounds: 1.8, 1.0, 2.0 times the one-core rate; the ratio of the medians would be 150 / 100.
    assertEquals(1.8, LimitBenchmark.paired(everyCore, oneCore, Variant.TABLE_GENERATED,
        LimitResult::firstEpoch), 1e-9);
  }
}

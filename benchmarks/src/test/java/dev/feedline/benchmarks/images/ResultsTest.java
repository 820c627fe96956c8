package dev.feedline.benchmarks.images;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.benchmarks.startup.Startup;
import dev.feedline.benchmarks.text.TextBatching;
import dev.feedline.example.SpellingModel;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The numbers the benchmark derives from its runs, on runs made up for the purpose. */
class ResultsTest {
  private static Measurement run(Variant variant, int cores, String rates, String waits) {
    return run(variant, cores, rates, waits, "1.500");
  }

  private static Measurement run(Variant variant, int cores, String rates, String waits,
      String firstBatch) {
    return Measurement.parse("RESULT variant=" + variant.id() + " images=1024 rates=" + rates
        + " waits=" + waits + " epoch_first_batch_s=0.5 rss_mib=990.0,1000.0 cpu_s=2.048,0.2 sys_s=0.512,0.01 faults=90000.0,2500.0 first_batch_s=" + firstBatch
        + " cpu_utilization=0.800 cores=2 peak_rss_mib=1000.0 wall_s=3.00 allocator=GLIBC", cores);
  }

  private static final Machine MACHINE = new Machine("Some CPU", 2, 8L << 30, "TensorFlow 2.18.0",
      "oneDNN off", "glibc malloc", List.of(1.0, 3.0));

  @Test
  void aResultLineIsReadBack() {
    Measurement m = run(Variant.GENERATED, 2, "1000.0,10000.0,10000.0,10000.0", "0.5,0.7,0.05,0.03");
    assertEquals(Variant.GENERATED, m.variant());
    assertEquals(1000, m.firstEpoch());
    assertEquals(10000, m.laterEpochs());
    assertEquals(4 / (1 / 1000.0 + 3 / 10000.0), m.overall(), 1e-9, "images over time, not a mean of rates");
    assertEquals(0.04, m.steadyWait(), 1e-9, "epochs 3 and 4: the stall in epoch 2 is apart");
    assertEquals(1.5, m.firstBatchSeconds());
    assertEquals(1000, m.epochRssMib()[1]);
    assertEquals(2.0, m.firstEpochCpuMsPerImage(), 1e-9, "2.048 s of CPU over 1,024 images");
    assertEquals(0.5, m.firstEpochKernelMsPerImage(), 1e-9, "0.512 s of it the kernel's");
    assertEquals("GLIBC", m.allocator());
    assertEquals(10000, m.epochTwo());
    assertEquals(2500, m.epochTwoFreshPages(), "pages epoch 2 touched first");
    Measurement uneven = run(Variant.GENERATED, 2, "1000.0,8000.0,10000.0,12000.0", "");
    assertEquals(8000, uneven.epochTwo());
    assertEquals(11000, uneven.afterEpochTwo(), 1e-9, "epochs 3 and 4: epoch 2 is apart");
    assertEquals(10000, uneven.laterEpochs(), 1e-9);
  }

  /** A run of 1,024 images a epoch, with the CPU seconds each epoch took. */
  private static Measurement cpuRun(Variant variant, int cores, String rates, String cpu) {
    return Measurement.parse("RESULT variant=" + variant.id() + " images=1024 rates=" + rates
        + " waits= cpu_s=" + cpu + " first_batch_s=1.0 cpu_utilization=0.850 peak_rss_mib=600.0"
        + " wall_s=3.00", cores);
  }

  /**
   * Three rounds: the sequential pipeline on one core (median 400 img/s, 1.0 ms of CPU an image),
   * on both cores at once (median 780 together), the generated pipeline on both (median 720, 1.4
   * ms an image), and the hand-written one on both (median 760, 1.2 ms an image).
   */
  private static final CoreLimit CORE_LIMIT = new CoreLimit(2,
      List.of(cpuRun(Variant.NAIVE, 1, "380.0,380.0", "1.024,1.024"),
          cpuRun(Variant.NAIVE, 1, "400.0,400.0", "1.024,1.024"),
          cpuRun(Variant.NAIVE, 1, "420.0,420.0", "1.024,1.024")),
      List.of(List.of(cpuRun(Variant.NAIVE, 1, "390.0,390.0", "1.024,1.024"),
              cpuRun(Variant.NAIVE, 1, "390.0,390.0", "1.024,1.024")),
          List.of(cpuRun(Variant.NAIVE, 1, "300.0,300.0", "1.024,1.024"),
              cpuRun(Variant.NAIVE, 1, "420.0,420.0", "1.024,1.024")),
          List.of(cpuRun(Variant.NAIVE, 1, "400.0,400.0", "1.024,1.024"),
              cpuRun(Variant.NAIVE, 1, "400.0,400.0", "1.024,1.024"))),
      List.of(cpuRun(Variant.STREAMING, 2, "700.0,700.0", "1.4336,1.4336"),
          cpuRun(Variant.STREAMING, 2, "720.0,720.0", "1.4336,1.4336"),
          cpuRun(Variant.STREAMING, 2, "900.0,600.0", "1.2288,1.6384")),
      List.of(cpuRun(Variant.HAND_WRITTEN_STREAMING, 2, "760.0,760.0", "1.2288,1.2288"),
          cpuRun(Variant.HAND_WRITTEN_STREAMING, 2, "740.0,740.0", "1.2288,1.2288"),
          cpuRun(Variant.HAND_WRITTEN_STREAMING, 2, "800.0,800.0", "1.2288,1.2288")));

  @Test
  void parallelEfficiencyIsMeasuredAgainstTheLimitAndAgainstTheMachine() {
    assertEquals(400, CORE_LIMIT.oneThreadRate(), 1e-9);
    assertEquals(780, CORE_LIMIT.onePerCoreRate(), 1e-9, "the rounds' sums: 780, 720, 800");
    assertEquals(720, CORE_LIMIT.streamingRate(), 1e-9, "900 and 600 over 2 epochs: 720");
    assertEquals(0.9, CORE_LIMIT.efficiency(), 1e-9);
    assertEquals(0.975, CORE_LIMIT.machineScaling(), 1e-9);
    assertEquals(720 / 780.0, CORE_LIMIT.efficiencyOfMachine(), 1e-9);
    assertEquals(0.95, CORE_LIMIT.handWrittenEfficiency(), 1e-9);
    assertEquals(1.4, CORE_LIMIT.cpuPerImageRatio(CORE_LIMIT.streaming()), 1e-9);
    assertEquals(1.2, CORE_LIMIT.cpuPerImageRatio(CORE_LIMIT.handWritten()), 1e-9);
    assertEquals("Parallel efficiency, 3 alternated rounds (medians): the per-element work (parse,"
        + " decode, resize) ran 400 img/s on one thread (the sequential pipeline on one core), so"
        + " the limit on 2 cores is 800; the generated pipeline without cache ran 720 img/s:"
        + " efficiency 0.90. The sequential pipeline on every core at once, one process a core,"
        + " ran 780 img/s: the machine gives 0.98 of the limit, and the generated pipeline reaches"
        + " 0.92 of that. It took 1.40 times the CPU an image of the sequential pipeline and kept"
        + " 85% of the cores busy. The hand-written pipeline without its cache: efficiency 0.95,"
        + " 1.20 times the CPU an image, 85% of the cores busy.\n\n", CORE_LIMIT.markdown());
    CoreLimit unpinned = new CoreLimit(2, CORE_LIMIT.oneThread(), List.of(),
        CORE_LIMIT.streaming(), CORE_LIMIT.handWritten());
    assertTrue(Double.isNaN(unpinned.machineScaling()), "no runs at once without taskset");
    assertFalse(unpinned.markdown().contains("at once"), unpinned.markdown());
  }

  @Test
  void theSummaryComparesMediansAndKeepsItsKeysInOrder() {
    List<Measurement> table = List.of(
        run(Variant.GENERATED, 2, "900.0,9000.0", ""),
        run(Variant.HAND_WRITTEN, 2, "1000.0,10000.0", ""),
        run(Variant.GENERATED, 2, "1100.0,11000.0", ""),
        run(Variant.HAND_WRITTEN, 2, "1000.0,10000.0", ""),
        run(Variant.GENERATED, 2, "1000.0,10000.0", ""),
        run(Variant.HAND_WRITTEN, 2, "1000.0,10000.0", ""),
        run(Variant.FRAMEWORK, 2, "800.0,800.0", "", "1.200"),
        run(Variant.NAIVE, 2, "909.090909,909.090909", ""));
    Results results = new Results(ImageBenchmark.Plan.QUICK, 2, MACHINE, table, CORE_LIMIT,
        List.of(run(Variant.GENERATED, 2, "1000.0,10000.0,10000.0", "0.4,0.5,0.03")),
        List.of(new Results.AllocatorRun("oneDNN off, glibc malloc",
            run(Variant.GENERATED, 2, "700.0,1400.0", ""))),
        List.of(run(Variant.CANDIDATE_FUSED, 2, "1200.0,9000.0", ""),
            run(Variant.CANDIDATE_FUSED, 2, "1000.0,9000.0", "")),
        List.of(), List.of(run(Variant.SCALED_DECODE, 2, "300.0,300.0", ""),
            run(Variant.HAND_WRITTEN_FULL_DECODE, 2, "250.0,250.0", "")),
        new Startup(List.of(new Startup.Run(10_000, 0.40, 0.30), new Startup.Run(1_000_000, 0.50, 0.31),
            new Startup.Run(10_000, 0.42, 0.30), new Startup.Run(1_000_000, 0.46, 0.33),
            new Startup.Run(10_000, 0.38, 0.29), new Startup.Run(1_000_000, 0.48, 0.32))),
        new TextBatching(SpellingModel.FEED_FORWARD,
            List.of(new TextBatching.Round(900, 0.06, 1000, 0.46),
            new TextBatching.Round(1200, 0.06, 1000, 0.46),
            new TextBatching.Round(500, 0.06, 1000, 0.46)), List.of(2.0, 3.0)), 10);

    // Working set: (1,024 photos cached + 1,000 in the shuffle buffer) × 150,544 B = 290.59 MiB.
    assertEquals("{\"generated_vs_handwritten\": 1.000, \"generated_vs_naive\": 2.000,"
        + " \"cached_vs_first_epoch\": 10.000, \"parallel_efficiency\": 0.900,"
        + " \"machine_scaling\": 0.975, \"parallel_efficiency_vs_machine\": 0.923,"
        + " \"handwritten_parallel_efficiency\": 0.950,"
        + " \"input_wait_fraction\": 0.030, \"optimized_vs_handwritten\": 1.200,"
        + " \"peak_rss_vs_working_set\": 3.441, \"cached_generated_vs_handwritten\": 1.000,"
        + " \"cached_spread\": 1.222, \"generated_vs_framework_epoch1\": 1.250,"
        + " \"first_batch_generated_vs_framework\": 1.250, \"startup_100x_vs_1x\": 1.200,"
        + " \"startup_100x_vs_1x_later\": 1.067, \"bucketed_vs_padded\": 0.900}",
        results.summaryLine());
    String md = results.markdown();
    assertTrue(md.startsWith("Machine: Some CPU, 2 cores, 8.0 GiB; TensorFlow 2.18.0; oneDNN off;"
        + " allocator: glibc malloc; load average 1.0 to 3.0 on 2 cores during the runs."), md);
    assertTrue(md.contains("| generated | 1,000 | 10,000 |"), md);
    assertTrue(md.contains("| generated | 9,000 | 10,000 | 11,000 | 1.22 | 9,000, 11,000, 10,000 |"), md);
    assertTrue(md.contains("| variant | epoch 2 img/s | epoch 2 fresh pages | epochs 3+ img/s |\n"
        + "|---|---:|---:|---:|\n| generated | 10,000 | 2,500 | — |\n"
        + "| hand-written | 10,000 | 2,500 | — |\n"), md);
    assertTrue(md.contains("| oneDNN off, glibc malloc | GLIBC | 1,000 | 990, 1,000 | 3.44 | 700 | 1,400 |"), md);
    assertTrue(md.contains("| candidate-fused | One parallel map parses and decodes | 1,100 |"
        + " 1,200, 1,000 | 2.00 | 0.50 | 9,000 | 1,000 |"), md);
    assertTrue(md.contains("| 1,000,000 | 100 | 0.480 | 0.320 |"), md);
    assertTrue(results.json().contains("{\"records\": 1000000, \"first_run_s\": 0.5000,"
        + " \"again_s\": 0.3100}"), results.json());
    assertTrue(results.json().contains("\"machine\": {\"cpu\": \"Some CPU\""), results.json());
  }
}

package dev.feedline.benchmarks.images;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.benchmarks.startup.Startup;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The numbers the benchmark derives from its runs, on runs made up for the purpose. */
class ResultsTest {
  private static Measurement run(Variant variant, int cores, String rates, String waits) {
    return Measurement.parse("RESULT variant=" + variant.id() + " images=1024 rates=" + rates
        + " waits=" + waits + " epoch_first_batch_s=0.5 first_batch_s=1.500"
        + " cpu_utilization=0.800 cores=2 peak_rss_mib=1000.0 wall_s=3.00", cores);
  }

  @Test
  void aResultLineIsReadBack() {
    Measurement m = run(Variant.GENERATED, 2, "1000.0,10000.0,10000.0,10000.0", "0.5,0.7,0.05,0.03");
    assertEquals(Variant.GENERATED, m.variant());
    assertEquals(1000, m.firstEpoch());
    assertEquals(10000, m.laterEpochs());
    assertEquals(4 / (1 / 1000.0 + 3 / 10000.0), m.overall(), 1e-9, "images over time, not a mean of rates");
    assertEquals(0.04, m.steadyWait(), 1e-9, "epochs 3 and 4: the stall in epoch 2 is apart");
    assertEquals(1.5, m.firstBatchSeconds());
  }

  @Test
  void theSummaryComparesMediansAndEndsWithItsEightKeys() {
    List<Measurement> table = List.of(
        run(Variant.GENERATED, 2, "900.0,9000.0", ""),
        run(Variant.HAND_WRITTEN, 2, "1000.0,10000.0", ""),
        run(Variant.GENERATED, 2, "1100.0,11000.0", ""),
        run(Variant.HAND_WRITTEN, 2, "1000.0,10000.0", ""),
        run(Variant.GENERATED, 2, "1000.0,10000.0", ""),
        run(Variant.HAND_WRITTEN, 2, "1000.0,10000.0", ""),
        run(Variant.NAIVE, 2, "909.090909,909.090909", ""));
    Results results = new Results(ImageBenchmark.Plan.QUICK, 2, table,
        run(Variant.NAIVE, 1, "400.0,400.0", ""), run(Variant.STREAMING, 2, "720.0,720.0", ""),
        List.of(run(Variant.GENERATED, 2, "1000.0,10000.0,10000.0", "0.4,0.5,0.03")),
        List.of(), List.of(run(Variant.SCALED_DECODE, 2, "300.0,300.0", ""),
            run(Variant.HAND_WRITTEN_FULL_DECODE, 2, "250.0,250.0", "")),
        new Startup(List.of(new Startup.Run(10_000, 0.40, 0.30), new Startup.Run(1_000_000, 0.50, 0.31),
            new Startup.Run(10_000, 0.42, 0.30), new Startup.Run(1_000_000, 0.46, 0.33),
            new Startup.Run(10_000, 0.38, 0.29), new Startup.Run(1_000_000, 0.48, 0.32))), 10);

    assertEquals("{\"generated_vs_handwritten\": 1.000, \"generated_vs_naive\": 2.000,"
        + " \"cached_vs_first_epoch\": 10.000, \"parallel_efficiency\": 0.900,"
        + " \"input_wait_fraction\": 0.030, \"optimized_vs_handwritten\": 1.200,"
        + " \"startup_100x_vs_1x\": 1.200, \"startup_100x_vs_1x_later\": 1.067}",
        results.summaryLine());
    assertTrue(results.markdown().contains("| generated | 1,000 | 10,000 |"), results.markdown());
    assertTrue(results.markdown().contains("| 1,000,000 | 100 | 0.480 | 0.320 |"), results.markdown());
    assertTrue(results.json().contains("{\"records\": 1000000, \"first_run_s\": 0.5000,"
        + " \"again_s\": 0.3100}"), results.json());
  }
}

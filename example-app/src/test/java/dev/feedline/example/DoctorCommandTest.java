package dev.feedline.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code ./feedline doctor} on the example pipeline and on each broken variant: it names the stage
 * and the fix; on the healthy one, nothing. The HTML report is rendered in headless Chromium.
 */
class DoctorCommandTest {
  @TempDir static Path dir;

  private record Run(int status, List<String> out, String err) {
    String json() {
      return out.get(out.size() - 1);
    }
  }

  @BeforeAll
  static void writeData() throws IOException {
    new PhotoDataset(42).write(dir.resolve("data"), 256, 8);
  }

  /** The command on the test's photos, timing 128 examples a stage, 6 steps an epoch unless told. */
  private static Run doctor(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Stream<String> steps = List.of(args).contains("--steps") ? Stream.of() : Stream.of("--steps", "6");
    String[] all = Stream.concat(Stream.concat(Stream.of("--data", dir.resolve("data").toString(),
        "--examples", "128"), steps), Stream.of(args)).toArray(String[]::new);
    int status = DoctorCommand.run(all, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(status, out.toString(StandardCharsets.UTF_8).lines().toList(),
        err.toString(StandardCharsets.UTF_8));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "sequential-map   | decodeAndResize | map-not-parallel           | `parallel = AUTO` on @Map 'decodeAndResize'",
      "no-prefetch      | batch           | terminal-prefetch-autotune | add `@Prefetch(AUTO)` after 'batch'",
      "cache-before-map | decodeAndResize | cache-before-expensive-map | move @Cache 'cache' after @Map 'decodeAndResize'",
      "tiny-shuffle     | shuffle         | shuffle-buffer-too-small   | @Shuffle(buffer = 256) on 'shuffle'",
      "slow-source      | fetch           | map-not-parallel           | read in parallel, so slow reads overlap: `parallel = AUTO` on @Map 'fetch' and on the @Interleave",
  })
  void eachBrokenVariantGetsItsStageAndItsFix(String variant, String stage, String rule, String fix) {
    Run run = doctor("--variant", variant, "--report", dir.resolve(variant + ".html").toString());

    assertEquals(0, run.status(), run.err());
    String json = run.json();
    assertTrue(json.contains("\"bottleneck_stage\": \"" + stage + "\""), json);
    assertTrue(json.contains("\"suggestions\": [\"" + rule + "\""), json);
    assertTrue(json.contains(fix.replace("\"", "\\\"")), json);
    assertTrue(run.out().contains("  1. stage '" + stage + "' [feedline:" + rule + "]"), run.out().toString());
  }

  /**
   * The stand-in step of the healthy run, and its steps an epoch. The stages' costs are decided on
   * CPU time, which a busy machine does not blur; the training loop's wait is wall time by what it
   * is (the model's wait, on this machine), and a healthy pipeline's is the hand-over of a batch
   * already prefetched, which a busy machine slows: beside six busy threads on 2 cores, at load
   * averages of 17 to 20, 37 ms a step in one run and 50 ms or more in another, where a 1 s step
   * made that MODERATELY input-bound (5% and over). A 4 s step puts the line at 200 ms a step, four
   * times that; 4 steps an epoch (3 measured) instead of 6 hold the cost to some 20 s. The
   * command's default, 160 ms, leaves no such margin on a busy machine.
   */
  private static final String HEALTHY_STEP_MS = "4000";

  private static final String HEALTHY_STEPS = "4";

  @Test
  void theHealthyPipelineHasNoInputBottleneckAndItsReportDrawsItsPlots() throws Exception {
    Path report = dir.resolve("healthy.html");
    Run run = doctor("--report", report.toString(), "--step-ms", HEALTHY_STEP_MS, "--steps",
        HEALTHY_STEPS);

    assertEquals(0, run.status(), run.err());
    assertEquals("{\"pipeline\": \"PhotoPipeline\", \"bottleneck_stage\": null, \"input_bound\": \"NOT\"",
        run.json().substring(0, run.json().indexOf(", \"input_wait\"")));
    assertTrue(run.json().endsWith("\"suggestions\": [], \"fixes\": []}"), run.json());
    assertTrue(run.out().contains("  none: no stage starves the model; the costliest stage is"
        + " 'decodeAndResize'"), run.out().toString());
    assertTrue(run.err().contains("timing stage 8 of 8, 'prefetch', element by element (pass 2 of"
        + " 2)"), "progress: " + run.err());
    // The loop alone, 4,096 fetches over a range, spans many of the JVM's 10 ms CPU clock ticks.
    Matcher floor = Pattern.compile("the timing loop alone, over a range: ([0-9.]+) ms, ([0-9.]+)"
        + " cpu ms an element").matcher(String.join("\n", run.out()));
    assertTrue(floor.find(), run.out().toString());
    assertTrue(Double.parseDouble(floor.group(1)) > 0 && Double.parseDouble(floor.group(2)) > 0,
        floor.group());

    String dom = renderedDom(report);
    assertTrue(dom.contains("data-plots=\"drawn\""), "the page's script ran to its end");
    for (String plot : List.of("latency", "throughput", "memory")) {
      Matcher svg = Pattern.compile("<svg id=\"" + plot + "\"[^>]*data-marks=\"(\\d+)\"[^>]*>(.*?)</svg>",
          Pattern.DOTALL).matcher(dom);
      assertTrue(svg.find(), plot + " plot in " + dom);
      assertTrue(Integer.parseInt(svg.group(1)) > 0, plot + " has marks");
      assertTrue(svg.group(2).contains(plot.equals("latency") ? "<rect" : "<path"), plot);
    }
    // 8 stages, 3 bars each
    Matcher bars = Pattern.compile("<rect ").matcher(dom.substring(dom.indexOf("id=\"latency\"")));
    int count = 0;
    while (bars.find()) {
      count++;
    }
    assertEquals(24, count);
  }

  @Test
  void anUnknownVariantIsAUsageError() {
    Run run = doctor("--variant", "broken");
    assertEquals(2, run.status());
    assertTrue(run.err().startsWith("error: unknown variant broken; one of healthy, sequential-map,"
        + " no-prefetch, cache-before-map, tiny-shuffle, slow-source"), run.err());
  }

  /** The report's DOM after headless Chromium ran its script; skips the test without Chromium. */
  private static String renderedDom(Path report) throws IOException, InterruptedException {
    Optional<String> chromium = Stream.of("chromium", "chromium-browser", "google-chrome")
        .filter(DoctorCommandTest::onPath).findFirst();
    assumeTrue(chromium.isPresent(), "no Chromium on PATH: .ci/run installs Debian's chromium"
        + " package; on another machine, apt-get install chromium");
    Process process = new ProcessBuilder(chromium.get(), "--headless", "--no-sandbox",
        "--disable-gpu", "--virtual-time-budget=5000", "--dump-dom", report.toUri().toString())
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String dom = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(120, TimeUnit.SECONDS), "Chromium finished");
    return dom;
  }

  private static boolean onPath(String command) {
    return Stream.of(System.getenv().getOrDefault("PATH", "").split(":"))
        .anyMatch(d -> Files.isExecutable(Path.of(d, command)));
  }
}

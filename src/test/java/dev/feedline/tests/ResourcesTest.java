package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.feedline.tests.support.ResidentMemoryProbe;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No native memory growth: many epochs, and many pipelines built and closed, keep the resident
 * set within a bound. Each runs in a JVM whose heap is capped at 64 MiB, so that the growth
 * measured is native memory, not the Java heap expanding. A reduced run; {@code ./feedline soak}
 * is the full one, with its curve in docs/reliability.md.
 */
class ResourcesTest {
  private static final long MIB = 1 << 20;

  @TempDir Path dir;

  @BeforeEach
  void linux() {
    assumeTrue(Files.exists(Path.of("/proc/self/status")), "resident memory is read from Linux's /proc");
  }

  /** Runs the probe; returns the resident memory it printed after the warm-up and at the end. */
  private Map<String, Long> probe(String mode, int warmUp, int count)
      throws IOException, InterruptedException {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process process = new ProcessBuilder(java.toString(), "-Xmx64m",
        "-cp", System.getProperty("java.class.path"), ResidentMemoryProbe.class.getName(),
        mode, dir.toString(), String.valueOf(warmUp), String.valueOf(count))
        .redirectError(ProcessBuilder.Redirect.DISCARD)
        .start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(5, TimeUnit.MINUTES), "the probe did not finish");
    assertEquals(0, process.exitValue(), out);
    Map<String, Long> samples = new HashMap<>();
    for (String line : out.lines().toList()) {
      List<String> words = List.of(line.split(" "));
      if (words.size() == 2 && words.get(1).matches("\\d+")) {
        samples.put(words.get(0), Long.parseLong(words.get(1)));
      }
    }
    assertEquals(2, samples.size(), out);
    return samples;
  }

  @Test
  void manyEpochsDoNotGrowResidentMemory() throws Exception {
    // A bare TensorFlow Java loop (MakeIterator, GetNext) grows about 4.4 KiB per epoch by itself:
    // 4.3 MiB here. Measured, and the curve of a long run, in docs/reliability.md.
    Map<String, Long> rss = probe("epochs", 500, 1000);
    long growth = rss.get("end") - rss.get("warm");
    assertTrue(growth < 16 * MIB, "1000 epochs grew resident memory by " + growth / MIB + " MiB");
  }

  @Test
  void buildingAndClosingPipelinesDoesNotGrowResidentMemory() throws Exception {
    // Measured: 6 to 10 MiB; leaving each pipeline's Graph open instead grows it by 46 MiB.
    Map<String, Long> rss = probe("cycles", 100, 200);
    long growth = rss.get("end") - rss.get("warm");
    assertTrue(growth < 30 * MIB, "200 build/close cycles grew resident memory by " + growth / MIB + " MiB");
  }
}

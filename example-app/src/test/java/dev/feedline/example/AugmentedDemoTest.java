package dev.feedline.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./feedline demo --augment --seed S}: per epoch, a checksum of all the batches' bytes, the
 * same in every run with the same seed, on all cores or on one, and another for another epoch or
 * another seed.
 */
class AugmentedDemoTest {
  private static final Pattern CHECKSUM = Pattern.compile("Epoch (\\d) checksum: ([0-9a-f]{8})");

  @TempDir static Path data;

  @BeforeAll
  static void photos() throws IOException {
    new PhotoDataset(42).write(data, 64, 2);
  }

  private static List<String> args(long seed) {
    return List.of("--data", data.toString(), "--epochs", "2", "--augment", "--seed",
        String.valueOf(seed));
  }

  /** The checksum lines of a run, in order, after checking that it succeeded. */
  private static List<String> checksums(int status, String out, String err) {
    assertEquals(0, status, err);
    List<String> sums = new ArrayList<>();
    out.lines().map(CHECKSUM::matcher).filter(Matcher::matches).forEach(m -> {
      assertEquals(String.valueOf(sums.size() + 1), m.group(1), out);
      sums.add(m.group(2));
    });
    assertEquals(2, sums.size(), out);
    return sums;
  }

  private static List<String> inProcess(List<String> args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = Demo.run(args.toArray(String[]::new),
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return checksums(status, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  /** A process's exit status, -1 when it could not start, and its output or why it did not. */
  private record Exec(int status, String out) {}

  private static Exec exec(List<String> command) throws InterruptedException {
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(process.waitFor(5, TimeUnit.MINUTES), "ended: " + command);
      return new Exec(process.exitValue(), out);
    } catch (IOException e) {
      return new Exec(-1, e.getMessage());
    }
  }

  @Test
  void theSameSeedPrintsTheSameChecksumsAndAnotherSeedOthers() {
    List<String> seven = inProcess(args(7));
    assertNotEquals(seven.get(0), seven.get(1), "epochs differ");
    assertEquals(seven, inProcess(args(7)), "a second run");
    List<String> eight = inProcess(args(8));
    assertNotEquals(seven.get(0), eight.get(0), "another seed");
    assertNotEquals(seven.get(1), eight.get(1), "another seed");
  }

  /**
   * The demo in a JVM of its own pinned to one core with {@code taskset -c 0}: TensorFlow sizes
   * its thread pools and the autotuner its parallelism from the cores it may use, so the run
   * differs in every way but its bytes.
   */
  @Test
  void oneCorePrintsWhatAllCoresPrint() throws InterruptedException {
    Exec pinned = exec(List.of("taskset", "-c", "0", "nproc"));
    assumeTrue(pinned.status() == 0, "taskset (util-linux) cannot pin a process to core 0 here ("
        + pinned.out().strip() + "), so the run on one core is not checked");
    assertEquals("1", pinned.out().strip(), "nproc under taskset -c 0");
    List<String> command = new ArrayList<>(List.of("taskset", "-c", "0",
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), Demo.class.getName()));
    command.addAll(args(7));
    Exec run = exec(command);
    assertEquals(inProcess(args(7)), checksums(run.status(), run.out(), run.out()));
  }

  @Test
  void aSeedWithoutAugmentIsAUsageError() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = Demo.run(new String[] {"--data", data.toString(), "--seed", "7"},
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(2, status);
    assertEquals("error: --seed seeds the augmentation, which --augment turns on",
        err.toString(StandardCharsets.UTF_8).lines().findFirst().orElseThrow());
  }
}

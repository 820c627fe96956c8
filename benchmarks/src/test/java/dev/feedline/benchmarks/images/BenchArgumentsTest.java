package dev.feedline.benchmarks.images;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Issue 15: {@code bench} ignored unknown arguments and then started its full run. */
class BenchArgumentsTest {
  private static String refused(String... args) {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = ImageBenchmark.run(args, new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(2, status);
    return err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void anUnknownArgumentIsRefusedBeforeTheRunStarts() {
    assertEquals("error: unknown option --quik\nusage: ./feedline bench [--quick] [--candidates] [--tables] [--text] [--shuffle]\n",
        refused("--quik"));
    assertEquals("error: unexpected argument fast\nusage: ./feedline bench [--quick] [--candidates] [--tables] [--text] [--shuffle]\n",
        refused("--quick", "fast"));
  }
}

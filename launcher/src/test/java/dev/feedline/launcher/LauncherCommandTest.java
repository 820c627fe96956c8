package dev.feedline.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.feedline.runtime.FeedlineException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import org.junit.jupiter.api.Test;

/** One error path: usage errors exit 2 before any work, failures exit 1, each with one line. */
class LauncherCommandTest {
  private static final CommandSpec SPEC =
      CommandSpec.of("usage: ./feedline test [--epochs N]").option("epochs", "1");

  private record Run(int status, String err, boolean worked) {}

  private static Run run(LauncherCommand.Work work, String... args) {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    boolean[] worked = {false};
    int status = LauncherCommand.run(args, SPEC, new PrintStream(err, true, StandardCharsets.UTF_8),
        options -> {
          options.positive("epochs");
          return () -> {
            worked[0] = true;
            work.run();
          };
        });
    return new Run(status, err.toString(StandardCharsets.UTF_8), worked[0]);
  }

  @Test
  void aBadArgumentIsOneLineAndTheUsageAndNothingRuns() {
    Run run = run(() -> { }, "--epochs", "-1");
    assertEquals(2, run.status());
    assertEquals("error: --epochs needs a positive whole number, not -1\n"
        + "usage: ./feedline test [--epochs N]\n", run.err());
    assertFalse(run.worked());
    assertEquals(2, run(() -> { }, "--bogus").status());
  }

  @Test
  void aFailureIsOneLineAndStatusOne() {
    assertEquals(new Run(0, "", true), run(() -> { }));
    assertEquals(new Run(1, "error: Pipeline P: bad record\n", true), run(() -> {
      throw new FeedlineException("P", null, null, "bad record", null);
    }));
    assertEquals(new Run(1, "error: /data/x.jpg: permission denied\n", true), run(() -> {
      throw new AccessDeniedException("/data/x.jpg");
    }));
    assertEquals(new Run(1, "error: no JPEG or PNG file in photos\n", true), run(() -> {
      throw new IllegalArgumentException("no JPEG or PNG file in photos");
    }));
  }

  @Test
  void aBugKeepsItsStackTrace() {
    assertThrows(NullPointerException.class, () -> run(() -> {
      throw new NullPointerException("a bug");
    }));
  }
}

package dev.feedline.tests.chaos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@code ./feedline chaos}: bad arguments are one line and status 2; one trial replays alone. */
class ChaosCommandTest {
  private record Run(int status, String out, String err) {}

  private static Run run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = ChaosCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(status, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void badArgumentsAreOneLineAndStatus2() {
    for (String[] args : new String[][] {
        {"--trials", "x"}, {"--seed", "1.5"}, {"--kill", "-1"}, {"--trials", "0", "--kills", "0", "--sources", "0"},
        {"--runs", "3"}, {"12"}}) {
      Run run = run(args);
      assertEquals(2, run.status(), String.join(" ", args));
      assertEquals("", run.out());
      assertTrue(run.err().startsWith("error: ") && run.err().endsWith(ChaosCommand.USAGE + "\n")
          && run.err().lines().count() == 2, run.err());
    }
    assertEquals("error: --trials needs a whole number of 0 or more, not x\n" + ChaosCommand.USAGE
        + "\n", run("--trials", "x").err());
  }

  @Test
  void oneTrialReplaysAloneAndPrintsItsOutcome() {
    Run run = run("--seed", "15", "--trial", "3");
    assertEquals(0, run.status(), run.err());
    assertTrue(run.out().startsWith("Chaos (trial), seed 15: 1 trials, 0 failed, "), run.out());
    assertEquals("", run.err());
  }
}

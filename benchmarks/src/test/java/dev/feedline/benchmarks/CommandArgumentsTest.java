package dev.feedline.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 15: soak and processor-cost threw NumberFormatException stack traces, ignored unknown
 * options and then started the full run, accepted {@code --epochs -1}, and a completed soak left
 * its data set in the temporary folder. Each bad argument is now one line and status 2, before
 * anything runs.
 */
class CommandArgumentsTest {
  @TempDir Path dir;

  private record Run(int status, String out, String err) {}

  private static Run run(BiFunction<PrintStream, PrintStream, Integer> command) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = command.apply(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private static void refused(Run run, String message, String usage) {
    assertEquals(2, run.status(), run.err());
    assertEquals("error: " + message + "\n" + usage + "\n", run.err());
    assertEquals("", run.out(), "nothing ran");
  }

  @Test
  void soakRefusesBadArgumentsBeforeItStarts() {
    String usage = "usage: ./feedline soak [--epochs N] [--cycles N] [--photos N] [--samples FILE]";
    refused(run((out, err) -> SoakBenchmark.run(new String[] {"--epochs", "x"}, out, err)),
        "--epochs needs a positive whole number, not x", usage);
    refused(run((out, err) -> SoakBenchmark.run(new String[] {"--epochs", "-1"}, out, err)),
        "--epochs needs a positive whole number, not -1", usage);
    refused(run((out, err) -> SoakBenchmark.run(new String[] {"--epoch", "3"}, out, err)),
        "unknown option --epoch", usage);
  }

  @Test
  void processorCostRefusesBadArgumentsBeforeItStarts() {
    String usage = "usage: ./feedline processor-cost [--pipelines N] [--runs N]";
    refused(run((out, err) -> ProcessorCostBenchmark.run(new String[] {"--pipelines", "-1"}, out,
        err)), "--pipelines needs a positive whole number, not -1", usage);
    refused(run((out, err) -> ProcessorCostBenchmark.run(new String[] {"--runs", "many"}, out,
        err)), "--runs needs a positive whole number, not many", usage);
    refused(run((out, err) -> ProcessorCostBenchmark.run(new String[] {"--quick"}, out, err)),
        "unknown option --quick", usage);
  }

  /** A completed soak, small: its samples are written and its data set is gone. */
  @Test
  void aCompletedSoakLeavesNoDataBehind() throws IOException {
    Path samples = dir.resolve("soak.csv");
    Run run = run((out, err) -> SoakBenchmark.run(new String[] {"--epochs", "2", "--cycles", "2",
        "--photos", "4", "--samples", samples.toString()}, out, err));
    assertEquals(0, run.status(), run.err());
    List<String> lines = Files.readAllLines(samples);
    assertEquals("phase,step,rss_mib", lines.get(0));
    assertEquals(5, lines.size(), lines.toString());
    assertTrue(lines.get(4).startsWith("cycles,2,"), lines.toString());
    try (Stream<Path> tmp = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
      String ours = "feedline-soak-" + ProcessHandle.current().pid() + "-";
      assertEquals(List.of(), tmp.map(p -> p.getFileName().toString())
          .filter(name -> name.startsWith(ours)).toList());
    }
  }
}

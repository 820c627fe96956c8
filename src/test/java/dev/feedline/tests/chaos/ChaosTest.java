package dev.feedline.tests.chaos;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The chaos test of issue 15: random damage to random files at random moments, and runs killed
 * while they write a file cache; every trial ends in exactly its rows or in an error naming the
 * file ({@link ChaosTrial} has the contract it checks). Each trial has a time limit: a hang fails
 * the run.
 *
 * <p>A build runs 250 in-process trials, 12 kill trials and 40 source trials
 * ({@link SourceChaosTrial}) of seed 15. A longer run, another seed, or one trial replayed alone:
 * {@code mvn -B verify -pl src/test -am -Dtest=ChaosTest -Dsurefire.failIfNoSpecifiedTests=false
 * -Dfeedline.chaos.trials=N -Dfeedline.chaos.kills=M -Dfeedline.chaos.sources=K
 * -Dfeedline.chaos.seed=S}, with {@code -Dfeedline.chaos.trial=I}, {@code -Dfeedline.chaos.kill=I}
 * or {@code -Dfeedline.chaos.source=I} for trial I alone; or {@code ./feedline chaos}
 * ({@link ChaosCommand}). A failure names each failed trial with the line that replays it; the
 * run prints its outcome tables.
 */
class ChaosTest {
  private static final long SEED = Long.getLong("feedline.chaos.seed", 15);
  /** The build's source trials ({@link SourceChaosTrial}). */
  private static final int SOURCES = 40;
  private static final String REPLAY = "mvn -B verify -pl src/test -am -Dtest=ChaosTest"
      + " -Dsurefire.failIfNoSpecifiedTests=false -Dfeedline.chaos.seed=" + SEED;

  @TempDir Path dir;

  @Test
  void everyChangedFileEndsInItsRowsExactlyOrInAnErrorNamingIt() throws Exception {
    check(ChaosRun.run(SEED, indexes("feedline.chaos.trial", "feedline.chaos.trials", 250), false,
        dir, index -> REPLAY + " -Dfeedline.chaos.trial=" + index));
  }

  @Test
  void everyRunAfterAKilledCacheWriterReadsItsRowsExactlyAndLeavesNoPartialFolder()
      throws Exception {
    check(ChaosRun.run(SEED, indexes("feedline.chaos.kill", "feedline.chaos.kills", 12), true,
        dir, index -> REPLAY + " -Dfeedline.chaos.kill=" + index));
  }

  @Test
  void everySourceKindEndsInItsElementsExactlyOrInAnErrorNamingTheFile() throws Exception {
    check(ChaosRun.runSources(SEED, indexes("feedline.chaos.source", "feedline.chaos.sources",
        SOURCES), dir, index -> REPLAY + " -Dfeedline.chaos.source=" + index));
  }

  private static List<Integer> indexes(String one, String count, int byDefault) {
    Integer only = Integer.getInteger(one);
    return only != null ? List.of(only)
        : IntStream.range(0, Integer.getInteger(count, byDefault)).boxed().toList();
  }

  private static void check(ChaosRun.Report report) {
    System.out.println(report.summary());
    assertEquals("", String.join("\n", report.failures()),
        report.failures().size() + " of " + report.trials() + " trials failed");
  }
}

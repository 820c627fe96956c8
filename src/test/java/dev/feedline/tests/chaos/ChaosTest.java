package dev.feedline.tests.chaos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The chaos test of issue 15: random damage to random files at random moments, and runs killed
 * while they write a file cache; every trial ends in exactly its rows or in an error naming the
 * file ({@link ChaosTrial} has the contract it checks). Each trial has a time limit: a hang fails
 * the run.
 *
 * <p>A build runs 250 in-process trials and 12 kill trials of seed 15. A longer run, another
 * seed, or one trial replayed alone: {@code mvn -B verify -pl src/test -am -Dtest=ChaosTest
 * -Dsurefire.failIfNoSpecifiedTests=false -Dfeedline.chaos.trials=N -Dfeedline.chaos.kills=M
 * -Dfeedline.chaos.seed=S}, with {@code -Dfeedline.chaos.trial=I} or
 * {@code -Dfeedline.chaos.kill=I} for trial I alone. A failure names each failed trial with the
 * line that replays it; the run prints its outcome tables.
 */
class ChaosTest {
  private static final long SEED = Long.getLong("feedline.chaos.seed", 15);
  private static final String REPLAY = "mvn -B verify -pl src/test -am -Dtest=ChaosTest"
      + " -Dsurefire.failIfNoSpecifiedTests=false -Dfeedline.chaos.seed=" + SEED;

  private static final ExecutorService TRIALS = Executors.newSingleThreadExecutor(run -> {
    Thread thread = new Thread(run, "chaos-trial");
    thread.setDaemon(true); // a hung trial must not keep the JVM alive
    return thread;
  });

  @TempDir Path dir;

  @AfterAll
  static void stop() {
    TRIALS.shutdownNow();
  }

  @Test
  void everyChangedFileEndsInItsRowsExactlyOrInAnErrorNamingIt() throws Exception {
    run(indexes("feedline.chaos.trial", "feedline.chaos.trials", 250),
        index -> new ChaosTrial(SEED, index), "trial");
  }

  @Test
  void everyRunAfterAKilledCacheWriterReadsItsRowsExactlyAndLeavesNoPartialFolder()
      throws Exception {
    run(indexes("feedline.chaos.kill", "feedline.chaos.kills", 12),
        index -> ChaosTrial.killing(SEED, index), "kill");
  }

  private static List<Integer> indexes(String one, String count, int byDefault) {
    Integer only = Integer.getInteger(one);
    return only != null ? List.of(only)
        : IntStream.range(0, Integer.getInteger(count, byDefault)).boxed().toList();
  }

  private void run(List<Integer> indexes, java.util.function.IntFunction<ChaosTrial> trials,
      String property) throws Exception {
    List<String> fresh = List.of("exact", "exact, bad records skipped and counted",
        "error at build()", "error in every epoch");
    boolean kills = property.equals("kill");
    List<Mutation> changes = new ArrayList<>(Mutation.CHANGES);
    if (kills) {
      changes.add(Mutation.NONE);
    }
    OutcomeTable byChange = new OutcomeTable("change (fresh run's outcome)",
        changes.stream().map(m -> m.description).toList(), fresh);
    OutcomeTable byMoment = kills
        ? new OutcomeTable("where the kill landed (fresh run's outcome)", List.of(), fresh)
        : new OutcomeTable("moment (changed run's outcome)",
            Moment.IN_PROCESS.stream().map(m -> m.description).toList(), List.of("-",
                "served from the cache", "error at the next epoch's start", "error in the epoch"));
    OutcomeTable byPipeline = new OutcomeTable("pipeline (fresh run's outcome)",
        List.of(Variant.values()).stream().map(Variant::name).toList(), fresh);
    List<String> failures = new ArrayList<>();
    long started = System.nanoTime();
    for (int index : indexes) {
      ChaosTrial trial = trials.apply(index);
      Path trialDir = Files.createDirectories(dir.resolve(property + "-" + index));
      Future<ChaosTrial.Outcome> running = TRIALS.submit(() -> trial.run(trialDir));
      try {
        ChaosTrial.Outcome outcome = running.get(ChaosTrial.TIMEOUT_S * 3, TimeUnit.SECONDS);
        byChange.count(trial.mutation.description, outcome.freshRun());
        if (kills) {
          byMoment.count(outcome.changedRun(), outcome.freshRun());
        } else {
          byMoment.count(trial.moment.description, outcome.changedRun());
        }
        byPipeline.count(trial.variant.name(), outcome.freshRun());
      } catch (TimeoutException e) {
        fail(trial.describe() + ": hangs (no end in " + ChaosTrial.TIMEOUT_S * 3 + " s); replay: "
            + REPLAY + " -Dfeedline.chaos." + property + "=" + index);
      } catch (ExecutionException e) {
        failures.add((e.getCause() instanceof AssertionError ? e.getCause().getMessage()
            : trial.describe() + ": " + stackTrace(e.getCause()))
            + "\n  replay: " + REPLAY + " -Dfeedline.chaos." + property + "=" + index);
      }
      delete(trialDir);
    }
    System.out.printf(Locale.ROOT, "Chaos (%s), seed %d: %d trials, %d failed, %.0f s%n%n%s%n%n%s"
            + "%n%n%s%n", property, SEED, indexes.size(), failures.size(),
        (System.nanoTime() - started) / 1e9, byChange.markdown(), byMoment.markdown(),
        byPipeline.markdown());
    assertEquals("", String.join("\n", failures), failures.size() + " of " + indexes.size()
        + " trials failed");
  }

  private static String stackTrace(Throwable error) {
    StringWriter text = new StringWriter();
    error.printStackTrace(new PrintWriter(text));
    return text.toString();
  }

  /** A trial's files go when it ends: a failed one replays from its seed. */
  private static void delete(Path folder) throws IOException {
    try (Stream<Path> paths = Files.walk(folder)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }
}

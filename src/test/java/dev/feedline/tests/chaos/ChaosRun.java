package dev.feedline.tests.chaos;

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
import java.util.function.IntFunction;
import java.util.stream.Stream;

/**
 * Runs chaos trials one after the other, each on a thread of its own with a time limit, and tables
 * their outcomes. A failed trial is noted with the line that replays it and the run goes on; a
 * trial that hangs ends the run, since its thread cannot be stopped.
 */
final class ChaosRun {
  /** Longer than any trial takes: a trial that has not ended by then hangs. */
  static final long TRIAL_LIMIT_S = ChaosTrial.TIMEOUT_S * 3;

  /** What a run found: the failed trials, and the outcome tables of the others. */
  record Report(String title, int trials, List<String> failures, String tables, double seconds) {
    String summary() {
      return String.format(Locale.ROOT, "%s: %d trials, %d failed, %.0f s%n%n%s", title, trials,
          failures.size(), seconds, tables);
    }
  }

  private ChaosRun() {}

  /**
   * Runs the trials of {@code indexes}, kill trials or in-process ones, in folders under
   * {@code dir}; {@code replay} gives the line that replays trial I alone.
   */
  static Report run(long seed, List<Integer> indexes, boolean kills, Path dir,
      IntFunction<String> replay) throws IOException, InterruptedException {
    List<String> fresh = List.of("exact", "exact, bad records skipped and counted",
        "error at build()", "error in every epoch");
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
    int run = 0;
    ExecutorService thread = Executors.newSingleThreadExecutor(task -> {
      Thread trialThread = new Thread(task, "chaos-trial");
      trialThread.setDaemon(true); // a hung trial must not keep the JVM alive
      return trialThread;
    });
    try {
      for (int index : indexes) {
        ChaosTrial trial = kills ? ChaosTrial.killing(seed, index) : new ChaosTrial(seed, index);
        Path trialDir = Files.createDirectories(dir.resolve((kills ? "kill-" : "trial-") + index));
        Future<ChaosTrial.Outcome> running = thread.submit(() -> trial.run(trialDir));
        run++;
        try {
          ChaosTrial.Outcome outcome = running.get(TRIAL_LIMIT_S, TimeUnit.SECONDS);
          byChange.count(trial.mutation.description, outcome.freshRun());
          if (kills) {
            byMoment.count(outcome.changedRun(), outcome.freshRun());
          } else {
            byMoment.count(trial.moment.description, outcome.changedRun());
          }
          byPipeline.count(trial.variant.name(), outcome.freshRun());
        } catch (TimeoutException e) {
          failures.add(trial.describe() + ": hangs (no end in " + TRIAL_LIMIT_S + " s); the run"
              + " stops here\n  replay: " + replay.apply(index));
          break;
        } catch (ExecutionException e) {
          failures.add((e.getCause() instanceof AssertionError ? e.getCause().getMessage()
              : trial.describe() + ": " + stackTrace(e.getCause()))
              + "\n  replay: " + replay.apply(index));
        }
        delete(trialDir);
      }
    } finally {
      thread.shutdownNow();
    }
    String title = String.format(Locale.ROOT, "Chaos (%s), seed %d", kills ? "kill" : "trial",
        seed);
    return new Report(title, run, failures, byChange.markdown() + "\n\n" + byMoment.markdown()
        + "\n\n" + byPipeline.markdown() + "\n", (System.nanoTime() - started) / 1e9);
  }

  /**
   * Runs the source trials of {@code indexes} ({@link SourceChaosTrial}: every source kind but
   * TFRecord rows, which the trials above cover), in folders under {@code dir}. Trials of writers
   * replacing a shard set, killed while they write, belong beside these: a trial class of their
   * own with its kinds, changes and moments, run and tabled the same way.
   */
  static Report runSources(long seed, List<Integer> indexes, Path dir, IntFunction<String> replay)
      throws IOException, InterruptedException {
    List<String> fresh = List.of("exact", "error at build()", "error in every epoch");
    OutcomeTable byKind = new OutcomeTable("source (fresh run's outcome)",
        List.of(SourceChaosTrial.Kind.values()).stream().map(Enum::name).toList(), fresh);
    OutcomeTable byChange = new OutcomeTable("change (fresh run's outcome)",
        List.of(SourceChaosTrial.Change.values()).stream().map(c -> c.description).toList(), fresh);
    OutcomeTable byMoment = new OutcomeTable("moment (changed run's outcome)",
        List.of(SourceChaosTrial.When.values()).stream().map(w -> w.description).toList(),
        List.of("-", "error at the next epoch's start", "served from the snapshot",
            "error in the epoch", "resume refused", "resumed exactly", "error at build()"));
    OutcomeTable failedByKind = new OutcomeTable("source", List.of(), List.of("failed"));
    List<String> failures = new ArrayList<>();
    long started = System.nanoTime();
    int run = 0;
    ExecutorService thread = Executors.newSingleThreadExecutor(task -> {
      Thread trialThread = new Thread(task, "chaos-source-trial");
      trialThread.setDaemon(true);
      return trialThread;
    });
    try {
      for (int index : indexes) {
        SourceChaosTrial trial = new SourceChaosTrial(seed, index);
        Path trialDir = Files.createDirectories(dir.resolve("source-" + index));
        Future<SourceChaosTrial.Outcome> running = thread.submit(() -> trial.run(trialDir));
        run++;
        try {
          SourceChaosTrial.Outcome outcome = running.get(TRIAL_LIMIT_S, TimeUnit.SECONDS);
          byKind.count(trial.kind.name(), outcome.freshRun());
          byChange.count(trial.change.description, outcome.freshRun());
          byMoment.count(trial.when.description, outcome.changedRun());
        } catch (TimeoutException e) {
          failures.add(trial.describe() + ": hangs (no end in " + TRIAL_LIMIT_S + " s); the run"
              + " stops here\n  replay: " + replay.apply(index));
          break;
        } catch (ExecutionException e) {
          failedByKind.count(trial.kind.name(), "failed");
          failures.add((e.getCause() instanceof AssertionError ? e.getCause().getMessage()
              : trial.describe() + ": " + stackTrace(e.getCause()))
              + "\n  replay: " + replay.apply(index));
        }
        delete(trialDir);
      }
    } finally {
      thread.shutdownNow();
    }
    String title = String.format(Locale.ROOT, "Chaos (sources), seed %d", seed);
    return new Report(title, run, failures, byKind.markdown() + "\n\n" + byChange.markdown()
        + "\n\n" + byMoment.markdown() + (failures.isEmpty() ? "" : "\n\n"
        + failedByKind.markdown()) + "\n", (System.nanoTime() - started) / 1e9);
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

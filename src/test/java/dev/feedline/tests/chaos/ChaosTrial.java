package dev.feedline.tests.chaos;

import dev.feedline.runtime.BuiltPipeline;
import dev.feedline.runtime.internal.cache.CacheFolder;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.tests.pipelines.Row;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.tensorflow.Graph;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.types.TInt64;

/**
 * One chaos trial: a data set, a pipeline, and one change to one file at one moment, then a fresh
 * run over the files as they are on disk. Everything it does follows from its seed, so a failure
 * replays alone. The oracle is docs/reliability.md's contract, computed from the files:
 * <ul>
 *   <li>The run whose file changed: an epoch served from a filled cache (memory or files) reads no
 *       file and yields exactly the rows of {@code build()} time; an epoch that reads the files
 *       fails naming the changed file, at its start when the change came before it, else during it
 *       or at its end, with no row twice and only rows that were in the files (an append: exactly
 *       the rows of {@code build()} time); every epoch after a failed one fails at its start.
 *   <li>A fresh run (twice, when the change came before {@code build()}): under the fail policy,
 *       a missing or empty file or a damaged record header fails {@code build()} naming the file, a
 *       damaged record's data fails every epoch naming it, and clean files give exactly their rows
 *       in each of two epochs; under {@code SKIP}, exactly the good rows and exactly the bad
 *       records' counts per file and cause. A file cache is complete after a run exactly when an
 *       epoch reached its end, and no partial folder is left once its pipeline is closed.
 * </ul>
 * Any other exception, a row twice, a row lost or foreign, or a wrong count fails the trial.
 */
final class ChaosTrial {
  /** How a trial's seed follows from the run's seed and the trial's index. */
  static long seed(long runSeed, int index) {
    return runSeed * 1_000_003L + index;
  }

  /** What a trial's runs ended in, for the outcome table. */
  record Outcome(String changedRun, String freshRun) {}

  private static final int BATCH = 7;
  /** Where kill trials' indexes start in the seeds, so that they never share one with another trial. */
  private static final int KILL_TRIALS_FROM = 1 << 24;
  /** The killed run's pause after each batch, so that the kill can land anywhere in an epoch. */
  private static final long PAUSE_MS = 20;
  /** Longer than any trial step takes: a step that has not ended by then hangs. */
  static final long TIMEOUT_S = 120;
  private static final long NEVER = -1;

  private final int index;
  private final long seed;
  private final Random random;
  final Variant variant;
  final boolean glob;
  final Mutation mutation;
  final int target;
  final Moment moment;
  private ChaosData data;
  private Path cacheFolder;
  private final Set<Long> everWritten = new HashSet<>();
  private boolean changed;

  private final boolean kill;
  private final Set<String> sealedBeforeFreshRun = new HashSet<>();
  private boolean killedAfterEpoch1;

  /** An in-process trial; {@code index} counts from 0. */
  ChaosTrial(long runSeed, int index) {
    this(runSeed, index, false);
  }

  /**
   * A trial whose changed run is in a JVM of its own, killed while it writes its file cache;
   * {@code index} counts from 0, apart from the in-process trials'.
   */
  static ChaosTrial killing(long runSeed, int index) {
    return new ChaosTrial(runSeed, index, true);
  }

  private ChaosTrial(long runSeed, int index, boolean kill) {
    this.index = index;
    this.kill = kill;
    this.seed = seed(runSeed, kill ? KILL_TRIALS_FROM + index : index);
    // Mixed first: java.util.Random's first values from neighbouring seeds are alike.
    this.random = new Random(new SplittableRandom(seed).nextLong());
    this.variant = kill ? pick(List.of(Variant.FILE_CACHE, Variant.SKIP_FILE_CACHE))
        : pick(List.of(Variant.values()));
    this.glob = random.nextBoolean();
    this.mutation = kill && random.nextBoolean() ? Mutation.NONE : pick(Mutation.CHANGES);
    this.target = random.nextInt(ChaosData.FILES);
    this.moment = kill ? Moment.AFTER_KILL : pick(mutation.moments());
  }

  private <T> T pick(List<T> values) {
    return values.get(random.nextInt(values.size()));
  }

  /** One line that says what the trial does. */
  String describe() {
    return String.format("%s %d (seed %d): %s, %s, file %d %s, %s", kill ? "kill trial" : "trial",
        index, seed, variant, glob ? "glob" : "list of files", target, mutation.description,
        moment.description);
  }

  Outcome run(Path dir) throws IOException, InterruptedException {
    data = ChaosData.write(dir.resolve("data"), random);
    cacheFolder = dir.resolve("cache");
    List<Long> built = new ArrayList<>();
    for (Path file : data.files()) {
      built.addAll(RecordScan.of(file).goodIds());
    }
    everWritten.addAll(built);
    long batches = (built.size() + BATCH - 1) / BATCH;
    long k = random.nextInt((int) batches); // at least one batch of the epoch is still to come
    String changedRun = switch (moment) {
      case BEFORE_BUILD -> {
        change();
        yield "-";
      }
      case BETWEEN_EPOCHS, IN_EPOCH_1, IN_EPOCH_2 -> changedRun(built, k);
      case AFTER_KILL -> killedRun(dir, (int) batches);
    };
    String fresh = freshRun("fresh run");
    if (moment == Moment.BEFORE_BUILD) {
      check(fresh.equals(freshRun("second fresh run")), "the second fresh run ended otherwise");
    }
    return new Outcome(changedRun, fresh);
  }

  private void change() throws IOException {
    everWritten.addAll(mutation.apply(data, data.files().get(target), random));
    changed = true;
  }

  private Path targetFile() {
    return data.files().get(target);
  }

  private List<String> patterns() {
    return glob ? List.of(data.glob()) : data.files().stream().map(Path::toString).toList();
  }

  /** Builds over the clean files, changes one at the trial's moment; says how the run ended. */
  private String changedRun(List<Long> built, long k) throws IOException {
    boolean cached = variant.cache != Variant.Cache.NONE;
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        BuiltPipeline<Row, ?> pipeline = variant.build(graph, patterns(), cacheFolder)) {
      Epoch first = epoch(pipeline, session, moment == Moment.IN_EPOCH_1 ? k : NEVER);
      if (moment == Moment.IN_EPOCH_1) {
        check(changed, "epoch 1 ended before batch " + k + ": " + first);
        failsNaming(first, targetFile(), everWritten, "epoch 1, changed in it");
        check(!first.atStart(), "epoch 1 failed at its start, before its file changed");
        if (mutation == Mutation.APPEND) {
          exactIds(first.ids(), built, "epoch 1, appended to in it, up to its error");
        }
        failsAtStart(epoch(pipeline, session, NEVER), "epoch 2, after epoch 1 failed");
        return "error in the epoch";
      }
      exact(first, built, "epoch 1 of clean files");
      if (moment == Moment.BETWEEN_EPOCHS) {
        change();
      }
      Epoch second = epoch(pipeline, session, moment == Moment.IN_EPOCH_2 ? k : NEVER);
      check(changed, "epoch 2 ended before batch " + k + ": " + second);
      if (cached) {
        exact(second, built, "epoch 2, served from the cache filled by epoch 1");
        return "served from the cache";
      }
      if (moment == Moment.BETWEEN_EPOCHS) {
        failsAtStart(second, "epoch 2, after the change");
        failsAtStart(epoch(pipeline, session, NEVER), "epoch 3, after the change");
        return "error at the next epoch's start";
      }
      failsNaming(second, targetFile(), everWritten, "epoch 2, changed in it");
      check(!second.atStart(), "epoch 2 failed at its start, before its file changed");
      if (mutation == Mutation.APPEND) {
        exactIds(second.ids(), built, "epoch 2, appended to in it, up to its error");
      }
      failsAtStart(epoch(pipeline, session, NEVER), "epoch 3, after epoch 2 failed");
      return "error in the epoch";
    } finally {
      checkNoPartialCache("after the changed run");
    }
  }

  /**
   * Runs the pipeline in a JVM of its own and kills it with SIGKILL at a random point: while it
   * starts (1 in 6), after a random batch of epoch 1, which writes the cache (3 in 6), at the end
   * of epoch 1 or after a random batch of epoch 2 (1 in 6 each); then changes the file, or not.
   * Says where the kill landed.
   */
  private String killedRun(Path dir, int batches) throws IOException, InterruptedException {
    int point = new int[] {0, 1, 1, 1, 2, 3}[random.nextInt(6)]; // mostly while it writes
    int k = 1 + random.nextInt(batches);
    long delay = random.nextInt(2500);
    String awaited = switch (point) {
      case 0 -> null;
      case 1 -> "batch 1 " + k;
      case 2 -> "end 1";
      default -> "batch 2 " + k;
    };
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), KillChild.class.getName(), variant.name(),
        cacheFolder.toString(), Long.toString(PAUSE_MS)));
    command.addAll(patterns());
    Path errors = dir.resolve("child-stderr.txt");
    Process child = new ProcessBuilder(command).redirectError(errors.toFile()).start();
    BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    Thread reader = new Thread(() -> {
      try (BufferedReader out = new BufferedReader(
          new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line = out.readLine(); line != null; line = out.readLine()) {
          lines.add(line);
        }
      } catch (IOException e) {
        // the child was killed: its output ends here
      } finally {
        lines.add(END_OF_OUTPUT);
      }
    }, "chaos-child-output");
    reader.setDaemon(true);
    reader.start();
    String last = "started";
    try {
      if (awaited == null) {
        Thread.sleep(delay);
      } else {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_S);
        while (!last.equals(awaited)) {
          String line = lines.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
          check(line != null, "the killed run printed no '" + awaited + "' in " + TIMEOUT_S
              + " s: it hangs");
          check(!line.equals(END_OF_OUTPUT), "the killed run ended before '" + awaited + "': "
              + Files.readString(errors));
          last = line;
        }
      }
    } finally {
      child.destroyForcibly(); // SIGKILL: no shutdown hook, no close
    }
    check(child.waitFor(TIMEOUT_S, TimeUnit.SECONDS), "the killed run did not end");
    for (String line = lines.poll(); line != null && !line.equals(END_OF_OUTPUT);
        line = lines.poll()) {
      last = line; // what it printed before the kill reached it
    }
    check(child.exitValue() == 137 || (child.exitValue() == 0 && last.equals("end 2")),
        "the killed run exited with " + child.exitValue() + ": " + Files.readString(errors));
    killedAfterEpoch1 = last.startsWith("end") || last.startsWith("batch 2");
    CacheFolder.list(cacheFolder).stream()
        .filter(entry -> entry.state() == CacheFolder.State.COMPLETE)
        .forEach(entry -> sealedBeforeFreshRun.add(entry.key()));
    change();
    String where = last.equals("started") ? "while starting"
        : last.equals("built") ? "after build()"
        : last.startsWith("batch 1") ? "in epoch 1, writing the cache"
        : last.equals("end 1") || last.startsWith("batch 2") ? "in epoch 2, reading the cache"
        : "after epoch 2";
    return "killed " + where;
  }

  private static final String END_OF_OUTPUT = "\u0000end of output";

  /** What a fresh run over the files on disk must give. */
  private record Expected(Path buildError, Path epochError, List<Long> ids,
      Map<String, Map<String, Long>> skipped) {}

  private Expected expected() throws IOException {
    List<Path> files = new ArrayList<>();
    if (glob) {
      try (Stream<Path> listed = Files.list(data.dir())) {
        listed.filter(f -> f.getFileName().toString().endsWith(ChaosData.SUFFIX)).sorted()
            .forEach(files::add);
      }
    } else {
      files.addAll(data.files());
    }
    Path epochError = null;
    List<Long> ids = new ArrayList<>();
    Map<String, Map<String, Long>> skipped = new TreeMap<>();
    for (Path file : files) {
      if (!Files.exists(file)) {
        return new Expected(file, null, null, null);
      }
      RecordScan scan = RecordScan.of(file);
      if (scan.empty() || (!variant.skips && scan.framingDamaged())) {
        return new Expected(file, null, null, null);
      }
      if (!variant.skips && scan.damaged()) {
        epochError = file;
      }
      ids.addAll(scan.goodIds());
      if (!scan.causes().isEmpty()) {
        skipped.put(file.toString(), scan.causes());
      }
    }
    return new Expected(null, epochError, ids, skipped);
  }

  /** A new pipeline over the files as they are now, two epochs; says how it ended. */
  private String freshRun(String what) throws IOException {
    Expected expected = expected();
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      BuiltPipeline<Row, ?> pipeline;
      try {
        pipeline = variant.build(graph, patterns(), cacheFolder);
      } catch (FeedlineException e) {
        check(expected.buildError() != null, what + ": build() failed: " + e.getMessage());
        names(e, expected.buildError(), what + ", build()");
        return "error at build()";
      }
      String key = null;
      try (pipeline) {
        check(expected.buildError() == null,
            what + ": build() passed, but " + expected.buildError() + " should fail it");
        if (variant.cache == Variant.Cache.FILES) {
          key = pipeline.fileCaches().key(pipeline.fileCaches().stages().get(0));
          List<CacheFolder.Entry> abandoned = CacheFolder.list(cacheFolder).stream()
              .filter(entry -> entry.state() == CacheFolder.State.ABANDONED).toList();
          check(abandoned.isEmpty(), what + ": build() left abandoned partial folders: "
              + abandoned);
          if (killedAfterEpoch1 && mutation == Mutation.NONE) {
            check(sealedBeforeFreshRun.contains(key), what + ": the killed run completed epoch 1,"
                + " but left no complete cache of key " + key + ": " + CacheFolder.list(cacheFolder));
          }
        }
        for (int e = 1; e <= 2; e++) {
          String epochWhat = what + ", epoch " + e;
          Epoch epoch = epoch(pipeline, session, NEVER);
          if (expected.epochError() != null) {
            failsNaming(epoch, expected.epochError(), expected.ids(), epochWhat);
            check(!epoch.atStart(), epochWhat + ": failed at its start over unchanged files: "
                + epoch.error().getMessage());
          } else {
            exact(epoch, expected.ids(), epochWhat);
          }
          if (variant.skips) {
            check(expected.skipped().equals(new TreeMap<>(
                    pipeline.skippedRecords().countsByFileAndCause())),
                epochWhat + ": skipped " + pipeline.skippedRecords().countsByFileAndCause()
                    + ", expected " + expected.skipped());
          }
        }
      }
      checkNoPartialCache(what);
      if (key != null) {
        String sealed = key;
        boolean complete = CacheFolder.list(cacheFolder).stream()
            .anyMatch(entry -> entry.key().equals(sealed));
        check(complete == (expected.epochError() == null), what + ": the cache of key " + key
            + (complete ? " is complete after failed epochs" : " is not complete after an epoch"
            + " reached its end") + ": " + CacheFolder.list(cacheFolder));
      }
      if (expected.epochError() != null) {
        return "error in every epoch";
      }
      long skippedCount = expected.skipped().values().stream()
          .flatMap(m -> m.values().stream()).mapToLong(Long::longValue).sum();
      return skippedCount == 0 ? "exact" : "exact, bad records skipped and counted";
    }
  }

  /** Once every pipeline over the cache's folder is closed, only complete caches are left. */
  private void checkNoPartialCache(String what) {
    if (variant.cache != Variant.Cache.FILES) {
      return;
    }
    List<CacheFolder.Entry> partial = CacheFolder.list(cacheFolder).stream()
        .filter(entry -> entry.state() != CacheFolder.State.COMPLETE).toList();
    check(partial.isEmpty(), what + ": partial cache folders left: " + partial);
  }

  /** One epoch's ids, and the error that ended it, if one did. */
  private record Epoch(List<Long> ids, FeedlineException error, boolean atStart) {
    @Override
    public String toString() {
      return ids.size() + " rows" + (error == null ? "" : ", then " + error.getMessage());
    }
  }

  /** Reads an epoch; changes the trial's file before batch {@code changeAt}, unless NEVER. */
  private Epoch epoch(BuiltPipeline<Row, ?> pipeline, Session session, long changeAt)
      throws IOException {
    Row out = pipeline.output();
    EpochIterator<Result> steps;
    try {
      steps = pipeline.steps(session, run -> run.fetch(out.id()));
    } catch (FeedlineException e) {
      return new Epoch(List.of(), e, true);
    }
    List<Long> ids = new ArrayList<>();
    try (steps) {
      for (long batch = 0; ; batch++) {
        if (batch == changeAt) {
          change();
        }
        try {
          if (!steps.hasNext()) {
            return new Epoch(ids, null, false);
          }
          TInt64 batchIds = (TInt64) steps.next().get(0);
          for (int i = 0; i < batchIds.shape().get(0); i++) {
            ids.add(batchIds.getLong(i));
          }
        } catch (FeedlineException e) {
          check(!steps.hasNext(), "the epoch goes on after its error: " + e.getMessage());
          return new Epoch(ids, e, false);
        }
      }
    }
  }

  private void exact(Epoch epoch, List<Long> expected, String what) {
    check(epoch.error() == null, what + ": failed after " + epoch.ids().size() + " of "
        + expected.size() + " rows: " + (epoch.error() == null ? "" : epoch.error().getMessage()));
    exactIds(epoch.ids(), expected, what);
  }

  private void exactIds(List<Long> ids, List<Long> expected, String what) {
    Map<Long, Integer> counts = counts(ids);
    Map<Long, Integer> wanted = counts(expected);
    if (counts.equals(wanted)) {
      return;
    }
    Set<Long> twice = new TreeSet<>();
    counts.forEach((id, n) -> {
      if (n > wanted.getOrDefault(id, 0) && wanted.containsKey(id)) {
        twice.add(id);
      }
    });
    Set<Long> lost = new TreeSet<>(wanted.keySet());
    lost.removeAll(counts.keySet());
    Set<Long> foreign = new TreeSet<>(counts.keySet());
    foreign.removeAll(wanted.keySet());
    throw failure(what + ": " + ids.size() + " rows for " + expected.size() + "; more than once: "
        + first(twice) + "; lost: " + first(lost) + "; not expected: " + first(foreign));
  }

  /** The epoch failed naming {@code file}; its rows came at most once each, from {@code allowed}. */
  private void failsNaming(Epoch epoch, Path file, Collection<Long> allowed, String what) {
    check(epoch.error() != null, what + ": ended without an error after " + epoch.ids().size()
        + " rows");
    names(epoch.error(), file, what);
    Map<Long, Integer> counts = counts(epoch.ids());
    Set<Long> twice = new TreeSet<>();
    counts.forEach((id, n) -> {
      if (n > 1) {
        twice.add(id);
      }
    });
    check(twice.isEmpty(), what + ": rows more than once: " + first(twice));
    Set<Long> foreign = new TreeSet<>(counts.keySet());
    foreign.removeAll(new HashSet<>(allowed));
    check(foreign.isEmpty(), what + ": rows that no file held: " + first(foreign));
  }

  /** The epoch failed at its start, naming the trial's file. */
  private void failsAtStart(Epoch epoch, String what) {
    check(epoch.error() != null && epoch.atStart(), what + ": expected an error at its start,"
        + " got " + epoch);
    names(epoch.error(), targetFile(), what);
  }

  private void names(FeedlineException error, Path file, String what) {
    check(error.file().orElse("").equals(file.toString())
            && error.getMessage().contains(file.toString()),
        what + ": the error does not name " + file + ": " + error.getMessage());
  }

  private static Map<Long, Integer> counts(List<Long> ids) {
    Map<Long, Integer> counts = new LinkedHashMap<>();
    ids.forEach(id -> counts.merge(id, 1, Integer::sum));
    return counts;
  }

  private static String first(Set<Long> ids) {
    return ids.size() <= 10 ? ids.toString()
        : ids.stream().limit(10).toList() + " and " + (ids.size() - 10) + " more";
  }

  private void check(boolean condition, String message) {
    if (!condition) {
      throw failure(message);
    }
  }

  private AssertionError failure(String message) {
    return new AssertionError(describe() + ": " + message);
  }
}

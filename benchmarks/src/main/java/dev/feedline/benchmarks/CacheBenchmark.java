package dev.feedline.benchmarks;

import dev.feedline.benchmarks.images.FeedlineFileCachedPhotoPipeline;
import dev.feedline.benchmarks.images.FeedlineFileCachedPhotoPipeline.DecodedPhotoTensors;
import dev.feedline.example.PhotoDataset;
import dev.feedline.launcher.CommandSpec;
import dev.feedline.launcher.LauncherCommand;
import dev.feedline.launcher.ScratchFolder;
import dev.feedline.runtime.internal.cache.CacheFolder;
import dev.feedline.runtime.EpochIterator;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.tensorflow.Graph;
import org.tensorflow.Session;

/**
 * {@code ./feedline bench-cache [--photos N] [--runs N]}: the demo's first epoch with its cache in
 * files, cold (no cache yet: it decodes every photo and writes the cache) against warm (a cache an
 * earlier run wrote: it reads the photos back). Each epoch runs in a JVM of its own, as a later
 * run of a training job would, so both pay TensorFlow's start-up alike; the cache folder and the
 * data set live in a scratch folder, removed when the command ends.
 */
public final class CacheBenchmark {
  private static final String USAGE = "usage: ./feedline bench-cache [--photos N] [--runs N]";
  private static final String EPOCH = "epoch";

  private CacheBenchmark() {}

  public static void main(String[] args) throws IOException {
    if (args.length == 3 && args[0].equals(EPOCH)) {
      firstEpoch(Path.of(args[1]), Path.of(args[2]));
      return;
    }
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the comparison; returns the process exit status. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    CommandSpec spec = CommandSpec.of(USAGE).option("photos", "2048").option("runs", "3");
    return LauncherCommand.run(args, spec, err, options -> {
      int photos = options.positive("photos");
      int runs = options.positive("runs");
      return () -> {
        try (ScratchFolder scratch = ScratchFolder.create("bench-cache")) {
          Path data = scratch.path().resolve("data");
          Path cache = scratch.path().resolve("cache");
          new PhotoDataset(42).write(data, photos, Math.min(8, photos));
          compare(data, cache, runs, out);
        }
      };
    });
  }

  private static void compare(Path data, Path cache, int runs, PrintStream out)
      throws IOException {
    out.printf(Locale.ROOT, "%-4s %12s %12s %7s%n", "run", "cold epoch 1", "warm epoch 1", "ratio");
    List<Double> ratios = new ArrayList<>();
    for (int run = 1; run <= runs; run++) {
      CacheFolder.prune(cache, 0); // no complete cache: the cold run writes one
      double cold = epochInOwnJvm(data, cache);
      double warm = epochInOwnJvm(data, cache);
      double ratio = cold / warm;
      ratios.add(ratio);
      out.printf(Locale.ROOT, "%-4d %10.2f s %10.2f s %6.1fx%n", run, cold, warm, ratio);
    }
    ratios.sort(Double::compare);
    out.printf(Locale.ROOT, "Median: epoch 1 from a warm file cache ran %.1fx as fast as a cold one"
        + " (%s in the cache).%n", ratios.get(ratios.size() / 2),
        CacheFolder.describeBytes(CacheFolder.list(cache).stream()
            .mapToLong(CacheFolder.Entry::bytes).sum()));
  }

  /** The seconds of the first epoch of a new JVM over {@code data}, with its cache in {@code cache}. */
  private static double epochInOwnJvm(Path data, Path cache) throws IOException {
    Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString(), "-cp", System.getProperty("java.class.path"), CacheBenchmark.class.getName(),
        EPOCH, data.toString(), cache.toString())
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    try {
      if (!process.waitFor(30, TimeUnit.MINUTES) || process.exitValue() != 0) {
        throw new IllegalStateException("the epoch's JVM failed: " + out);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
    return Double.parseDouble(out.lines().filter(l -> l.startsWith("seconds ")).findFirst()
        .orElseThrow(() -> new IllegalStateException("no time in: " + out)).substring(8));
  }

  /** In the epoch's own JVM: times the first epoch, from its start to its last batch. */
  private static void firstEpoch(Path data, Path cache) {
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineFileCachedPhotoPipeline pipeline = FeedlineFileCachedPhotoPipeline.builder()
            .files(data.resolve("*.tfrecord").toString()).cacheFile(cache.toString())
            .build(graph)) {
      long start = System.nanoTime();
      try (EpochIterator<DecodedPhotoTensors> batches = pipeline.epoch(session)) {
        batches.forEach(batch -> { });
      }
      System.out.println("seconds " + (System.nanoTime() - start) / 1e9);
    }
  }
}

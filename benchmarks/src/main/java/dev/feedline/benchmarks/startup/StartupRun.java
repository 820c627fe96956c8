package dev.feedline.benchmarks.startup;

import dev.feedline.runtime.EpochIterator;
import java.nio.file.Path;
import java.util.Locale;
import org.tensorflow.Graph;
import org.tensorflow.Session;

/**
 * One start-up, timed in a JVM of its own: {@code StartupRun WARM_UP_GLOB GLOB}, with the folder
 * of remembered file checks in the system property {@code feedline.checks}. Builds and runs the
 * pipeline once over {@code WARM_UP_GLOB}, so that TensorFlow's native library and the classes are
 * loaded, then times building it over {@code GLOB} until its first batch is in Java. Prints
 * {@code STARTUP seconds=... batch=...} for {@link StartupBenchmark} to read.
 */
public final class StartupRun {
  private StartupRun() {}

  public static void main(String[] args) {
    firstBatch(args[0]);
    long start = System.nanoTime();
    long batch = firstBatch(args[1]);
    System.out.printf(Locale.ROOT, "STARTUP seconds=%.4f batch=%d%n",
        (System.nanoTime() - start) / 1e9, batch);
  }

  /** Builds the pipeline over {@code files} and returns the size of its first batch. */
  private static long firstBatch(String files) {
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineRecordsPipeline pipeline = FeedlineRecordsPipeline.builder().files(files).build(graph);
        EpochIterator<FeedlineRecordsPipeline.SmallRecordTensors> epoch = pipeline.epoch(session)) {
      return epoch.next().id().shape().get(0);
    }
  }

  /** Where the warm-up data is, beside the measured data: named apart so no glob matches both. */
  static Path warmUp(Path data) {
    return data.resolve("warm-up");
  }
}

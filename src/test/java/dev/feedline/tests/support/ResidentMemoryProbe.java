package dev.feedline.tests.support;

import dev.feedline.runtime.EpochIterator;
import dev.feedline.tests.pipelines.FeedlineRowsPipeline;
import dev.feedline.tests.pipelines.FeedlineRowsPipeline.TotalsTensors;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.tensorflow.Graph;
import org.tensorflow.Session;

/**
 * Writes two small files of rows and runs the rows pipeline over them in a JVM of its own and prints the resident set size after a warm-up
 * and at the end, as {@code warm <bytes>} and {@code end <bytes>}. The test that starts it caps
 * the Java heap, so what grows between the two lines is native memory.
 *
 * <p>Usage: {@code ResidentMemoryProbe epochs|cycles DIR WARMUP COUNT}.
 */
public final class ResidentMemoryProbe {
  private ResidentMemoryProbe() {}

  public static void main(String[] args) throws IOException {
    String mode = args[0];
    Path dir = Path.of(args[1]);
    Files.createDirectories(dir);
    TestData.writeRows(dir, 2, 50);
    String files = dir.resolve("*.tfrecord").toString();
    int warmUp = Integer.parseInt(args[2]);
    int count = Integer.parseInt(args[3]);
    if (mode.equals("epochs")) {
      runEpochs(files, warmUp, count);
    } else {
      runCycles(files, warmUp, count);
    }
  }

  private static void runEpochs(String files, int warmUp, int count) throws IOException {
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineRowsPipeline pipeline = FeedlineRowsPipeline.builder().files(files).build(graph)) {
      for (int epoch = 0; epoch < warmUp + count; epoch++) {
        if (epoch == warmUp) {
          System.out.println("warm " + rss());
        }
        try (EpochIterator<TotalsTensors> batches = pipeline.epoch(session)) {
          batches.forEach(batch -> { });
        }
      }
    }
    System.out.println("end " + rss());
  }

  private static void runCycles(String files, int warmUp, int count) throws IOException {
    for (int cycle = 0; cycle < warmUp + count; cycle++) {
      if (cycle == warmUp) {
        System.out.println("warm " + rss());
      }
      try (Graph graph = new Graph();
          Session session = new Session(graph);
          FeedlineRowsPipeline pipeline = FeedlineRowsPipeline.builder().files(files).build(graph);
          EpochIterator<TotalsTensors> batches = pipeline.epoch(session)) {
        batches.forEach(batch -> { });
      }
    }
    System.out.println("end " + rss());
  }

  private static long rss() throws IOException {
    for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
      if (line.startsWith("VmRSS:")) {
        return Long.parseLong(line.replaceAll("\\D+", "")) * 1024;
      }
    }
    throw new IllegalStateException("no VmRSS in /proc/self/status");
  }
}

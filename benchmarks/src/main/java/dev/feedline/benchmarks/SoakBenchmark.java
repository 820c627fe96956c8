package dev.feedline.benchmarks;

import dev.feedline.example.FeedlinePhotoPipeline;
import dev.feedline.example.FeedlinePhotoPipeline.PhotoTensors;
import dev.feedline.example.PhotoDataset;
import dev.feedline.runtime.EpochIterator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.tensorflow.Graph;
import org.tensorflow.Session;

/**
 * {@code ./feedline soak [--epochs N] [--cycles N] [--photos N]}: runs the photo pipeline for many
 * epochs in one session, then builds, runs and closes it many times, sampling the process's
 * resident memory. Native memory that is not freed shows as growth after the warm-up. Writes the
 * samples to {@code benchmarks/target/soak.csv}.
 */
public final class SoakBenchmark {
  private SoakBenchmark() {}

  public static void main(String[] args) throws IOException {
    int epochs = ProcessorCostBenchmark.intOption(args, "--epochs", 200);
    int cycles = ProcessorCostBenchmark.intOption(args, "--cycles", 1000);
    int photos = ProcessorCostBenchmark.intOption(args, "--photos", 256);
    Path data = Files.createTempDirectory("feedline-soak");
    new PhotoDataset(42).write(data, photos, 4);
    String shards = data.resolve("*.tfrecord").toString();
    List<String> csv = new ArrayList<>(List.of("phase,step,rss_mib"));

    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlinePhotoPipeline pipeline = FeedlinePhotoPipeline.builder().files(shards).build(graph)) {
      for (int epoch = 1; epoch <= epochs; epoch++) {
        try (EpochIterator<PhotoTensors> batches = pipeline.epoch(session)) {
          batches.forEach(batch -> { });
        }
        sample(csv, "epochs", epoch, epochs);
      }
    }
    for (int cycle = 1; cycle <= cycles; cycle++) {
      try (Graph graph = new Graph();
          Session session = new Session(graph);
          FeedlinePhotoPipeline pipeline = FeedlinePhotoPipeline.builder().files(shards).build(graph);
          EpochIterator<PhotoTensors> batches = pipeline.epoch(session)) {
        batches.next();
      }
      sample(csv, "cycles", cycle, cycles);
    }
    Path out = Path.of("benchmarks", "target", "soak.csv");
    Files.createDirectories(out.getParent());
    Files.write(out, csv);
    System.out.println("Samples written to " + out);
  }

  private static void sample(List<String> csv, String phase, int step, int total) {
    double mib = Rss.bytes() / 1048576.0;
    csv.add(String.format(Locale.ROOT, "%s,%d,%.1f", phase, step, mib));
    if (step == 1 || step % Math.max(1, total / 10) == 0) {
      System.out.printf(Locale.ROOT, "%s %4d: RSS %.0f MiB%n", phase, step, mib);
    }
  }
}

package dev.feedline.benchmarks;

import dev.feedline.example.FeedlinePhotoPipeline;
import dev.feedline.example.FeedlinePhotoPipeline.DecodedPhotoTensors;
import dev.feedline.example.PhotoDataset;
import dev.feedline.launcher.CommandSpec;
import dev.feedline.launcher.LauncherCommand;
import dev.feedline.launcher.ScratchFolder;
import dev.feedline.runtime.EpochIterator;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.tensorflow.Graph;
import org.tensorflow.Session;

/**
 * {@code ./feedline soak [--epochs N] [--cycles N] [--photos N] [--samples FILE]}: runs the photo
 * pipeline for many epochs in one session, then builds, runs and closes it many times, sampling the
 * process's resident memory. Native memory that is not freed shows as growth after the warm-up.
 * Writes the samples to {@code FILE} (default {@code benchmarks/target/soak.csv}); the data set
 * lives in a scratch folder, removed when the run ends.
 */
public final class SoakBenchmark {
  private static final String USAGE =
      "usage: ./feedline soak [--epochs N] [--cycles N] [--photos N] [--samples FILE]";

  private SoakBenchmark() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the soak; returns the process exit status. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    CommandSpec spec = CommandSpec.of(USAGE).option("epochs", "200").option("cycles", "1000")
        .option("photos", "256").option("samples", "benchmarks/target/soak.csv");
    return LauncherCommand.run(args, spec, err, options -> {
      int epochs = options.positive("epochs");
      int cycles = options.positive("cycles");
      int photos = options.positive("photos");
      Path samples = options.path("samples");
      return () -> {
        try (ScratchFolder data = ScratchFolder.create("soak")) {
          new PhotoDataset(42).write(data.path(), photos, Math.min(4, photos));
          soak(data.path().resolve("*.tfrecord").toString(), epochs, cycles, samples, out);
        }
      };
    });
  }

  private static void soak(String shards, int epochs, int cycles, Path samples, PrintStream out)
      throws IOException {
    List<String> csv = new ArrayList<>(List.of("phase,step,rss_mib"));
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlinePhotoPipeline pipeline = FeedlinePhotoPipeline.builder().files(shards).build(graph)) {
      for (int epoch = 1; epoch <= epochs; epoch++) {
        try (EpochIterator<DecodedPhotoTensors> batches = pipeline.epoch(session)) {
          batches.forEach(batch -> { });
        }
        sample(csv, "epochs", epoch, epochs, out);
      }
    }
    for (int cycle = 1; cycle <= cycles; cycle++) {
      try (Graph graph = new Graph();
          Session session = new Session(graph);
          FeedlinePhotoPipeline pipeline = FeedlinePhotoPipeline.builder().files(shards).build(graph);
          EpochIterator<DecodedPhotoTensors> batches = pipeline.epoch(session)) {
        batches.next();
      }
      sample(csv, "cycles", cycle, cycles, out);
    }
    if (samples.toAbsolutePath().getParent() != null) {
      Files.createDirectories(samples.toAbsolutePath().getParent());
    }
    Files.write(samples, csv);
    out.println("Samples written to " + samples);
  }

  private static void sample(List<String> csv, String phase, int step, int total,
      PrintStream out) {
    double mib = Rss.bytes() / 1048576.0;
    csv.add(String.format(Locale.ROOT, "%s,%d,%.1f", phase, step, mib));
    if (step == 1 || step % Math.max(1, total / 10) == 0) {
      out.printf(Locale.ROOT, "%s %4d: RSS %.0f MiB%n", phase, step, mib);
    }
  }
}

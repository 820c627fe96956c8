package dev.feedline.example;

import dev.feedline.example.FeedlinePhotoPipeline.DecodedPhotoTensors;
import dev.feedline.launcher.CommandSpec;
import dev.feedline.launcher.LauncherCommand;
import dev.feedline.runtime.EpochIterator;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import org.tensorflow.Graph;
import org.tensorflow.Session;

/**
 * {@code ./feedline demo [--data DIR] [--photos N] [--shards N] [--epochs N] [--augment [--seed S]]}:
 * writes the photo data set when DIR is empty or absent, then runs {@link PhotoPipeline} over it,
 * printing the first batch's shape and the throughput of each epoch; with {@code --augment}, runs
 * {@link AugmentedPhotoPipeline} with seed S instead, and prints each epoch's checksum too
 * ({@link AugmentedDemo}).
 */
public final class Demo {
  /** Where the demo and the training example keep their data set unless told otherwise. */
  static final Path DEFAULT_DATA = Path.of("target", "feedline-demo");

  private static final String USAGE = "usage: ./feedline demo [--data DIR] [--photos N]"
      + " [--shards N] [--epochs N] [--augment [--seed S]]";

  private Demo() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the demo; returns the process exit status. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    CommandSpec spec = CommandSpec.of(USAGE).option("data", DEFAULT_DATA.toString())
        .option("photos", "2048").option("shards", "8").option("epochs", "3").flag("augment")
        .option("seed", null);
    return LauncherCommand.run(args, spec, err, options -> {
      Path data = options.path("data");
      int photos = options.positive("photos");
      int shards = options.positive("shards");
      int epochs = options.positive("epochs");
      if (shards > photos) {
        throw new IllegalArgumentException("--shards " + shards + " is more than --photos " + photos
            + ": every shard holds at least one photo");
      }
      boolean augment = options.flag("augment");
      if (options.text("seed") != null && !augment) {
        throw new IllegalArgumentException("--seed seeds the augmentation, which --augment turns on");
      }
      long seed = augment && options.text("seed") != null ? options.wholeNumber("seed")
          : AugmentedDemo.DEFAULT_SEED;
      return () -> {
        PhotoDataset.writeUnlessPresent(data, photos, shards, out);
        if (augment) {
          AugmentedDemo.run(data, epochs, seed, out);
        } else {
          runPipeline(data, epochs, out);
        }
      };
    });
  }

  private static void runPipeline(Path data, int epochs, PrintStream out) {
    String shards = data.resolve("*.tfrecord").toString();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlinePhotoPipeline pipeline = FeedlinePhotoPipeline.builder().files(shards).build(graph)) {
      double firstEpoch = 0;
      double cachedSum = 0;
      for (int epoch = 1; epoch <= epochs; epoch++) {
        long start = System.nanoTime();
        long images = 0;
        try (EpochIterator<DecodedPhotoTensors> batches = pipeline.epoch(session)) {
          for (DecodedPhotoTensors batch : batches) {
            if (epoch == 1 && images == 0) {
              out.println("Batch shape: " + batch.pixels().shape());
              out.printf(Locale.ROOT, "First batch after %.2f s%n", seconds(start));
            }
            images += batch.pixels().shape().get(0);
          }
        }
        double seconds = seconds(start);
        double rate = images / seconds;
        out.printf(Locale.ROOT, "Epoch %d: %d images in %.2f s, %.0f images/s%s%n", epoch, images,
            seconds, rate, epoch == 1 ? " (decodes and fills the cache)" : " (from the cache)");
        if (epoch == 1) {
          firstEpoch = rate;
        } else {
          cachedSum += rate;
        }
      }
      if (epochs > 1) {
        out.printf(Locale.ROOT, "Cached epochs ran %.1fx as fast as epoch 1.%n",
            cachedSum / (epochs - 1) / firstEpoch);
      }
    }
  }

  private static double seconds(long startNanos) {
    return (System.nanoTime() - startNanos) / 1e9;
  }
}

package dev.feedline.example;

import dev.feedline.example.FeedlinePhotoSources_MixedPhotos.DecodedPhotoTensors;
import dev.feedline.launcher.CommandSpec;
import dev.feedline.launcher.LauncherCommand;
import dev.feedline.runtime.EpochIterator;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import java.util.OptionalLong;
import org.tensorflow.Graph;
import org.tensorflow.Session;

/**
 * {@code ./feedline mix [--weights W,W] [--data DIR] [--photos N] [--epochs N]}: writes two photo
 * data sets, crops of the city photograph and crops of the flower, when DIR lacks them; mixes them
 * with {@link PhotoSources.MixedPhotos} at the given weights, and prints, per epoch, the share of
 * each source among the photos handed out next to the declared weights.
 */
public final class MixCommand {
  static final Path DEFAULT_DATA = Path.of("target", "feedline-mix");
  static final String[] SOURCES = {"city", "flower"};

  private static final String USAGE =
      "usage: ./feedline mix [--weights W,W] [--data DIR] [--photos N] [--epochs N]";

  private MixCommand() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the command; returns the process exit status. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    CommandSpec spec = CommandSpec.of(USAGE).option("weights", "0.7,0.3")
        .option("data", DEFAULT_DATA.toString()).option("photos", "1000").option("epochs", "1");
    return LauncherCommand.run(args, spec, err, options -> {
      double[] weights = weights(options.text("weights"));
      Path data = options.path("data");
      int photos = options.positive("photos");
      int epochs = options.positive("epochs");
      return () -> {
        for (int label = 0; label < SOURCES.length; label++) {
          PhotoDataset.writeUnlessPresent(data.resolve(SOURCES[label]), photos,
              Math.min(4, photos), OptionalLong.of(label), out);
        }
        mix(data, weights, epochs, out);
      };
    });
  }

  /** Two positive, finite weights, as {@code 0.7,0.3}; they need not sum to 1. */
  static double[] weights(String text) {
    String[] parts = text.split(",", -1);
    if (parts.length != SOURCES.length) {
      throw new IllegalArgumentException("--weights " + text + ": give " + SOURCES.length
          + " weights, city then flower, such as 0.7,0.3");
    }
    double[] weights = new double[parts.length];
    for (int i = 0; i < parts.length; i++) {
      try {
        weights[i] = Double.parseDouble(parts[i].strip());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("--weights " + text + ": '" + parts[i]
            + "' is not a number");
      }
      if (!(weights[i] > 0) || Double.isInfinite(weights[i])) {
        throw new IllegalArgumentException("--weights " + text + ": the weight of "
            + SOURCES[i] + " is not a positive, finite number");
      }
    }
    return weights;
  }

  private static void mix(Path data, double[] weights, int epochs, PrintStream out) {
    double total = weights[0] + weights[1];
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlinePhotoSources_MixedPhotos pipeline = FeedlinePhotoSources_MixedPhotos.builder()
            .cityPhotos(FeedlinePhotoSources_CityPhotos.builder()
                .files(data.resolve(SOURCES[0]).resolve("*.tfrecord").toString()))
            .flowerPhotos(FeedlinePhotoSources_FlowerPhotos.builder()
                .files(data.resolve(SOURCES[1]).resolve("*.tfrecord").toString()))
            .weights(weights)
            .build(graph)) {
      for (int epoch = 1; epoch <= epochs; epoch++) {
        long start = System.nanoTime();
        long[] counts = new long[SOURCES.length];
        try (EpochIterator<DecodedPhotoTensors> batches = pipeline.epoch(session)) {
          for (DecodedPhotoTensors batch : batches) {
            for (int i = 0; i < batch.label().shape().get(0); i++) {
              counts[(int) batch.label().getLong(i)]++; // the label is the photograph
            }
          }
        }
        long photos = counts[0] + counts[1];
        out.printf(Locale.ROOT, "Epoch %d: %d photos in %.2f s, until one source ran out%n",
            epoch, photos, (System.nanoTime() - start) / 1e9);
        out.printf(Locale.ROOT, "source %s: %.1f%%, source %s: %.1f%% (declared %s%% / %s%%)%n",
            SOURCES[0], 100.0 * counts[0] / photos, SOURCES[1], 100.0 * counts[1] / photos,
            percent(weights[0] / total), percent(weights[1] / total));
      }
    }
  }

  /** A declared share as a percentage, without a fraction when it has none: 70, 33.3. */
  private static String percent(double share) {
    double value = Math.round(share * 1000) / 10.0;
    return value == Math.rint(value) ? Long.toString((long) value)
        : String.format(Locale.ROOT, "%.1f", value);
  }
}

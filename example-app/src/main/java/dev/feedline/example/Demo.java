package dev.feedline.example;

import dev.feedline.example.FeedlinePhotoPipeline.PhotoTensors;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.FeedlineException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Stream;
import org.tensorflow.Graph;
import org.tensorflow.Session;

/**
 * {@code ./feedline demo [--data DIR] [--photos N] [--shards N] [--epochs N]}: writes the photo data
 * set when DIR is empty or absent, then runs {@link PhotoPipeline} over it, printing the first
 * batch's shape and the throughput of each epoch.
 */
public final class Demo {
  private Demo() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the demo; returns the process exit status. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    Options options;
    try {
      options = Options.parse(args);
    } catch (IllegalArgumentException e) {
      err.println("error: " + e.getMessage());
      err.println("usage: ./feedline demo [--data DIR] [--photos N] [--shards N] [--epochs N]");
      return 2;
    }
    try {
      prepareData(options, out);
      runPipeline(options, out);
      return 0;
    } catch (FeedlineException e) {
      err.println("error: " + e.getMessage());
      return 1;
    } catch (IOException e) {
      err.println("error: could not write the data set in " + options.data + ": " + e);
      return 1;
    }
  }

  private static void prepareData(Options options, PrintStream out) throws IOException {
    if (Files.isDirectory(options.data) && !isEmpty(options.data)) {
      out.println("Reading the data set in " + options.data);
      return;
    }
    out.printf(Locale.ROOT, "Writing %d photos cut from %d photographs into %d TFRecord shards in %s%n",
        options.photos, PhotoDataset.PHOTOS.size(), options.shards, options.data);
    long start = System.nanoTime();
    new PhotoDataset(42).write(options.data, options.photos, options.shards);
    out.printf(Locale.ROOT, "  done in %.1f s%n", seconds(start));
  }

  private static void runPipeline(Options options, PrintStream out) {
    String shards = options.data.resolve("*.tfrecord").toString();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlinePhotoPipeline pipeline = FeedlinePhotoPipeline.builder().files(shards).build(graph)) {
      double firstEpoch = 0;
      double cachedSum = 0;
      for (int epoch = 1; epoch <= options.epochs; epoch++) {
        long start = System.nanoTime();
        long images = 0;
        try (EpochIterator<PhotoTensors> batches = pipeline.epoch(session)) {
          for (PhotoTensors batch : batches) {
            if (epoch == 1 && images == 0) {
              out.println("Batch shape: " + batch.image().shape());
              out.printf(Locale.ROOT, "First batch after %.2f s%n", seconds(start));
            }
            images += batch.image().shape().get(0);
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
      if (options.epochs > 1) {
        out.printf(Locale.ROOT, "Cached epochs ran %.1fx as fast as epoch 1.%n",
            cachedSum / (options.epochs - 1) / firstEpoch);
      }
    }
  }

  private static boolean isEmpty(Path dir) throws IOException {
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.findAny().isEmpty();
    }
  }

  private static double seconds(long startNanos) {
    return (System.nanoTime() - startNanos) / 1e9;
  }

  /** Command-line options. */
  record Options(Path data, int photos, int shards, int epochs) {
    static Options parse(String[] args) {
      Path data = Path.of("target", "feedline-demo");
      int photos = 2048;
      int shards = 8;
      int epochs = 3;
      for (int i = 0; i < args.length; i++) {
        String value = i + 1 < args.length ? args[i + 1] : null;
        switch (args[i]) {
          case "--data" -> data = Path.of(required(args[i], value));
          case "--photos" -> photos = positive(args[i], value);
          case "--shards" -> shards = positive(args[i], value);
          case "--epochs" -> epochs = positive(args[i], value);
          default -> throw new IllegalArgumentException("unknown option " + args[i]);
        }
        i++;
      }
      return new Options(data, photos, shards, epochs);
    }

    private static String required(String option, String value) {
      if (value == null) {
        throw new IllegalArgumentException(option + " needs a value");
      }
      return value;
    }

    private static int positive(String option, String value) {
      try {
        int n = Integer.parseInt(required(option, value));
        if (n > 0) {
          return n;
        }
      } catch (NumberFormatException e) {
        // reported below
      }
      throw new IllegalArgumentException(option + " needs a positive number, not " + value);
    }
  }
}

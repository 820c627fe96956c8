package dev.feedline.tools;

import dev.feedline.runtime.TFRecordWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * {@code ./feedline shard --input DIR --output DIR --shards N [--labels CSV] [--seed S]}: an image
 * folder becomes N TFRecord shards of the example pipeline's records. Images are decoded on every
 * core; image {@code id} goes to shard {@code id % N}; each shard is written under a temporary
 * name and renamed when complete.
 */
public final class ShardCommand {
  static final String USAGE =
      "usage: ./feedline shard --input DIR --output DIR --shards N [--labels CSV] [--seed S]";

  /** What to convert. */
  record Options(Path input, Path output, int shards, Path labels, long seed) {
    static Options parse(String[] args) {
      Path input = null;
      Path output = null;
      Path labels = null;
      int shards = 0;
      long seed = 42;
      for (int i = 0; i < args.length; i++) {
        String value = i + 1 < args.length ? args[i + 1] : null;
        switch (args[i]) {
          case "--input" -> input = Path.of(required(args[i], value));
          case "--output" -> output = Path.of(required(args[i], value));
          case "--labels" -> labels = Path.of(required(args[i], value));
          case "--shards" -> shards = positive(args[i], value);
          case "--seed" -> seed = Long.parseLong(required(args[i], value));
          default -> throw new IllegalArgumentException("unknown option " + args[i]);
        }
        i++;
      }
      if (input == null || output == null || shards == 0) {
        throw new IllegalArgumentException("--input, --output and --shards are required");
      }
      return new Options(input, output, shards, labels, seed);
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
        // said below
      }
      throw new IllegalArgumentException(option + " needs a positive number, not " + value);
    }
  }

  /** What a conversion wrote and skipped. */
  record Summary(long records, long bytes, List<Long> shardBytes, List<Long> shardRecords,
      List<String> skipped, double seconds) {
    void print(PrintStream out) {
      out.printf(Locale.ROOT, "%,d records, %,d bytes in %d shards, in %.1f s (%,.0f images/s)%n",
          records, bytes, shardBytes.size(), seconds, records / seconds);
      for (int s = 0; s < shardBytes.size(); s++) {
        out.printf(Locale.ROOT, "  shard %d: %,d records, %,d bytes%n", s, shardRecords.get(s),
            shardBytes.get(s));
      }
      out.printf(Locale.ROOT, "%d unreadable file%s skipped%s%n", skipped.size(),
          skipped.size() == 1 ? "" : "s", skipped.isEmpty() ? "" : ":");
      skipped.forEach(line -> out.println("  " + line));
    }
  }

  private ShardCommand() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  static int run(String[] args, PrintStream out, PrintStream err) {
    Options options;
    try {
      options = Options.parse(args);
    } catch (IllegalArgumentException e) {
      err.println("error: " + e.getMessage());
      err.println(USAGE);
      return 2;
    }
    try {
      List<ImageFolder.Image> images = ImageFolder.scan(options.input(), options.labels(), options.seed());
      out.printf(Locale.ROOT, "Converting %,d images from %s into %d shards in %s%n", images.size(),
          options.input(), options.shards(), options.output());
      if (options.labels() == null) {
        List<String> names = ImageFolder.subFolders(images);
        List<String> legend = new ArrayList<>();
        for (int label = 0; label < names.size(); label++) {
          legend.add(label + " " + names.get(label));
        }
        out.println("Labels from sub-folders: " + String.join(", ", legend));
      }
      convert(images, options.output(), options.shards(), err).print(out);
      return 0;
    } catch (IllegalArgumentException e) {
      err.println("error: " + e.getMessage());
      return 1;
    } catch (IOException e) {
      err.println("error: " + e);
      return 1;
    }
  }

  /**
   * Writes the images into {@code shards} shards in {@code output}, decoding them on every core.
   * Shard files appear only complete.
   */
  static Summary convert(List<ImageFolder.Image> images, Path output, int shards, PrintStream progress)
      throws IOException {
    Files.createDirectories(output);
    long start = System.nanoTime();
    List<TFRecordWriter> writers = new ArrayList<>();
    for (int s = 0; s < shards; s++) {
      writers.add(new TFRecordWriter(output.resolve(ImageRecords.shardName(s, shards))));
    }
    long[] shardRecords = new long[shards];
    List<String> skipped = new ArrayList<>();
    Progress bar = new Progress(progress, images.size());
    int cores = Runtime.getRuntime().availableProcessors();
    int window = 8 * cores; // images converted ahead, so memory stays flat however many there are
    ExecutorService decoders = Executors.newFixedThreadPool(cores);
    try {
      List<Future<ImageRecords.Converted>> converted = new ArrayList<>();
      for (int i = 0; i < Math.min(window, images.size()); i++) {
        ImageFolder.Image image = images.get(i);
        converted.add(decoders.submit(() -> ImageRecords.convert(image)));
      }
      for (int i = 0; i < images.size(); i++) { // in order: the same input writes the same shards
        if (i + window < images.size()) {
          ImageFolder.Image ahead = images.get(i + window);
          converted.add(decoders.submit(() -> ImageRecords.convert(ahead)));
        }
        ImageRecords.Converted result = converted.set(i, null).get();
        ImageFolder.Image image = images.get(i);
        if (result.problem() != null) {
          skipped.add(image.path() + " " + result.problem());
        } else {
          int shard = (int) (image.id() % shards);
          writers.get(shard).write(result.record());
          shardRecords[shard]++;
        }
        bar.update(i + 1);
      }
      for (TFRecordWriter writer : writers) {
        writer.close();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    } catch (ExecutionException e) {
      throw new IOException("converting failed", e.getCause());
    } finally {
      decoders.shutdownNow();
    }
    List<Long> shardBytes = new ArrayList<>();
    List<Long> records = new ArrayList<>();
    for (int s = 0; s < shards; s++) {
      shardBytes.add(Files.size(output.resolve(ImageRecords.shardName(s, shards))));
      records.add(shardRecords[s]);
    }
    return new Summary(records.stream().mapToLong(Long::longValue).sum(),
        shardBytes.stream().mapToLong(Long::longValue).sum(), shardBytes, records, skipped,
        (System.nanoTime() - start) / 1e9);
  }
}

package dev.feedline.tools;

import dev.feedline.launcher.CommandOptions;
import dev.feedline.launcher.CommandSpec;
import dev.feedline.launcher.LauncherCommand;
import dev.feedline.Compression;
import dev.feedline.runtime.ShardedTFRecordWriter;
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
 * {@code ./feedline shard --input DIR --output DIR --shards N [--labels CSV] [--seed S]
 * [--replace]}: an image folder becomes N TFRecord shards of the example pipeline's records.
 * Images are decoded on every core; image {@code id} goes to shard {@code id % N}. The shards
 * appear in the output folder only when all are complete and none is empty; a folder that holds
 * TFRecord files already is refused unless {@code --replace} is given ({@link ShardFolder}).
 */
public final class ShardCommand {
  static final String USAGE = "usage: ./feedline shard --input DIR --output DIR --shards N"
      + " [--labels CSV] [--seed S] [--replace]";

  /** What to convert; the Beam command reads the same options. */
  record Options(Path input, Path output, int shards, Path labels, long seed, boolean replace) {
    /** The options both conversions take, added to {@code spec}. */
    static CommandSpec spec(String usage) {
      return CommandSpec.of(usage).required("input").required("output").required("shards")
          .option("labels", null).option("seed", "42").flag("replace");
    }

    static Options read(CommandOptions options) {
      return new Options(options.path("input"), options.path("output"), options.positive("shards"),
          options.path("labels"), options.wholeNumber("seed"), options.flag("replace"));
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
    return LauncherCommand.run(args, Options.spec(USAGE), err, parsed -> {
      Options options = Options.read(parsed);
      return () -> {
        List<ImageFolder.Image> images =
            ImageFolder.scan(options.input(), options.labels(), options.seed());
        ShardFolder.checkFill(images.size(), options.shards(), "image");
        out.printf(Locale.ROOT, "Converting %,d images from %s into %d shards in %s%n",
            images.size(), options.input(), options.shards(), options.output());
        if (options.labels() == null) {
          List<String> names = ImageFolder.subFolders(images);
          List<String> legend = new ArrayList<>();
          for (int label = 0; label < names.size(); label++) {
            legend.add(label + " " + names.get(label));
          }
          out.println("Labels from sub-folders: " + String.join(", ", legend));
        }
        try (ShardFolder folder = ShardFolder.open(options.output(), options.replace(), "image")) {
          Summary summary = convert(images, folder, options.shards(), err);
          folder.commit(ImageRecords.PREFIX, shardNames(options.shards()));
          summary.print(out);
        }
      };
    });
  }

  /** The names of {@code shards} shards, in order. */
  static List<String> shardNames(int shards) {
    List<String> names = new ArrayList<>();
    for (int s = 0; s < shards; s++) {
      names.add(ImageRecords.shardName(s, shards));
    }
    return names;
  }

  /**
   * Writes the images into {@code shards} shards in the folder's staging folder, decoding them on
   * every core, through the runtime's sharded writer: image {@code id} in shard {@code id % shards}.
   *
   * @throws IllegalArgumentException when every image of some shard was unreadable: the shards
   *     would be empty, and none is written
   */
  static Summary convert(List<ImageFolder.Image> images, ShardFolder folder, int shards,
      PrintStream progress) throws IOException {
    Path output = folder.staging();
    long start = System.nanoTime();
    List<String> skipped = new ArrayList<>();
    long[] shardRecords = new long[shards];
    Progress bar = new Progress(progress, images.size(), "images");
    int cores = Runtime.getRuntime().availableProcessors();
    int window = 8 * cores; // images converted ahead, so memory stays flat however many there are
    ExecutorService decoders = Executors.newFixedThreadPool(cores);
    try (ShardedTFRecordWriter writer =
        ShardedTFRecordWriter.byKey(output, ImageRecords.PREFIX, shards, Compression.NONE)) {
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
          writer.write(image.id(), result.photo().record());
        }
        bar.update(i + 1);
      }
      List<String> empty = writer.emptyShards();
      if (!empty.isEmpty()) {
        throw folder.emptyShards(empty, shards);
      }
      for (int s = 0; s < shards; s++) {
        shardRecords[s] = writer.records(s);
      }
      writer.commit();
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

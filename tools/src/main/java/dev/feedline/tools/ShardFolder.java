package dev.feedline.tools;

import dev.feedline.launcher.ScratchFolder;
import dev.feedline.runtime.internal.files.ShardSet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The folder a conversion writes its shards into, so that shards of two conversions never mix and
 * no shard is empty: a reader's glob takes every TFRecord file in the folder, and the runtime
 * refuses an empty one.
 *
 * <p>A folder that already holds TFRecord files is refused, unless the caller asks to replace
 * them. New shards are written into a scratch folder inside it and installed only once every one
 * is complete and holds a record, as the runtime's {@link ShardSet}: the old TFRecord files go at
 * that moment, under a journal that readers refuse, so a conversion that fails leaves the folder
 * as it was, and one killed while it installs leaves the old files, the new set, or a set that
 * readers refuse naming the folder, never old and new shards read together (its scratch folder
 * the next conversion into it removes).
 */
final class ShardFolder implements AutoCloseable {
  private final Path output;
  private final ScratchFolder staging;
  /** What the shards' records come from, for messages: "image", "row". */
  private final String unit;

  private ShardFolder(Path output, ScratchFolder staging, String unit) {
    this.output = output;
    this.staging = staging;
    this.unit = unit;
  }

  /**
   * Checks that {@code inputs} can fill {@code shards} shards, at least one record each.
   *
   * @param unit what an input is: "image", "row"
   * @throws IllegalArgumentException saying how many shards they fill
   */
  static void checkFill(long inputs, int shards, String unit) {
    if (inputs < shards) {
      throw new IllegalArgumentException(inputs + " " + unit + (inputs == 1 ? "" : "s")
          + " cannot fill " + shards + " shards: a shard holds at least one record; give --shards "
          + inputs + " or fewer");
    }
  }

  /**
   * Opens {@code output} for new shards.
   *
   * @param replace whether the TFRecord files already there are to be replaced
   * @param unit what the records come from, for messages: "image", "row"
   * @throws IllegalArgumentException when it holds TFRecord files and {@code replace} is false
   */
  static ShardFolder open(Path output, boolean replace, String unit) throws IOException {
    Files.createDirectories(output);
    List<Path> old = tfRecords(output);
    if (!old.isEmpty() && !replace) {
      throw new IllegalArgumentException(output + " already holds " + old.size() + " TFRecord"
          + " file" + (old.size() == 1 ? "" : "s") + ", such as " + old.get(0).getFileName()
          + ", which a reader of the folder would take with the new shards; give --replace to"
          + " replace them, or another --output");
    }
    return new ShardFolder(output, ScratchFolder.create(output, ".feedline-shards"), unit);
  }

  /** Where the new shards are written until {@link #commit}. */
  Path staging() {
    return staging.path();
  }

  /**
   * Installs the new shards as the set of {@code prefix}, in place of the folder's TFRecord files.
   *
   * @param names the shard files' names, each of which must be in {@link #staging()}
   * @throws IllegalArgumentException naming the shards that are missing or empty: nothing is moved
   */
  void commit(String prefix, List<String> names) throws IOException {
    List<String> empty = new ArrayList<>();
    for (String name : names) {
      Path shard = staging().resolve(name);
      if (!Files.isRegularFile(shard) || Files.size(shard) == 0) {
        empty.add(name);
      }
    }
    if (!empty.isEmpty()) {
      throw emptyShards(empty, names.size());
    }
    List<ShardSet.Staged> staged = new ArrayList<>();
    for (String name : names) {
      staged.add(new ShardSet.Staged(staging().resolve(name), name));
    }
    ShardSet.install(output, prefix, staged, tfRecords(output));
  }

  /** The error of shards that no readable input was assigned to: nothing is moved in. */
  IllegalArgumentException emptyShards(List<String> empty, int shards) {
    return new IllegalArgumentException(empty.size() + " of " + shards + " shards would be"
        + " empty (" + String.join(", ", empty) + "): every " + unit + " assigned to them was"
        + " unreadable; give fewer --shards. Nothing was written to " + output);
  }

  /** Removes the scratch folder and whatever was not committed from it. */
  @Override
  public void close() {
    staging.close();
  }

  private static List<Path> tfRecords(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      return files.filter(f -> f.getFileName().toString().endsWith(".tfrecord"))
          .filter(Files::isRegularFile).sorted().toList();
    }
  }
}

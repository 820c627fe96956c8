package dev.feedline.runtime;

import dev.feedline.runtime.internal.files.ShardSet;
import dev.feedline.runtime.internal.files.Durable;
import dev.feedline.Compression;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Writes records into TFRecord shards named {@code <prefix>-00002-of-00008.tfrecord} in one
 * folder, so that a glob such as {@code prefix-*.tfrecord} reads them in order: a fixed number of
 * shards that records are assigned to by a key ({@link #byKey}), or as many shards as records of
 * a given count or size need ({@link #bySize}).
 *
 * <pre>{@code
 * try (ShardedTFRecordWriter shards = ShardedTFRecordWriter.byKey(folder, "rows", 8, NONE)) {
 *   for (Row row : rows) {
 *     shards.write(row.id(), row.toByteArray());
 *   }
 *   shards.commit();   // without it, close() keeps nothing: an exception above writes no shard
 * }
 * }</pre>
 *
 * <p>Each shard is written under a temporary name ({@code .partial}); {@link #commit()} installs
 * all of them at once as a {@link ShardSet}, sealed by a manifest that readers check, and
 * {@link #close()} without a commit removes them, so that a caller's exception between writes
 * leaves the folder as it was. No shard is ever empty, since the runtime refuses an empty file: a
 * fixed count that some shard got no record of is an error at {@link #commit()}, and nothing is
 * kept. Shards of the same prefix already in the folder are replaced, as a set, when they are as
 * many as the new ones; others are refused, since a reader's glob would take the old shards with
 * the new ones.
 *
 * <p>The same records written with the same keys give the same files. Methods are synchronized,
 * so threads may share a writer; records keep the order in which {@code write} was called.
 */
public final class ShardedTFRecordWriter implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger(ShardedTFRecordWriter.class.getName());
  private final Path folder;
  private final String prefix;
  private final Compression compression;
  /** For {@link #byKey}: the shard count; 0 for {@link #bySize}. */
  private final int fixedShards;
  private final long maxRecords;
  private final long maxBytes;
  /** The shards so far; for a fixed count, null where a shard has no record yet. */
  private final List<TFRecordStream> shards = new ArrayList<>();
  private final List<Path> written = new ArrayList<>();
  private long records;
  private boolean failed;
  private boolean closed;

  private ShardedTFRecordWriter(Path folder, String prefix, Compression compression,
      int fixedShards, long maxRecords, long maxBytes) throws IOException {
    if (prefix.isEmpty() || prefix.contains("/") || prefix.contains("\\")) {
      throw new IllegalArgumentException("a shard prefix is a file name's start, without a"
          + " folder: not '" + prefix + "'");
    }
    this.folder = folder;
    this.prefix = prefix;
    this.compression = compression;
    this.fixedShards = fixedShards;
    this.maxRecords = maxRecords;
    this.maxBytes = maxBytes;
    Files.createDirectories(folder);
    refuseOlderShards();
    for (int s = 0; s < fixedShards; s++) {
      shards.add(null); // opened with its first record: an empty shard never has a file
    }
  }

  /**
   * {@code shards} shards; a record written with key {@code k} goes to shard
   * {@code floorMod(k, shards)}, so the same key always lands in the same shard.
   *
   * @throws IllegalArgumentException when {@code shards} is below 1, or {@code folder} already
   *     holds shards named {@code <prefix>-*-of-*.tfrecord}
   */
  public static ShardedTFRecordWriter byKey(Path folder, String prefix, int shards,
      Compression compression) throws IOException {
    if (shards < 1) {
      throw new IllegalArgumentException("a sharded writer needs 1 shard or more, not " + shards);
    }
    return new ShardedTFRecordWriter(folder, prefix, compression, shards, 0, 0);
  }

  /**
   * Shards of at most {@code maxRecords} records and {@code maxBytes} bytes each (framing
   * included, counted before compression; a record larger than that gets a shard of its own),
   * filled in the order records are written; how many there are is known, and their names
   * given, on {@link #commit()}.
   *
   * @param maxRecords records per shard, or {@link Long#MAX_VALUE} for no limit
   * @param maxBytes bytes per shard, or {@link Long#MAX_VALUE} for no limit
   */
  public static ShardedTFRecordWriter bySize(Path folder, String prefix, long maxRecords,
      long maxBytes, Compression compression) throws IOException {
    if (maxRecords < 1 || maxBytes < 1) {
      throw new IllegalArgumentException("a shard holds 1 record or more and 1 byte or more;"
          + " not " + maxRecords + " records and " + maxBytes + " bytes");
    }
    return new ShardedTFRecordWriter(folder, prefix, compression, 0, maxRecords, maxBytes);
  }

  /** Writes a record into the shard of {@code key}; for {@link #bySize}, into the current one. */
  public synchronized void write(long key, byte[] record) throws IOException {
    checkOpen();
    try {
      TFRecordStream shard =
          fixedShards > 0 ? keyed(Math.floorMod(key, fixedShards)) : current(record);
      shard.write(record);
    } catch (IOException | RuntimeException e) {
      failed = true;
      throw e;
    }
    records++;
  }

  /**
   * Writes a record: into the current shard for {@link #bySize}; for {@link #byKey}, keyed by
   * how many records were written before it, so records go round the shards in turn.
   */
  public synchronized void write(byte[] record) throws IOException {
    write(records, record);
  }

  /** Records written so far. */
  public synchronized long records() {
    return records;
  }

  /** Records written so far into shard {@code index}. */
  public synchronized long records(int index) {
    TFRecordStream shard = index < shards.size() ? shards.get(index) : null;
    return shard == null ? 0 : shard.records();
  }

  /** The names of the shards of a fixed count that hold no record yet, in order. */
  public synchronized List<String> emptyShards() {
    List<String> empty = new ArrayList<>();
    for (int s = 0; s < fixedShards; s++) {
      if (shards.get(s) == null) {
        empty.add(TFRecordWriter.shardName(prefix, s, fixedShards));
      }
    }
    return empty;
  }

  /** The files written, in shard order: empty until {@link #commit()} has given them their names. */
  public synchronized List<Path> files() {
    return List.copyOf(written);
  }

  /**
   * Completes every shard and installs them as the set of the prefix ({@link ShardSet}): each
   * forced to the disk and given its real name, in place of the shards of the prefix there, and
   * sealed by the set's manifest. A process killed meanwhile leaves the old set or the new one,
   * or a set that readers refuse, naming the folder. After a failed write, or when a shard of a
   * fixed count has no record, nothing is kept.
   *
   * @return the shards, in order
   * @throws IllegalStateException naming the shards that would be empty, or after a failed write
   */
  public synchronized List<Path> commit() throws IOException {
    checkOpen();
    closed = true;
    List<String> empty = emptyShards();
    if (!empty.isEmpty()) {
      discard();
      throw new IllegalStateException(empty.size() + " of " + fixedShards + " shards would be"
          + " empty (" + String.join(", ", empty) + "): no record was assigned to them, and a"
          + " reader refuses an empty file; write fewer shards. Nothing was written to "
          + folder);
    }
    List<ShardSet.Staged> staged = new ArrayList<>();
    try {
      for (int s = 0; s < shards.size(); s++) {
        shards.get(s).finish();
        staged.add(new ShardSet.Staged(shards.get(s).file(),
            TFRecordWriter.shardName(prefix, s, shards.size())));
      }
      written.addAll(ShardSet.install(folder, prefix, staged, List.of()));
    } catch (IOException | RuntimeException e) {
      discard();
      throw e;
    }
    return files();
  }

  /**
   * Ends the writer. Without {@link #commit()} (a caller's exception between writes, a failed
   * write, or a forgotten commit), it removes what was written: the folder keeps what it had.
   * Closing after a commit, or twice, does nothing more.
   */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (records > 0 && !failed) {
      LOG.log(System.Logger.Level.WARNING, "The sharded writer of {0}-* was closed without"
          + " commit(): its {1} records are discarded, and the folder keeps what it had",
          folder.resolve(prefix), records);
    }
    discard();
  }

  private void discard() {
    shards.stream().filter(s -> s != null).forEach(TFRecordStream::discard);
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("the sharded writer of " + folder.resolve(prefix)
          + "-* is " + (written.isEmpty() ? "closed" : "committed"));
    }
    if (failed) {
      throw new IllegalStateException("an earlier write to the shards " + folder.resolve(prefix)
          + "-* failed, so none will be kept; write the records again with a new writer");
    }
  }

  private TFRecordStream keyed(int index) throws IOException {
    TFRecordStream shard = shards.get(index);
    if (shard == null) {
      shard = open(TFRecordWriter.partial(
          folder.resolve(TFRecordWriter.shardName(prefix, index, fixedShards))));
      shards.set(index, shard);
    }
    return shard;
  }

  /** The shard {@code record} goes to: the last one, or a new one when it would overflow. */
  private TFRecordStream current(byte[] record) throws IOException {
    TFRecordStream last = shards.isEmpty() ? null : shards.get(shards.size() - 1);
    if (last != null && last.records() < maxRecords
        && last.bytes() + TFRecordStream.framedSize(record) <= maxBytes) {
      return last;
    }
    if (last != null) {
      last.finish(); // keeps its temporary name until the count is known
    }
    // The count, and with it the real name, is known only at the end.
    TFRecordStream next = open(folder.resolve(String.format(Locale.ROOT, "%s-%05d.tfrecord.partial",
        prefix, shards.size())));
    shards.add(next);
    return next;
  }

  private TFRecordStream open(Path partial) throws IOException {
    return new TFRecordStream(partial, compression);
  }

  /**
   * Refuses shards of the prefix that the new ones would not replace: of another count, or of any
   * count when the count is not known yet. Shards of the same count are replaced on close.
   */
  private void refuseOlderShards() throws IOException {
    Pattern shard = Pattern.compile(Pattern.quote(prefix) + "-\\d{5,}-of-(\\d{5,})\\.tfrecord");
    List<String> older;
    try (Stream<Path> files = Files.list(folder)) {
      older = files.map(f -> f.getFileName().toString())
          .filter(n -> {
            var match = shard.matcher(n);
            return match.matches() && (fixedShards == 0 || !match.group(1).equals(
                String.format(Locale.ROOT, "%05d", fixedShards)));
          })
          .sorted().toList();
    }
    if (!older.isEmpty()) {
      throw new IllegalArgumentException(folder + " already holds " + older.size() + " shard"
          + (older.size() == 1 ? "" : "s") + " of prefix '" + prefix + "'"
          + (fixedShards == 0 ? "" : " of another count") + ", such as " + older.get(0)
          + ", which a reader's glob would take with the new ones; remove them, or write"
          + " elsewhere");
    }
  }
}

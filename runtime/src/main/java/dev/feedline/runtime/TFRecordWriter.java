package dev.feedline.runtime;

import dev.feedline.runtime.internal.files.Durable;
import dev.feedline.Compression;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * Writes a TFRecord file that TensorFlow and Feedline read: per record, its length (uint64,
 * little-endian), the masked CRC32C of the length, the bytes, and the masked CRC32C of the bytes;
 * plain, or GZIP or ZLIB compressed as {@code @TFRecordSource(compression = ...)} reads it.
 *
 * <p>It writes to a temporary name beside the target ({@code <name>.partial}); {@link #commit()}
 * forces the file to the disk and renames it to the target, so a crash or a power loss never
 * leaves a half-written or empty file under the real name. {@link #close()} without a commit
 * removes the temporary file: a caller's exception between writes, in a try-with-resources, keeps
 * nothing. For many files, see {@link ShardedTFRecordWriter}.
 */
public final class TFRecordWriter implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger(TFRecordWriter.class.getName());
  private final Path target;
  private final TFRecordStream stream;
  private boolean closed;

  /** Starts writing {@code target}, uncompressed; it appears under that name when committed. */
  public TFRecordWriter(Path target) throws IOException {
    this(target, Compression.NONE);
  }

  /**
   * Starts writing {@code target}, compressed as given; it appears under that name when
   * committed.
   */
  public TFRecordWriter(Path target, Compression compression) throws IOException {
    this.target = target;
    this.stream = new TFRecordStream(partial(target), compression);
  }

  /** The temporary name a file is written under until it is complete. */
  static Path partial(Path target) {
    return target.resolveSibling(target.getFileName() + ".partial");
  }

  /**
   * The file name of shard {@code index} of {@code count}: {@code <prefix>-00002-of-00008.tfrecord},
   * the naming of TensorFlow's and Beam's sharded writers, so a glob such as
   * {@code prefix-*.tfrecord} reads them in order.
   */
  public static String shardName(String prefix, int index, int count) {
    if (index < 0 || index >= count) {
      throw new IllegalArgumentException("shard " + index + " of " + count + " does not exist");
    }
    return String.format(Locale.ROOT, "%s-%05d-of-%05d.tfrecord", prefix, index, count);
  }

  /** Appends one record. */
  public void write(byte[] record) throws IOException {
    stream.write(record);
  }

  /** Records written so far. */
  public long records() {
    return stream.records();
  }

  /** Bytes written so far, framing included, before compression. */
  public long bytes() {
    return stream.bytes();
  }

  /**
   * Completes the file, forces it to the disk and moves it to its real name, atomically.
   *
   * @throws IllegalStateException after a failed write, which keeps nothing
   */
  public void commit() throws IOException {
    if (closed) {
      throw new IllegalStateException("the TFRecord writer of " + target + " is closed");
    }
    if (stream.failed()) {
      throw new IllegalStateException("an earlier write to " + target + " failed, so the file"
          + " is not kept; write the records again with a new writer");
    }
    closed = true;
    try {
      stream.finish();
      Durable.force(stream.file());
      Files.move(stream.file(), target, StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.ATOMIC_MOVE);
      Durable.forceFolder(target.toAbsolutePath().getParent());
    } catch (IOException | RuntimeException e) {
      stream.discard();
      throw e;
    }
  }

  /**
   * Ends the writer. Without {@link #commit()} it removes the temporary file, so that no file
   * with records missing appears. Closing after a commit, or twice, does nothing more.
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (stream.records() > 0 && !stream.failed()) {
      LOG.log(System.Logger.Level.WARNING, "The TFRecord writer of {0} was closed without"
          + " commit(): its {1} records are discarded", target, stream.records());
    }
    stream.discard();
  }
}

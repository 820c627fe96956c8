package dev.feedline.runtime;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * Writes a TFRecord file that TensorFlow and Feedline read: per record, its length (uint64,
 * little-endian), the masked CRC32C of the length, the bytes, and the masked CRC32C of the bytes.
 *
 * <p>It writes to a temporary name beside the target ({@code <name>.partial}) and renames it on
 * {@link #close()}, so a crash never leaves a half-written file under the real name.
 */
public final class TFRecordWriter implements AutoCloseable {
  private final Path target;
  private final Path partial;
  private final OutputStream out;
  private long records;

  /** Starts writing {@code target}; it appears under that name when closed. */
  public TFRecordWriter(Path target) throws IOException {
    this.target = target;
    this.partial = target.resolveSibling(target.getFileName() + ".partial");
    this.out = new BufferedOutputStream(Files.newOutputStream(partial), 1 << 16);
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
    out.write(TFRecordFraming.header(record.length));
    out.write(record);
    out.write(TFRecordFraming.footer(record));
    records++;
  }

  /** Records written so far. */
  public long records() {
    return records;
  }

  /** Flushes and moves the file to its real name. */
  @Override
  public void close() throws IOException {
    out.close();
    Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }
}

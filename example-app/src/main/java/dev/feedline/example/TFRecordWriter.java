package dev.feedline.example;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.CRC32C;

/**
 * Writes a TFRecord file: per record, its length (uint64, little-endian), the masked CRC32C of the
 * length, the bytes, and the masked CRC32C of the bytes.
 *
 * <p>It writes to a temporary name beside the target and renames it on {@link #close()}, so a
 * crash never leaves a half-written file under the real name.
 */
public final class TFRecordWriter implements AutoCloseable {
  /** The constant TensorFlow adds when masking a CRC (tensorflow/core/lib/hash/crc32c.h). */
  private static final int MASK_DELTA = 0xa282ead8;

  private final Path target;
  private final Path partial;
  private final OutputStream out;
  private long records;

  public TFRecordWriter(Path target) throws IOException {
    this.target = target;
    this.partial = target.resolveSibling(target.getFileName() + ".partial");
    this.out = new BufferedOutputStream(Files.newOutputStream(partial), 1 << 16);
  }

  /** Appends one record. */
  public void write(byte[] record) throws IOException {
    byte[] length = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(record.length).array();
    out.write(length);
    out.write(maskedCrc(length));
    out.write(record);
    out.write(maskedCrc(record));
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

  /** The masked CRC32C of {@code bytes}, little-endian, as TFRecord framing stores it. */
  static byte[] maskedCrc(byte[] bytes) {
    CRC32C crc = new CRC32C();
    crc.update(bytes);
    int value = (int) crc.getValue();
    int masked = ((value >>> 15) | (value << 17)) + MASK_DELTA;
    return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(masked).array();
  }
}

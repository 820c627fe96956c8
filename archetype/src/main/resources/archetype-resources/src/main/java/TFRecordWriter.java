package ${package};

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32C;

/**
 * Writes a TFRecord file, the framing TensorFlow reads: per record, its length (8 bytes,
 * little-endian), the masked CRC32C of those 8 bytes, the record, and the masked CRC32C of the
 * record.
 */
public final class TFRecordWriter implements AutoCloseable {
  /** What TensorFlow adds to a rotated CRC to mask it (tensorflow/core/lib/hash/crc32c.h). */
  private static final int MASK_DELTA = 0xa282ead8;

  private final OutputStream out;

  public TFRecordWriter(Path file) throws IOException {
    this.out = new BufferedOutputStream(Files.newOutputStream(file));
  }

  /** Appends one record, such as a serialized {@code tf.train.Example}. */
  public void write(byte[] record) throws IOException {
    byte[] length = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(record.length).array();
    out.write(length);
    out.write(maskedCrc(length));
    out.write(record);
    out.write(maskedCrc(record));
  }

  @Override
  public void close() throws IOException {
    out.close();
  }

  private static byte[] maskedCrc(byte[] bytes) {
    CRC32C crc = new CRC32C();
    crc.update(bytes);
    int value = (int) crc.getValue();
    int masked = ((value >>> 15) | (value << 17)) + MASK_DELTA;
    return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(masked).array();
  }
}

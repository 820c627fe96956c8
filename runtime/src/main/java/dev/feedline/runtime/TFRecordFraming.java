package dev.feedline.runtime;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;

/**
 * The framing of a TFRecord file, shared by its writer and its reader: per record, a
 * little-endian uint64 length, the masked CRC32C of those 8 bytes, the data, and the masked
 * CRC32C of the data.
 */
final class TFRecordFraming {
  /** Length and its checksum. */
  static final int HEADER = 12;
  /** The data's checksum. */
  static final int FOOTER = 4;
  /** The constant TensorFlow adds when masking a CRC (tsl/lib/hash/crc32c.h). */
  private static final int MASK_DELTA = 0xa282ead8;

  private TFRecordFraming() {}

  /** The unsigned little-endian number in {@code length} bytes of {@code bytes} from {@code from}. */
  static long littleEndian(byte[] bytes, int from, int length) {
    long value = 0;
    for (int i = length - 1; i >= 0; i--) {
      value = (value << 8) | (bytes[from + i] & 0xFF);
    }
    return value;
  }

  /** The masked CRC32C of {@code length} bytes of {@code bytes} from {@code from}. */
  static int maskedCrc(byte[] bytes, int from, int length) {
    CRC32C crc = new CRC32C();
    crc.update(bytes, from, length);
    return mask(crc);
  }

  /** Masks the value of {@code crc}, as TensorFlow stores it. */
  static int mask(CRC32C crc) {
    int value = (int) crc.getValue();
    return ((value >>> 15) | (value << 17)) + MASK_DELTA;
  }

  /** The 12 header bytes of a record of {@code length} bytes. */
  static byte[] header(long length) {
    ByteBuffer header = ByteBuffer.allocate(HEADER).order(ByteOrder.LITTLE_ENDIAN).putLong(length);
    return header.putInt(maskedCrc(header.array(), 0, 8)).array();
  }

  /** The 4 footer bytes of a record holding {@code data}. */
  static byte[] footer(byte[] data) {
    return ByteBuffer.allocate(FOOTER).order(ByteOrder.LITTLE_ENDIAN)
        .putInt(maskedCrc(data, 0, data.length)).array();
  }
}

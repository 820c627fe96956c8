package dev.feedline.runtime.internal.files;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * The framing of a TFRecord file, shared by its writer and its reader: per record, a
 * little-endian uint64 length, the masked CRC32C of those 8 bytes, the data, and the masked
 * CRC32C of the data.
 */
public final class TFRecordFraming {
  /** Length and its checksum. */
  public static final int HEADER = 12;
  /** The data's checksum. */
  public static final int FOOTER = 4;
  /** The constant TensorFlow adds when masking a CRC (tsl/lib/hash/crc32c.h). */
  private static final int MASK_DELTA = 0xa282ead8;
  /** CRC32C's polynomial, bits reversed (RFC 3720, appendix B.4). */
  private static final int POLYNOMIAL = 0x82f63b78;
  /**
   * Eight tables of 256 entries for {@link #maskedLengthCrc}: entry {@code 256 * k + b} is the
   * CRC32C contribution of byte value b followed by k zero bytes (slicing-by-8).
   */
  private static final int[] LENGTH_TABLES = lengthTables();

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
    return mask((int) crc.getValue());
  }

  private static int mask(int crc) {
    return ((crc >>> 15) | (crc << 17)) + MASK_DELTA;
  }

  /**
   * The masked CRC32C of {@code length}'s 8 little-endian bytes, as a record header holds it: four
   * table look-ups for a length under 4 GiB, eight above, and no call. The walk of small records
   * checks one per record, where a {@link CRC32C} call for 8 bytes cost more.
   */
  static int maskedLengthCrc(long length) {
    int[] t = LENGTH_TABLES;
    int low = ~(int) length; // CRC32C starts from all ones, over the first 4 bytes
    int crc = t[7 << 8 | low & 0xff] ^ t[6 << 8 | (low >>> 8) & 0xff]
        ^ t[5 << 8 | (low >>> 16) & 0xff] ^ t[4 << 8 | low >>> 24];
    int high = (int) (length >>> 32);
    if (high != 0) { // a zero byte adds nothing: the 4 high bytes of a length under 4 GiB
      crc ^= t[3 << 8 | high & 0xff] ^ t[2 << 8 | (high >>> 8) & 0xff]
          ^ t[1 << 8 | (high >>> 16) & 0xff] ^ t[high >>> 24];
    }
    return mask(~crc);
  }

  private static int[] lengthTables() {
    int[] tables = new int[8 << 8];
    for (int b = 0; b < 256; b++) {
      int crc = b;
      for (int bit = 0; bit < 8; bit++) {
        crc = (crc >>> 1) ^ (POLYNOMIAL & -(crc & 1));
      }
      tables[b] = crc;
    }
    for (int k = 1; k < 8; k++) {
      for (int b = 0; b < 256; b++) {
        int previous = tables[(k - 1) << 8 | b];
        tables[k << 8 | b] = (previous >>> 8) ^ tables[previous & 0xff];
      }
    }
    return tables;
  }

  /** The 12 header bytes of a record of {@code length} bytes. */
  public static byte[] header(long length) {
    return ByteBuffer.allocate(HEADER).order(ByteOrder.LITTLE_ENDIAN).putLong(length)
        .putInt(maskedLengthCrc(length)).array();
  }

  /** The 4 footer bytes of a record holding {@code data}. */
  public static byte[] footer(byte[] data) {
    return ByteBuffer.allocate(FOOTER).order(ByteOrder.LITTLE_ENDIAN)
        .putInt(maskedCrc(data, 0, data.length)).array();
  }

  /**
   * The byte where the record {@code records} records after the one at {@code offset} starts, in
   * an uncompressed TFRecord file whose framing was checked: each record is its header, its data
   * (the length the header holds) and its footer.
   */
  public static long skip(Path file, long offset, long records) throws IOException {
    long at = offset;
    ByteBuffer length = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      for (long i = 0; i < records; i++) {
        length.clear();
        while (length.hasRemaining()) {
          if (channel.read(length, at + length.position()) < 0) {
            throw new EOFException("record header at byte " + at + " is cut short");
          }
        }
        at += HEADER + length.getLong(0) + FOOTER;
      }
    }
    return at;
  }
}

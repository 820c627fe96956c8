package dev.feedline.runtime.internal.files;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The table-driven checksum of a record's length against the JDK's CRC32C. */
class TFRecordFramingTest {
  /** The masked CRC32C of {@code length}'s 8 little-endian bytes, by {@link java.util.zip.CRC32C}. */
  private static int byTheJdk(long length) {
    byte[] bytes = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(length).array();
    return TFRecordFraming.maskedCrc(bytes, 0, 8);
  }

  @Test
  void aLengthsChecksumIsTheJdksCrc32cOfItsBytes() {
    SplittableRandom random = new SplittableRandom(16);
    for (int i = 0; i < 1_000_000; i++) {
      long any = random.nextLong();
      long small = any >>> random.nextInt(64); // lengths of every width, most of them short
      assertEquals(byTheJdk(any), TFRecordFraming.maskedLengthCrc(any), Long.toHexString(any));
      assertEquals(byTheJdk(small), TFRecordFraming.maskedLengthCrc(small), Long.toHexString(small));
    }
    for (int bit = 0; bit < 64; bit++) { // each byte of each table, alone
      long one = 1L << bit;
      assertEquals(byTheJdk(one), TFRecordFraming.maskedLengthCrc(one), "bit " + bit);
      assertEquals(byTheJdk(~one), TFRecordFraming.maskedLengthCrc(~one), "all but bit " + bit);
    }
    for (long edge : new long[] {0, -1, Long.MAX_VALUE, Long.MIN_VALUE, 0xffffffffL}) {
      assertEquals(byTheJdk(edge), TFRecordFraming.maskedLengthCrc(edge), Long.toHexString(edge));
    }
  }

  @Test
  void aHeaderHoldsTheLengthAndItsChecksum() {
    ByteBuffer header = ByteBuffer.wrap(TFRecordFraming.header(56)).order(ByteOrder.LITTLE_ENDIAN);
    assertEquals(56, header.getLong(0));
    assertEquals(byTheJdk(56), header.getInt(8));
  }
}

package dev.feedline.tests.chaos;

import com.google.protobuf.InvalidProtocolBufferException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;
import org.tensorflow.proto.Example;
import org.tensorflow.proto.Feature;

/**
 * The chaos test's own reading of a TFRecord file as it is on disk, written from the format and
 * docs/reliability.md rather than from the runtime: each record is good (with its row's id) or bad
 * with the cause the skip policy documents. A header whose length checksum fails, or whose length
 * runs past the end of the file, costs the bytes up to the next position where a whole valid record
 * starts (both checksums match); a length that runs past the end with no valid record after it is
 * the file cut short.
 */
final class RecordScan {
  static final String CORRUPT_LENGTH = "corrupt length";
  static final String CORRUPT_DATA = "corrupt data";
  static final String CUT_SHORT = "cut short";
  static final String NOT_AN_EXAMPLE = "not a tf.train.Example";

  private static final int HEADER = 12;
  private static final int FOOTER = 4;

  /** One record: its offset and length, and either its row's id or what is wrong with it. */
  record Entry(int offset, int length, long id, String cause) {
    boolean good() {
      return cause == null;
    }
  }

  private final byte[] bytes;
  private final ByteBuffer buffer;
  private final List<Entry> entries = new ArrayList<>();

  private RecordScan(byte[] bytes) {
    this.bytes = bytes;
    this.buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    scan();
  }

  static RecordScan of(Path file) throws IOException {
    return new RecordScan(Files.readAllBytes(file));
  }

  static RecordScan of(byte[] bytes) {
    return new RecordScan(bytes);
  }

  List<Entry> entries() {
    return entries;
  }

  boolean empty() {
    return bytes.length == 0;
  }

  /** Whether a header is damaged: what a build under the fail policy refuses. */
  boolean framingDamaged() {
    return entries.stream().anyMatch(e -> CORRUPT_LENGTH.equals(e.cause()) || CUT_SHORT.equals(e.cause()));
  }

  /** Whether a record is bad at all: what an epoch under the fail policy stops at. */
  boolean damaged() {
    return entries.stream().anyMatch(e -> !e.good());
  }

  List<Long> goodIds() {
    return entries.stream().filter(Entry::good).map(Entry::id).toList();
  }

  /** The bad records by cause, in the order met. */
  Map<String, Long> causes() {
    Map<String, Long> causes = new LinkedHashMap<>();
    entries.stream().filter(e -> !e.good()).forEach(e -> causes.merge(e.cause(), 1L, Long::sum));
    return causes;
  }

  private void scan() {
    int size = bytes.length;
    int offset = 0;
    while (offset < size) {
      if (size - offset < HEADER) {
        entries.add(new Entry(offset, -1, -1, CUT_SHORT));
        return;
      }
      long length = buffer.getLong(offset);
      boolean lengthChecks = maskedCrc(offset, 8) == buffer.getInt(offset + 8);
      if (!lengthChecks || !fits(offset, length)) {
        int next = nextValid(offset + 1);
        entries.add(new Entry(offset, -1, -1,
            !lengthChecks || next < size ? CORRUPT_LENGTH : CUT_SHORT));
        offset = next;
        continue;
      }
      int end = offset + HEADER + (int) length + FOOTER;
      if (maskedCrc(offset + HEADER, (int) length) != buffer.getInt(end - FOOTER)) {
        entries.add(new Entry(offset, (int) length, -1, CORRUPT_DATA));
      } else {
        Long id = id(offset + HEADER, (int) length);
        entries.add(new Entry(offset, (int) length, id == null ? -1 : id,
            id == null ? NOT_AN_EXAMPLE : null));
      }
      offset = end;
    }
  }

  private boolean fits(int offset, long length) {
    return length >= 0 && length <= bytes.length - offset - HEADER - FOOTER;
  }

  /** The first position at or after {@code from} where a whole valid record starts. */
  private int nextValid(int from) {
    for (int p = from; p + HEADER + FOOTER <= bytes.length; p++) {
      long length = buffer.getLong(p);
      if (fits(p, length) && maskedCrc(p, 8) == buffer.getInt(p + 8)
          && maskedCrc(p + HEADER, (int) length)
              == buffer.getInt(p + HEADER + (int) length)) {
        return p;
      }
    }
    return bytes.length;
  }

  /** The row's id; null when the record is not an Example. */
  private Long id(int from, int length) {
    try {
      Example example = Example.parseFrom(ByteBuffer.wrap(bytes, from, length));
      Feature id = example.getFeatures().getFeatureMap().get("id");
      if (id == null || id.getInt64List().getValueCount() != 1) {
        throw new IllegalStateException("a record without one id at byte " + from
            + ": the chaos test writes none");
      }
      return id.getInt64List().getValue(0);
    } catch (InvalidProtocolBufferException e) {
      return null;
    }
  }

  /** TFRecord's masked CRC32C. */
  private int maskedCrc(int from, int length) {
    CRC32C crc = new CRC32C();
    crc.update(bytes, from, length);
    int value = (int) crc.getValue();
    return ((value >>> 15) | (value << 17)) + 0xa282ead8;
  }
}

package dev.feedline.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.zip.CRC32C;

/**
 * Reads a TFRecord file's framing in Java: per record, a little-endian uint64 length, the masked
 * CRC32C of the length, the data, and the masked CRC32C of the data.
 *
 * <p>TensorFlow is silent about some damage: a file cut inside a record header just ends, and a
 * corrupt record ends its file with an error that names a byte offset but no file. These checks
 * find what TensorFlow hides, and name it.
 */
final class TFRecordFile {
  /** The constant TensorFlow adds when masking a CRC (crc32c.h). */
  private static final int MASK_DELTA = 0xa282ead8;
  private static final int HEADER = 12;
  private static final int FOOTER = 4;

  /** A damaged record: where it starts, which record it is, and what is wrong. */
  record Damage(long offset, long index, String problem) {
    String describe() {
      return "record " + index + " at byte " + offset + " " + problem;
    }
  }

  private TFRecordFile() {}

  /**
   * Walks the record headers without reading the data: finds a truncated file or a corrupt
   * length. Cheap, one small read per record, so it runs before every pipeline starts.
   */
  static Optional<Damage> checkFraming(Path file) {
    return walk(file, false, record -> { });
  }

  /** Checks every record, data checksums included, handing each valid record's data on. */
  static Optional<Damage> checkAll(Path file, Consumer<byte[]> records) {
    return walk(file, true, records);
  }

  /**
   * The damage of the record starting at {@code offset}, if a record starts there and is damaged:
   * TensorFlow's "corrupted record at N" names an offset but no file.
   */
  static Optional<Damage> checkRecordAt(Path file, long offset) {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      long position = 0;
      long index = 0;
      while (position < offset) { // find the record's index, and that a record starts there
        Step step = readRecord(channel, position, index, false, record -> { });
        if (step.damage().isPresent()) {
          return Optional.empty();
        }
        position = step.next();
        index++;
      }
      return position == offset && offset < channel.size()
          ? readRecord(channel, offset, index, true, record -> { }).damage()
          : Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException("Could not read " + file, e);
    }
  }

  private static Optional<Damage> walk(Path file, boolean data, Consumer<byte[]> records) {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      long offset = 0;
      long index = 0;
      while (offset < channel.size()) {
        Step step = readRecord(channel, offset, index, data, records);
        if (step.damage().isPresent()) {
          return step.damage();
        }
        offset = step.next();
        index++;
      }
      return Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException("Could not read " + file, e);
    }
  }

  private record Step(long next, Optional<Damage> damage) {}

  private static Step readRecord(FileChannel channel, long offset, long index, boolean data,
      Consumer<byte[]> records) throws IOException {
    long size = channel.size();
    if (size - offset < HEADER) {
      return damaged(offset, index, "is cut short: " + (size - offset) + " of its 12 header bytes");
    }
    ByteBuffer header = ByteBuffer.allocate(HEADER).order(ByteOrder.LITTLE_ENDIAN);
    channel.read(header, offset);
    long length = header.getLong(0);
    if (maskedCrc(header.array(), 0, 8) != header.getInt(8)) {
      return damaged(offset, index, "has a corrupt length: its checksum does not match");
    }
    long end = offset + HEADER + length + FOOTER;
    if (length < 0 || end > size) {
      return damaged(offset, index, "is cut short: it needs " + (HEADER + length + FOOTER)
          + " bytes, the file has " + (size - offset) + " left");
    }
    if (data) {
      ByteBuffer body = ByteBuffer.allocate((int) length + FOOTER).order(ByteOrder.LITTLE_ENDIAN);
      channel.read(body, offset + HEADER);
      if (maskedCrc(body.array(), 0, (int) length) != body.getInt((int) length)) {
        return damaged(offset, index, "is corrupt: its data checksum does not match");
      }
      records.accept(Arrays.copyOf(body.array(), (int) length));
    }
    return new Step(end, Optional.empty());
  }

  private static Step damaged(long offset, long index, String problem) {
    return new Step(offset, Optional.of(new Damage(offset, index, problem)));
  }

  private static int maskedCrc(byte[] bytes, int from, int length) {
    CRC32C crc = new CRC32C();
    crc.update(bytes, from, length);
    int value = (int) crc.getValue();
    return ((value >>> 15) | (value << 17)) + MASK_DELTA;
  }
}

package dev.feedline.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Reads a TFRecord file's framing in Java: per record, a little-endian uint64 length, the masked
 * CRC32C of the length, the data, and the masked CRC32C of the data.
 *
 * <p>TensorFlow is silent about some damage: a file cut inside a record header just ends, and a
 * corrupt record ends its file with an error that names a byte offset but no file. These checks
 * find what TensorFlow hides, and name it.
 */
final class TFRecordFile {
  private static final int HEADER = TFRecordFraming.HEADER;
  private static final int FOOTER = TFRecordFraming.FOOTER;

  /**
   * A damaged record: where it starts, which record it is, and what is wrong.
   *
   * @param cause a short name of the problem, shared by records with the same one
   * @param next where the next record starts, when the length could be trusted; -1 when it
   *     cannot, and the next valid record must be searched for
   */
  record Damage(long offset, long index, String cause, String problem, long next) {
    String describe() {
      return "record " + index + " at byte " + offset + " " + problem;
    }
  }

  /** The good records of a file, as runs of consecutive records, and its bad records. */
  record Scan(List<FileSegment> segments, List<SkippedRecords.Record> bad) {
    long goodRecords() {
      return segments.stream().mapToLong(FileSegment::count).sum();
    }
  }

  private TFRecordFile() {}

  /**
   * Walks the record headers without reading the data: finds a truncated file or a corrupt
   * length, and counts the records. Cheap, one small read per record, so it runs before every
   * pipeline starts.
   *
   * @param records counts the records seen
   */
  static Optional<Damage> checkFraming(Path file, AtomicLong records) {
    return walk(file, false, record -> records.incrementAndGet());
  }

  /** Checks every record, data checksums included, handing each valid record's data on. */
  static Optional<Damage> checkAll(Path file, Consumer<byte[]> records) {
    return walk(file, true, records);
  }

  /**
   * Checks every record, and its content with {@code contentProblem}, and splits the file into
   * runs of good records around the bad ones. After a record whose length is corrupt, the next
   * valid record is searched for byte by byte: its length and data checksums must both match, so
   * one flipped byte costs one record, not the rest of the file.
   *
   * @param contentProblem why a record with valid framing cannot be used, if it cannot
   */
  static Scan scan(Path file, Function<byte[], Optional<ExampleCheck.Problem>> contentProblem) {
    List<FileSegment> segments = new ArrayList<>();
    List<SkippedRecords.Record> bad = new ArrayList<>();
    String name = file.toString();
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = channel.size();
      long offset = 0;
      long index = 0;
      long runStart = 0;
      long runCount = 0;
      while (offset < size) {
        AtomicReference<byte[]> data = new AtomicReference<>();
        Step step = readRecord(channel, offset, index, true, data::set);
        Optional<ExampleCheck.Problem> problem = step.damage()
            .map(d -> new ExampleCheck.Problem(d.cause(), d.problem()))
            .or(() -> contentProblem.apply(data.get()));
        long next = step.damage().isEmpty() ? step.next()
            : step.damage().get().next() >= 0 ? step.damage().get().next()
            : resync(channel, offset + 1);
        if (problem.isPresent()) {
          bad.add(new SkippedRecords.Record(name, index, offset, problem.get().cause(),
              problem.get().description()));
          if (runCount > 0) {
            segments.add(new FileSegment(name, runStart, runCount));
          }
          runStart = next;
          runCount = 0;
        } else {
          runCount++;
        }
        offset = next;
        index++;
      }
      if (runCount > 0) {
        segments.add(new FileSegment(name, runStart, runCount));
      }
      return new Scan(List.copyOf(segments), List.copyOf(bad));
    } catch (IOException e) {
      throw new UncheckedIOException("Could not read " + file, e);
    }
  }

  /** Where the first valid record at or after {@code from} starts; the file's size if none does. */
  private static long resync(FileChannel channel, long from) throws IOException {
    long size = channel.size();
    ByteBuffer window = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
    for (long start = from; start + HEADER + FOOTER <= size; start += window.capacity() - HEADER) {
      window.clear();
      channel.read(window, start);
      int filled = window.position();
      for (int i = 0; i + HEADER <= filled; i++) {
        if (TFRecordFraming.maskedCrc(window.array(), i, 8) == window.getInt(i + 8)
            && readRecord(channel, start + i, 0, true, record -> { }).damage().isEmpty()) {
          return start + i;
        }
      }
    }
    return size;
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
      return damaged(offset, index, "cut short",
          "is cut short: " + (size - offset) + " of its 12 header bytes", size);
    }
    ByteBuffer header = ByteBuffer.allocate(HEADER).order(ByteOrder.LITTLE_ENDIAN);
    channel.read(header, offset);
    long length = header.getLong(0);
    if (TFRecordFraming.maskedCrc(header.array(), 0, 8) != header.getInt(8)) {
      return damaged(offset, index, "corrupt length",
          "has a corrupt length: its checksum does not match", -1);
    }
    long end = offset + HEADER + length + FOOTER;
    if (length < 0 || end > size) {
      return damaged(offset, index, "cut short", "is cut short: it needs "
          + (HEADER + length + FOOTER) + " bytes, the file has " + (size - offset) + " left", size);
    }
    if (!data) {
      records.accept(null);
    } else {
      ByteBuffer body = ByteBuffer.allocate((int) length + FOOTER).order(ByteOrder.LITTLE_ENDIAN);
      channel.read(body, offset + HEADER);
      if (TFRecordFraming.maskedCrc(body.array(), 0, (int) length) != body.getInt((int) length)) {
        return damaged(offset, index, "corrupt data",
            "is corrupt: its data checksum does not match", end);
      }
      records.accept(Arrays.copyOf(body.array(), (int) length));
    }
    return new Step(end, Optional.empty());
  }

  private static Step damaged(long offset, long index, String cause, String problem, long next) {
    return new Step(offset, Optional.of(new Damage(offset, index, cause, problem, next)));
  }
}

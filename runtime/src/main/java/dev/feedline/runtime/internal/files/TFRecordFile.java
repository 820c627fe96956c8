package dev.feedline.runtime.internal.files;

import dev.feedline.runtime.SkippedRecords;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.zip.CRC32C;

/**
 * Reads a TFRecord file's framing in Java ({@link TFRecordFraming}).
 *
 * <p>TensorFlow is silent about some damage and fatal about other: a file cut inside a record
 * header just ends; a corrupt record ends its file with an error that names a byte offset but no
 * file; and a length whose checksum matches but which claims more bytes than the machine has
 * (2^40) makes TensorFlow's reader allocate them, which kills the process. These checks find what
 * TensorFlow hides, name it, and keep TensorFlow away from a record that claims more than its file
 * holds.
 */
final class TFRecordFile {
  private static final int HEADER = TFRecordFraming.HEADER;
  private static final int FOOTER = TFRecordFraming.FOOTER;
  /** Bytes read at once: small records are walked in memory, one read per window. */
  private static final int WINDOW = 1 << 18;
  /**
   * Past this size, a record's header is read alone when only headers are walked: a read of 12
   * bytes costs less than copying the record's data through the window.
   */
  private static final int HEADERS_ALONE = 1 << 12;
  /** Headers {@link Reader#skimSome} reads per call. */
  private static final int SKIM_CALL = 16;
  /** Past this size, a record's data is not held as one Java array. */
  private static final long LARGEST_ARRAY = Integer.MAX_VALUE - 16;

  /**
   * A damaged record: where it starts, which record it is, and what is wrong.
   *
   * @param cause a short name of the problem, shared by records with the same one
   * @param next where the next record starts
   */
  record Damage(long offset, long index, String cause, String problem, long next) {
    String describe() {
      return "record " + index + " at byte " + offset + " " + problem;
    }
  }

  /** What walking a file's record headers found: its record count, or its first damage. */
  record Framing(long records, Optional<Damage> damage) {}

  /** The good records of a file, as runs of consecutive records, and its bad records. */
  record Scan(List<FileSegment> segments, List<SkippedRecords.Record> bad) {
    long goodRecords() {
      return segments.stream().mapToLong(FileSegment::count).sum();
    }
  }

  private TFRecordFile() {}

  /**
   * Walks the record headers without checking the data: finds a truncated file or a corrupt
   * length, and counts the records. Reads the headers of small records from large windows of the
   * file, and those of large records alone.
   */
  static Framing checkFraming(Path file) {
    try (Reader reader = new Reader(file)) {
      long offset = 0;
      long index = 0;
      while (offset < reader.size) {
        index += reader.skim(offset);
        offset = reader.skimmedTo;
        if (offset >= reader.size) {
          break;
        }
        Step step = reader.record(offset, index, false, false); // reads on, or names the damage
        if (step.damage() != null) {
          return new Framing(index, Optional.of(reader.diagnose(step).records().get(0)));
        }
        offset = step.next();
        index++;
      }
      return new Framing(index, Optional.empty());
    } catch (IOException e) {
      throw new UncheckedIOException("Could not read " + file, e);
    }
  }

  /** The data of a file's first record, when its framing and checksums are valid. */
  static Optional<byte[]> firstRecord(Path file) {
    try (Reader reader = new Reader(file)) {
      if (reader.size == 0) {
        return Optional.empty();
      }
      Step step = reader.record(0, 0, true, true);
      return step.damage() == null ? Optional.of(step.data()) : Optional.empty();
    } catch (IOException | UncheckedIOException e) {
      return Optional.empty(); // the file's own checks name what keeps it from being read
    }
  }

  /** Checks every record, data checksums included, handing each valid record's data on. */
  static Optional<Damage> checkAll(Path file, Consumer<byte[]> records) {
    try (Reader reader = new Reader(file)) {
      long offset = 0;
      long index = 0;
      while (offset < reader.size) {
        Step step = reader.record(offset, index, true, true);
        if (step.damage() != null) {
          return Optional.of(reader.diagnose(step).records().get(0));
        }
        records.accept(step.data());
        offset = step.next();
        index++;
      }
      return Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException("Could not read " + file, e);
    }
  }

  /**
   * The first record of {@code file} whose content {@code contentProblem} finds a problem in,
   * described as "record N ...".
   */
  static Optional<String> firstProblem(Path file,
      Function<byte[], Optional<RecordProblem>> contentProblem) {
    AtomicLong index = new AtomicLong();
    AtomicReference<String> problem = new AtomicReference<>();
    checkAll(file, record -> {
      if (problem.get() == null) {
        contentProblem.apply(record)
            .ifPresent(p -> problem.set("record " + index.get() + " " + p.description()));
      }
      index.incrementAndGet();
    });
    return Optional.ofNullable(problem.get());
  }

  /**
   * Checks every record, and its content with {@code contentProblem}, and splits the file into
   * runs of good records around the bad ones. After a record whose length is corrupt, or claims
   * more bytes than the file has left, the next valid record is searched for byte by byte: its
   * length and data checksums must both match, so one damaged length costs one record, not the
   * rest of the file. A record inside the searched stretch whose header survived, and which ends
   * where the next valid one starts, is counted apart; records whose headers are destroyed cannot
   * be told apart, and the stretch counts as one.
   *
   * @param contentProblem why a record with valid framing cannot be used, if it cannot; null when
   *     every such record can
   */
  static Scan scan(Path file, Function<byte[], Optional<RecordProblem>> contentProblem) {
    List<FileSegment> segments = new ArrayList<>();
    List<SkippedRecords.Record> bad = new ArrayList<>();
    String name = file.toString();
    try (Reader reader = new Reader(file)) {
      long offset = 0;
      long index = 0;
      long runStart = 0;
      long runCount = 0;
      while (offset < reader.size) {
        Step step = reader.record(offset, index, true, contentProblem != null);
        List<Damage> damaged = step.damage() == null ? List.of() : reader.diagnose(step).records();
        Optional<RecordProblem> content = step.damage() != null || contentProblem == null
            ? Optional.empty() : contentProblem.apply(step.data());
        if (content.isPresent()) {
          damaged = List.of(new Damage(offset, index, content.get().cause(),
              content.get().description(), step.next()));
        }
        if (damaged.isEmpty()) {
          runCount++;
          offset = step.next();
          index++;
          continue;
        }
        for (Damage damage : damaged) {
          bad.add(new SkippedRecords.Record(
              name, damage.index(), damage.offset(), damage.cause(), damage.problem()));
        }
        if (runCount > 0) {
          segments.add(new FileSegment(name, runStart, runCount));
        }
        offset = damaged.get(damaged.size() - 1).next();
        index += damaged.size();
        runStart = offset;
        runCount = 0;
      }
      if (runCount > 0) {
        segments.add(new FileSegment(name, runStart, runCount));
      }
      return new Scan(List.copyOf(segments), List.copyOf(bad));
    } catch (IOException e) {
      throw new UncheckedIOException("Could not read " + file, e);
    }
  }

  /**
   * The damage of the record starting at {@code offset}, if a record starts there and is damaged:
   * TensorFlow's "corrupted record at N" names an offset but no file.
   */
  static Optional<Damage> checkRecordAt(Path file, long offset) {
    try (Reader reader = new Reader(file)) {
      long position = 0;
      long index = 0;
      while (position < offset) { // find the record's index, and that a record starts there
        Step step = reader.record(position, index, false, false);
        if (step.damage() != null) {
          return Optional.empty();
        }
        position = step.next();
        index++;
      }
      if (position != offset || offset >= reader.size) {
        return Optional.empty();
      }
      Step step = reader.record(offset, index, true, false);
      return step.damage() == null ? Optional.empty()
          : Optional.of(reader.diagnose(step).records().get(0));
    } catch (IOException e) {
      throw new UncheckedIOException("Could not read " + file, e);
    }
  }

  /**
   * One record read: where the next starts and, when asked for, its data; or its damage.
   *
   * @param damage null for a valid record; when the length cannot be trusted, its {@code next}
   *     is -1 until {@link Reader#diagnose} finds where the next valid record starts
   * @param claimed the length its header claims, when that is more than the file has left; else -1
   */
  private record Step(long next, byte[] data, Damage damage, long claimed) {
    Step(long next, byte[] data) {
      this(next, data, null, -1);
    }
  }

  /** Damaged records and where the next valid one starts. */
  private record Gap(List<Damage> records, long next) {}

  /**
   * Reads records through a window of the file, so that walking small records costs no I/O each.
   * The window is direct memory, which a read fills with one copy: into a heap array, the JDK
   * reads through a direct buffer of its own and copies again.
   */
  private static final class Reader implements AutoCloseable {
    /**
     * A window each thread keeps for its next reader, as the JDK keeps its temporary direct
     * buffers: direct memory is freed only by the garbage collector, and a walk over many small
     * files would allocate a window per file.
     */
    private static final ThreadLocal<ByteBuffer> SPARE_WINDOW = new ThreadLocal<>();

    private final FileChannel channel;
    final long size;
    private final ByteBuffer window;
    private long windowStart;
    private int windowLength;
    private final CRC32C crc = new CRC32C();
    /** The last record's length: past {@link #HEADERS_ALONE}, headers are read alone. */
    private long lastLength;

    Reader(Path file) throws IOException {
      this.channel = FileChannel.open(file, StandardOpenOption.READ);
      this.size = channel.size();
      ByteBuffer spare = SPARE_WINDOW.get();
      SPARE_WINDOW.remove(); // a reader opened while this one is open allocates its own
      this.window = spare != null ? spare
          : ByteBuffer.allocateDirect(WINDOW).order(ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * The window's index of {@code position}, after making {@code length} bytes from it
     * available, reading {@code ahead} bytes (at least {@code length}) when they are not.
     */
    private int at(long position, int length, int ahead) throws IOException {
      if (position >= windowStart && position + length <= windowStart + windowLength) {
        return (int) (position - windowStart);
      }
      window.clear().limit((int) Math.min(Math.max(length, ahead), size - position));
      while (window.hasRemaining() && channel.read(window, position + window.position()) >= 0) {
        // a read may return fewer bytes than asked for
      }
      windowStart = position;
      windowLength = window.position();
      if (windowLength < length) {
        throw new IOException("the file changed while it was read: " + length + " bytes at "
            + position + " are no longer there");
      }
      return 0;
    }

    /** Where {@link #skim} stopped: the first header it did not read. */
    long skimmedTo;

    /**
     * Counts the valid headers that lie whole in the window from {@code offset} on, following
     * their lengths: the walk of small records, whose cost is per record. Stops at the first
     * header outside the window or not valid, which {@link #record} then reads or names; sets
     * {@link #skimmedTo}.
     */
    long skim(long offset) {
      skimmedTo = offset;
      long count = 0;
      int skimmed;
      do {
        skimmed = skimSome(skimmedTo);
        count += skimmed;
      } while (skimmed == SKIM_CALL);
      return count;
    }

    /**
     * Skims up to {@link #SKIM_CALL} headers in one loop without a call per record, from
     * {@code offset}; sets {@link #skimmedTo}. A method of its own, called once per
     * {@link #SKIM_CALL} records, because the JIT compiles a method after a few hundred calls
     * but a loop only after tens of thousands of turns: in a fresh JVM, a walk over one loop per
     * window ran its first 60,000 records interpreted, most of a first walk's time.
     */
    private int skimSome(long offset) {
      long end = windowStart + windowLength;
      int count = 0;
      while (count < SKIM_CALL && offset >= windowStart && offset + HEADER <= end) {
        int i = (int) (offset - windowStart);
        long length = window.getLong(i);
        if (length < 0 || length > size - offset - HEADER - FOOTER
            || TFRecordFraming.maskedLengthCrc(length) != window.getInt(i + 8)) {
          break;
        }
        offset += HEADER + length + FOOTER;
        count++;
      }
      skimmedTo = offset;
      return count;
    }

    /**
     * Reads the record at {@code offset}: its header and, with {@code check}, its data's
     * checksum; with {@code keep}, its data too.
     */
    Step record(long offset, long index, boolean check, boolean keep) throws IOException {
      long left = size - offset;
      if (left < HEADER) {
        return damaged(offset, index, "cut short",
            "is cut short: " + left + " of its 12 header bytes", size);
      }
      int ahead = !check && lastLength > HEADERS_ALONE ? HEADER : WINDOW;
      int h = at(offset, HEADER, ahead);
      long length = window.getLong(h);
      if (TFRecordFraming.maskedLengthCrc(length) != window.getInt(h + 8)) {
        return damaged(offset, index, "corrupt length",
            "has a corrupt length: its checksum does not match", -1);
      }
      if (length < 0 || length > left - HEADER - FOOTER) {
        return new Step(offset, null, new Damage(offset, index, "cut short", "is cut short: it needs "
            + Long.toUnsignedString(length + HEADER + FOOTER) + " bytes, the file has " + left
            + " left", -1), length);
      }
      lastLength = length;
      long end = offset + HEADER + length + FOOTER;
      if (!check) {
        return new Step(end, null);
      }
      if (keep && length > LARGEST_ARRAY) {
        return damaged(offset, index, "too large", "holds " + length + " bytes, more than a"
            + " record Feedline checks can (2 GiB): it is not a tf.train.Example either", end);
      }
      byte[] data = keep ? new byte[(int) length] : null;
      crc.reset();
      for (long done = 0; done < length; ) {
        int chunk = (int) Math.min(WINDOW, length - done);
        int d = at(offset + HEADER + done, chunk, WINDOW);
        crc.update(window.slice(d, chunk));
        if (keep) {
          window.get(d, data, (int) done, chunk);
        }
        done += chunk;
      }
      int expected = TFRecordFraming.mask(crc);
      if (expected != window.getInt(at(end - FOOTER, FOOTER, WINDOW))) {
        return damaged(offset, index, "corrupt data",
            "is corrupt: its data checksum does not match", end);
      }
      return new Step(end, data);
    }

    private static Step damaged(long offset, long index, String cause, String problem, long next) {
      return new Step(offset, null, new Damage(offset, index, cause, problem, next), -1);
    }

    /**
     * Settles a damaged record: when its length cannot be trusted, finds where the next valid
     * record starts, and the records in between whose headers survived. A length that claims more
     * than the file has left is a cut when nothing valid follows it, and corrupt when something
     * does.
     */
    Gap diagnose(Step step) throws IOException {
      Damage damage = step.damage();
      if (damage.next() >= 0) {
        return new Gap(List.of(damage), damage.next());
      }
      List<long[]> survivors = new ArrayList<>(); // {offset, end} of headers that check out
      long next = resync(damage.offset() + 1, survivors);
      List<long[]> inside = new ArrayList<>();
      long target = next;
      for (int i = survivors.size() - 1; i >= 0; i--) { // the chain of records that ends at next
        if (survivors.get(i)[1] == target) {
          inside.add(0, survivors.get(i));
          target = survivors.get(i)[0];
        }
      }
      long after = inside.isEmpty() ? next : inside.get(0)[0];
      String problem = damage.problem();
      String cause = damage.cause();
      if (step.claimed() != -1) {
        if (after == size) {
          return new Gap(List.of(new Damage(damage.offset(), damage.index(), cause, problem, size)),
              size);
        }
        cause = "corrupt length";
        problem = "has a corrupt length: its checksum matches, but it claims "
            + Long.toUnsignedString(step.claimed()) + " bytes where the file has "
            + (size - damage.offset() - HEADER - FOOTER) + " left, and a record starts at byte "
            + after;
      }
      List<Damage> records = new ArrayList<>();
      records.add(new Damage(damage.offset(), damage.index(), cause, problem, after));
      for (long[] record : inside) {
        records.add(new Damage(record[0], damage.index() + records.size(), "corrupt data",
            "is corrupt: its data checksum does not match", record[1]));
      }
      return new Gap(List.copyOf(records), next);
    }

    /**
     * Where the first valid record at or after {@code from} starts; the file's size if none does.
     * Adds each position on the way whose length checks out but whose data does not.
     */
    private long resync(long from, List<long[]> survivors) throws IOException {
      for (long start = from; start + HEADER + FOOTER <= size; ) {
        int base = at(start, (int) Math.min(WINDOW, size - start), WINDOW);
        int usable = windowLength - base - HEADER;
        for (int i = 0; i <= usable; i++) {
          long position = start + i;
          long length = window.getLong(base + i);
          if (length < 0 || length > size - position - HEADER - FOOTER
              || TFRecordFraming.maskedLengthCrc(length) != window.getInt(base + i + 8)) {
            continue;
          }
          Step step = record(position, 0, true, false);
          if (step.damage() == null) {
            return position;
          }
          survivors.add(new long[] {position, position + HEADER + length + FOOTER});
          at(start, (int) Math.min(WINDOW, size - start), WINDOW); // back to the searched window
          base = (int) (start - windowStart);
        }
        start += usable + 1;
      }
      return size;
    }

    @Override
    public void close() throws IOException {
      SPARE_WINDOW.set(window);
      channel.close();
    }
  }
}

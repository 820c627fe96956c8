package dev.feedline.runtime.internal.files;

import dev.feedline.BadRecords;
import dev.feedline.BlankLines;
import dev.feedline.Compression;
import dev.feedline.runtime.SkippedRecords;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Checks a text file line by line, through its decompressed bytes, when a pipeline is built: the
 * check that makes a text source as strict as a TFRecord source. It counts the lines, finds the
 * runs of lines the dataset reads (without the header, empty lines and, when they are skipped, bad
 * rows), and names the first problem with its line: a compressed stream cut short (even at a line
 * break), corrupt or followed by stray bytes ({@link StrictInflation}), a byte-order mark that
 * TensorFlow would read as data, an empty line where they are errors, a row that does not parse.
 *
 * <p>A line is what TensorFlow's {@code TextLineDataset} reads: the bytes before a line feed,
 * without a carriage return just before it; the last line need not end with a line feed, but the
 * bytes after the last line feed are a line only if one of them is not a carriage return
 * ({@link #forEachLine}). TensorFlow also drops a carriage return anywhere else in a line (inside a
 * quoted CSV value too), joining the text around it, so such a line is a bad one here: an error, or
 * left out and counted under {@code badRecords = SKIP}.
 */
public final class TextFile {
  private static final System.Logger LOG = System.getLogger(TextFile.class.getName());
  private static final byte[] BOM = {(byte) 0xef, (byte) 0xbb, (byte) 0xbf};
  static final CsvColumns.Problem CARRIAGE_RETURN = new CsvColumns.Problem(
      "carriage return", "holds a carriage return that does not end it, which TensorFlow's line"
          + " reader drops, joining the text around it (a file whose lines end with a carriage"
          + " return alone is read as one line)");

  private TextFile() {}

  /**
   * How a source reads its text files: its {@code @TextLineSource}'s members.
   *
   * @param header whether each file's first line names the columns
   * @param compression how the files are compressed
   * @param blankLines what an empty line is
   * @param badRecords whether a bad row is an error or left out
   */
  public record Format(boolean header, Compression compression, BlankLines blankLines,
      BadRecords badRecords, Optional<String> recordDelimiter) {
    /** One record a line. */
    public Format(boolean header, Compression compression, BlankLines blankLines,
        BadRecords badRecords) {
      this(header, compression, blankLines, badRecords, Optional.empty());
    }

    /**
     * Records that end at lines of exactly {@code recordDelimiter}'s text, without a header
     * ({@link DelimitedTextFile}).
     */
    public static Format delimited(Compression compression, BlankLines blankLines,
        BadRecords badRecords, String recordDelimiter) {
      return new Format(false, compression, blankLines, badRecords,
          Optional.of(recordDelimiter));
    }

    String describe() {
      return "header " + header + " " + compression + " blank " + blankLines + " bad " + badRecords
          + recordDelimiter.map(d -> " delimiter " + FileIdentity.escape(d)).orElse("");
    }
  }

  /** A problem that keeps a file from being read: its line, and what is wrong. */
  public static final class Bad extends Exception {
    Bad(String problem) {
      super(problem, null, false, false);
    }
  }

  /**
   * What the check of one file found.
   *
   * @param lines the file's lines, its header included; its records, for a file of delimited
   *     records ({@link DelimitedTextFile})
   * @param segments the runs of lines the dataset reads: {@link FileSegment#offset()} is the
   *     index of the first line (from 0), {@link FileSegment#count()} how many; at least one, of 0
   *     lines when the file has no data
   * @param bad the rows left out under {@code badRecords = SKIP}, each with its line index
   */
  record Scan(long lines, List<FileSegment> segments, List<SkippedRecords.Record> bad) {
    /** The scan as lines of text, to remember it ({@link FileChecks}). */
    List<String> toLines() {
      List<String> text = new ArrayList<>();
      text.add("lines " + lines);
      segments.forEach(s -> text.add("segment " + s.offset() + " " + s.count()));
      bad.forEach(r -> text.add("bad " + r.index() + " " + FileIdentity.escape(r.cause()) + "\t"
          + FileIdentity.escape(r.problem())));
      return text;
    }

    /** The scan {@link #toLines} wrote for {@code file}. */
    static Scan of(String file, List<String> text) {
      long lines = Long.parseLong(text.get(0).substring("lines ".length()));
      List<FileSegment> segments = new ArrayList<>();
      List<SkippedRecords.Record> bad = new ArrayList<>();
      for (String line : text.subList(1, text.size())) {
        String[] fields = line.split(" ", 3);
        if (fields[0].equals("segment")) {
          segments.add(new FileSegment(file, Long.parseLong(fields[1]), Long.parseLong(fields[2])));
        } else {
          String[] problem = fields[2].split("\t", 2);
          bad.add(new SkippedRecords.Record(file, Long.parseLong(fields[1]), -1,
              FileIdentity.unescape(problem[0]), FileIdentity.unescape(problem[1])));
        }
      }
      return new Scan(lines, List.copyOf(segments), List.copyOf(bad));
    }
  }

  /**
   * Reads {@code file} through, line by line, and checks it.
   *
   * @param rows the columns a {@code @DecodeCsv} parses every line into, and the field each takes
   *     ({@link CsvColumns#select}); null when the lines are not checked as rows
   * @throws Bad naming the line of the file's first problem
   * @throws IOException when the file cannot be read
   */
  static Scan check(Path file, Format format, CsvColumns rows, int[] selected)
      throws Bad, IOException {
    if (format.recordDelimiter().isPresent()) {
      return DelimitedTextFile.check(file, format);
    }
    String name = file.toString();
    List<FileSegment> segments = new ArrayList<>();
    List<SkippedRecords.Record> bad = new ArrayList<>();
    long[] run = {-1}; // the first line of the run being read, -1 between runs
    long[] index = {0};
    // The names of a row's fields: the header's, once read, else the columns'.
    AtomicReference<List<String>> names = new AtomicReference<>(rows == null ? null
        : rows.columns().stream().map(CsvColumns.Column::name).toList());
    Bad[] problem = {null};
    Runnable gap = () -> { // a line the dataset does not read ends the run before it
      if (run[0] >= 0) {
        segments.add(new FileSegment(name, run[0], index[0] - run[0]));
        run[0] = -1;
      }
    };
    // After a problem, a compressed file is read on to its end: damage to the stream, which
    // makes garbled lines before its checksum fails, is the problem to name.
    boolean readOn = format.compression() != Compression.NONE;
    long lines = forEachLine(file, format.compression(), (bytes, length) -> {
      if (problem[0] != null) {
        return true;
      }
      long i = index[0];
      int start = 0;
      if (i == 0 && startsWithBom(bytes, length)) {
        if (!format.header()) {
          problem[0] = new Bad("it starts with a byte-order mark (EF BB BF), which TensorFlow"
              + " would read as part of line 1; remove it, or give the file a header line"
              + " (header = true)");
          return readOn;
        }
        LOG.log(System.Logger.Level.INFO, "{0} starts with a byte-order mark (EF BB BF): it is"
            + " left out of the header", name);
        start = BOM.length;
      }
      if (i == 0 && format.header()) {
        if (rows != null) {
          names.set(rows.fields(new String(bytes, start, length - start, StandardCharsets.UTF_8)));
        }
        gap.run();
      } else if (length == start && format.blankLines() != BlankLines.KEEP) {
        if (format.blankLines() == BlankLines.FAIL) {
          problem[0] = new Bad("line " + (i + 1) + " is empty; an empty line is an error here"
              + " (blankLines = FAIL)");
          return readOn;
        }
        gap.run();
      } else {
        Optional<CsvColumns.Problem> row = indexOf(bytes, start, length, (byte) '\r') >= 0
            ? Optional.of(CARRIAGE_RETURN)
            : rows == null ? Optional.empty() : rows.rowProblem(
                new String(bytes, start, length - start, StandardCharsets.UTF_8), names.get(),
                selected);
        if (row.isPresent() && format.badRecords() == BadRecords.FAIL) {
          problem[0] = new Bad("line " + (i + 1) + " " + row.get().description());
          return readOn;
        }
        if (row.isPresent()) {
          bad.add(new SkippedRecords.Record(name, i, -1, row.get().cause(),
              row.get().description()));
          gap.run();
        } else if (run[0] < 0) {
          run[0] = i;
        }
      }
      index[0]++;
      return true;
    });
    if (problem[0] != null) {
      throw problem[0];
    }
    gap.run();
    if (segments.isEmpty()) {
      segments.add(new FileSegment(name, lines, 0));
    }
    return new Scan(lines, List.copyOf(segments), List.copyOf(bad));
  }

  /**
   * The first line of {@code file}, without a byte-order mark; empty for a file of no lines.
   *
   * @throws Bad when the line is not valid UTF-8: the header's names are matched as text, and
   *     two names that differ in bytes would both read as U+FFFD
   */
  static Optional<String> firstLine(Path file, Compression compression) throws Bad, IOException {
    String[] first = {null};
    Bad[] problem = {null};
    try {
      forEachLine(file, compression, (bytes, length) -> {
        int start = startsWithBom(bytes, length) ? BOM.length : 0;
        try {
          first[0] = utf8(bytes, start, length, 0);
        } catch (Bad bad) {
          problem[0] = bad;
        }
        return false;
      });
    } catch (Bad damage) {
      throw new IOException(damage.getMessage());
    }
    if (problem[0] != null) {
      throw problem[0];
    }
    return Optional.ofNullable(first[0]);
  }

  /**
   * The lines of a plain text file, as Java strings, without a byte-order mark on the first;
   * {@code bom} is told whether there was one.
   *
   * @throws Bad naming the first line that is not valid UTF-8: its tokens would be other text
   *     than the file's bytes, which TensorFlow compares
   */
  public static List<String> lines(Path file, Consumer<Boolean> bom) throws Bad, IOException {
    List<String> lines = new ArrayList<>();
    Bad[] problem = {null};
    forEachLine(file, Compression.NONE, (bytes, length) -> {
      int start = lines.isEmpty() && startsWithBom(bytes, length) ? BOM.length : 0;
      if (lines.isEmpty()) {
        bom.accept(start > 0);
      }
      try {
        lines.add(utf8(bytes, start, length, lines.size()));
        return true;
      } catch (Bad bad) {
        problem[0] = bad;
        return false;
      }
    });
    if (problem[0] != null) {
      throw problem[0];
    }
    return lines;
  }

  /**
   * Line {@code index}'s bytes {@code [from, to)} as UTF-8, strictly: Java's {@code new String}
   * would make a byte that is not UTF-8 U+FFFD, text other than the bytes TensorFlow compares.
   *
   * @throws Bad naming the line (from 1) and the first byte that is not UTF-8
   */
  static String utf8(byte[] bytes, int from, int to, long index) throws Bad {
    CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes, from, to - from);
    CharBuffer out = CharBuffer.allocate(to - from); // never more chars than bytes
    CoderResult result = decoder.decode(in, out, true);
    if (result.isError()) {
      int at = in.position();
      throw new Bad(String.format("line %d is not valid UTF-8: byte %d of the line is %02X;"
          + " save the file as UTF-8", index + 1, at - from + 1, bytes[at] & 0xff));
    }
    decoder.flush(out);
    return out.flip().toString();
  }

  /** One line's bytes, {@code bytes[0..length)}; false to stop reading. */
  interface LineVisitor {
    boolean visit(byte[] bytes, int length);
  }

  /**
   * Calls {@code visitor} with each line of the decompressed file as {@code TextLineDataset}
   * reads it, in order, until it returns false; the number of lines visited. TensorFlow's reader
   * ({@code BufferedInputStream::ReadLine}) drops every carriage return of a line, and at the end
   * of the file yields the bytes after the last line feed only when that leaves some: so they are
   * a line here only if one of them is not a carriage return ({@code "a\n\r"} is one line).
   *
   * @throws Bad when the compressed stream is damaged, naming the last complete line
   */
  static long forEachLine(Path file, Compression compression, LineVisitor visitor)
      throws Bad, IOException {
    return forEachLine(file, compression, true, visitor);
  }

  /**
   * Calls {@code visitor} with the pieces of the decompressed file between line feeds, each
   * without a carriage return at its end, as {@code DelimitedRecords} cuts the file in the graph:
   * the bytes after the last line feed are a piece whenever there are some.
   *
   * @throws Bad as {@link #forEachLine(Path, Compression, LineVisitor)} does
   */
  static long forEachPiece(Path file, Compression compression, LineVisitor visitor)
      throws Bad, IOException {
    return forEachLine(file, compression, false, visitor);
  }

  private static long forEachLine(Path file, Compression compression, boolean asTensorFlow,
      LineVisitor visitor) throws Bad, IOException {
    byte[] buffer = new byte[1 << 16];
    byte[] line = new byte[256];
    int length = 0;
    long lines = 0;
    boolean pending = false; // bytes after the last line feed
    try (InputStream in = StrictInflation.open(file, compression)) {
      for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
        int from = 0;
        for (int i = 0; i < read; i++) {
          if (buffer[i] != '\n') {
            continue;
          }
          int chunk = i - from;
          if (length + chunk > line.length) {
            line = Arrays.copyOf(line, Math.max(line.length * 2, length + chunk));
          }
          System.arraycopy(buffer, from, line, length, chunk);
          length += chunk;
          if (length > 0 && line[length - 1] == '\r') {
            length--;
          }
          lines++;
          if (!visitor.visit(line, length)) {
            return lines;
          }
          length = 0;
          from = i + 1;
        }
        int rest = read - from;
        if (length + rest > line.length) {
          line = Arrays.copyOf(line, Math.max(line.length * 2, length + rest));
        }
        System.arraycopy(buffer, from, line, length, rest);
        length += rest;
        pending = length > 0;
      }
    } catch (StrictInflation.Damage damage) {
      throw new Bad(damage.getMessage() + "; " + (lines == 0 ? "no line is complete before it"
          : "the last complete line before it is line " + lines));
    }
    if (pending && (!asTensorFlow || hasOtherThan(line, length, (byte) '\r'))) {
      if (line[length - 1] == '\r') {
        length--;
      }
      lines++;
      visitor.visit(line, length);
    }
    return lines;
  }

  private static boolean hasOtherThan(byte[] bytes, int length, byte value) {
    for (int i = 0; i < length; i++) {
      if (bytes[i] != value) {
        return true;
      }
    }
    return false;
  }

  static int indexOf(byte[] bytes, int from, int to, byte wanted) {
    for (int i = from; i < to; i++) {
      if (bytes[i] == wanted) {
        return i;
      }
    }
    return -1;
  }

  static boolean startsWithBom(byte[] bytes, int length) {
    return length >= BOM.length && bytes[0] == BOM[0] && bytes[1] == BOM[1] && bytes[2] == BOM[2];
  }
}

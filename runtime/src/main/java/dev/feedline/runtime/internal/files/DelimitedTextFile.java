package dev.feedline.runtime.internal.files;

import dev.feedline.BadRecords;
import dev.feedline.BlankLines;
import dev.feedline.Compression;
import dev.feedline.runtime.SkippedRecords;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Checks a text file whose records end at delimiter lines ({@code @TextLineSource(recordDelimiter
 * = "%")}), through its decompressed lines, when a pipeline is built: it counts the records, finds
 * the runs of records the dataset reads (without empty records, when they are skipped, and bad
 * ones), and names the first problem with its record and lines.
 *
 * <p>A line is a piece of the file between line feeds ({@link TextFile#forEachPiece}), as
 * {@code DelimitedRecords} cuts it in the graph (a carriage return before its line feed is not
 * part of it). A delimiter line is one whose bytes are exactly the delimiter's UTF-8 bytes. A
 * record is the lines between two delimiter lines, or between the file's start or end and one; a
 * delimiter line ends the record before it, so the lines after the last one are a record only if
 * there is at least one. A record is empty when its text is: no line, or one empty line. A record
 * that holds a carriage return, which is then not before a line feed, is bad: it is a sign of lines
 * ended by a carriage return alone, among which no delimiter line can be found.
 * {@code DatasetOps}'s reader cuts the file into the same records in the graph.
 */
final class DelimitedTextFile {
  private static final CsvColumns.Problem CARRIAGE_RETURN = new CsvColumns.Problem(
      "carriage return", "holds a carriage return that does not end a line (a file whose lines end"
          + " with a carriage return alone has no line feeds to find its delimiter lines by)");

  private DelimitedTextFile() {}

  /**
   * Reads {@code file} through and checks its records.
   *
   * @throws TextFile.Bad naming the record and lines of the file's first problem
   */
  static TextFile.Scan check(Path file, TextFile.Format format)
      throws TextFile.Bad, IOException {
    Records records = new Records(file.toString(), format,
        format.recordDelimiter().orElseThrow().getBytes(StandardCharsets.UTF_8));
    TextFile.forEachPiece(file, format.compression(), records::line);
    return records.end();
  }

  /** The records seen so far, and the one being read. */
  private static final class Records {
    private final String name;
    private final TextFile.Format format;
    private final byte[] delimiter;
    private final List<FileSegment> segments = new ArrayList<>();
    private final List<SkippedRecords.Record> bad = new ArrayList<>();
    private TextFile.Bad problem;
    private long line; // the index of the next line, from 0
    private long record; // the index of the record being read, from 0
    private long run = -1; // the first record of the run being read, -1 between runs
    private long firstLine = -1; // the record's first line, -1 while it has none
    private long textLength; // the record's bytes, with a line feed between two lines
    private boolean carriageReturn;

    Records(String name, TextFile.Format format, byte[] delimiter) {
      this.name = name;
      this.format = format;
      this.delimiter = delimiter;
    }

    /**
     * Takes the next line; false to stop reading. After a problem, a compressed file is read on
     * to its end: damage to the stream, which makes garbled lines first, is the problem to name.
     */
    boolean line(byte[] bytes, int length) {
      boolean readOn = format.compression() != Compression.NONE;
      if (problem != null) {
        return readOn;
      }
      if (line == 0 && TextFile.startsWithBom(bytes, length)) {
        problem = new TextFile.Bad("it starts with a byte-order mark (EF BB BF), which would be"
            + " read as part of record 1; remove it");
        return readOn;
      }
      if (length == delimiter.length
          && Arrays.equals(bytes, 0, length, delimiter, 0, delimiter.length)) {
        endRecord();
      } else {
        textLength += (firstLine < 0 ? 0 : 1) + length;
        if (firstLine < 0) {
          firstLine = line;
        }
        carriageReturn |= TextFile.indexOf(bytes, 0, length, (byte) '\r') >= 0;
      }
      line++;
      return problem == null || readOn;
    }

    /** Ends the record being read, at the delimiter on line {@link #line} or at the file's end. */
    private void endRecord() {
      if (textLength == 0 && format.blankLines() != BlankLines.KEEP) {
        if (format.blankLines() == BlankLines.FAIL) {
          problem = new TextFile.Bad(where() + " is empty; an empty record is an error here"
              + " (blankLines = FAIL)");
          return;
        }
        gap();
      } else if (carriageReturn && format.badRecords() == BadRecords.FAIL) {
        problem = new TextFile.Bad(where() + " " + CARRIAGE_RETURN.description());
        return;
      } else if (carriageReturn) {
        bad.add(new SkippedRecords.Record(name, firstLine, -1, CARRIAGE_RETURN.cause(),
            "(record " + (record + 1) + ", " + lines() + ") " + CARRIAGE_RETURN.description()));
        gap();
      } else if (run < 0) {
        run = record;
      }
      record++;
      firstLine = -1;
      textLength = 0;
      carriageReturn = false;
    }

    /** "record 3 (lines 7 to 9)", "record 1 (line 1)". */
    private String where() {
      return "record " + (record + 1) + " (" + lines() + ")";
    }

    /** "lines 7 to 9", "line 1", "no line, before the delimiter on line 4": the record's. */
    private String lines() {
      return firstLine < 0 ? "no line, before the delimiter on line " + (line + 1)
          : firstLine + 1 == line ? "line " + line
          : "lines " + (firstLine + 1) + " to " + line;
    }

    /** A record the dataset does not read ends the run before it. */
    private void gap() {
      if (run >= 0) {
        segments.add(new FileSegment(name, run, record - run));
        run = -1;
      }
    }

    TextFile.Scan end() throws TextFile.Bad {
      if (problem == null && firstLine >= 0) { // the last record, without a delimiter after it
        endRecord();
      }
      if (problem != null) {
        throw problem;
      }
      gap();
      if (segments.isEmpty()) {
        segments.add(new FileSegment(name, record, 0));
      }
      return new TextFile.Scan(record, List.copyOf(segments), List.copyOf(bad));
    }
  }
}

package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Source stage: text files whose names or glob patterns are given at run time, to the generated
 * builder's {@code files(...)}. Its element is one file name ({@code Operand<TString>}); an
 * {@link Interleave} must follow to read their lines, and a {@link DecodeCsv} may parse them.
 *
 * <p>Every local file is read through once when the pipeline is built, decompressed: a compressed
 * stream that is cut short, corrupt or followed by stray bytes is an error naming the file and
 * its last complete line, and each file's lines are counted, so that TensorFlow reads exactly the
 * lines counted. A line ends at a line feed; a carriage return before it is not part of the line.
 * TensorFlow drops a carriage return anywhere else in a line, so a line that holds one is a bad
 * line (a file whose lines end with a carriage return alone is one line). When a {@link DecodeCsv} parses the lines
 * directly (only {@code @Shuffle}, {@code @Skip}, {@code @Take}, {@code @Repeat},
 * {@code @Prefetch} or {@code @Cache} between), every row is checked then too, against the header
 * or the declared columns: field count, quotes, empty fields, numbers. A byte-order mark before a
 * header line is left out, with a note in the log naming the file; in a file without a header it
 * is an error, since TensorFlow would read it as part of the first line.
 *
 * <pre>{@code @TextLineSource(header = true) Operand<TString> files();}</pre>
 *
 * <p>With a {@link #recordDelimiter()}, a record is the lines between delimiter lines, as in a
 * fortune file:
 *
 * <pre>{@code @TextLineSource(recordDelimiter = "%") Operand<TString> files();}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface TextLineSource {
  /**
   * Whether the first line of every file is a header: it is not read as data, and a
   * {@link DecodeCsv} takes its columns by these names.
   */
  boolean header() default false;

  /**
   * What ends a record. The default, a line feed, makes each line a record. Any other text is a
   * delimiter line: a record is then the lines between lines that hold exactly this text (a
   * carriage return before the line feed aside, so CRLF and LF files give the same records),
   * joined by line feeds, without the delimiter lines and without a final line feed. A delimiter
   * line ends the record before it, as a line feed ends a line: a file that ends with one has
   * no empty record after it, a file that does not still has its last record, two delimiter
   * lines in a row (or one that starts the file) make an empty record, which
   * {@link #blankLines()} leaves out, keeps or refuses like an empty line, and a record that
   * holds a carriage return not before a line feed is a bad record. Each file is read whole into
   * memory. A delimiter is not empty, holds no line break, and goes without {@link #header()} and
   * {@link DecodeCsv}, which take one line a row.
   */
  String recordDelimiter() default "\n";

  /** What an empty line is: left out (the default), an element, or an error at build. */
  BlankLines blankLines() default BlankLines.SKIP;

  /**
   * Whether a bad line stops the pipeline (the default: an error when it is built, naming the
   * file, the line, the column and the value) or is left out and reported, counted per file and
   * per cause, at the end of every epoch and from the generated class's
   * {@code skippedRecords()}. A bad line holds a carriage return that does not end it, or is a row
   * that a {@link DecodeCsv} reading the lines directly cannot parse; under {@link BadRecords#SKIP}, the dataset reads only the runs of good
   * lines between bad ones, each run from the file's start, so every run costs a read up to it.
   */
  BadRecords badRecords() default BadRecords.FAIL;

  /** How the files are compressed. */
  Compression compression() default Compression.NONE;

  /** How many files the source will read, if known: a size hint for the checks; 0 if unknown. */
  long files() default 0;

  /**
   * How many lines all files hold together, headers aside (records, with a
   * {@link #recordDelimiter()}), if known: a size hint; 0 if unknown.
   */
  long records() default 0;

  /** The average size of one file in bytes, if known: a size hint; 0 if unknown. */
  long bytesPerFile() default 0;
}

package dev.feedline.tools;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The rows of a CSV file (RFC 4180), read one at a time: fields separated by commas (or another
 * one-character delimiter, a tab for TSV), a field in double quotes may hold delimiters, line
 * breaks and doubled quotes ({@code ""}). Lines end with LF or CRLF; a UTF-8 byte-order mark is
 * dropped; blank lines are skipped. A file that is not UTF-8 text is an error, not text with
 * replacement characters.
 */
final class CsvFile implements AutoCloseable {
  private static final int END = -1;

  /**
   * A row: its fields, or why it is not one.
   *
   * @param line the file's line the row starts on, from 1
   * @param problem null for a row of fields
   */
  record Row(long line, List<String> fields, String problem) {}

  private final Path file;
  private final Reader in;
  private final char delimiter;
  /** Characters read ahead, {@code buffer[next]} to {@code buffer[end - 1]}. */
  private final char[] buffer = new char[1 << 16];
  private int next;
  private int end;
  private long line = 1;

  private CsvFile(Path file, Reader in, char delimiter) {
    this.file = file;
    this.in = in;
    this.delimiter = delimiter;
  }

  /** A file of comma-separated values. */
  static CsvFile open(Path file) throws IOException {
    return open(file, ',');
  }

  /**
   * A file whose fields {@code delimiter} separates.
   *
   * @throws IllegalArgumentException for a delimiter that is a double quote or a line end
   */
  static CsvFile open(Path file, char delimiter) throws IOException {
    if (delimiter == '"' || delimiter == '\n' || delimiter == '\r') {
      throw new IllegalArgumentException("a delimiter cannot be a double quote or a line end");
    }
    // Not a BufferedReader: its read() takes a lock per character.
    CsvFile csv = new CsvFile(file, new InputStreamReader(Files.newInputStream(file),
        StandardCharsets.UTF_8.newDecoder()), delimiter);
    if (csv.peek() == '\uFEFF') {
      csv.read();
    }
    return csv;
  }

  /**
   * The next row; null at the end of the file.
   *
   * @throws IllegalArgumentException when a quoted field is not closed before the file ends, so
   *     the rest of the file cannot be split into rows
   */
  Row next() throws IOException {
    while (peek() == '\n' || peek() == '\r') { // blank lines
      endOfLine();
    }
    if (peek() == END) {
      return null;
    }
    long start = line;
    List<String> fields = new ArrayList<>();
    String problem = null;
    while (true) {
      StringBuilder field = new StringBuilder();
      if (peek() == '"') {
        read();
        while (true) {
          int c = read();
          if (c == END) {
            throw new IllegalArgumentException(file + " line " + start + ": a quoted field is not"
                + " closed before the file ends");
          }
          if (c == '"') {
            if (peek() != '"') {
              break;
            }
            read();
          } else if (c == '\n') {
            line++;
          }
          field.append((char) c);
        }
        if (peek() != delimiter && peek() != '\n' && peek() != '\r' && peek() != END) {
          problem = "text after a closing quote in field " + (fields.size() + 1);
        }
      }
      while (peek() != delimiter && peek() != '\n' && peek() != '\r' && peek() != END) {
        field.append((char) read());
      }
      fields.add(field.toString());
      if (peek() != delimiter) {
        break;
      }
      read();
    }
    endOfLine();
    return new Row(start, List.copyOf(fields), problem);
  }

  private void endOfLine() throws IOException {
    if (peek() == '\r') {
      read();
    }
    if (peek() == '\n') {
      read();
      line++;
    }
  }

  private int peek() throws IOException {
    if (next == end) {
      int read;
      try {
        read = in.read(buffer, 0, buffer.length);
      } catch (CharacterCodingException e) {
        throw new IllegalArgumentException(file + " is not UTF-8 text after line " + line);
      }
      if (read <= 0) {
        return END;
      }
      next = 0;
      end = read;
    }
    return buffer[next];
  }

  private int read() throws IOException {
    int c = peek();
    if (c != END) {
      next++;
    }
    return c;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}

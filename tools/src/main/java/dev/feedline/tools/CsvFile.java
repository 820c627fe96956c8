package dev.feedline.tools;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The rows of a CSV file (RFC 4180), read one at a time: fields separated by commas, a field in
 * double quotes may hold commas, line breaks and doubled quotes ({@code ""}). Lines end with LF or
 * CRLF; a UTF-8 byte-order mark is dropped; blank lines are skipped.
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
  private final BufferedReader in;
  private long line = 1;
  private int ahead = -2; // none read ahead

  private CsvFile(Path file, BufferedReader in) {
    this.file = file;
    this.in = in;
  }

  static CsvFile open(Path file) throws IOException {
    CsvFile csv = new CsvFile(file, Files.newBufferedReader(file, StandardCharsets.UTF_8));
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
        if (peek() != ',' && peek() != '\n' && peek() != '\r' && peek() != END) {
          problem = "text after a closing quote in field " + (fields.size() + 1);
        }
      }
      while (peek() != ',' && peek() != '\n' && peek() != '\r' && peek() != END) {
        field.append((char) read());
      }
      fields.add(field.toString());
      if (peek() != ',') {
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
    if (ahead == -2) {
      ahead = in.read();
    }
    return ahead;
  }

  private int read() throws IOException {
    int c = peek();
    ahead = -2;
    return c;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}

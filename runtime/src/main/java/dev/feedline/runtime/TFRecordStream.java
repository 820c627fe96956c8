package dev.feedline.runtime;

import dev.feedline.Compression;
import dev.feedline.runtime.internal.files.TFRecordFraming;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;

/**
 * The records of one TFRecord file being written, under a temporary name: framed, compressed as
 * asked, counted. A write that fails marks the stream failed, so that its owner removes the file
 * instead of giving a half-written one its real name.
 */
final class TFRecordStream {
  private static final int BUFFER = 1 << 16;

  private final Path file;
  private final OutputStream out;
  private long records;
  private long bytes;
  private boolean failed;
  private boolean closed;

  /** Creates {@code file}, or empties it: a partial file of a run that died is not kept. */
  TFRecordStream(Path file, Compression compression) throws IOException {
    this.file = file;
    OutputStream raw = new BufferedOutputStream(Files.newOutputStream(file), BUFFER);
    try {
      this.out = switch (compression) {
        case NONE -> raw;
        case GZIP -> new GZIPOutputStream(raw, BUFFER);
        // TensorFlow's ZLIB files are zlib streams (RFC 1950), which Deflater writes by default.
        case ZLIB -> new BufferedOutputStream(new DeflaterOutputStream(raw), BUFFER);
      };
    } catch (IOException e) {
      raw.close();
      Files.deleteIfExists(file);
      throw e;
    }
  }

  /** The bytes a record adds to the file before compression: its framing and its data. */
  static long framedSize(byte[] record) {
    return TFRecordFraming.HEADER + (long) record.length + TFRecordFraming.FOOTER;
  }

  void write(byte[] record) throws IOException {
    if (closed) {
      throw new IllegalStateException("the TFRecord writer of " + file + " is closed");
    }
    if (failed) {
      throw new IllegalStateException("an earlier write to " + file + " failed, so the file will"
          + " not be kept; write the records again with a new writer");
    }
    try {
      out.write(TFRecordFraming.header(record.length));
      out.write(record);
      out.write(TFRecordFraming.footer(record));
    } catch (IOException | RuntimeException e) {
      failed = true;
      throw e;
    }
    records++;
    bytes += framedSize(record);
  }

  long records() {
    return records;
  }

  /** Bytes written before compression. */
  long bytes() {
    return bytes;
  }

  boolean failed() {
    return failed;
  }

  Path file() {
    return file;
  }

  /** Flushes and closes the file, which keeps its temporary name; removes it if that fails. */
  void finish() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      out.close();
    } catch (IOException e) {
      failed = true;
      Files.deleteIfExists(file);
      throw e;
    }
  }

  /** Closes the file without a word and removes it: nothing of it is kept. */
  void discard() {
    closed = true;
    try {
      out.close();
    } catch (IOException | RuntimeException e) {
      // what was written is thrown away below
    }
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // a temporary name: the next writer of the same file truncates it
    }
  }
}

package dev.feedline.runtime.internal.files;

import dev.feedline.Compression;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * The decompressed bytes of a GZIP or ZLIB file, read as strictly as TensorFlow's reader reads
 * them, and stricter where Java's streams are lenient: {@code GZIPInputStream} ignores bytes after
 * the last member, and both it and {@code InflaterInputStream} can end without a word where the
 * file is cut at the end of a deflate block. Here a stream that ends early, a checksum or length
 * that does not match, and trailing bytes that start no further stream are each a {@link Damage},
 * as they make TensorFlow fail ({@code inflate() failed}) or, cut at a line break, stop early.
 * Concatenated streams are read one after another, as TensorFlow reads them.
 */
final class StrictInflation extends InputStream {
  /** A compressed file that is damaged: the problem, with the byte of the compressed file. */
  static final class Damage extends IOException {
    Damage(String problem) {
      super(problem);
    }
  }

  private final InputStream raw;
  private final Compression compression;
  private final Inflater inflater;
  private final CRC32 crc = new CRC32();
  private final byte[] input = new byte[1 << 16];
  private int inputStart;
  private int inputEnd;
  /** Compressed bytes before {@code input[0]}. */
  private long inputOffset;
  private long memberBytes;
  /** The byte where the current stream starts. */
  private long memberStart;
  private boolean ended;

  private StrictInflation(InputStream raw, Compression compression) throws IOException {
    this.raw = raw;
    this.compression = compression;
    this.inflater = new Inflater(compression == Compression.GZIP);
    if (!fill()) {
      ended = true; // an empty file: no stream, no lines, as a plain empty file
      return;
    }
    startMember();
    inflater.setInput(input, inputStart, inputEnd - inputStart);
    inputStart = inputEnd;
  }

  /** The decompressed bytes of {@code file}; a plain file's own bytes, buffered. */
  static InputStream open(Path file, Compression compression) throws IOException {
    InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
    return compression == Compression.NONE ? raw : new StrictInflation(raw, compression);
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] buffer, int offset, int length) throws IOException {
    while (!ended) {
      try {
        int inflated = inflater.inflate(buffer, offset, length);
        if (inflated > 0) {
          crc.update(buffer, offset, inflated);
          memberBytes += inflated;
          return inflated;
        }
      } catch (DataFormatException e) {
        throw new Damage(memberStart > 0 && memberBytes == 0
            ? "trailing bytes after the end of the " + compression + " data, from byte "
                + memberStart
            : "corrupt " + compression + " data near byte " + position() + " (" + e.getMessage()
                + ")");
      }
      if (inflater.finished()) {
        inputStart = inputEnd - inflater.getRemaining();
        endMember();
      } else if (inflater.needsInput()) {
        if (!fill()) {
          throw new Damage("the " + compression + " stream ends early, at byte " + position()
              + ": the file is cut short");
        }
        inflater.setInput(input, inputStart, inputEnd - inputStart);
        inputStart = inputEnd;
      } else if (inflater.needsDictionary()) {
        throw new Damage("the " + compression + " stream asks for a preset dictionary");
      }
    }
    return -1;
  }

  @Override
  public void close() throws IOException {
    inflater.end();
    raw.close();
  }

  private long position() {
    return inputOffset + inputEnd - inflater.getRemaining();
  }

  /** Reads a member's header (GZIP) or checks a stream's (ZLIB, which the inflater reads). */
  private void startMember() throws IOException {
    inflater.reset();
    crc.reset();
    memberBytes = 0;
    if (compression == Compression.ZLIB) {
      return;
    }
    if (headerByte() != 0x1f || headerByte() != 0x8b || headerByte() != 8) {
      throw new Damage("not a GZIP stream at byte " + (inputOffset + inputStart - 3)
          + " (its first bytes are not 1f 8b 08)");
    }
    int flags = headerByte();
    for (int i = 0; i < 6; i++) {
      headerByte(); // modification time, extra flags, operating system
    }
    if ((flags & 4) != 0) { // FEXTRA
      int length = headerByte() | headerByte() << 8;
      for (int i = 0; i < length; i++) {
        headerByte();
      }
    }
    for (int zeroTerminated : new int[] {8, 16}) { // FNAME, FCOMMENT
      if ((flags & zeroTerminated) != 0) {
        while (headerByte() != 0) {
          // the name or comment
        }
      }
    }
    if ((flags & 2) != 0) { // FHCRC
      headerByte();
      headerByte();
    }
  }

  /** Checks a member's trailer (GZIP), then starts the next stream or ends at the file's end. */
  private void endMember() throws IOException {
    if (compression == Compression.GZIP) {
      long crc32 = trailerWord();
      long size = trailerWord();
      if (crc32 != crc.getValue() || size != (memberBytes & 0xffffffffL)) {
        throw new Damage("the GZIP checksum or length does not match its data at byte "
            + (inputOffset + inputStart - 8) + ": the data is corrupt");
      }
    }
    if (inputStart == inputEnd && !fill()) {
      ended = true;
      return;
    }
    long garbage = inputOffset + inputStart;
    memberStart = garbage;
    try { // a ZLIB stream's header is the inflater's to check: see read
      startMember();
    } catch (Damage e) {
      throw new Damage("trailing bytes after the end of the " + compression
          + " data, from byte " + garbage);
    }
    inflater.setInput(input, inputStart, inputEnd - inputStart);
    inputStart = inputEnd;
  }

  private int headerByte() throws IOException {
    if (inputStart == inputEnd && !fill()) {
      throw new Damage("the GZIP stream ends early, inside a header: the file is cut short");
    }
    return input[inputStart++] & 0xff;
  }

  private long trailerWord() throws IOException {
    long word = 0;
    for (int i = 0; i < 4; i++) {
      if (inputStart == inputEnd && !fill()) {
        throw new Damage("the GZIP stream ends early, inside its trailer: the file is cut short");
      }
      word |= (long) (input[inputStart++] & 0xff) << (8 * i);
    }
    return word;
  }

  /** Reads more compressed bytes into an emptied buffer; false at the file's end. */
  private boolean fill() throws IOException {
    inputOffset += inputEnd;
    int read = raw.read(input, 0, input.length);
    inputStart = 0;
    inputEnd = Math.max(read, 0);
    return read > 0;
  }
}

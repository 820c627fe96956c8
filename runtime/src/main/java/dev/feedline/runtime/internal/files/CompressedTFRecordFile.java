package dev.feedline.runtime.internal.files;

import dev.feedline.Compression;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;
import java.util.zip.GZIPInputStream;
import java.util.zip.InflaterInputStream;
import java.util.zip.ZipException;

/**
 * Checks a GZIP or ZLIB compressed TFRecord file the way {@link TFRecordFile} checks a plain one,
 * through the decompressed stream: every record's length and data checksums, and its content.
 *
 * <p>A compressed file is read from its start, so a damaged record cannot be skipped: the first
 * problem is the file's problem. Records too large for one Java array are refused by length, like
 * TensorFlow's 2^40-byte claims, before anything is allocated for them.
 */
final class CompressedTFRecordFile {
  private static final long LARGEST_ARRAY = Integer.MAX_VALUE - 16;

  private CompressedTFRecordFile() {}

  /**
   * Counts the records of {@code file}, or names its first damage.
   *
   * @param contentProblem why a record with valid framing cannot be used, if it cannot; null when
   *     every such record can
   */
  static TFRecordFile.Framing check(Path file, Compression compression,
      Function<byte[], Optional<RecordProblem>> contentProblem) {
    long index = 0;
    long offset = 0;
    try (InputStream in = open(file, compression)) {
      byte[] header = new byte[TFRecordFraming.HEADER];
      byte[] footer = new byte[TFRecordFraming.FOOTER];
      while (true) {
        int read = in.readNBytes(header, 0, header.length);
        if (read == 0) {
          return new TFRecordFile.Framing(index, Optional.empty());
        }
        if (read < header.length) {
          return damaged(index, offset, "cut short", "is cut short inside its header");
        }
        long length = TFRecordFraming.littleEndian(header, 0, 8);
        int lengthCrc = (int) TFRecordFraming.littleEndian(header, 8, 4);
        if (TFRecordFraming.maskedLengthCrc(length) != lengthCrc) {
          return damaged(index, offset, "corrupt length",
              "has a corrupt length (its checksum does not match)");
        }
        if (length < 0 || length > LARGEST_ARRAY) {
          return damaged(index, offset, "corrupt length",
              "claims " + Long.toUnsignedString(length) + " bytes, more than a record can hold");
        }
        byte[] data = in.readNBytes((int) length);
        if (data.length < length || in.readNBytes(footer, 0, footer.length) < footer.length) {
          return damaged(index, offset, "cut short", "is cut short: the file ends inside it");
        }
        int dataCrc = (int) TFRecordFraming.littleEndian(footer, 0, 4);
        if (TFRecordFraming.maskedCrc(data, 0, data.length) != dataCrc) {
          return damaged(index, offset, "corrupt data",
              "has corrupt data (its checksum does not match)");
        }
        Optional<RecordProblem> problem =
            contentProblem == null ? Optional.empty() : contentProblem.apply(data);
        if (problem.isPresent()) {
          return damaged(index, offset, problem.get().cause(), problem.get().description());
        }
        offset += header.length + length + footer.length;
        index++;
      }
    } catch (EOFException | ZipException e) {
      return damaged(index, offset, "corrupt compression", "cannot be decompressed as "
          + compression + ": " + e.getMessage());
    } catch (IOException e) {
      throw new UncheckedIOException("Could not read " + file, e);
    }
  }

  private static InputStream open(Path file, Compression compression) throws IOException {
    InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
    return switch (compression) {
      case GZIP -> new GZIPInputStream(raw, 1 << 16);
      case ZLIB -> new InflaterInputStream(raw);
      case NONE -> raw;
    };
  }

  private static TFRecordFile.Framing damaged(long index, long offset, String cause,
      String problem) {
    return new TFRecordFile.Framing(index, Optional.of(new TFRecordFile.Damage(offset, index, cause,
        problem + " (bytes counted after decompression)", -1)));
  }
}

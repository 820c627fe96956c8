package dev.feedline.runtime.internal.files;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32C;

/**
 * What a data file was when it was looked at: enough to tell, cheaply, that it is no longer the
 * same. A pipeline records each file's identity when it is built, checks it when every epoch
 * starts and ends, and a checkpoint records it to be compared when it is resumed.
 *
 * @param file the path, as the pipeline reads it
 * @param size the size in bytes
 * @param modified the modification time, in nanoseconds since 1970
 * @param key the file system's key for the file (device and inode), "-" where it has none
 * @param changed the status-change time (ctime) in nanoseconds, which every write and every
 *     change of the file's metadata moves and no one can set back; -1 where it is not available
 * @param fingerprint a CRC32C of the file's first and last {@value #SAMPLE} bytes: a change of
 *     content that keeps the size and the modification time
 */
public record FileIdentity(
    String file, long size, long modified, String key, long changed, long fingerprint) {
  private static final int SAMPLE = 8192;

  /** Looks at {@code file} now. */
  public static FileIdentity of(Path file) throws IOException {
    BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
    Object key = attributes.fileKey();
    return new FileIdentity(file.toString(), attributes.size(),
        attributes.lastModifiedTime().to(TimeUnit.NANOSECONDS),
        key == null ? "-" : key.toString().replace(' ', '_'), statusChanged(file),
        fingerprint(file));
  }

  private static long statusChanged(Path file) {
    try {
      return ((FileTime) Files.getAttribute(file, "unix:ctime")).to(TimeUnit.NANOSECONDS);
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return -1; // not a POSIX file system
    }
  }

  private static long fingerprint(Path file) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = channel.size();
      CRC32C crc = new CRC32C();
      ByteBuffer sample = ByteBuffer.allocate(SAMPLE);
      read(channel, sample, 0, crc);
      if (size > SAMPLE) {
        read(channel, sample, Math.max(SAMPLE, size - SAMPLE), crc);
      }
      return crc.getValue();
    }
  }

  private static void read(FileChannel channel, ByteBuffer sample, long from, CRC32C crc)
      throws IOException {
    sample.clear();
    while (sample.hasRemaining() && channel.read(sample, from + sample.position()) > 0) {
      // a read may return fewer bytes than asked for
    }
    crc.update(sample.flip());
  }

  /**
   * What makes {@code now} another file than this one, in words; empty when it is the same.
   *
   * @param sameFile whether a file replaced by another with the same content counts as changed:
   *     within a run it does (TensorFlow would reopen another file), across runs, where data is
   *     copied and restored, it does not
   */
  public Optional<String> changeTo(FileIdentity now, boolean sameFile) {
    List<String> changes = new ArrayList<>();
    boolean replaced = sameFile && !key.equals(now.key);
    if (replaced) {
      changes.add("it was replaced by another file");
    }
    if (size != now.size) {
      changes.add(String.format(Locale.ROOT, "its size is %,d bytes, was %,d", now.size, size));
    }
    if (modified != now.modified) {
      changes.add("it was modified at " + time(now.modified) + ", was " + time(modified));
    }
    if (changes.isEmpty() && fingerprint != now.fingerprint) {
      changes.add("its content changed, with its size and modification time kept");
    }
    return changes.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", changes));
  }

  private static String time(long nanos) {
    return Instant.ofEpochSecond(0, nanos).toString();
  }

  /** One line: the fields, space-separated, the path last, with '%' and line breaks escaped. */
  public String toLine() {
    return String.format(Locale.ROOT, "%d %d %s %d %016x %s", size, modified, key, changed,
        fingerprint, escape(file));
  }

  /** The identity {@link #toLine} wrote. */
  public static FileIdentity parse(String line) {
    String[] fields = line.split(" ", 6);
    if (fields.length != 6) {
      throw new IllegalArgumentException("not a file identity: " + line);
    }
    return new FileIdentity(unescape(fields[5]), Long.parseLong(fields[0]),
        Long.parseLong(fields[1]), fields[2], Long.parseLong(fields[3]),
        Long.parseUnsignedLong(fields[4], 16));
  }

  public static String escape(String text) {
    return text.replace("%", "%25").replace("\n", "%0A").replace("\r", "%0D").replace("\t", "%09");
  }

  public static String unescape(String text) {
    return text.replace("%09", "\t").replace("%0D", "\r").replace("%0A", "\n").replace("%25", "%");
  }
}

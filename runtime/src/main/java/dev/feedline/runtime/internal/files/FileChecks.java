package dev.feedline.runtime.internal.files;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32C;

/**
 * The checks of data files, remembered by each file's full {@link FileIdentity}, so that building
 * a pipeline again over unchanged files costs a look at each file instead of a walk through its
 * records. Remembered in this process and, across processes, in a folder: the system property
 * {@code feedline.checks} or else the environment variable {@code FEEDLINE_CHECKS} names it
 * ({@code none} keeps them in this process only); by default it is
 * {@code $XDG_CACHE_HOME/feedline/checks}, or {@code ~/.cache/feedline/checks}. Deleting the
 * folder is always safe: the files are checked again.
 *
 * <p>A check is reused only for a file whose size, modification time, inode, status-change time
 * and sampled content are all those it was checked at: any write to the file moves its
 * status-change time, which no one can set back. A file changed less than {@value #SETTLED_SECONDS}
 * seconds before its check is not remembered: file times advance in coarse steps, and a write in
 * the same step as the check could leave its identity as it was (git's "racy clean" entries). Each
 * remembered check carries its own checksum; one that does not match, or cannot be read, is
 * ignored and the file checked again.
 */
final class FileChecks {
  private static final System.Logger LOG = System.getLogger(FileChecks.class.getName());
  private static final String MAGIC = "FEEDLINE FILE CHECK 1";
  private static final Map<String, List<String>> IN_PROCESS = new ConcurrentHashMap<>();
  private static final int IN_PROCESS_LIMIT = 100_000;
  private static final long SETTLED_SECONDS = 2;

  private FileChecks() {}

  /**
   * What was found when {@code file} was last checked with {@code check}, as the lines
   * {@link #remember} was given; empty when it was not, or when it has changed since.
   */
  static Optional<List<String>> recall(FileIdentity file, String check) {
    if (file.changed() < 0) {
      return Optional.empty(); // without a status-change time, an edit could go unseen
    }
    List<String> known = IN_PROCESS.get(key(file, check));
    if (known != null) {
      return Optional.of(known);
    }
    Optional<Path> folder = folder();
    if (folder.isEmpty()) {
      return Optional.empty();
    }
    Path stored = folder.get().resolve(name(file, check));
    try {
      if (!Files.exists(stored)) {
        return Optional.empty();
      }
      List<String> lines = Files.readAllLines(stored, StandardCharsets.UTF_8);
      int last = lines.size() - 1;
      if (lines.size() < 4 || !lines.get(0).equals(MAGIC)
          || !lines.get(last).equals("crc32c " + crc(lines.subList(0, last)))) {
        LOG.log(System.Logger.Level.DEBUG, "ignoring the damaged check {0}", stored);
        return Optional.empty();
      }
      if (!lines.get(1).equals(FileIdentity.escape(check))
          || !lines.get(2).equals(file.toLine())) {
        return Optional.empty(); // the file has changed since, or another one shares the name
      }
      List<String> found = List.copyOf(lines.subList(3, last));
      keep(file, check, found);
      return Optional.of(found);
    } catch (IOException | RuntimeException e) {
      LOG.log(System.Logger.Level.DEBUG, "ignoring the unreadable check " + stored, e);
      return Optional.empty();
    }
  }

  /**
   * Remembers what checking {@code file} with {@code check} found, as lines without breaks, when
   * the file had settled before the check.
   *
   * @param checkedAt when the check started, in milliseconds since 1970
   */
  static void remember(FileIdentity file, String check, List<String> found, long checkedAt) {
    if (file.changed() < 0
        || file.changed() / 1_000_000 > checkedAt - TimeUnit.SECONDS.toMillis(SETTLED_SECONDS)) {
      return;
    }
    keep(file, check, List.copyOf(found));
    Optional<Path> folder = folder();
    if (folder.isEmpty()) {
      return;
    }
    List<String> lines = new ArrayList<>();
    lines.add(MAGIC);
    lines.add(FileIdentity.escape(check));
    lines.add(file.toLine());
    lines.addAll(found);
    lines.add("crc32c " + crc(lines));
    Path stored = folder.get().resolve(name(file, check));
    try {
      Files.createDirectories(stored.getParent());
      Path partial = Files.createTempFile(stored.getParent(), stored.getFileName().toString(), ".partial");
      Files.write(partial, lines, StandardCharsets.UTF_8);
      Files.move(partial, stored, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException | RuntimeException e) {
      // Only a later run's speed depends on it: it checks the file again.
      LOG.log(System.Logger.Level.DEBUG, "could not remember the check of " + file.file(), e);
    }
  }

  /** Forgets what this process remembers, so that the folder is read again: for tests. */
  static void forgetInProcess() {
    IN_PROCESS.clear();
  }

  private static void keep(FileIdentity file, String check, List<String> found) {
    if (IN_PROCESS.size() >= IN_PROCESS_LIMIT) {
      IN_PROCESS.clear();
    }
    IN_PROCESS.put(key(file, check), found);
  }

  /** The folder checks are remembered in across processes; empty when they are not. */
  static Optional<Path> folder() {
    String named = System.getProperty("feedline.checks", System.getenv("FEEDLINE_CHECKS"));
    if (named != null && !named.isBlank()) {
      return named.equals("none") ? Optional.empty() : Optional.of(Path.of(named));
    }
    String cache = System.getenv("XDG_CACHE_HOME");
    Path base = cache != null && !cache.isBlank() ? Path.of(cache)
        : Path.of(System.getProperty("user.home"), ".cache");
    return Optional.of(base.resolve("feedline").resolve("checks"));
  }

  private static String key(FileIdentity file, String check) {
    return check + "\n" + file.toLine();
  }

  /** One stored check per file and kind of check: a file that changes replaces its own. */
  private static String name(FileIdentity file, String check) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256")
          .digest((check + "\n" + file.file()).getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 16) + ".check";
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }

  private static String crc(List<String> lines) {
    CRC32C crc = new CRC32C();
    lines.forEach(line -> crc.update((line + "\n").getBytes(StandardCharsets.UTF_8)));
    return Long.toHexString(crc.getValue());
  }
}

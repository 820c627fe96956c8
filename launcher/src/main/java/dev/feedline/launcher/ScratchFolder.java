package dev.feedline.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A folder a command works in and removes when it is done: on {@link #close()}, whether the
 * command ended normally or with an exception; at Ctrl-C or {@code kill}, from a shutdown hook;
 * and after {@code kill -9}, which runs no hook, the next scratch folder made beside it removes it.
 * Its name carries the process id ({@code feedline-soak-4711-123}), so that only the folders of
 * processes that are gone are removed, never a running command's.
 */
public final class ScratchFolder implements AutoCloseable {
  private static final Set<Path> OPEN = ConcurrentHashMap.newKeySet();
  private static final long PID = ProcessHandle.current().pid();

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(() -> OPEN.forEach(path -> {
      try {
        delete(path);
      } catch (UncheckedIOException e) {
        System.err.println("feedline: " + e.getMessage() + ": " + FileErrors.describe(e.getCause()));
      }
    }), "feedline-scratch-cleanup"));
  }

  private final Path path;

  private ScratchFolder(Path path) {
    this.path = path;
  }

  /**
   * A scratch folder in the system's temporary folder, {@code feedline-<purpose>-<pid>-<n>}; first
   * removes what any command's scratch folders that outlived their process left there.
   */
  public static ScratchFolder create(String purpose) throws IOException {
    return create(Path.of(System.getProperty("java.io.tmpdir")), "feedline", purpose);
  }

  /**
   * A scratch folder in {@code parent}, named {@code <prefix>-<pid>-<n>}; first removes the folders
   * of that prefix that processes no longer running left there.
   */
  public static ScratchFolder create(Path parent, String prefix) throws IOException {
    return create(parent, prefix, null);
  }

  private static ScratchFolder create(Path parent, String family, String purpose)
      throws IOException {
    Files.createDirectories(parent);
    removeLeftovers(parent, family);
    String prefix = purpose == null ? family : family + "-" + purpose;
    ScratchFolder folder = new ScratchFolder(
        Files.createTempDirectory(parent, prefix + "-" + PID + "-"));
    OPEN.add(folder.path);
    return folder;
  }

  public Path path() {
    return path;
  }

  /** Removes the folder and everything in it. */
  @Override
  public void close() {
    OPEN.remove(path);
    delete(path);
  }

  /**
   * Removes the scratch folders of {@code family} ({@code <family>[-<purpose>]-<pid>-<n>}) that
   * processes no longer running left in {@code parent}.
   */
  private static void removeLeftovers(Path parent, String family) throws IOException {
    Pattern name = Pattern.compile(Pattern.quote(family) + "(?:-.+?)?-(\\d+)-\\d+");
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(parent, family + "-*")) {
      for (Path entry : entries) {
        Matcher m = name.matcher(entry.getFileName().toString());
        if (m.matches() && Files.isDirectory(entry) && !running(m.group(1))) {
          delete(entry);
        }
      }
    }
  }

  private static boolean running(String pid) {
    try {
      return ProcessHandle.of(Long.parseLong(pid)).map(ProcessHandle::isAlive).orElse(false);
    } catch (NumberFormatException tooLong) {
      return true; // not a process id: not ours to remove
    }
  }

  private static void delete(Path root) {
    if (!Files.exists(root)) {
      return;
    }
    try {
      Files.walkFileTree(root, new SimpleFileVisitor<>() {
        @Override
        public FileVisitResult visitFile(Path file, BasicFileAttributes attributes)
            throws IOException {
          Files.delete(file);
          return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult postVisitDirectory(Path dir, IOException failure)
            throws IOException {
          Files.delete(dir);
          return FileVisitResult.CONTINUE;
        }
      });
    } catch (IOException e) {
      throw new UncheckedIOException("Could not remove the scratch folder " + root, e);
    }
  }
}

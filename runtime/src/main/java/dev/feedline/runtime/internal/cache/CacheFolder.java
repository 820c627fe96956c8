package dev.feedline.runtime.internal.cache;

import dev.feedline.runtime.internal.files.DataFiles;
import dev.feedline.runtime.internal.files.FileIdentity;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32C;

/**
 * The file caches and snapshots kept under one path prefix, a folder: one folder per key.
 *
 * <pre>
 * prefix/
 *   3f9c0a5e1b2d4c67/                      complete: sealed, read by every run of its key
 *     feedline-cache                       its manifest: what it covers, who wrote it, when
 *     cache.index, cache.data-00000-of-00001   (a cache)  or  &lt;hash&gt;/... (a snapshot)
 *   3f9c0a5e1b2d4c67.partial-4711-9a0b1c2d/   being written by process 4711, or left by it
 * </pre>
 *
 * <p>A cache is written in a partial folder of its own, which names its process in its manifest,
 * and becomes complete by an atomic rename to its key, once an epoch has read all of it: a
 * complete folder never misses elements, and no run reads a partial one. A partial folder whose
 * process is no longer running is abandoned; the next build over the prefix removes it, unless a
 * checkpoint of its epoch can still resume it. Listing and pruning never touch the folders of a
 * running process.
 */
public final class CacheFolder {
  private static final System.Logger LOG = System.getLogger(CacheFolder.class.getName());

  /** The manifest's name inside each key folder. */
  public static final String MANIFEST = "feedline-cache";
  private static final String FORMAT = "Feedline file cache 1";
  private static final Pattern COMPLETE = Pattern.compile("[0-9a-f]{16}");
  private static final Pattern PARTIAL = Pattern.compile("([0-9a-f]{16})\\.partial-\\d+-[0-9a-f]+");
  private static final String REMOVING = ".removing-";
  private static final SecureRandom RANDOM = new SecureRandom();

  private CacheFolder() {}

  /** What a key folder is. */
  public enum State {
    /** Sealed: every run of its key reads it. */
    COMPLETE,
    /** Being written by a process that is running, here or on another host. */
    WRITING,
    /** Left incomplete by a process that is no longer running; a checkpoint can resume it. */
    RESUMABLE,
    /** Left incomplete by a process that is no longer running. */
    ABANDONED
  }

  /**
   * One key folder.
   *
   * @param folder the folder
   * @param key the key it holds a cache of
   * @param state whether it is complete, and if not, whether its writer runs
   * @param manifest its manifest's fields; empty when it has none
   * @param bytes the size of its files; -1 where it was not added up
   * @param lastUsed when a run last wrote or read it
   */
  public record Entry(Path folder, String key, State state, Map<String, String> manifest,
      long bytes, Instant lastUsed) {
    /** One line for a listing. */
    public String describe() {
      String what = manifest.getOrDefault("kind", "cache") + " of "
          + manifest.getOrDefault("pipeline", "?") + " '" + manifest.getOrDefault("stage", "?")
          + "'";
      String state = switch (this.state) {
        case COMPLETE -> "complete";
        case WRITING -> "being written by " + owner(manifest);
        case RESUMABLE -> "incomplete, resumable from checkpoint "
            + checkpoint(manifest).map(Checkpoint::file).orElse("?");
        case ABANDONED -> "incomplete, left by " + owner(manifest);
      };
      return String.format(java.util.Locale.ROOT, "%s  %-10s %10s  last used %s  %s; %s",
          key, this.state.name().toLowerCase(java.util.Locale.ROOT), CacheFolder.describeBytes(bytes),
          lastUsed,
          what, state);
    }
  }

  /**
   * A process that writes a cache: its id, when it started, and its host. {@code startTicks} is
   * its start in clock ticks since boot where the system tells it (Linux's /proc), which no change
   * of the wall clock moves; {@code startMillis} is the JDK's start instant, which is derived from
   * the boot time as the wall clock gives it now, so two readings differ by any jump of the clock.
   */
  public record Owner(long pid, long startMillis, String host, long startTicks) {
    public static final Owner SELF = current();

    public Owner(long pid, long startMillis, String host) {
      this(pid, startMillis, host, -1);
    }

    private static Owner current() {
      ProcessHandle self = ProcessHandle.current();
      return new Owner(self.pid(),
          self.info().startInstant().map(Instant::toEpochMilli).orElse(-1L), hostName(),
          startTicks(self.pid()));
    }

    private static String hostName() {
      try {
        return InetAddress.getLocalHost().getHostName().replace(' ', '_');
      } catch (IOException e) {
        return "unknown";
      }
    }

    /** Field 22 of /proc/PID/stat, after the command name (which may hold spaces and parentheses). */
    static long startTicks(long pid) {
      try {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"),
            StandardCharsets.US_ASCII);
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
        return Long.parseLong(fields[19]);
      } catch (IOException | RuntimeException e) {
        return -1;
      }
    }

    /**
     * Whether the process may still run: it does on this host, with its start time (a process
     * id can be reused), or it runs on another host, where this one cannot tell.
     */
    public boolean mayRun() {
      if (!host.equals(SELF.host)) {
        return true;
      }
      return ProcessHandle.of(pid).filter(ProcessHandle::isAlive)
          .map(this::startedAs)
          .orElse(false);
    }

    private boolean startedAs(ProcessHandle running) {
      if (startTicks >= 0) {
        long ticks = startTicks(running.pid());
        return ticks < 0 || ticks == startTicks;
      }
      return startMillis < 0 || running.info().startInstant()
          .map(start -> Math.abs(start.toEpochMilli() - startMillis) < 2000).orElse(true);
    }

    @Override
    public String toString() {
      return "process " + pid + " on " + host
          + (startMillis < 0 ? "" : ", started " + Instant.ofEpochMilli(startMillis));
    }

    /** {@code pid startMillis host [startTicks]}: a host name holds no space. */
    public String toLine() {
      return pid + " " + startMillis + " " + host + (startTicks < 0 ? "" : " " + startTicks);
    }

    public static Optional<Owner> parse(String line) {
      String[] parts = line == null ? new String[0] : line.split(" ");
      try {
        return switch (parts.length) {
          case 3 -> Optional.of(new Owner(Long.parseLong(parts[0]), Long.parseLong(parts[1]),
              parts[2]));
          case 4 -> Optional.of(new Owner(Long.parseLong(parts[0]), Long.parseLong(parts[1]),
              parts[2], Long.parseLong(parts[3])));
          default -> Optional.empty();
        };
      } catch (NumberFormatException e) {
        return Optional.empty();
      }
    }
  }

  /** The checkpoint a partial cache's epoch was saved to: its file and the CRC32C of its bytes. */
  record Checkpoint(String file, long crc) {
    String toLine() {
      return Long.toHexString(crc) + " " + FileIdentity.escape(file);
    }

    static Optional<Checkpoint> parse(String line) {
      int space = line == null ? -1 : line.indexOf(' ');
      if (space < 0) {
        return Optional.empty();
      }
      try {
        return Optional.of(new Checkpoint(FileIdentity.unescape(line.substring(space + 1)),
            Long.parseUnsignedLong(line.substring(0, space), 16)));
      } catch (NumberFormatException e) {
        return Optional.empty();
      }
    }

    /** The checkpoint of {@code file} as it is now; empty when it cannot be read. */
    static Optional<Checkpoint> of(Path file) {
      try {
        CRC32C crc = new CRC32C();
        crc.update(Files.readAllBytes(file));
        return Optional.of(new Checkpoint(file.toAbsolutePath().normalize().toString(),
            crc.getValue()));
      } catch (IOException e) {
        return Optional.empty();
      }
    }

    /** Whether the checkpoint still exists as it was when its epoch was saved. */
    boolean stillThere() {
      return of(Path.of(file)).filter(this::equals).isPresent();
    }
  }

  /** The process a manifest names as its writer, in words. */
  private static String owner(Map<String, String> manifest) {
    return Owner.parse(manifest.get("owner")).map(Owner::toString).orElse("an unknown process");
  }

  private static Optional<Checkpoint> checkpoint(Map<String, String> manifest) {
    return Checkpoint.parse(manifest.get("checkpoint"));
  }

  /** The complete folder of {@code key}. */
  static Path complete(Path prefix, String key) {
    return prefix.resolve(key);
  }

  /** A new partial folder of {@code key} for this process, not yet created. */
  static Path newPartial(Path prefix, String key) {
    byte[] random = new byte[4];
    RANDOM.nextBytes(random);
    return prefix.resolve(key + ".partial-" + Owner.SELF.pid() + "-"
        + HexFormat.of().formatHex(random));
  }

  /** Whether {@code folder} is complete: sealed by its rename, with its manifest saying so. */
  static boolean isComplete(Path folder) {
    return readManifest(folder).containsKey("sealed");
  }

  /** The fields of a manifest, in order; empty when there is none or it cannot be read. */
  static Map<String, String> readManifest(Path folder) {
    Map<String, String> fields = new LinkedHashMap<>();
    try {
      List<String> lines = Files.readAllLines(folder.resolve(MANIFEST), StandardCharsets.UTF_8);
      if (lines.isEmpty() || !lines.get(0).equals(FORMAT)) {
        return Map.of();
      }
      for (String line : lines.subList(1, lines.size())) {
        int colon = line.indexOf(": ");
        if (colon > 0) {
          fields.put(line.substring(0, colon), line.substring(colon + 2));
        }
      }
    } catch (IOException | UncheckedIOException e) {
      return Map.of();
    }
    return fields;
  }

  /** Writes {@code folder}'s manifest atomically: under a temporary name, then renamed. */
  static void writeManifest(Path folder, Map<String, String> fields) throws IOException {
    StringBuilder text = new StringBuilder(FORMAT).append('\n');
    fields.forEach((name, value) -> text.append(name).append(": ").append(value).append('\n'));
    Path partial = folder.resolve(MANIFEST + ".partial");
    Files.writeString(partial, text, StandardCharsets.UTF_8);
    Files.move(partial, folder.resolve(MANIFEST), StandardCopyOption.ATOMIC_MOVE,
        StandardCopyOption.REPLACE_EXISTING);
  }

  /** The manifest's field of a file sealed in the folder: {@code file <path>: <size>}. */
  private static final String FILE = "file ";
  /** A reader's lease on a complete folder, beside it: {@code <key>.reading-<pid>-<random>}. */
  private static final String READING = ".reading-";

  /**
   * The fields that record each file in {@code folder} with its size, for the manifest it is
   * sealed with; paths relative to the folder, with {@code /} between names.
   */
  static Map<String, String> sealedFiles(Path folder) throws IOException {
    Map<String, String> files = new LinkedHashMap<>();
    try (var paths = Files.walk(folder)) {
      for (Path file : paths.filter(Files::isRegularFile).sorted().toList()) {
        String name = relative(folder, file);
        if (!name.startsWith(MANIFEST)) {
          files.put(FILE + FileIdentity.escape(name), Long.toString(Files.size(file)));
        }
      }
    }
    return files;
  }

  private static String relative(Path folder, Path file) {
    return folder.relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/");
  }

  /**
   * What is wrong with a complete folder whose files its manifest records: the first file that is
   * missing, of another size, or not sealed in it, and the problem; empty when it holds exactly
   * what was sealed, or its manifest records no files (it was sealed before they were recorded).
   *
   * @return the file and the problem, in words
   */
  static Optional<Map.Entry<Path, String>> damage(Path folder) {
    Map<String, String> manifest = readManifest(folder);
    if (manifest.isEmpty()) {
      return Optional.of(Map.entry(folder, Files.isDirectory(folder) ? "its manifest "
          + MANIFEST + " is gone or damaged" : "the folder is gone"));
    }
    Map<String, Long> sealed = new LinkedHashMap<>();
    manifest.forEach((field, value) -> {
      if (field.startsWith(FILE)) {
        sealed.put(FileIdentity.unescape(field.substring(FILE.length())), Long.parseLong(value));
      }
    });
    if (sealed.isEmpty()) {
      return Optional.empty();
    }
    for (Map.Entry<String, Long> file : sealed.entrySet()) {
      Path path = folder.resolve(file.getKey());
      long size;
      try {
        size = Files.size(path);
      } catch (IOException e) {
        return Optional.of(Map.entry(path, "the file is gone"));
      }
      if (size != file.getValue()) {
        return Optional.of(Map.entry(path, String.format(java.util.Locale.ROOT,
            "the file is %,d bytes; it was %,d when the folder was sealed", size,
            file.getValue())));
      }
    }
    try (var paths = Files.walk(folder)) {
      Optional<Path> extra = paths.filter(Files::isRegularFile)
          .filter(f -> !relative(folder, f).startsWith(MANIFEST))
          .filter(f -> !sealed.containsKey(relative(folder, f))).sorted().findFirst();
      if (extra.isPresent()) {
        return Optional.of(Map.entry(extra.get(), "the file was not there when the folder was"
            + " sealed"));
      }
    } catch (IOException | UncheckedIOException e) {
      return Optional.of(Map.entry(folder, "the folder cannot be read: " + DataFiles.reason(e)));
    }
    return Optional.empty();
  }

  /**
   * Takes a lease on the complete folder {@code folder} for this process, which reads it: a file
   * beside it that names the process, so that {@link #prune} leaves the folder alone while the
   * process runs.
   *
   * @return the lease, to give back with {@link #giveBack}
   */
  static Path lease(Path folder) throws IOException {
    byte[] random = new byte[4];
    RANDOM.nextBytes(random);
    Path lease = folder.resolveSibling(folder.getFileName() + READING + Owner.SELF.pid() + "-"
        + HexFormat.of().formatHex(random));
    Files.writeString(lease, Owner.SELF.toLine() + "\n", StandardCharsets.UTF_8);
    return lease;
  }

  static void giveBack(Path lease) {
    try {
      Files.deleteIfExists(lease);
    } catch (IOException e) {
      LOG.log(System.Logger.Level.DEBUG, "could not give back the lease " + lease, e);
    }
  }

  /**
   * The processes that hold a lease on the complete folder of {@code key} ({@code *}: of any key),
   * of those that may still run; the leases of processes that no longer run are removed.
   */
  static List<Owner> readers(Path prefix, String key) {
    List<Owner> readers = new ArrayList<>();
    try (DirectoryStream<Path> leases = Files.newDirectoryStream(prefix, key + READING + "*")) {
      for (Path lease : leases) {
        Optional<Owner> owner;
        try {
          owner = Owner.parse(Files.readString(lease, StandardCharsets.UTF_8).strip());
        } catch (IOException e) {
          continue; // given back meanwhile
        }
        if (owner.map(Owner::mayRun).orElse(false)) {
          readers.add(owner.get());
        } else {
          giveBack(lease);
        }
      }
    } catch (IOException e) {
      LOG.log(System.Logger.Level.DEBUG, "could not list the leases in " + prefix, e);
    }
    return readers;
  }

  /** Marks a complete folder as used now, for {@link #prune}, which keeps the newest. */
  /**
   * What the files of a complete folder are, its manifest left out, which every run that reads the
   * folder touches.
   */
  static List<FileIdentity> identities(Path folder) throws IOException {
    List<FileIdentity> identities = new ArrayList<>();
    try (var files = Files.walk(folder)) {
      for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
        if (!file.getFileName().toString().equals(MANIFEST)) {
          identities.add(FileIdentity.of(file));
        }
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    return identities;
  }

  static void touch(Path folder) {
    try {
      Files.setLastModifiedTime(folder.resolve(MANIFEST), FileTime.from(Instant.now()));
    } catch (IOException e) {
      LOG.log(System.Logger.Level.DEBUG, "could not mark " + folder + " as used", e);
    }
  }

  /**
   * The key folders under {@code prefix}, the most recently used first; none when the prefix does
   * not exist. Other files and folders there are not listed.
   */
  public static List<Entry> list(Path prefix) {
    return list(prefix, true);
  }

  /** @param sizes whether to add up each folder's files; -1 bytes each when not */
  static List<Entry> list(Path prefix, boolean sizes) {
    List<Entry> entries = new ArrayList<>();
    if (!Files.isDirectory(prefix)) {
      return entries;
    }
    try (DirectoryStream<Path> folders = Files.newDirectoryStream(prefix)) {
      for (Path folder : folders) {
        entry(folder, sizes).ifPresent(entries::add);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Could not list the caches under " + prefix, e);
    }
    entries.sort(Comparator.comparing(Entry::lastUsed).reversed()
        .thenComparing(e -> e.folder().getFileName().toString()));
    return entries;
  }

  private static Optional<Entry> entry(Path folder, boolean sizes) {
    String name = folder.getFileName().toString();
    Matcher partial = PARTIAL.matcher(name);
    boolean complete = COMPLETE.matcher(name).matches();
    if (!Files.isDirectory(folder) || (!complete && !partial.matches())) {
      return Optional.empty();
    }
    Map<String, String> manifest = readManifest(folder);
    State state;
    if (complete) {
      if (!manifest.containsKey("sealed")) {
        return Optional.empty(); // not a folder Feedline wrote
      }
      state = State.COMPLETE;
    } else if (Owner.parse(manifest.get("owner")).map(Owner::mayRun).orElse(false)) {
      state = State.WRITING;
    } else if (checkpoint(manifest).map(Checkpoint::stillThere).orElse(false)) {
      state = State.RESUMABLE;
    } else {
      state = State.ABANDONED;
    }
    Instant used = lastModified(folder.resolve(MANIFEST)).orElseGet(
        () -> lastModified(folder).orElse(Instant.EPOCH));
    return Optional.of(new Entry(folder, complete ? name : partial.group(1), state, manifest,
        sizes ? size(folder) : -1, used));
  }

  private static Optional<Instant> lastModified(Path file) {
    try {
      return Optional.of(Files.getLastModifiedTime(file).toInstant());
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  private static long size(Path folder) {
    long[] bytes = {0};
    try {
      Files.walkFileTree(folder, new SimpleFileVisitor<>() {
        @Override
        public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
          bytes[0] += attributes.size();
          return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFileFailed(Path file, IOException e) {
          return FileVisitResult.CONTINUE;
        }
      });
    } catch (IOException e) {
      return bytes[0];
    }
    return bytes[0];
  }

  /**
   * Removes the complete caches under {@code prefix} beyond the {@code keep} most recently used,
   * and the incomplete ones whose process no longer runs, those a checkpoint could resume
   * included; never a folder a running process writes or reads (it holds a lease on it).
   *
   * @return the folders removed
   */
  public static List<Entry> prune(Path prefix, int keep) {
    return prune(prefix, keep, true, null);
  }

  /**
   * @param resumableToo whether incomplete caches that a checkpoint can resume go too
   * @param spare a key never to remove, such as the one just written; null for none
   */
  static List<Entry> prune(Path prefix, int keep, boolean resumableToo, String spare) {
    if (keep < 0) {
      throw new IllegalArgumentException("keep " + keep + " caches: a count of 0 or more");
    }
    List<Entry> removed = new ArrayList<>();
    int kept = 0;
    for (Entry entry : list(prefix)) { // the most recently used first
      boolean remove = switch (entry.state()) {
        case COMPLETE -> {
          boolean keeps = entry.key().equals(spare) || kept < keep;
          kept += keeps ? 1 : 0;
          List<Owner> readers = keeps ? List.of() : readers(prefix, entry.key());
          if (!readers.isEmpty()) {
            LOG.log(System.Logger.Level.INFO, "kept the cache {0}: {1} reads it",
                entry.folder(), readers.get(0));
          }
          yield !keeps && readers.isEmpty();
        }
        case WRITING -> false;
        case RESUMABLE -> resumableToo;
        case ABANDONED -> true;
      };
      if (remove && (entry.state() == State.COMPLETE ? removeUnread(entry)
          : remove(entry.folder()))) {
        removed.add(entry);
      }
    }
    removeLeftovers(prefix);
    return removed;
  }

  /**
   * Removes the incomplete caches of {@code prefix} whose process no longer runs and that no
   * checkpoint can resume, saying so.
   */
  static void removeAbandoned(Path prefix, String pipeline) {
    for (Entry entry : list(prefix, false)) {
      if (entry.state() == State.ABANDONED && remove(entry.folder())) {
        LOG.log(System.Logger.Level.INFO, "Pipeline {0}: removed the incomplete {1} {2}, left by"
            + " {3}, which no longer runs", pipeline, entry.manifest().getOrDefault("kind", "cache"),
            entry.folder(), owner(entry.manifest()));
      }
    }
    removeLeftovers(prefix);
  }

  /** Folders a removal was interrupted in: nothing reads them. */
  private static void removeLeftovers(Path prefix) {
    if (!Files.isDirectory(prefix)) {
      return;
    }
    readers(prefix, "*"); // gives back the leases of processes that no longer run
    try (DirectoryStream<Path> folders = Files.newDirectoryStream(prefix, "*" + REMOVING + "*")) {
      for (Path folder : folders) {
        Matcher owner = Pattern.compile(Pattern.quote(REMOVING) + "(\\d+)-").matcher(
            folder.getFileName().toString());
        long pid = owner.find() ? Long.parseLong(owner.group(1)) : -1;
        boolean ownerRuns = pid != Owner.SELF.pid()
            && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        if (!ownerRuns) {
          deleteTree(folder);
        }
      }
    } catch (IOException | UncheckedIOException e) {
      LOG.log(System.Logger.Level.DEBUG, "could not clean " + prefix, e);
    }
  }

  /**
   * Removes a complete folder that no process reads: renamed away first, then the leases are
   * looked at again, so that a reader that took its lease meanwhile, and then found the folder
   * still there, keeps it (a reader takes its lease before it looks, this removal looks after it
   * renames: one of the two sees the other).
   */
  private static boolean removeUnread(Entry entry) {
    Path doomed = doomed(entry.folder());
    try {
      Files.move(entry.folder(), doomed, StandardCopyOption.ATOMIC_MOVE);
    } catch (NoSuchFileException e) {
      return false;
    } catch (IOException e) {
      throw new UncheckedIOException("Could not remove the cache " + entry.folder(), e);
    }
    List<Owner> readers = readers(entry.folder().getParent(), entry.key());
    if (!readers.isEmpty()) {
      try {
        Files.move(doomed, entry.folder(), StandardCopyOption.ATOMIC_MOVE);
        LOG.log(System.Logger.Level.INFO, "kept the cache {0}: {1} began to read it",
            entry.folder(), readers.get(0));
        return false;
      } catch (IOException e) {
        LOG.log(System.Logger.Level.WARNING, "could not put back the cache " + entry.folder()
            + ", which " + readers.get(0) + " began to read", e);
      }
    }
    deleteTree(doomed);
    return true;
  }

  private static Path doomed(Path folder) {
    byte[] random = new byte[4];
    RANDOM.nextBytes(random);
    return folder.resolveSibling(folder.getFileName() + REMOVING + Owner.SELF.pid() + "-"
        + HexFormat.of().formatHex(random));
  }

  /**
   * Removes {@code folder}: first renamed, atomically, so that it stops being a cache at once,
   * then deleted. Returns false when another process removed it first.
   */
  static boolean remove(Path folder) {
    Path doomed = doomed(folder);
    try {
      Files.move(folder, doomed, StandardCopyOption.ATOMIC_MOVE);
    } catch (NoSuchFileException e) {
      return false;
    } catch (IOException e) {
      throw new UncheckedIOException("Could not remove the cache " + folder, e);
    }
    deleteTree(doomed);
    return true;
  }

  static void deleteTree(Path folder) {
    try {
      Files.walkFileTree(folder, new SimpleFileVisitor<>() {
        @Override
        public FileVisitResult visitFile(Path file, BasicFileAttributes attributes)
            throws IOException {
          Files.deleteIfExists(file);
          return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
          Files.deleteIfExists(dir);
          return FileVisitResult.CONTINUE;
        }
      });
    } catch (NoSuchFileException e) {
      // gone already
    } catch (IOException e) {
      throw new UncheckedIOException("Could not delete " + folder, e);
    }
  }

  /** {@code 1.5 MiB}: a size for people. */
  public static String describeBytes(long bytes) {
    String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
    double value = bytes;
    int unit = 0;
    while (value >= 1024 && unit < units.length - 1) {
      value /= 1024;
      unit++;
    }
    return unit == 0 ? bytes + " B"
        : String.format(java.util.Locale.ROOT, "%.1f %s", value, units[unit]);
  }
}

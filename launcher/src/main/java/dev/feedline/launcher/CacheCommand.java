package dev.feedline.launcher;

import dev.feedline.runtime.internal.cache.CacheFolder;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * {@code ./feedline cache list|prune --prefix DIR [--keep N]}: the file caches and snapshots kept
 * in a folder, one sub-folder per key ({@link CacheFolder}). {@code list} shows each with its
 * state, size and last use; {@code prune} removes the complete ones beyond the {@code N} most
 * recently used (1 unless told) and the incomplete ones whose process no longer runs, never one
 * a running process writes.
 */
public final class CacheCommand {
  static final String USAGE = "usage: ./feedline cache list|prune --prefix DIR [--keep N]";

  private CacheCommand() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the command; returns the process exit status. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    String action = args.length == 0 ? "" : args[0];
    String[] rest = args.length == 0 ? args : Arrays.copyOfRange(args, 1, args.length);
    CommandSpec spec = CommandSpec.of(USAGE).required("prefix");
    if (action.equals("prune")) {
      spec.option("keep", "1");
    }
    return LauncherCommand.run(rest, spec, err, options -> {
      Path prefix = options.path("prefix");
      int keep = action.equals("prune") ? options.count("keep") : 0;
      return switch (action) {
        case "list" -> () -> list(prefix, out);
        case "prune" -> () -> prune(prefix, keep, out);
        default -> throw new IllegalArgumentException(action.isEmpty()
            ? "say what to do: list or prune" : "unknown action " + action + "; use list or prune");
      };
    });
  }

  private static void requireFolder(Path prefix) {
    if (!Files.isDirectory(prefix)) {
      throw new IllegalArgumentException(prefix + " is not a folder: give the folder of a"
          + " @Cache(file = ...) or @Snapshot(path = ...), as the builder sets it");
    }
  }

  private static void list(Path prefix, PrintStream out) {
    requireFolder(prefix);
    List<CacheFolder.Entry> entries = CacheFolder.list(prefix);
    if (entries.isEmpty()) {
      out.println("No caches in " + prefix);
      return;
    }
    out.println(entries.size() + (entries.size() == 1 ? " cache" : " caches") + " in " + prefix
        + ", the most recently used first (" + bytes(entries) + "):");
    entries.forEach(entry -> out.println("  " + entry.describe()));
  }

  private static void prune(Path prefix, int keep, PrintStream out) {
    requireFolder(prefix);
    List<CacheFolder.Entry> removed = CacheFolder.prune(prefix, keep);
    removed.forEach(entry -> out.println("Removed " + entry.describe()));
    out.println("Removed " + removed.size() + (removed.size() == 1 ? " cache" : " caches")
        + (removed.isEmpty() ? "" : " (" + bytes(removed) + ")") + "; "
        + CacheFolder.list(prefix).size() + " left in " + prefix);
  }

  private static String bytes(List<CacheFolder.Entry> entries) {
    return CacheFolder.describeBytes(entries.stream().mapToLong(CacheFolder.Entry::bytes).sum());
  }
}

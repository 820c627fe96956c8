package dev.feedline.runtime.internal.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a power loss needs: every shard and manifest forced to the disk before the rename that
 * gives it its name, and the folder after the renames. Watched with {@code strace} on a writer in
 * a JVM of its own (skipped where strace is missing or not permitted). It was: no fsync at all.
 */
class DurableWritesTest {
  private static final Pattern CALL = Pattern.compile(
      "^(\\d+) +(openat|fsync|rename)\\((.*?)\\) += (-?\\d+)");
  private static final Pattern QUOTED = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");

  @TempDir Path dir;

  @Test
  void shardsAndTheManifestAreForcedBeforeTheirRenameAndTheFolderAfter() throws Exception {
    assumeTrue(runs(List.of("strace", "-o", "/dev/null", "true")), "strace cannot trace here");
    Path folder = Files.createDirectories(dir.resolve("set"));
    Path trace = dir.resolve("trace.txt");
    List<String> command = List.of("strace", "-f", "-qq", "-e", "trace=openat,fsync,rename",
        "-o", trace.toString(),
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), ShardSetWriterChild.class.getName(),
        folder.toString(), "4", "100", "2");
    assertTrue(runs(command), "the traced writer failed");

    Map<String, String> fds = new HashMap<>(); // "pid fd" -> path
    Set<String> forced = new HashSet<>(); // paths fsynced so far
    List<String> renamed = new ArrayList<>();
    boolean folderForcedAfterLastRename = false;
    for (String line : joinUnfinished(Files.readAllLines(trace, StandardCharsets.UTF_8))) {
      Matcher call = CALL.matcher(line);
      if (!call.find()) {
        continue;
      }
      String pid = call.group(1);
      List<String> paths = new ArrayList<>();
      Matcher quoted = QUOTED.matcher(call.group(3));
      while (quoted.find()) {
        paths.add(quoted.group(1));
      }
      switch (call.group(2)) {
        case "openat" -> {
          if (!call.group(4).startsWith("-") && !paths.isEmpty()) {
            fds.put(pid + " " + call.group(4), paths.get(0));
          }
        }
        case "fsync" -> {
          String path = fds.get(pid + " " + call.group(3).strip());
          if (path != null) {
            forced.add(path);
            folderForcedAfterLastRename |= path.equals(folder.toString());
          }
        }
        default -> { // rename
          if (paths.get(0).startsWith(folder.toString())) {
            assertTrue(forced.contains(paths.get(0)), "renamed before it was forced: " + line);
            renamed.add(Path.of(paths.get(1)).getFileName().toString());
            folderForcedAfterLastRename = false;
          }
        }
      }
    }
    assertTrue(renamed.contains("rows-00003-of-00004.tfrecord"), renamed.toString());
    assertTrue(renamed.contains("rows.feedline-shards"), renamed.toString());
    assertEquals(2, renamed.stream().filter(n -> n.equals("rows.feedline-shards")).count(),
        "sealed twice: written, then replaced");
    assertTrue(folderForcedAfterLastRename, "the folder forced after the last rename");
  }

  /** strace splits a call that another thread interrupts: "... <unfinished ...>", "<... resumed>". */
  private static List<String> joinUnfinished(List<String> lines) {
    Map<String, String> pending = new HashMap<>();
    List<String> joined = new ArrayList<>();
    for (String line : lines) {
      String pid = line.split(" ", 2)[0];
      if (line.endsWith("<unfinished ...>")) {
        pending.put(pid, line.substring(0, line.length() - "<unfinished ...>".length()));
      } else if (line.contains("resumed>") && pending.containsKey(pid)) {
        joined.add(pending.remove(pid) + line.substring(line.indexOf("resumed>") + 8));
      } else {
        joined.add(line);
      }
    }
    return joined;
  }

  private static boolean runs(List<String> command) throws InterruptedException {
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      return process.waitFor(3, TimeUnit.MINUTES) && process.exitValue() == 0;
    } catch (IOException e) {
      return false;
    }
  }
}

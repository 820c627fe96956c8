package dev.feedline.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.internal.cache.CacheFolder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ./feedline cache list|prune}: the caches of a folder, listed and pruned. */
class CacheCommandTest {
  @TempDir Path dir;

  private record Run(int status, String out, String err) {}

  private static Run cache(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = CacheCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** A complete cache of {@code key}, as a pipeline leaves it, last used that long ago. */
  private Path complete(String key, long secondsAgo) throws IOException {
    Path folder = Files.createDirectories(dir.resolve(key));
    Files.writeString(folder.resolve(CacheFolder.MANIFEST), "Feedline file cache 1\n"
        + "kind: file cache\nkey: " + key + "\npipeline: com.acme.Photos\nstage: cache\n"
        + "sealed: 2026-01-01T00:00:00Z\n");
    Files.write(folder.resolve("cache.data-00000-of-00001"), new byte[2048]);
    Files.setLastModifiedTime(folder.resolve(CacheFolder.MANIFEST),
        FileTime.from(Instant.now().minusSeconds(secondsAgo)));
    return folder;
  }

  @Test
  void listShowsEachCacheTheMostRecentlyUsedFirst() throws IOException {
    complete("00000000000000aa", 100);
    complete("00000000000000bb", 10);
    Run run = cache("list", "--prefix", dir.toString());
    assertEquals(0, run.status(), run.err());
    String[] lines = run.out().split("\n");
    long bytes = 2 * (2048 + Files.size(dir.resolve("00000000000000aa").resolve(CacheFolder.MANIFEST)));
    assertEquals("2 caches in " + dir + ", the most recently used first ("
        + CacheFolder.describeBytes(bytes) + "):", lines[0]);
    assertEquals("4.3 KiB", CacheFolder.describeBytes(bytes));
    assertTrue(lines[1].startsWith("  00000000000000bb  complete"), run.out());
    assertTrue(lines[1].contains("file cache of com.acme.Photos 'cache'; complete"), run.out());
    assertTrue(lines[2].startsWith("  00000000000000aa  complete"), run.out());
  }

  @Test
  void pruneKeepsTheNewestItIsToldTo() throws IOException {
    Path old = complete("00000000000000aa", 300);
    Path middle = complete("00000000000000bb", 200);
    Path recent = complete("00000000000000cc", 100);
    Run run = cache("prune", "--prefix", dir.toString(), "--keep", "2");
    assertEquals(0, run.status(), run.err());
    assertFalse(Files.exists(old));
    assertTrue(Files.exists(middle) && Files.exists(recent));
    assertTrue(run.out().endsWith("Removed 1 cache (" + CacheFolder.describeBytes(2048
        + Files.size(middle.resolve(CacheFolder.MANIFEST))) + "); 2 left in " + dir + "\n"), run.out());

    assertEquals(0, cache("prune", "--prefix", dir.toString()).status(), "keeps 1 by default");
    assertTrue(Files.exists(recent));
    assertFalse(Files.exists(middle));
  }

  @Test
  void aMissingFolderOrActionIsOneLine() {
    Run missing = cache("list", "--prefix", dir.resolve("nope").toString());
    assertEquals(LauncherCommand.FAILED, missing.status());
    assertTrue(missing.err().startsWith("error: " + dir.resolve("nope") + " is not a folder"),
        missing.err());
    Run unknown = cache("purge", "--prefix", dir.toString());
    assertEquals(LauncherCommand.USAGE, unknown.status());
    assertEquals("error: unknown action purge; use list or prune\n" + CacheCommand.USAGE + "\n",
        unknown.err());
    assertEquals(LauncherCommand.USAGE, cache().status());
    assertEquals(LauncherCommand.USAGE, cache("list", "--prefix", dir.toString(), "--keep", "2")
        .status(), "list keeps everything: --keep is prune's");
  }
}

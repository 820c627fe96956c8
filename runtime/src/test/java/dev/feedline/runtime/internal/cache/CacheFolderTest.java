package dev.feedline.runtime.internal.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The folders under a cache prefix: complete ones listed by last use and pruned to the newest,
 * incomplete ones by whether their process still runs, and never a running process's.
 */
class CacheFolderTest {
  @TempDir Path prefix;

  private static long deadPid() throws IOException, InterruptedException {
    Process done = new ProcessBuilder("true").start();
    done.waitFor();
    return done.pid();
  }

  private Path complete(String key, long usedSecondsAgo) throws IOException {
    Path folder = Files.createDirectories(prefix.resolve(key));
    Map<String, String> manifest = new LinkedHashMap<>();
    manifest.put("kind", "file cache");
    manifest.put("key", key);
    manifest.put("sealed", Instant.now().toString());
    CacheFolder.writeManifest(folder, manifest);
    Files.writeString(folder.resolve("cache.index"), "x".repeat(100));
    Files.setLastModifiedTime(folder.resolve(CacheFolder.MANIFEST),
        FileTime.from(Instant.now().minusSeconds(usedSecondsAgo)));
    return folder;
  }

  private Path partial(String key, CacheFolder.Owner owner) throws IOException {
    Path folder = Files.createDirectories(prefix.resolve(key + ".partial-" + owner.pid() + "-0a"));
    CacheFolder.writeManifest(folder, Map.of("owner", owner.toLine()));
    return folder;
  }

  @Test
  void foldersAreListedByStateAndLastUse() throws Exception {
    complete("00000000000000aa", 100);
    complete("00000000000000bb", 10);
    partial("00000000000000cc", CacheFolder.Owner.SELF);
    partial("00000000000000dd", new CacheFolder.Owner(deadPid(), -1, CacheFolder.Owner.SELF.host()));
    partial("00000000000000ee", new CacheFolder.Owner(1, -1, "another-host"));
    Files.createDirectories(prefix.resolve("not-a-cache"));
    Files.createDirectories(prefix.resolve("00000000000000ff")); // no manifest: not Feedline's
    Map<String, CacheFolder.State> states = new LinkedHashMap<>();
    CacheFolder.list(prefix).forEach(e -> states.put(e.key(), e.state()));
    assertEquals(Map.of("00000000000000aa", CacheFolder.State.COMPLETE,
        "00000000000000bb", CacheFolder.State.COMPLETE,
        "00000000000000cc", CacheFolder.State.WRITING,
        "00000000000000dd", CacheFolder.State.ABANDONED,
        "00000000000000ee", CacheFolder.State.WRITING), states);
    List<String> complete = CacheFolder.list(prefix).stream()
        .filter(e -> e.state() == CacheFolder.State.COMPLETE).map(CacheFolder.Entry::key).toList();
    assertEquals(List.of("00000000000000bb", "00000000000000aa"), complete, "most recent first");
  }

  @Test
  void anOwnerIsToldByItsStartInClockTicksWhichNoJumpOfTheWallClockMoves() throws Exception {
    CacheFolder.Owner self = CacheFolder.Owner.SELF;
    assertTrue(self.startTicks() > 0, "this test runs on Linux, where /proc gives the start");
    assertEquals(self, CacheFolder.Owner.parse(self.toLine()).orElseThrow());
    // The wall clock moved by an hour between the writer's reading and the reader's: same process.
    CacheFolder.Owner readEarlier = new CacheFolder.Owner(self.pid(),
        self.startMillis() - 3_600_000, self.host(), self.startTicks());
    assertTrue(readEarlier.mayRun());
    // The same id, started at another tick: the id was reused, the writer is gone.
    CacheFolder.Owner reused = new CacheFolder.Owner(self.pid(), self.startMillis(), self.host(),
        self.startTicks() + 1);
    assertFalse(reused.mayRun());
    // A line written before the ticks were recorded still reads, and falls back on the instant.
    CacheFolder.Owner older = CacheFolder.Owner.parse(
        self.pid() + " " + self.startMillis() + " " + self.host()).orElseThrow();
    assertEquals(-1, older.startTicks());
    assertTrue(older.mayRun());
    assertTrue(CacheFolder.Owner.parse("12 x host").isEmpty());
    assertTrue(CacheFolder.Owner.parse("12 1 host 3 4").isEmpty());
  }

  @Test
  void pruningKeepsTheNewestAndNeverARunningWriter() throws Exception {
    complete("00000000000000aa", 300);
    complete("00000000000000bb", 200);
    complete("00000000000000cc", 100);
    Path running = partial("00000000000000dd", CacheFolder.Owner.SELF);
    Path dead = partial("00000000000000ee",
        new CacheFolder.Owner(deadPid(), -1, CacheFolder.Owner.SELF.host()));
    List<String> removed = CacheFolder.prune(prefix, 2).stream().map(CacheFolder.Entry::key)
        .sorted().toList();
    assertEquals(List.of("00000000000000aa", "00000000000000ee"), removed);
    assertTrue(Files.exists(prefix.resolve("00000000000000bb")));
    assertTrue(Files.exists(prefix.resolve("00000000000000cc")));
    assertTrue(Files.exists(running));
    assertFalse(Files.exists(dead));
    try (var left = Files.list(prefix)) {
      assertEquals(3, left.count(), "no folder half removed");
    }
    assertThrows(IllegalArgumentException.class, () -> CacheFolder.prune(prefix, -1));
  }

  @Test
  void aPartialFolderThatACheckpointCanResumeIsKeptUntilPruned() throws Exception {
    Path checkpoint = Files.writeString(prefix.resolve("epoch.ckpt"), "state");
    Path resumable = partial("00000000000000aa",
        new CacheFolder.Owner(deadPid(), -1, CacheFolder.Owner.SELF.host()));
    Map<String, String> manifest = new LinkedHashMap<>(CacheFolder.readManifest(resumable));
    manifest.put("checkpoint", CacheFolder.Checkpoint.of(checkpoint).orElseThrow().toLine());
    CacheFolder.writeManifest(resumable, manifest);
    assertEquals(CacheFolder.State.RESUMABLE, CacheFolder.list(prefix).get(0).state());
    CacheFolder.removeAbandoned(prefix, "Test");
    assertTrue(Files.exists(resumable), "a build keeps it for the checkpoint");

    Files.writeString(checkpoint, "a later state"); // the checkpoint moved on: nothing resumes it
    assertEquals(CacheFolder.State.ABANDONED, CacheFolder.list(prefix).get(0).state());
    CacheFolder.removeAbandoned(prefix, "Test");
    assertFalse(Files.exists(resumable));
  }
}

package dev.feedline.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Scratch folders go when their command ends: normally, on an error, when killed. */
class ScratchFolderTest {
  @TempDir Path dir;

  @Test
  void closingRemovesTheFolderAndWhatIsInIt() throws IOException {
    Path path;
    try (ScratchFolder scratch = ScratchFolder.create(dir, "feedline-test")) {
      path = scratch.path();
      assertTrue(path.getFileName().toString().startsWith(
          "feedline-test-" + ProcessHandle.current().pid() + "-"), path.toString());
      Files.createDirectories(path.resolve("a/b"));
      Files.writeString(path.resolve("a/b/c.txt"), "data");
    }
    assertFalse(Files.exists(path));
  }

  /** Any command's scratch folder in the temporary folder removes any other command's leftovers. */
  @Test
  void aCommandRemovesWhatAnyKilledCommandLeftInTheTemporaryFolder() throws Exception {
    Process gone = new ProcessBuilder("true").start();
    assertTrue(gone.waitFor(30, TimeUnit.SECONDS));
    Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
    Path left = Files.createDirectories(tmp.resolve("feedline-bench-" + gone.pid() + "-12345"));
    Files.writeString(left.resolve("photos-00000-of-00001.tfrecord"), "data");
    try (ScratchFolder soak = ScratchFolder.create("soak")) {
      assertTrue(soak.path().getParent().equals(tmp), soak.path().toString());
      assertFalse(Files.exists(left));
    }
  }

  /** What {@link Holder} prints: the folder it made, once it exists. */
  private static Path start(Process process) throws IOException {
    BufferedReader out = new BufferedReader(
        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    return Path.of(out.readLine());
  }

  private Process holder() throws IOException {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    return new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
        Holder.class.getName(), dir.toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
  }

  /**
   * A process ended by {@code kill} (SIGTERM, as Ctrl-C's SIGINT) removes its folder on the way
   * out; one ended by {@code kill -9} cannot, and the next scratch folder made beside it removes
   * what it left, but never the folder of a process still running.
   */
  @Test
  void aKilledProcessLeavesNoFolderBehind() throws Exception {
    Process terminated = holder();
    Path first = start(terminated);
    assertTrue(Files.isDirectory(first));
    terminated.destroy();
    assertTrue(terminated.waitFor(30, TimeUnit.SECONDS));
    assertFalse(Files.exists(first), "removed by the shutdown hook");

    Process killed = holder();
    Path second = start(killed);
    Process running = holder();
    Path third = start(running);
    killed.destroyForcibly();
    assertTrue(killed.waitFor(30, TimeUnit.SECONDS));
    assertTrue(Files.isDirectory(second), "kill -9 runs no hook");

    Files.createDirectories(dir.resolve("feedline-test-notes")); // not a scratch folder's name
    try (ScratchFolder next = ScratchFolder.create(dir, "feedline-test");
        Stream<Path> left = Files.list(dir)) {
      assertFalse(Files.exists(second), "left by a process that is gone: removed");
      assertTrue(Files.isDirectory(third), "a running process's folder stays");
      assertEquals(3, left.count());
    } finally {
      running.destroy();
      running.waitFor(30, TimeUnit.SECONDS);
    }
  }

  /** Makes a scratch folder in the folder given, prints its path, and waits to be killed. */
  public static final class Holder {
    public static void main(String[] args) throws Exception {
      ScratchFolder scratch = ScratchFolder.create(Path.of(args[0]), "feedline-test");
      Files.writeString(scratch.path().resolve("data.bin"), "x".repeat(1000));
      System.out.println(scratch.path());
      System.out.flush();
      Thread.sleep(600_000);
    }
  }
}

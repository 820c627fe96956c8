package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.internal.cache.CacheFolder;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.tests.pipelines.FeedlineKeyedPipelines_Scaled;
import dev.feedline.tests.pipelines.KeyedPipelines;
import dev.feedline.tests.pipelines.Row;
import dev.feedline.tests.support.CacheRun;
import dev.feedline.tests.support.CapturedLog;
import dev.feedline.tests.support.EpochRows;
import dev.feedline.tests.support.TestData;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Result;
import org.tensorflow.Session;

/**
 * What one run of a file-cached or snapshotted pipeline leaves the next, each run in a JVM of its
 * own ({@link CacheRun}): the second run computes the same key and reads the first's cache, none of
 * its elements computed again; a run killed with SIGKILL while it writes leaves a partial folder
 * that the next run recognizes as its process's and removes; a checkpoint of the writing epoch
 * resumes it in the next run. Each map prints a mark per element it computes, which counts the work.
 */
class FileCacheAcrossRunsTest {
  @TempDir Path dir;

  private Path data() throws IOException {
    return Files.createDirectories(dir.resolve("data"));
  }

  private Path folder() {
    return dir.resolve("cache");
  }

  /** What a run printed: its key, its rows, and how many elements its map computed. */
  private record Run(String key, Map<Long, Float> rows, long computed) {}

  private ProcessBuilder child(String... args) {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), CacheRun.class.getName()));
    command.addAll(List.of(args));
    return new ProcessBuilder(command);
  }

  private Run run(String... args) throws IOException, InterruptedException {
    Path err = Files.createTempFile(dir, "stderr", ".txt");
    Process process = child(args).redirectError(err.toFile()).start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(3, TimeUnit.MINUTES), "the run did not finish");
    List<String> errors = Files.readAllLines(err, StandardCharsets.UTF_8);
    assertEquals(0, process.exitValue(), out + String.join("\n", errors));
    String key = line(out, "key ");
    Map<Long, Float> rows = new TreeMap<>();
    for (String row : line(out, "rows ").split(",")) {
      String[] parts = row.split("=");
      rows.put(Long.parseLong(parts[0]), Float.parseFloat(parts[1]));
    }
    long computed = errors.stream().filter(l -> l.startsWith(KeyedPipelines.WORK_MARK)).count();
    return new Run(key, rows, computed);
  }

  private static String line(String out, String start) {
    return out.lines().filter(l -> l.startsWith(start)).findFirst()
        .orElseThrow(() -> new AssertionError("no '" + start + "' line in:\n" + out))
        .substring(start.length());
  }

  /** Row {@code id} of the scaled pipelines: its first value, {@code id}, doubled. */
  private static Map<Long, Float> scaled(long rows) {
    Map<Long, Float> expected = new TreeMap<>();
    for (long id = 0; id < rows; id++) {
      expected.put(id, 2f * id);
    }
    return expected;
  }

  private List<CacheFolder.Entry> entries(CacheFolder.State state) {
    return CacheFolder.list(folder()).stream().filter(e -> e.state() == state).toList();
  }

  @Test
  void aSecondRunComputesTheSameKeyAndReadsTheFirstRunsCacheWithoutComputingAnElement()
      throws Exception {
    TestData.writeRows(data(), 3, 10);
    Run first = run("epoch", "scaled", data().toString(), folder().toString());
    Run second = run("epoch", "scaled", data().toString(), folder().toString());
    assertEquals(first.key(), second.key());
    assertEquals(scaled(30), first.rows());
    assertEquals(scaled(30), second.rows());
    assertEquals(30, first.computed(), "the first run computes every element");
    assertEquals(0, second.computed(), "the second run reads them all from the cache");
    List<CacheFolder.Entry> complete = entries(CacheFolder.State.COMPLETE);
    assertEquals(List.of(first.key()), complete.stream().map(CacheFolder.Entry::key).toList());
    assertEquals(folder().resolve(first.key()), complete.get(0).folder());
  }

  @Test
  void aSnapshotWrittenByOneRunIsReadByTheNext() throws Exception {
    TestData.writeRows(data(), 3, 10);
    Run first = run("epoch", "snapshot", data().toString(), folder().toString());
    Run second = run("epoch", "snapshot", data().toString(), folder().toString());
    assertEquals(first.key(), second.key());
    assertEquals(scaled(30), first.rows());
    assertEquals(scaled(30), second.rows());
    assertEquals(30, first.computed());
    assertEquals(0, second.computed(), "the second run reads the snapshot");
    Path complete = folder().resolve(first.key());
    try (Stream<Path> shards = Files.walk(complete)) {
      assertEquals(4, shards.filter(p -> p.getFileName().toString().endsWith(".shard")).count(),
          "4 shards, as declared");
    }
  }

  @Test
  void aRunKilledWhileWritingLeavesAPartialFolderThatTheNextRunRemoves() throws Exception {
    TestData.writeRows(data(), 4, 250);
    Process killed = child("slow", "scaled", data().toString(), folder().toString())
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    Path partial;
    try (BufferedReader out = new BufferedReader(
        new InputStreamReader(killed.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = out.readLine(); !"batch".equals(line); line = out.readLine()) {
        assertTrue(line != null, "the run ended before its first batch");
      }
      List<CacheFolder.Entry> writing = entries(CacheFolder.State.WRITING);
      assertEquals(1, writing.size(), CacheFolder.list(folder()).toString());
      partial = writing.get(0).folder();
      try (Stream<Path> files = Files.list(partial)) {
        assertTrue(files.anyMatch(f -> f.toString().endsWith(".lockfile")),
            "TensorFlow is writing the cache");
      }
      killed.destroyForcibly(); // SIGKILL: no shutdown hook, no close
      assertTrue(killed.waitFor(1, TimeUnit.MINUTES));
    }
    assertEquals(137, killed.exitValue(), "killed by SIGKILL");
    assertEquals(List.of(partial), entries(CacheFolder.State.ABANDONED).stream()
        .map(CacheFolder.Entry::folder).toList());

    try (CapturedLog log = new CapturedLog(CacheFolder.class);
        Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineKeyedPipelines_Scaled pipeline = FeedlineKeyedPipelines_Scaled.builder()
            .files(data() + "/*.tfrecord").cacheFile(folder().toString()).build(graph)) {
      assertFalse(Files.exists(partial), "removed when the pipeline is built");
      assertTrue(log.messages().stream().anyMatch(m -> m.contains(partial.toString())
              && m.contains("process " + killed.pid()) && m.contains("no longer runs")),
          log.messages().toString());
      assertEquals(scaled(1000), EpochRows.read(pipeline, session));
      assertEquals(List.of(pipeline.fileCaches().key("cache")),
          entries(CacheFolder.State.COMPLETE).stream().map(CacheFolder.Entry::key).toList());
    }
  }

  @Test
  void aCheckpointOfTheWritingEpochResumesInTheNextRunAndCompletesTheCache() throws Exception {
    TestData.writeRows(data(), 3, 10);
    Path checkpoint = dir.resolve("epoch.ckpt");
    Run first = run("checkpoint", "scaled", data().toString(), folder().toString(), "1",
        checkpoint.toString());
    assertEquals(10, first.rows().size());
    List<CacheFolder.Entry> resumable = entries(CacheFolder.State.RESUMABLE);
    assertEquals(1, resumable.size(), CacheFolder.list(folder()).toString());

    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineKeyedPipelines_Scaled pipeline = FeedlineKeyedPipelines_Scaled.builder()
            .files(data() + "/*.tfrecord").cacheFile(folder().toString()).build(graph)) {
      assertTrue(Files.exists(resumable.get(0).folder()), "kept for the checkpoint");
      Row out = pipeline.output();
      Map<Long, Float> rest;
      try (EpochIterator<Result> steps = pipeline.resumeSteps(session, checkpoint,
          run -> run.fetch(out.id()).fetch(out.values()))) {
        rest = EpochRows.collect(steps, Long.MAX_VALUE);
      }
      Map<Long, Float> all = new HashMap<>(first.rows());
      rest.forEach((id, value) -> assertEquals(null, all.put(id, value), "row " + id + " twice"));
      assertEquals(scaled(30), new TreeMap<>(all));
      assertEquals(List.of(first.key()), entries(CacheFolder.State.COMPLETE).stream()
          .map(CacheFolder.Entry::key).toList(), "the resumed epoch completed the cache");
      assertEquals(List.of(), entries(CacheFolder.State.RESUMABLE));
      assertEquals(scaled(30), EpochRows.read(pipeline, session), "read from the cache");
    }
    Run next = run("epoch", "scaled", data().toString(), folder().toString());
    assertEquals(0, next.computed(), "a later run reads the cache the resumed epoch completed");
    assertEquals(scaled(30), next.rows());
    assertNotEquals(0, first.computed());
  }
}

package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.internal.cache.CacheFolder;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.tests.pipelines.FeedlineFileCachedRowsPipeline;
import dev.feedline.tests.pipelines.FeedlineKeyedPipelines_Snapshotted;
import dev.feedline.tests.pipelines.FeedlineFileCachedRowsPipeline.RowTensors;
import dev.feedline.tests.support.EpochRows;
import dev.feedline.tests.support.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;

/**
 * A sealed file cache or snapshot whose files are not what was sealed (a file emptied, cut or
 * deleted; the folder pruned while a process reads it) is an error naming the stage, the folder
 * and the file, and saying what to do; {@code cache prune} leaves a folder that a live process
 * reads; a snapshot worker with no shard to read is refused.
 */
class SealedCachesTest {
  @TempDir Path dir;

  private String rows(int files, int perFile) throws IOException {
    Path data = Files.createDirectories(dir.resolve("data"));
    TestData.writeRows(data, files, perFile);
    return data.resolve("*.tfrecord").toString();
  }

  private static Path onlyComplete(Path prefix) {
    List<CacheFolder.Entry> entries = CacheFolder.list(prefix);
    assertEquals(1, entries.size(), entries.toString());
    assertEquals(CacheFolder.State.COMPLETE, entries.get(0).state());
    return entries.get(0).folder();
  }

  private static List<Path> filesEndingIn(Path folder, String end) throws IOException {
    try (Stream<Path> files = Files.walk(folder)) {
      return files.filter(f -> f.toString().endsWith(end)).sorted().toList();
    }
  }

  private Map<Long, Float> snapshotEpoch(String files, Path prefix) {
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineKeyedPipelines_Snapshotted pipeline = FeedlineKeyedPipelines_Snapshotted.builder()
            .files(files).snapshotPath(prefix.toString()).build(graph)) {
      return EpochRows.read(pipeline, session);
    }
  }

  /** It was: the 100 rows read as 75, without a word. */
  @Test
  void aSealedSnapshotShardEmptiedIsAnErrorNamingTheShardAndTheFolder() throws IOException {
    String files = rows(4, 25);
    Path prefix = dir.resolve("snapshots");
    assertEquals(100, snapshotEpoch(files, prefix).size());
    Path complete = onlyComplete(prefix);
    List<Path> shards = filesEndingIn(complete, ".snapshot");
    assertEquals(4, shards.size(), shards.toString());
    Files.write(shards.get(1), new byte[0]);

    FeedlineException error = assertThrows(FeedlineException.class,
        () -> snapshotEpoch(files, prefix));
    assertEquals(shards.get(1).toString(), error.file().orElseThrow());
    assertTrue(error.getMessage().contains("the snapshot " + complete + " (key "), error.getMessage());
    assertTrue(error.getMessage().contains("is damaged: the file is 0 bytes; it was "),
        error.getMessage());
    assertTrue(error.getMessage().contains("./feedline cache prune --prefix " + prefix
        + " --keep 0"), error.getMessage());
  }

  private FeedlineFileCachedRowsPipeline cached(Graph graph, String files, Path prefix) {
    return FeedlineFileCachedRowsPipeline.builder().files(files).cacheFile(prefix.toString())
        .build(graph);
  }

  private static long count(FeedlineFileCachedRowsPipeline pipeline, Session session) {
    long rows = 0;
    try (EpochIterator<RowTensors> batches = pipeline.epoch(session)) {
      for (RowTensors batch : batches) {
        rows += batch.id().shape().get(0);
      }
    }
    return rows;
  }

  /**
   * It was: a cut cache file blamed on stage 'read' (@Interleave), or TensorFlow's "implementation
   * error", naming no file.
   */
  @Test
  void aSealedFileCacheCutOrDeletedIsAnErrorNamingTheFileAtTheNextEpoch() throws IOException {
    String files = rows(2, 15);
    Path prefix = dir.resolve("cache");
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineFileCachedRowsPipeline pipeline = cached(graph, files, prefix)) {
      assertEquals(30, count(pipeline, session));
      assertEquals(30, count(pipeline, session), "read from the sealed folder");
      Path complete = onlyComplete(prefix);
      Path data = filesEndingIn(complete, "cache.data-00000-of-00001").get(0);
      byte[] bytes = Files.readAllBytes(data);
      Files.write(data, java.util.Arrays.copyOf(bytes, bytes.length / 2));

      FeedlineException cut = assertThrows(FeedlineException.class,
          () -> count(pipeline, session));
      assertEquals(data.toString(), cut.file().orElseThrow(), cut.getMessage());
      assertTrue(cut.getMessage().startsWith("Pipeline FileCachedRowsPipeline, stage 'cache'"
          + " (@Cache), file " + data + ": the file cache " + complete), cut.getMessage());
      assertTrue(cut.getMessage().contains(String.format(java.util.Locale.ROOT,
          "is damaged: the file is %,d bytes; it was %,d when the folder was sealed",
          bytes.length / 2, bytes.length)), cut.getMessage());

      Files.delete(data);
      FeedlineException gone = assertThrows(FeedlineException.class,
          () -> count(pipeline, session));
      assertTrue(gone.getMessage().contains("is damaged: the file is gone"), gone.getMessage());
    }
  }

  /** It was: prune removed it, and the reader failed naming no file. */
  @Test
  void pruneLeavesACacheALiveProcessReadsAndARemovedOneIsNamedAsPruned() throws IOException {
    String files = rows(2, 15);
    Path prefix = dir.resolve("cache");
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineFileCachedRowsPipeline pipeline = cached(graph, files, prefix)) {
      assertEquals(30, count(pipeline, session));
      assertEquals(30, count(pipeline, session), "read from the sealed folder, under a lease");
      Path complete = onlyComplete(prefix);
      assertEquals(List.of(), CacheFolder.prune(prefix, 0), "a live process reads it");
      assertTrue(Files.isDirectory(complete));
      assertEquals(30, count(pipeline, session));

      deleteTree(complete); // as an older prune, or rm -r, does: without looking at leases
      FeedlineException pruned = assertThrows(FeedlineException.class,
          () -> count(pipeline, session));
      assertTrue(pruned.getMessage().contains("is damaged: the folder is gone; it was removed"
          + " while this process read it, by ./feedline cache prune or another process"),
          pruned.getMessage());
    }
    try (Stream<Path> left = Files.list(prefix)) {
      assertEquals(List.of(), left.map(p -> p.getFileName().toString()).toList(),
          "the lease given back on close");
    }
  }

  private static void deleteTree(Path folder) throws IOException {
    try (Stream<Path> paths = Files.walk(folder)) {
      for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }

  /** It was: worker 4 of 5 over 4 shards read 0 elements without a word. */
  @Test
  void aSnapshotWorkerWithNoShardToReadIsRefusedNamingWorkerAndShards() throws IOException {
    String files = rows(4, 25);
    Path prefix = dir.resolve("snapshots");
    assertEquals(100, snapshotEpoch(files, prefix).size());
    try (Graph graph = new Graph()) {
      FeedlineException error = assertThrows(FeedlineException.class,
          () -> FeedlineKeyedPipelines_Snapshotted.builder().files(files)
              .snapshotPath(prefix.toString()).worker(4, 5).build(graph));
      assertTrue(error.getMessage().contains("worker 4 of 5 would read no shard of the snapshot:"
          + " it has 4 shards, and worker i reads shards i, i + 5, ...; give @Snapshot(shards ="
          + " 5) or more, or run 4 workers"), error.getMessage());
    }
  }
}

package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.internal.cache.CacheFolder;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.tests.pipelines.FeedlineKeyedPipelines_Snapshotted;
import dev.feedline.tests.support.EpochRows;
import dev.feedline.tests.support.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;

/**
 * A {@code @Snapshot} of 4 shards: written by one run, then read by workers, each its own shards;
 * a worker refuses to start without a complete snapshot; an epoch left early leaves none.
 */
class SnapshotTest {
  @TempDir Path dir;
  private String files;

  @BeforeEach
  void writeData() throws IOException {
    Path data = Files.createDirectories(dir.resolve("data"));
    files = data.resolve("*.tfrecord").toString();
    TestData.writeRows(data, 4, 25);
  }

  private Path folder() {
    return dir.resolve("snapshots");
  }

  private FeedlineKeyedPipelines_Snapshotted.Builder builder() {
    return FeedlineKeyedPipelines_Snapshotted.builder().files(files)
        .snapshotPath(folder().toString());
  }

  private static Map<Long, Float> all() {
    Map<Long, Float> rows = new TreeMap<>();
    for (long id = 0; id < 100; id++) {
      rows.put(id, 2f * id);
    }
    return rows;
  }

  /** The rows of one epoch of a worker; null for the only one. */
  private Map<Long, Float> epoch(int worker, int workers) {
    FeedlineKeyedPipelines_Snapshotted.Builder builder = builder();
    if (workers > 1) {
      builder.worker(worker, workers);
    }
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineKeyedPipelines_Snapshotted pipeline = builder.build(graph)) {
      return EpochRows.read(pipeline, session);
    }
  }

  @Test
  void twoWorkersReadDisjointShardsOfTheSnapshotOneRunWrote() {
    assertEquals(all(), epoch(0, 1), "the writing run passes every element on");
    List<CacheFolder.Entry> entries = CacheFolder.list(folder());
    assertEquals(1, entries.size());
    assertEquals(CacheFolder.State.COMPLETE, entries.get(0).state());

    Map<Long, Float> first = epoch(0, 2);
    Map<Long, Float> second = epoch(1, 2);
    assertFalse(first.isEmpty());
    assertFalse(second.isEmpty());
    Set<Long> both = new HashSet<>(first.keySet());
    both.retainAll(second.keySet());
    assertEquals(Set.of(), both, "no row in both workers' shares");
    Map<Long, Float> union = new TreeMap<>(first);
    union.putAll(second);
    assertEquals(all(), union);
    assertEquals(50, first.size(), "shards 0 and 2 of 4: half of the rows");
    assertEquals(all(), epoch(0, 1), "one worker reads them all, again");
  }

  @Test
  void aWorkerOfSeveralRefusesToStartWithoutACompleteSnapshot() {
    FeedlineException error;
    try (Graph graph = new Graph()) {
      error = assertThrows(FeedlineException.class, () -> builder().worker(1, 2).build(graph));
    }
    assertTrue(error.getMessage().contains("write it first with a run of one worker"),
        error.getMessage());
    assertTrue(error.file().orElseThrow().startsWith(folder().toString()), error.getMessage());
    assertEquals(List.of(), CacheFolder.list(folder()), "nothing written");
  }

  @Test
  void anEpochLeftEarlyLeavesNoSnapshotAndTheNextOneWritesIt() {
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineKeyedPipelines_Snapshotted pipeline = builder().build(graph)) {
      assertEquals(10, EpochRows.read(pipeline, session, 1).size());
      assertEquals(all(), EpochRows.read(pipeline, session));
      assertEquals(all(), EpochRows.read(pipeline, session));
    }
    List<CacheFolder.Entry> entries = CacheFolder.list(folder());
    assertEquals(1, entries.size(), entries.toString());
    assertEquals(CacheFolder.State.COMPLETE, entries.get(0).state());
  }
}

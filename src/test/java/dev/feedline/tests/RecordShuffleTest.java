package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.BuiltPipeline;
import dev.feedline.tests.pipelines.FeedlineRecordShufflePipelines_AsRead;
import dev.feedline.tests.pipelines.FeedlineRecordShufflePipelines_BehindPrefetch;
import dev.feedline.tests.pipelines.FeedlineRecordShufflePipelines_CachedBehindPrefetch;
import dev.feedline.tests.pipelines.FeedlineRecordShufflePipelines_RightAfterCache;
import dev.feedline.tests.support.TestData;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.GraphOperation;
import org.tensorflow.Session;
import org.tensorflow.types.TInt64;

/**
 * A seeded shuffle that takes the records as they are read: right after a memory cache, in the
 * first epoch, the cache in later ones (docs/performance.md#first-batch); without a cache, in
 * every epoch (docs/performance.md#records-shuffled-as-read-every-epoch). Each hands out the same
 * order as the same shuffle of the elements, every epoch is a permutation of all rows, and later
 * epochs draw new orders.
 */
class RecordShuffleTest {

  private static final int ROWS = 230; // two files of 115: 23 batches of 10
  private static final int EPOCHS = 3;

  @TempDir Path dir;

  private String files() throws IOException {
    for (int f = 0; f < 2; f++) {
      List<byte[]> records = new ArrayList<>();
      for (int i = 0; i < ROWS / 2; i++) {
        records.add(TestData.rowRecord(f * (ROWS / 2) + i));
      }
      TestData.writeRecords(dir.resolve("rows-" + f + ".tfrecord"), records);
    }
    return dir + "/*.tfrecord";
  }

  /** The shuffles in the graph. */
  private static List<GraphOperation> shuffles(Graph graph) {
    List<GraphOperation> shuffles = new ArrayList<>();
    graph.operations().forEachRemaining(op -> {
      if (((GraphOperation) op).type().startsWith("ShuffleDataset")) {
        shuffles.add((GraphOperation) op);
      }
    });
    return shuffles;
  }

  /**
   * Builds a pipeline in a graph of its own, checks its graph, and returns the rows' ids of each
   * of {@code epochs} epochs, in order.
   */
  private static <B extends AutoCloseable> List<List<Long>> ids(
      Function<Graph, BuiltPipeline<?, B>> build, Consumer<Graph> graphCheck, int epochs,
      Function<B, TInt64> id) {
    List<List<Long>> ids = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        BuiltPipeline<?, B> pipeline = build.apply(graph)) {
      graphCheck.accept(graph);
      for (int epoch = 0; epoch < epochs; epoch++) {
        List<Long> order = new ArrayList<>();
        try (var batches = pipeline.epoch(session)) {
          batches.forEach(batch -> id.apply(batch).scalars().forEach(v -> order.add(v.getLong())));
        }
        ids.add(order);
      }
    }
    return ids;
  }

  @Test
  void epochOneIsTheOrderOfTheShuffleAfterTheCacheAndEveryEpochIsAPermutation()
      throws IOException {
    String files = files();
    List<List<Long>> rewritten = ids(
        graph -> FeedlineRecordShufflePipelines_RightAfterCache.builder().files(files).build(graph),
        graph -> assertEquals(2, shuffles(graph).size(),
            "epoch 1's shuffle of the records, and the epoch's"),
        EPOCHS, FeedlineRecordShufflePipelines_RightAfterCache.RowTensors::id);
    List<List<Long>> behind = ids(
        graph -> FeedlineRecordShufflePipelines_CachedBehindPrefetch.builder().files(files)
            .build(graph),
        graph -> assertEquals(1, shuffles(graph).size(),
            "only the epoch's shuffle, behind the prefetch"),
        1, FeedlineRecordShufflePipelines_CachedBehindPrefetch.RowTensors::id);
    assertShuffledEpochs(rewritten);
    assertEquals(behind.get(0), rewritten.get(0), "epoch 1: the same order either way");
  }

  @Test
  void withoutACacheEveryEpochShufflesTheRecordsInTheOrderOfTheShuffleAfterTheParse()
      throws IOException {
    String files = files();
    List<List<Long>> asRead = ids(
        graph -> FeedlineRecordShufflePipelines_AsRead.builder().files(files).build(graph),
        graph -> {
          List<GraphOperation> shuffles = shuffles(graph);
          assertEquals(1, shuffles.size(), "one shuffle, in place of the declared one");
          assertTrue(((GraphOperation) shuffles.get(0).input(0).op()).type()
              .startsWith("ParallelInterleaveDataset"), "it takes the records as the reader hands"
              + " them out, not the parsed rows");
        },
        EPOCHS, FeedlineRecordShufflePipelines_AsRead.RowTensors::id);
    List<List<Long>> behind = ids(
        graph -> FeedlineRecordShufflePipelines_BehindPrefetch.builder().files(files).build(graph),
        graph -> assertEquals("PrefetchDataset",
            ((GraphOperation) shuffles(graph).get(0).input(0).op()).type(),
            "behind the prefetch, the shuffle takes the parsed rows"),
        EPOCHS, FeedlineRecordShufflePipelines_BehindPrefetch.RowTensors::id);
    assertShuffledEpochs(asRead);
    for (int epoch = 0; epoch < EPOCHS; epoch++) {
      assertEquals(behind.get(epoch), asRead.get(epoch),
          "epoch " + (epoch + 1) + ": the same order either way");
    }
  }

  /** Every epoch hands out every row once, epoch 1 shuffled, and each later one a new order. */
  private static void assertShuffledEpochs(List<List<Long>> epochs) {
    List<Long> all = LongStream.range(0, ROWS).boxed().toList();
    for (int epoch = 0; epoch < EPOCHS; epoch++) {
      assertEquals(all, epochs.get(epoch).stream().sorted().toList(),
          "epoch " + (epoch + 1) + ": every row once");
    }
    assertNotEquals(all, epochs.get(0), "epoch 1 is shuffled");
    assertNotEquals(epochs.get(0), epochs.get(1), "epoch 2 draws a new order");
    assertNotEquals(epochs.get(1), epochs.get(2), "epoch 3 draws a new order");
  }

  /** The ids of epoch 1's first {@code k} batches, then a checkpoint, in a graph of its own. */
  private static List<Long> untilCheckpoint(String files, int k, Path checkpoint) {
    List<Long> ids = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineRecordShufflePipelines_AsRead.builder().files(files).build(graph);
        var batches = pipeline.epoch(session)) {
      for (int i = 0; i < k; i++) {
        batches.next().id().scalars().forEach(v -> ids.add(v.getLong()));
      }
      pipeline.checkpoint(session, checkpoint);
    }
    return ids;
  }

  /** The rest of epoch 1 from {@code checkpoint}, then epoch 2, in a fresh graph. */
  private static List<Long> resumed(String files, Path checkpoint) {
    List<Long> ids = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineRecordShufflePipelines_AsRead.builder().files(files).build(graph)) {
      try (var rest = pipeline.resume(session, checkpoint)) {
        rest.forEach(batch -> batch.id().scalars().forEach(v -> ids.add(v.getLong())));
      }
      try (var next = pipeline.epoch(session)) {
        next.forEach(batch -> batch.id().scalars().forEach(v -> ids.add(v.getLong())));
      }
    }
    return ids;
  }

  @Test
  void aCheckpointOfTheRecordsBufferResumesTheSameOrder() throws IOException {
    String files = files();
    List<List<Long>> epochs = ids(
        graph -> FeedlineRecordShufflePipelines_AsRead.builder().files(files).build(graph),
        graph -> { }, 2, FeedlineRecordShufflePipelines_AsRead.RowTensors::id);
    List<Long> uninterrupted = new ArrayList<>(epochs.get(0));
    uninterrupted.addAll(epochs.get(1));
    for (int k : new int[] {0, 7, 23}) { // before the first batch, mid-epoch, after the last
      Path checkpoint = dir.resolve("records-" + k + ".ckpt");
      List<Long> run = untilCheckpoint(files, k, checkpoint);
      run.addAll(resumed(files, checkpoint));
      assertEquals(uninterrupted, run, "stopped after " + k + " batches");
    }
  }
}

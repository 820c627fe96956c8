package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.EpochIterator;
import dev.feedline.tests.pipelines.FeedlineFirstEpochShufflePipelines_BehindPrefetch;
import dev.feedline.tests.pipelines.FeedlineFirstEpochShufflePipelines_RightAfterCache;
import dev.feedline.tests.pipelines.FeedlineRecordShufflePipelines_AsRead;
import dev.feedline.tests.pipelines.FeedlineRecordShufflePipelines_BehindPrefetch;
import dev.feedline.tests.support.TestData;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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

  /** The rows' ids an epoch hands out, in order. */
  private static <B extends AutoCloseable> List<Long> ids(EpochIterator<B> epoch,
      Function<B, TInt64> id) {
    List<Long> ids = new ArrayList<>();
    epoch.forEach(batch -> id.apply(batch).scalars().forEach(v -> ids.add(v.getLong())));
    return ids;
  }

  @Test
  void epochOneIsTheOrderOfTheShuffleAfterTheCacheAndEveryEpochIsAPermutation()
      throws IOException {
    String files = files();
    List<List<Long>> rewritten = new ArrayList<>();
    List<List<Long>> behind = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineFirstEpochShufflePipelines_RightAfterCache.builder().files(files)
            .build(graph)) {
      assertEquals(2, shuffles(graph).size(), "epoch 1's shuffle of the records, and the epoch's");
      for (int epoch = 0; epoch < EPOCHS; epoch++) {
        try (var batches = pipeline.epoch(session)) {
          rewritten.add(ids(batches,
              FeedlineFirstEpochShufflePipelines_RightAfterCache.RowTensors::id));
        }
      }
    }
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineFirstEpochShufflePipelines_BehindPrefetch.builder().files(files)
            .build(graph)) {
      assertEquals(1, shuffles(graph).size(), "only the epoch's shuffle, behind the prefetch");
      try (var batches = pipeline.epoch(session)) {
        behind.add(ids(batches,
            FeedlineFirstEpochShufflePipelines_BehindPrefetch.RowTensors::id));
      }
    }
    List<Long> all = LongStream.range(0, ROWS).boxed().toList();
    for (int epoch = 0; epoch < EPOCHS; epoch++) {
      assertEquals(all, rewritten.get(epoch).stream().sorted().toList(),
          "epoch " + (epoch + 1) + ": every row once");
    }
    assertEquals(behind.get(0), rewritten.get(0), "epoch 1: the same order either way");
    assertNotEquals(all, rewritten.get(0), "epoch 1 is shuffled");
    assertNotEquals(rewritten.get(0), rewritten.get(1), "epoch 2 draws a new order");
    assertNotEquals(rewritten.get(1), rewritten.get(2), "epoch 3 draws a new order");
  }

  @Test
  void withoutACacheEveryEpochShufflesTheRecordsInTheOrderOfTheShuffleAfterTheParse()
      throws IOException {
    String files = files();
    List<List<Long>> asRead = new ArrayList<>();
    List<List<Long>> behind = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineRecordShufflePipelines_AsRead.builder().files(files).build(graph)) {
      List<GraphOperation> shuffles = shuffles(graph);
      assertEquals(1, shuffles.size(), "one shuffle, in place of the declared one");
      assertTrue(((GraphOperation) shuffles.get(0).input(0).op()).type()
          .startsWith("ParallelInterleaveDataset"), "it takes the records as the reader hands"
          + " them out, not the parsed rows");
      for (int epoch = 0; epoch < EPOCHS; epoch++) {
        try (var batches = pipeline.epoch(session)) {
          asRead.add(ids(batches, FeedlineRecordShufflePipelines_AsRead.RowTensors::id));
        }
      }
    }
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineRecordShufflePipelines_BehindPrefetch.builder().files(files)
            .build(graph)) {
      assertEquals("PrefetchDataset",
          ((GraphOperation) shuffles(graph).get(0).input(0).op()).type(),
          "behind the prefetch, the shuffle takes the parsed rows");
      for (int epoch = 0; epoch < EPOCHS; epoch++) {
        try (var batches = pipeline.epoch(session)) {
          behind.add(ids(batches, FeedlineRecordShufflePipelines_BehindPrefetch.RowTensors::id));
        }
      }
    }
    List<Long> all = LongStream.range(0, ROWS).boxed().toList();
    for (int epoch = 0; epoch < EPOCHS; epoch++) {
      assertEquals(all, asRead.get(epoch).stream().sorted().toList(),
          "epoch " + (epoch + 1) + ": every row once");
      assertEquals(behind.get(epoch), asRead.get(epoch),
          "epoch " + (epoch + 1) + ": the same order either way");
    }
    assertNotEquals(all, asRead.get(0), "epoch 1 is shuffled");
    assertNotEquals(asRead.get(0), asRead.get(1), "epoch 2 draws a new order");
    assertNotEquals(asRead.get(1), asRead.get(2), "epoch 3 draws a new order");
  }
}

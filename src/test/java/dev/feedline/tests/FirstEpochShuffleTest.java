package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.feedline.runtime.EpochIterator;
import dev.feedline.tests.pipelines.FeedlineFirstEpochShufflePipelines_BehindPrefetch;
import dev.feedline.tests.pipelines.FeedlineFirstEpochShufflePipelines_RightAfterCache;
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
 * A seeded shuffle right after a memory cache shuffles the records as they are read in the first
 * epoch, and the cache in later ones (docs/performance.md#first-batch): epoch 1 hands out the
 * same order as the same shuffle after the cache, every epoch is a permutation of all rows, and
 * later epochs draw new orders from the cache.
 */
class FirstEpochShuffleTest {

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

  /** The shuffles in the graph: the records' one in the kept part, and the epoch's. */
  private static long shuffles(Graph graph) {
    List<String> types = new ArrayList<>();
    graph.operations().forEachRemaining(op -> types.add(((GraphOperation) op).type()));
    return types.stream().filter(t -> t.startsWith("ShuffleDataset")).count();
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
      assertEquals(2, shuffles(graph), "epoch 1's shuffle of the records, and the epoch's");
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
      assertEquals(1, shuffles(graph), "only the epoch's shuffle, behind the prefetch");
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
}

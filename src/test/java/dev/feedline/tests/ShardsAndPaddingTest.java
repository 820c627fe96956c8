package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.tests.pipelines.FeedlineShardedRowsPipeline;
import dev.feedline.tests.pipelines.FeedlineShardedRowsPipeline.RowTensors;
import dev.feedline.tests.pipelines.FeedlineWordsPipeline;
import dev.feedline.tests.pipelines.FeedlineWordsPipeline.WordsTensors;
import dev.feedline.tests.support.TestData;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.ndarray.NdArrays;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.types.TInt32;

/** The stages added for the rule catalogue, run on TensorFlow: shard, skip, take, padded batch. */
class ShardsAndPaddingTest {
  @TempDir Path dir;

  private List<Long> workerIds(int index, int count) {
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineShardedRowsPipeline pipeline = FeedlineShardedRowsPipeline.builder()
            .files(dir.resolve("*.tfrecord").toString())
            .worker(index, count)
            .build(graph);
        EpochIterator<RowTensors> batches = pipeline.epoch(session)) {
      List<Long> ids = new ArrayList<>();
      for (RowTensors batch : batches) {
        for (int i = 0; i < batch.id().shape().get(0); i++) {
          ids.add(batch.id().getLong(i));
        }
      }
      return ids;
    }
  }

  @Test
  void threeWorkersReadEveryRecordExactlyOnceBetweenThem() throws IOException {
    TestData.writeRows(dir, 7, 10); // 7 files of 10 rows: 3, 2 and 2 files per worker
    List<Long> all = new ArrayList<>();
    for (int worker = 0; worker < 3; worker++) {
      List<Long> ids = workerIds(worker, 3);
      Set<Long> files = new HashSet<>();
      ids.forEach(id -> files.add(id / 10));
      assertEquals(worker == 0 ? 3 : 2, files.size(), "worker " + worker + " reads whole files: " + files);
      all.addAll(ids);
    }
    Collections.sort(all);
    List<Long> expected = new ArrayList<>();
    for (long id = 0; id < 70; id++) {
      expected.add(id);
    }
    assertEquals(expected, all);
  }

  @Test
  void aWorkerLeftWithoutFilesIsAnErrorNotAnEmptyEpoch() throws IOException {
    TestData.writeRows(dir, 2, 5);
    FeedlineException error = assertThrows(FeedlineException.class, () -> workerIds(2, 3));
    assertEquals("Pipeline ShardedRowsPipeline, stage 'mine' (@Shard): worker 2 of 3 gets no file:"
        + " there are only 2; write at least one file per worker (10 per worker reads evenly)",
        error.getMessage());
    assertThrows(IllegalArgumentException.class, () -> FeedlineShardedRowsPipeline.builder().worker(3, 3));
  }

  @Test
  void variableLengthElementsArePaddedToTheLongestOfTheirBatch() {
    int[][] slots = {{9, 9, 9, 9, 9, 9}, {1, 2, 0, 0, 0, 0}, {3, 4, 5, 6, 0, 0}, {7, 0, 0, 0, 0, 0},
        {8, 8, 8, 0, 0, 0}, {9, 9, 9, 9, 9, 9}};
    int[] lengths = {6, 2, 4, 1, 3, 6};
    try (TInt32 slotTensor = TInt32.tensorOf(Shape.of(6, 6), data -> {
          for (int i = 0; i < 6; i++) {
            data.set(NdArrays.vectorOf(slots[i]), i);
          }
        });
        TInt32 lengthTensor = TInt32.vectorOf(lengths);
        Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineWordsPipeline pipeline =
            FeedlineWordsPipeline.builder().data(slotTensor, lengthTensor).build(graph);
        EpochIterator<WordsTensors> batches = pipeline.epoch(session)) {
      // skip 1, take 4: sentences 1..4, in batches of 3 and 1
      WordsTensors first = batches.next();
      assertEquals(Shape.of(3, 4), first.ids().shape(), "padded to the longest, 4");
      assertArrayEquals(new int[] {1, 2, 0, 0}, row(first.ids(), 0, 4));
      assertArrayEquals(new int[] {3, 4, 5, 6}, row(first.ids(), 1, 4));
      assertArrayEquals(new int[] {7, 0, 0, 0}, row(first.ids(), 2, 4));
      WordsTensors second = batches.next();
      assertEquals(Shape.of(1, 3), second.ids().shape());
      assertArrayEquals(new int[] {8, 8, 8}, row(second.ids(), 0, 3));
      assertTrue(!batches.hasNext());
    }
  }

  private static int[] row(TInt32 ids, int row, int width) {
    int[] values = new int[width];
    for (int i = 0; i < width; i++) {
      values[i] = ids.getInt(row, i);
    }
    return values;
  }
}

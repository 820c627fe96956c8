package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.feedline.runtime.EpochIterator;
import dev.feedline.tests.pipelines.FeedlineRowsPipeline;
import dev.feedline.tests.pipelines.FeedlineRowsPipeline.TotalsTensors;
import dev.feedline.tests.pipelines.FeedlineUnseededRowsPipeline;
import dev.feedline.tests.pipelines.FeedlineUnseededRowsPipeline.RowTensors;
import dev.feedline.tests.support.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;

/** Runs a generated TFRecord pipeline against files the test writes, and checks every value. */
class RowsPipelineTest {
  private static final int FILES = 3;
  private static final int PER_FILE = 20;
  private static final int ROWS = FILES * PER_FILE;

  @TempDir Path dir;

  /** The ids of each epoch, in the order the pipeline yields them. */
  private List<List<Long>> epochs(int count, Runnable afterFirst) {
    List<List<Long>> epochs = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineRowsPipeline pipeline =
            FeedlineRowsPipeline.builder().files(dir.resolve("*.tfrecord").toString()).build(graph)) {
      for (int e = 0; e < count; e++) {
        List<Long> ids = new ArrayList<>();
        try (EpochIterator<TotalsTensors> batches = pipeline.epoch(session)) {
          for (TotalsTensors batch : batches) {
            long size = batch.id().shape().get(0);
            assertEquals(size, batch.label().shape().get(0));
            assertEquals(size, batch.total().shape().get(0));
            for (int i = 0; i < size; i++) {
              long id = batch.id().getLong(i);
              assertEquals(id % 10, batch.label().getLong(i), "label of row " + id);
              assertEquals(6f * id, batch.total().getFloat(i), 1e-3, "total of row " + id);
              ids.add(id);
            }
          }
        }
        epochs.add(ids);
        if (e == 0) {
          afterFirst.run();
        }
      }
    }
    return epochs;
  }

  @Test
  void everyRecordOncePerEpochWithItsOwnLabelAndValues() throws IOException {
    TestData.writeRows(dir, FILES, PER_FILE);
    List<List<Long>> epochs = epochs(3, () -> { });

    Set<Long> all = LongStream.range(0, ROWS).boxed().collect(Collectors.toCollection(TreeSet::new));
    for (List<Long> ids : epochs) {
      assertEquals(ROWS, ids.size(), "records per epoch");
      assertEquals(all, new TreeSet<>(ids), "each record exactly once");
    }
  }

  @Test
  void batchesHoldEightRowsAndTheLastOneTheRemainder() throws IOException {
    TestData.writeRows(dir, FILES, PER_FILE);
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineRowsPipeline pipeline =
            FeedlineRowsPipeline.builder().files(dir.resolve("*.tfrecord").toString()).build(graph)) {
      assertEquals("[-1]", pipeline.output().id().shape().toString(), "static batch dimension");
      List<Long> sizes = new ArrayList<>();
      try (EpochIterator<TotalsTensors> batches = pipeline.epoch(session)) {
        batches.forEach(batch -> sizes.add(batch.id().shape().get(0)));
      }
      assertEquals(List.of(8L, 8L, 8L, 8L, 8L, 8L, 8L, 4L), sizes);
    }
  }

  @Test
  void laterEpochsAreServedFromTheCacheEvenWithTheFilesGone() throws IOException {
    List<Path> files = TestData.writeRows(dir, FILES, PER_FILE);
    List<List<Long>> epochs = epochs(2, () -> deleteAll(files));

    assertEquals(ROWS, epochs.get(1).size(), "epoch 2 read every row from the cache");
    assertEquals(new TreeSet<>(epochs.get(0)), new TreeSet<>(epochs.get(1)));
  }

  @Test
  void aSeededShuffleDrawsANewOrderEachEpochAndTheSameOrdersEachRun() throws IOException {
    TestData.writeRows(dir, FILES, PER_FILE);
    List<List<Long>> first = epochs(2, () -> { });
    List<List<Long>> second = epochs(2, () -> { });

    assertNotEquals(first.get(0), first.get(1), "epochs differ");
    assertEquals(first, second, "a fixed seed repeats the sequence of orders");
  }

  @Test
  void anUnseededShuffleDiffersFromRunToRun() throws IOException {
    TestData.writeRows(dir, 1, 200);
    List<Long> first = unseededOrder();
    List<Long> second = unseededOrder();

    assertEquals(200, first.size());
    assertEquals(new TreeSet<>(first), new TreeSet<>(second));
    assertNotEquals(first, second);
  }

  private List<Long> unseededOrder() {
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineUnseededRowsPipeline pipeline = FeedlineUnseededRowsPipeline.builder()
            .files(dir.resolve("rows-0.tfrecord").toString())
            .build(graph);
        EpochIterator<RowTensors> batches = pipeline.epoch(session)) {
      RowTensors batch = batches.next();
      List<Long> ids = new ArrayList<>();
      for (int i = 0; i < batch.id().shape().get(0); i++) {
        ids.add(batch.id().getLong(i));
      }
      return ids;
    }
  }

  private static void deleteAll(List<Path> files) {
    try {
      for (Path file : files) {
        Files.delete(file);
      }
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}

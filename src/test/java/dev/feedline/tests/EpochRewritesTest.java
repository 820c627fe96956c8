package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.tests.pipelines.FeedlineCachedMapBatchPipeline;
import dev.feedline.tests.pipelines.FeedlineCachedMapBatchPipeline.RowTensors;
import dev.feedline.tests.support.TestData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;

/**
 * The epochs after the one that fills the cache run on the iterator across epochs, inside a
 * function; tf.data's static rewrites reach that function as they reach epoch 1 at the top of the
 * graph. A checkpoint's state names the datasets that ran: a map then a batch fused into one
 * {@code MapAndBatch} in both, and a checkpoint of the rewritten epoch resumes exactly.
 */
class EpochRewritesTest {
  private static final int ROWS = 60; // 6 batches of 10

  @TempDir Path dir;

  private String files;

  @BeforeEach
  void writeRows() throws IOException {
    List<byte[]> records = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      records.add(TestData.rowRecord(i));
    }
    TestData.writeRecords(dir.resolve("rows.tfrecord"), records);
    files = dir.resolve("rows.tfrecord").toString();
  }

  /** Each row's id and the first of its negated values, -id: the map ran on every row. */
  private static void addRows(RowTensors batch, List<List<Long>> rows) {
    for (int i = 0; i < batch.id().shape().get(0); i++) {
      rows.add(List.of(batch.id().getLong(i), (long) batch.values().getFloat(i, 0)));
    }
  }

  private static String state(Path checkpoint) throws IOException {
    return new String(Files.readAllBytes(checkpoint), StandardCharsets.ISO_8859_1);
  }

  @Test
  void theEpochsAfterTheFirstRunTheMapAndTheBatchFusedAsEpochOneDoes() throws IOException {
    Path first = dir.resolve("epoch-1.ckpt");
    Path second = dir.resolve("epoch-2.ckpt");
    List<List<Long>> epochs = new ArrayList<>();
    List<List<Long>> afterSecondCheckpoint = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineCachedMapBatchPipeline.builder().files(files).build(graph)) {
      try (var batches = pipeline.epoch(session)) {
        addRows(batches.next(), epochs);
        pipeline.checkpoint(session, first);
        batches.forEachRemaining(batch -> addRows(batch, epochs));
      }
      try (var batches = pipeline.epoch(session)) {
        Iterator<RowTensors> it = batches;
        addRows(it.next(), epochs);
        addRows(it.next(), epochs);
        pipeline.checkpoint(session, second);
        it.forEachRemaining(batch -> addRows(batch, afterSecondCheckpoint));
      }
    }
    List<List<Long>> expected = LongStream.range(0, ROWS).mapToObj(id -> List.of(id, -id)).toList();
    assertEquals(expected, epochs.subList(0, ROWS), "epoch 1: every row, mapped, in order");
    List<List<Long>> epochTwoRows = new ArrayList<>(epochs.subList(ROWS, epochs.size()));
    epochTwoRows.addAll(afterSecondCheckpoint);
    assertEquals(expected, epochTwoRows, "epoch 2, read from the cache: the same");

    String epochOne = state(first);
    assertTrue(epochOne.contains("Iterator::Root::Prefetch::MapAndBatch::"),
        "epoch 1, at the top of the graph: the map and the batch fused");
    String epochTwo = state(second);
    assertTrue(epochTwo.contains("::FlatMap[0]::Prefetch::MapAndBatch::MemoryCache"),
        "epoch 2, inside the function that runs epochs one after another: fused too");
    assertFalse(epochTwo.contains("BatchV2::ParallelMapV2"),
        "no batch over a separate map is left in epoch 2");

    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineCachedMapBatchPipeline.builder().files(files).build(graph)) {
      List<List<Long>> resumed = new ArrayList<>();
      try (var rest = pipeline.resume(session, second)) {
        rest.forEachRemaining(batch -> addRows(batch, resumed));
      }
      assertEquals(afterSecondCheckpoint, resumed,
          "a checkpoint of the rewritten epoch 2 resumes its last 4 batches");
    }
  }
}

package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.feedline.runtime.EpochIterator;
import dev.feedline.tests.pipelines.FeedlineRebatchedRowsPipeline;
import dev.feedline.tests.pipelines.FeedlineRebatchedRowsPipeline.RowTensors;
import dev.feedline.tests.support.TestData;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.ndarray.Shape;

/**
 * {@code @Rebatch} on TensorFlow, over TFRecord files: batches of 4 rows regrouped into batches of
 * 2, with the static shape the processor derived from the kind's definition alone.
 */
class RebatchTest {
  @TempDir Path dir;

  @Test
  void batchesOfFourBecomeBatchesOfTwoWithAStaticFirstDimension() throws IOException {
    TestData.writeRows(dir, 3, 5); // 15 rows: 3 batches of 4, the 3 left over dropped
    List<Long> ids = new ArrayList<>();
    int batches = 0;
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineRebatchedRowsPipeline pipeline = FeedlineRebatchedRowsPipeline.builder()
            .files(dir.resolve("*.tfrecord").toString()).build(graph)) {
      assertEquals(Shape.of(2), pipeline.output().id().shape(), "static: the remainder dropped");
      assertEquals(Shape.of(2, 3), pipeline.output().values().shape());
      try (EpochIterator<RowTensors> epoch = pipeline.epoch(session)) {
        for (RowTensors batch : epoch) {
          assertEquals(Shape.of(2), batch.id().shape());
          assertEquals(Shape.of(2, 3), batch.values().shape());
          for (int i = 0; i < 2; i++) {
            long id = batch.id().getLong(i);
            assertEquals(id % 10, batch.label().getLong(i), "label of row " + id);
            for (int v = 0; v < 3; v++) {
              assertEquals((v + 1) * id, batch.values().getFloat(i, v), 1e-6, "row " + id);
            }
            ids.add(id);
          }
          batches++;
        }
      }
    }
    assertEquals(6, batches, "12 rows in batches of 2");
    assertEquals(12, new TreeSet<>(ids).size(), "each row once: " + ids);
    ids.forEach(id -> assertEquals(true, id >= 0 && id < 15, "row " + id));
  }
}

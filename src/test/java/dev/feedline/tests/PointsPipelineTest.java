package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.feedline.runtime.EpochIterator;
import dev.feedline.tests.pipelines.FeedlinePointsPipeline;
import dev.feedline.tests.pipelines.FeedlinePointsPipeline.PointTensors;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.ndarray.NdArrays;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;

/** An in-memory source through a filter, a map, a fixed-size batch and a repeat. */
class PointsPipelineTest {

  @Test
  void filtersMapsBatchesAndRepeatsInMemoryData() {
    // 5 points; the ones at index 1 and 3 sum to <= 0 and are filtered out.
    float[][] xy = {{1, 2}, {-1, -1}, {3, 0}, {0, 0}, {0.5f, 0.5f}};
    try (TFloat32 points = TFloat32.tensorOf(NdArrays.ofFloats(Shape.of(5, 2))
            .set(NdArrays.vectorOf(xy[0]), 0).set(NdArrays.vectorOf(xy[1]), 1)
            .set(NdArrays.vectorOf(xy[2]), 2).set(NdArrays.vectorOf(xy[3]), 3)
            .set(NdArrays.vectorOf(xy[4]), 4));
        TInt32 classes = TInt32.vectorOf(10, 11, 12, 13, 14);
        Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlinePointsPipeline pipeline =
            FeedlinePointsPipeline.builder().data(points, classes).build(graph)) {
      assertEquals("[2, 2]", pipeline.output().xy().shape().toString(),
          "dropRemainder makes the batch dimension static");

      List<int[]> classBatches = new ArrayList<>();
      List<float[]> firstPoints = new ArrayList<>();
      try (EpochIterator<PointTensors> batches = pipeline.epoch(session)) {
        for (PointTensors batch : batches) {
          assertEquals(Shape.of(2, 2), batch.xy().shape());
          classBatches.add(new int[] {batch.cls().getInt(0), batch.cls().getInt(1)});
          firstPoints.add(new float[] {batch.xy().getFloat(0, 0), batch.xy().getFloat(0, 1)});
        }
      }
      // 3 points pass the filter: one full batch of 2, the third dropped; repeated twice.
      assertEquals(2, classBatches.size());
      assertArrayEquals(new int[] {10, 12}, classBatches.get(0));
      assertArrayEquals(new int[] {10, 12}, classBatches.get(1));
      assertArrayEquals(new float[] {2, 4}, firstPoints.get(0), "doubled");
    }
  }

  @Test
  void buildingWithoutDataIsAClearError() {
    try (Graph graph = new Graph()) {
      IllegalStateException error = assertThrows(IllegalStateException.class,
          () -> FeedlinePointsPipeline.builder().build(graph));
      assertEquals("Call data(...) with the elements before build(graph)", error.getMessage());
    }
  }
}

package ${package};

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ${package}.FeedlineInMemorySamplePipeline.SampleTensors;
import dev.feedline.runtime.EpochIterator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.StdArrays;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;

class SamplePipelineTest {

  @Test
  void scalesInMemorySamplesIntoBatches() {
    float[][] features = {{0, 1, 2, 3}, {5, 5, 5, 5}, {9, 8, 7, 6}};
    try (TFloat32 featureTensor = TFloat32.tensorOf(StdArrays.ndCopyOf(features));
        TInt64 labelTensor = TInt64.vectorOf(2, 0, 1);
        Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineInMemorySamplePipeline pipeline = FeedlineInMemorySamplePipeline.builder()
            .data(featureTensor, labelTensor).build(graph);
        EpochIterator<SampleTensors> batches = pipeline.epoch(session)) {
      List<float[]> scaled = new ArrayList<>();
      List<Long> labels = new ArrayList<>();
      List<Long> batchSizes = new ArrayList<>();
      for (SampleTensors batch : batches) {
        long size = batch.label().shape().get(0);
        batchSizes.add(size);
        for (int i = 0; i < size; i++) {
          scaled.add(StdArrays.array1dCopyOf(batch.features().get(i)));
          labels.add(batch.label().getLong(i));
        }
      }
      assertEquals(List.of(2L, 1L), batchSizes, "3 samples in batches of 2");
      assertEquals(List.of(2L, 0L, 1L), labels);
      assertArrayEquals(new float[] {0, 0.1f, 0.2f, 0.3f}, scaled.get(0), 1e-6f);
      assertArrayEquals(new float[] {0.5f, 0.5f, 0.5f, 0.5f}, scaled.get(1), 1e-6f);
      assertArrayEquals(new float[] {0.9f, 0.8f, 0.7f, 0.6f}, scaled.get(2), 1e-6f);
    }
  }

  @Test
  void readsEverySampleMainWrites(@TempDir Path dir) throws Exception {
    Main.writeSamples(dir, 20, 2);
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineSamplePipeline pipeline = FeedlineSamplePipeline.builder()
            .files(dir.resolve("*.tfrecord").toString()).build(graph);
        EpochIterator<FeedlineSamplePipeline.SampleTensors> batches = pipeline.epoch(session)) {
      long[] perLabel = new long[3];
      for (FeedlineSamplePipeline.SampleTensors batch : batches) {
        assertEquals(Shape.of(batch.label().shape().get(0), 4), batch.features().shape());
        for (int i = 0; i < batch.label().shape().get(0); i++) {
          perLabel[(int) batch.label().getLong(i)]++;
          for (float value : StdArrays.array1dCopyOf(batch.features().get(i))) {
            assertTrue(value >= 0 && value < 1, "scaled into [0, 1): " + value);
          }
        }
      }
      assertArrayEquals(new long[] {7, 7, 6}, perLabel, "20 samples, labels 0, 1, 2 in turn");
    }
  }
}

package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.Devices;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.tests.pipelines.FeedlineDevicePipelines_Scaled;
import dev.feedline.tests.pipelines.FeedlineDevicePipelines_Staged;
import dev.feedline.tests.pipelines.FeedlineDevicePipelines_Staged.PointTensors;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.GraphOperation;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;

/**
 * Device stages on a machine without a GPU: their ops carry the GPU's device spec while tf.data's
 * stay unplaced, and with soft placement the same build runs on the CPU, every batch once.
 */
class DeviceStagesTest {
  private static final int POINTS = 10; // batches of 4, 4 and 2

  @TempDir Path dir;

  private static TFloat32 xy() {
    TFloat32 xy = TFloat32.tensorOf(Shape.of(POINTS, 2));
    for (int i = 0; i < POINTS; i++) {
      xy.setFloat(i, i, 0);
      xy.setFloat(-i, i, 1);
    }
    return xy;
  }

  private static TInt32 classes() {
    TInt32 cls = TInt32.tensorOf(Shape.of(POINTS));
    for (int i = 0; i < POINTS; i++) {
      cls.setInt(i % 3, i);
    }
    return cls;
  }

  @Test
  void deviceStageOpsAreOnTheGpuAndTfDataOpsAreNot() {
    try (TFloat32 xy = xy(); TInt32 cls = classes(); Graph graph = new Graph()) {
      FeedlineDevicePipelines_Staged.builder().data(xy, cls).build(graph);
      List<String> onGpu = new ArrayList<>();
      for (Iterator<GraphOperation> ops = graph.operations(); ops.hasNext(); ) {
        GraphOperation op = ops.next();
        boolean deviceStage = op.name().startsWith("Staged/device/");
        assertEquals(deviceStage ? "/device:GPU:0" : "", op.device(),
            op.name() + " (" + op.type() + ")");
        if (deviceStage) {
          onGpu.add(op.type());
        }
      }
      assertTrue(onGpu.containsAll(List.of("Mul", "Add", "Stage", "Unstage", "StageClear")), onGpu.toString());
    }
  }

  /** Every point of every batch, scaled, in order; over three epochs, one of them closed early. */
  @Test
  void withSoftPlacementEveryBatchArrivesOnceScaled() {
    try (TFloat32 xy = xy(); TInt32 cls = classes(); Graph graph = new Graph();
        Session session = new Session(graph, Devices.sessionConfig());
        FeedlineDevicePipelines_Staged pipeline =
            FeedlineDevicePipelines_Staged.builder().data(xy, cls).build(graph)) {
      for (int epoch = 0; epoch < 3; epoch++) {
        List<Float> xs = new ArrayList<>();
        List<Long> sizes = new ArrayList<>();
        try (EpochIterator<PointTensors> batches = pipeline.epoch(session)) {
          for (PointTensors batch : batches) {
            sizes.add(batch.xy().shape().get(0));
            for (int i = 0; i < batch.xy().shape().get(0); i++) {
              xs.add(batch.xy().getFloat(i, 0));
              assertEquals(2 - batch.xy().getFloat(i, 0), batch.xy().getFloat(i, 1), 1e-6);
            }
            if (epoch == 1) {
              break; // closed early: the next epoch starts clean
            }
          }
        }
        if (epoch != 1) {
          assertEquals(List.of(4L, 4L, 2L), sizes, "epoch " + epoch);
          List<Float> expected = new ArrayList<>();
          for (int i = 0; i < POINTS; i++) {
            expected.add(2f * i + 1);
          }
          assertEquals(expected, xs, "epoch " + epoch);
        }
      }
    }
  }

  @Test
  void aModelInTheSameGraphConsumesOneStagedBatchPerStep() {
    try (TFloat32 xy = xy(); TInt32 cls = classes(); Graph graph = new Graph();
        Session session = new Session(graph, Devices.sessionConfig());
        FeedlineDevicePipelines_Staged pipeline =
            FeedlineDevicePipelines_Staged.builder().data(xy, cls).build(graph)) {
      Operand<TFloat32> sum = Ops.create(graph).reduceSum(pipeline.output().xy(),
          Ops.create(graph).constant(new int[] {0, 1}));
      float total = 0;
      int steps = 0;
      try (EpochIterator<Result> epoch = pipeline.steps(session, runner -> runner.fetch(sum))) {
        for (Result step : epoch) {
          total += ((TFloat32) step.get(0)).getFloat();
          steps++;
        }
      }
      assertEquals(3, steps);
      float expected = 0;
      for (int i = 0; i < POINTS; i++) {
        expected += (2f * i + 1) + (-2f * i + 1);
      }
      assertEquals(expected, total, 1e-3);
    }
  }

  /** The builder's depth replaces the declared one; 0 stages nothing, so checkpoints work. */
  @Test
  void aDeviceBufferOfZeroFeedsTheStepsDirectly() {
    try (TFloat32 xy = xy(); TInt32 cls = classes(); Graph graph = new Graph();
        Session session = new Session(graph, Devices.sessionConfig());
        FeedlineDevicePipelines_Staged pipeline = FeedlineDevicePipelines_Staged.builder()
            .data(xy, cls).deviceBuffer(0).build(graph)) {
      for (Iterator<GraphOperation> ops = graph.operations(); ops.hasNext(); ) {
        assertTrue(!ops.next().type().startsWith("Stage"), "no staging area");
      }
      List<Float> xs = new ArrayList<>();
      try (EpochIterator<PointTensors> batches = pipeline.epoch(session)) {
        for (PointTensors batch : batches) {
          for (int i = 0; i < batch.xy().shape().get(0); i++) {
            xs.add(batch.xy().getFloat(i, 0));
          }
          pipeline.checkpoint(session, dir.resolve("checkpoint"));
        }
      }
      assertEquals(POINTS, xs.size());
      assertEquals(2f * (POINTS - 1) + 1, xs.get(POINTS - 1));
      assertEquals(0, pipeline.inputWait().toNanos());
    }
  }

  @Test
  void aDeviceBufferOfOneBatchStillHandsOutEveryBatchOverManyEpochs() {
    try (TFloat32 xy = xy(); TInt32 cls = classes(); Graph graph = new Graph();
        Session session = new Session(graph, Devices.sessionConfig());
        FeedlineDevicePipelines_Staged pipeline = FeedlineDevicePipelines_Staged.builder()
            .data(xy, cls).deviceBuffer(1).build(graph)) {
      for (int epoch = 0; epoch < 20; epoch++) {
        long points = 0;
        try (EpochIterator<PointTensors> batches = pipeline.epoch(session)) {
          for (PointTensors batch : batches) {
            points += batch.xy().shape().get(0);
          }
        }
        assertEquals(POINTS, points, "epoch " + epoch);
      }
    }
  }

  @Test
  void aNegativeDeviceBufferIsRefused() {
    IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
        () -> FeedlineDevicePipelines_Staged.builder().deviceBuffer(-1));
    assertEquals("a device buffer holds 0 or more batches, not -1", error.getMessage());
  }

  @Test
  void withoutSoftPlacementTheErrorSaysHowToCreateTheSession() {
    try (TFloat32 xy = xy(); TInt32 cls = classes(); Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineDevicePipelines_Scaled pipeline =
            FeedlineDevicePipelines_Scaled.builder().data(xy, cls).build(graph)) {
      FeedlineException error = assertThrows(FeedlineException.class, () -> pipeline.epoch(session));
      assertTrue(error.getMessage().startsWith("Pipeline Scaled: its device stages are placed on"
          + " /device:GPU:0, which this session cannot use; create the session with `new"
          + " Session(graph, Devices.sessionConfig())`"), error.getMessage());
    }
  }

  @Test
  void aCheckpointIsRefusedWhileBatchesWaitInDeviceMemory() {
    try (TFloat32 xy = xy(); TInt32 cls = classes(); Graph graph = new Graph();
        Session session = new Session(graph, Devices.sessionConfig());
        FeedlineDevicePipelines_Staged pipeline =
            FeedlineDevicePipelines_Staged.builder().data(xy, cls).build(graph);
        EpochIterator<PointTensors> batches = pipeline.epoch(session)) {
      batches.next();
      Path file = dir.resolve("checkpoint");
      FeedlineException error = assertThrows(FeedlineException.class,
          () -> pipeline.checkpoint(session, file));
      assertEquals("Pipeline Staged, file " + file + ": cannot checkpoint a pipeline with"
          + " @PrefetchToDevice: the batches already in device memory are not in the iterator's"
          + " state, so a restore would skip them", error.getMessage());
    }
  }
}

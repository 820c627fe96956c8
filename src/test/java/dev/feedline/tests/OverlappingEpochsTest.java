package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.Devices;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.tests.pipelines.FeedlineDevicePipelines_Staged;
import dev.feedline.tests.pipelines.FeedlineDevicePipelines_Staged.PointTensors;
import dev.feedline.tests.pipelines.FeedlineRowsPipeline;
import dev.feedline.tests.pipelines.FeedlineRowsPipeline.TotalsTensors;
import dev.feedline.tests.support.TestData;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;

/**
 * A pipeline runs one epoch at a time: starting an epoch, from any thread and by any of
 * {@code epoch}, {@code steps} or {@code resume}, ends the open one, whose iterator then fails at
 * its next call, naming the pipeline. No element is handed out twice or to the wrong epoch.
 */
class OverlappingEpochsTest {
  private static final int ROWS = 256; // 32 batches of 8
  private static final String ENDED = "Pipeline RowsPipeline: epoch 0 has ended: a newer epoch was"
      + " started. A pipeline runs one epoch at a time: finish or close an epoch, from the thread"
      + " that runs it, before starting the next.";

  @TempDir Path dir;

  @BeforeEach
  void data() throws IOException {
    TestData.writeRows(dir, 4, ROWS / 4);
  }

  private FeedlineRowsPipeline build(Graph graph) {
    return FeedlineRowsPipeline.builder().files(dir + "/*.tfrecord").build(graph);
  }

  private static List<Long> all() {
    return LongStream.range(0, ROWS).boxed().toList();
  }

  private static List<Long> ids(TotalsTensors batch) {
    return ids(batch.id());
  }

  private static List<Long> ids(TInt64 id) {
    List<Long> ids = new ArrayList<>();
    for (int i = 0; i < id.shape().get(0); i++) {
      ids.add(id.getLong(i));
    }
    return ids;
  }

  private static List<Long> drain(EpochIterator<TotalsTensors> epoch) {
    List<Long> ids = new ArrayList<>();
    epoch.forEach(batch -> ids.addAll(ids(batch)));
    return ids.stream().sorted().toList();
  }

  @Test
  void aNewEpochEndsTheOpenOneWhoseNextCallSaysSo() {
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineRowsPipeline pipeline = build(graph)) {
      EpochIterator<TotalsTensors> first = pipeline.epoch(session);
      first.next();
      first.next();
      try (EpochIterator<TotalsTensors> second = pipeline.epoch(session)) {
        IllegalStateException error = assertThrows(IllegalStateException.class, first::hasNext);
        assertEquals(ENDED, error.getMessage());
        assertFalse(first.hasNext(), "an ended epoch stays ended");
        assertThrows(NoSuchElementException.class, first::next);
        assertEquals(all(), drain(second), "the new epoch: every element once");
      }
      first.close();
    }
  }

  @Test
  void anElementFetchedAheadIsNotHandedOutAfterTheEpochEnded() {
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineRowsPipeline pipeline = build(graph)) {
      EpochIterator<TotalsTensors> first = pipeline.epoch(session);
      assertTrue(first.hasNext()); // the first batch is fetched, not yet handed out
      try (EpochIterator<TotalsTensors> second = pipeline.epoch(session)) {
        assertEquals(ENDED, assertThrows(IllegalStateException.class, first::next).getMessage());
        assertEquals(all(), drain(second));
      }
    }
  }

  @Test
  void stepsAndResumeEndTheOpenEpochAndClosingThePipelineEndsItToo() {
    Path checkpoint = dir.resolve("epoch.ckpt");
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineRowsPipeline pipeline = build(graph)) {
      List<Long> seen = new ArrayList<>();
      EpochIterator<TotalsTensors> first = pipeline.epoch(session);
      for (int i = 0; i < 3; i++) {
        seen.addAll(ids(first.next()));
      }
      pipeline.checkpoint(session, checkpoint);

      EpochIterator<Result> steps = pipeline.steps(session, step -> step.fetch(pipeline.output().id()));
      assertEquals(ENDED, assertThrows(IllegalStateException.class, first::hasNext).getMessage());
      steps.next();

      try (EpochIterator<TotalsTensors> resumed = pipeline.resume(session, checkpoint)) {
        IllegalStateException ended = assertThrows(IllegalStateException.class, steps::hasNext);
        assertEquals(ENDED.replace("epoch 0", "epoch 1"), ended.getMessage());
        resumed.forEach(batch -> seen.addAll(ids(batch)));
      }
      assertEquals(all(), seen.stream().sorted().toList(),
          "three batches, then the rest of epoch 0 from its checkpoint: every element once");

      EpochIterator<TotalsTensors> last = pipeline.epoch(session);
      last.next();
      pipeline.close();
      assertEquals("Pipeline RowsPipeline: epoch 1 has ended: the pipeline was closed. A pipeline"
          + " runs one epoch at a time: finish or close an epoch, from the thread that runs it,"
          + " before starting the next.",
          assertThrows(IllegalStateException.class, last::hasNext).getMessage());
    }
  }

  /**
   * Two threads start an epoch of one pipeline at the same moment and drain it, 20 times. Each
   * thread either reads the whole epoch, every element once, or is told that its epoch ended,
   * having read no element twice; the epoch started last is always read whole.
   */
  @Test
  void twoThreadsStartingEpochsAtOnceNeverShareOrDuplicateElements() throws Exception {
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineRowsPipeline pipeline = build(graph)) {
      int whole = 0;
      int ended = 0;
      for (int round = 0; round < 20; round++) {
        CyclicBarrier together = new CyclicBarrier(2);
        List<Future<List<Long>>> runs = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
          runs.add(threads.submit(() -> {
            together.await();
            List<Long> ids = new ArrayList<>();
            try (EpochIterator<TotalsTensors> epoch = pipeline.epoch(session)) {
              epoch.forEach(batch -> ids.addAll(ids(batch)));
              return ids;
            } catch (IllegalStateException endedEarly) {
              assertTrue(endedEarly.getMessage().startsWith("Pipeline RowsPipeline: epoch "),
                  endedEarly.getMessage());
              assertEquals(ids.size(), new HashSet<>(ids).size(), "no element twice: " + ids);
              return null;
            }
          }));
        }
        int wholeThisRound = 0;
        for (Future<List<Long>> run : runs) {
          List<Long> ids = run.get();
          if (ids != null) {
            assertEquals(all(), ids.stream().sorted().toList());
            wholeThisRound++;
          } else {
            ended++;
          }
        }
        assertTrue(wholeThisRound >= 1, "round " + round + ": the last epoch started is read whole");
        whole += wholeThisRound;
      }
      assertEquals(40, whole + ended);
    } finally {
      threads.shutdownNow();
    }
  }

  /**
   * With {@code @PrefetchToDevice}, batches the device buffer's thread staged for the ended epoch
   * are not handed to the new one, nor the new one's to the ended iterator.
   */
  @Test
  void theDeviceBufferOfAnEndedEpochFeedsNoOtherEpoch() {
    int points = 10; // batches of 4, 4 and 2
    try (TFloat32 xy = TFloat32.tensorOf(Shape.of(points, 2), data -> {
          for (int i = 0; i < points; i++) {
            data.setFloat(i, i, 0);
          }
        });
        TInt32 cls = TInt32.tensorOf(Shape.of(points), data -> { });
        Graph graph = new Graph();
        Session session = new Session(graph, Devices.sessionConfig());
        FeedlineDevicePipelines_Staged pipeline =
            FeedlineDevicePipelines_Staged.builder().data(xy, cls).build(graph)) {
      EpochIterator<PointTensors> first = pipeline.epoch(session);
      first.next(); // the buffer's thread stages the next batches meanwhile
      try (EpochIterator<PointTensors> second = pipeline.epoch(session)) {
        assertThrows(IllegalStateException.class, first::hasNext);
        List<Float> xs = new ArrayList<>();
        for (PointTensors batch : second) {
          for (int i = 0; i < batch.xy().shape().get(0); i++) {
            xs.add(batch.xy().getFloat(i, 0));
          }
        }
        assertEquals(List.of(1f, 3f, 5f, 7f, 9f, 11f, 13f, 15f, 17f, 19f), xs,
            "every point of the new epoch once, scaled on the device (2x + 1)");
      }
    }
  }
}

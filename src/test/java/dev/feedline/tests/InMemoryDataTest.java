package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.MinMax;
import dev.feedline.runtime.internal.cache.CacheFolder;
import dev.feedline.tests.pipelines.FeedlineInMemoryPipelines_Blobs;
import dev.feedline.tests.pipelines.FeedlineInMemoryPipelines_FileCached;
import dev.feedline.tests.pipelines.FeedlineInMemoryPipelines_Scaled;
import dev.feedline.tests.pipelines.FeedlineInMemoryPipelines_Training;
import dev.feedline.tests.pipelines.FeedlinePointsPipeline;
import dev.feedline.tests.pipelines.FeedlinePointsPipeline.PointTensors;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_Chosen;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_FileRows;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_MemoryIds;
import dev.feedline.tests.support.TestData;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.GraphOperation;
import org.tensorflow.Session;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.buffer.ByteDataBuffer;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TUint8;

/**
 * In-memory data is fed to each run that makes an iterator, from the pipeline's own copy, not
 * written into the graph as constants (docs/performance.md#in-memory-data-fed): the graph holds
 * none of it, data beyond 2 GiB is read whole, the caller may close its tensors once the pipeline
 * is built, a closed pipeline says so instead of reading freed memory, a {@code @Choose}'s
 * indices are fed alike, and what is kept across runs (a file cache, fitted statistics) is keyed
 * by the data itself, so other data is never served the old results.
 */
class InMemoryDataTest {
  private static final int POINTS = 4_000;
  /** The points the filter drops: those whose x is below 0. */
  private static final int DROPPED = 1_000;

  @TempDir Path dir;

  /** Point {@code i} is (i - 1,000, 1) of class i % 7: the filter keeps those from 1,000 on. */
  private static TFloat32 points() {
    TFloat32 xy = TFloat32.tensorOf(Shape.of(POINTS, 2));
    for (int i = 0; i < POINTS; i++) {
      xy.setFloat(i - (float) DROPPED, i, 0);
      xy.setFloat(1f, i, 1);
    }
    return xy;
  }

  private static TInt32 classes() {
    TInt32 cls = TInt32.tensorOf(Shape.of(POINTS));
    for (int i = 0; i < POINTS; i++) {
      cls.setInt(i % 7, i);
    }
    return cls;
  }

  /** The x of every point one epoch hands out, in order. */
  private static List<Float> epochOfX(FeedlinePointsPipeline pipeline, Session session) {
    List<Float> xs = new ArrayList<>();
    try (EpochIterator<PointTensors> epoch = pipeline.epoch(session)) {
      epoch.forEachRemaining(batch -> {
        for (long row = 0; row < batch.xy().shape().get(0); row++) {
          xs.add(batch.xy().getFloat(row, 0));
        }
      });
    }
    return xs;
  }

  /** What the pipeline hands out in one epoch: kept points doubled, twice, whole batches of 2. */
  private static List<Float> expectedX() {
    List<Float> once = new ArrayList<>();
    for (int i = DROPPED; i < POINTS; i++) {
      once.add(2 * (i - (float) DROPPED));
    }
    List<Float> twice = new ArrayList<>(once.subList(0, once.size() / 2 * 2));
    twice.addAll(once.subList(0, once.size() / 2 * 2));
    return twice;
  }

  /** Equal lists, or the first position where they differ: the lists are too long to print. */
  private static void assertSameX(List<Float> expected, List<Float> actual, String what) {
    int at = 0;
    while (at < Math.min(expected.size(), actual.size())
        && expected.get(at).equals(actual.get(at))) {
      at++;
    }
    assertTrue(at == expected.size() && at == actual.size(), what + ": " + actual.size()
        + " values against " + expected.size() + ", the first difference at " + at);
  }

  /** Fails when a constant of {@code graph} holds {@code elements} values or more: the data. */
  private static void assertNoConstantOf(Graph graph, long elements) {
    for (GraphOperation op : (Iterable<GraphOperation>) graph::operations) {
      if (op.type().equals("Const")) {
        assertTrue(op.output(0).shape().size() < elements,
            op.name() + " holds " + op.output(0).shape() + ": the data, as a constant");
      }
    }
  }

  @Test
  void theGraphHoldsNoCopyOfTheDataAndTheCallerMayCloseItsTensorsOnceBuilt() {
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      FeedlinePointsPipeline pipeline;
      try (TFloat32 xy = points(); TInt32 cls = classes()) {
        pipeline = FeedlinePointsPipeline.builder().data(xy, cls).build(graph);
      }
      try (pipeline) {
        assertNoConstantOf(graph, POINTS);
        int bytes = graph.toGraphDef().getSerializedSize();
        assertTrue(bytes < POINTS * 12, "the graph is " + bytes + " bytes, the data "
            + POINTS * 12);
        assertSameX(expectedX(), epochOfX(pipeline, session), "epoch 1");
        assertSameX(expectedX(), epochOfX(pipeline, session), "epoch 2, from the same copy");
      }
    }
  }

  @Test
  void aClosedPipelineSaysSoWhenAnEpochStartsAndAnotherBuiltFromTheSameTensorsReadsThem() {
    try (Graph graph = new Graph(); Session session = new Session(graph);
        TFloat32 xy = points(); TInt32 cls = classes()) {
      FeedlinePointsPipeline closed = FeedlinePointsPipeline.builder().data(xy, cls).build(graph);
      assertSameX(expectedX(), epochOfX(closed, session), "before the close");
      closed.close();
      for (int attempt = 0; attempt < 2; attempt++) { // a caller that catches it and tries again
        FeedlineException error =
            assertThrows(FeedlineException.class, () -> epochOfX(closed, session));
        assertEquals("Pipeline PointsPipeline, stage 'points' (@InMemorySource): the pipeline"
            + " was closed, and its copy of the in-memory data freed with it; build it again to"
            + " read the data", error.getMessage());
      }
      try (FeedlinePointsPipeline again =
          FeedlinePointsPipeline.builder().data(xy, cls).build(graph)) {
        assertSameX(expectedX(), epochOfX(again, session), "a pipeline built again");
      }
    }
  }

  /**
   * 2,100 rows of a mebibyte, 2.05 GiB: beyond a protocol buffer's 2 GiB, which a graph holding the
   * data as a constant met (the JVM aborted in TensorFlow's graph optimizer, serializing it).
   */
  @Test
  void dataBeyondTheTwoGibibytesOfAProtocolBufferIsReadWhole() {
    int rows = 2_100;
    long row = 1 << 20;
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      FeedlineInMemoryPipelines_Blobs pipeline;
      try (TUint8 bytes = TUint8.tensorOf(Shape.of(rows, row))) {
        ByteDataBuffer data = bytes.asRawTensor().data();
        for (int r = 0; r < rows; r++) {
          data.setByte((byte) (r % 251), r * row); // each row's first byte names it
        }
        pipeline = FeedlineInMemoryPipelines_Blobs.builder().data(bytes).build(graph);
      }
      try (pipeline) {
        int read = 0;
        try (var epoch = pipeline.epoch(session)) {
          while (epoch.hasNext()) {
            try (var batch = epoch.next()) {
              for (long i = 0; i < batch.bytes().shape().get(0); i++, read++) {
                assertEquals((byte) (read % 251), batch.bytes().getByte(i, 0), "row " + read);
              }
            }
          }
        }
        assertEquals(rows, read);
      }
    }
  }

  @Test
  void aChoicesIndicesAndItsSourcesDataInMemoryAreFedToo() throws IOException {
    TestData.writeRows(dir, 1, 4);
    long[] ones = new long[POINTS];
    long[] ids = new long[POINTS];
    for (int i = 0; i < POINTS; i++) {
      ones[i] = 1;
      ids[i] = 7L * i;
    }
    try (TInt64 idTensor = TInt64.vectorOf(ids); TInt64 choices = TInt64.vectorOf(ones);
        Graph graph = new Graph(); Session session = new Session(graph);
        var pipeline = FeedlineSourcePipelines_Chosen.builder()
            .fileRows(FeedlineSourcePipelines_FileRows.builder().files(dir + "/*.tfrecord"))
            .memoryIds(FeedlineSourcePipelines_MemoryIds.builder().data(idTensor))
            .choices(choices).build(graph)) {
      assertNoConstantOf(graph, POINTS);
      long sum = 0;
      int count = 0;
      try (var epoch = pipeline.epoch(session)) {
        while (epoch.hasNext()) {
          try (var element = epoch.next()) {
            assertEquals(1, element.from().getInt(), "every index names the ids in memory");
            sum += element.id().getLong();
            count++;
          }
        }
      }
      assertEquals(POINTS, count);
      assertEquals(7L * POINTS * (POINTS - 1) / 2, sum, "every id once, in some order");
    }
  }

  /**
   * Two pipelines built from the same tensors, read by two threads at once in one session: each
   * feeds its own copy, so closing one, mid-way through the other's epochs, costs the other
   * nothing.
   */
  @Test
  void twoPipelinesOfTheSameTensorsReadAtOnceEachFromItsOwnCopy() throws Exception {
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      FeedlinePointsPipeline first;
      FeedlinePointsPipeline second;
      try (TFloat32 xy = points(); TInt32 cls = classes()) {
        first = FeedlinePointsPipeline.builder().data(xy, cls).build(graph);
        second = FeedlinePointsPipeline.builder().data(xy, cls).build(graph);
      }
      try (second) {
        Callable<List<List<Float>>> threeEpochs = () -> {
          List<List<Float>> epochs = new ArrayList<>();
          for (int e = 0; e < 3; e++) {
            epochs.add(epochOfX(second, session));
          }
          return epochs;
        };
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
          Future<List<List<Float>>> other = pool.submit(threeEpochs);
          assertSameX(expectedX(), epochOfX(first, session), "the first pipeline");
          first.close(); // while the other thread reads the second
          for (List<Float> epoch : other.get()) {
            assertSameX(expectedX(), epoch, "the second pipeline, read beside it");
          }
        } finally {
          pool.shutdown();
        }
        assertThrows(FeedlineException.class, () -> epochOfX(first, session));
        assertSameX(expectedX(), epochOfX(second, session), "the second, after the first closed");
      }
    }
  }

  /** The batches of 2 epochs of the file-cached readings {@code values}, each as a list. */
  private List<List<Float>> cachedRun(float... values) {
    List<List<Float>> batches = new ArrayList<>();
    try (TFloat32 readings = TFloat32.vectorOf(values); Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineInMemoryPipelines_FileCached.builder().data(readings)
            .cacheFile(dir.resolve("cache").toString()).build(graph)) {
      for (int e = 0; e < 2; e++) {
        try (var epoch = pipeline.epoch(session)) {
          epoch.forEachRemaining(batch -> {
            List<Float> batchValues = new ArrayList<>();
            for (long i = 0; i < batch.value().shape().get(0); i++) {
              batchValues.add(batch.value().getFloat(i));
            }
            batches.add(batchValues);
          });
        }
      }
    }
    return batches;
  }

  private List<String> completeKeys() {
    return CacheFolder.list(dir.resolve("cache")).stream()
        .filter(e -> e.state() == CacheFolder.State.COMPLETE).map(CacheFolder.Entry::key)
        .toList();
  }

  @Test
  void otherDataUnderAFileCacheFolderGetsAKeyOfItsOwnAndTheSameDataReadsItsCache() {
    List<List<Float>> first = cachedRun(1, 2, 3, 4);
    assertEquals(List.of(List.of(1f, 2f, 3f, 4f), List.of(1f, 2f, 3f, 4f)), first);
    assertEquals(1, completeKeys().size());
    assertEquals(List.of(List.of(5f, 6f, 7f, 8f), List.of(5f, 6f, 7f, 8f)), cachedRun(5, 6, 7, 8),
        "not the old cache");
    assertEquals(2, completeKeys().size(), "a key of its own");
    assertEquals(first, cachedRun(1, 2, 3, 4));
    assertEquals(2, completeKeys().size(), "the first data's cache read, no third key");
  }

  private MinMax fittedRange(float... training) {
    try (TFloat32 readings = TFloat32.vectorOf(0.5f); TFloat32 over = TFloat32.vectorOf(training);
        Graph graph = new Graph();
        var pipeline = FeedlineInMemoryPipelines_Scaled.builder().data(readings)
            .training(FeedlineInMemoryPipelines_Training.builder().data(over))
            .rangeCache(dir.resolve("statistics").toString()).build(graph)) {
      return pipeline.statistic("range", MinMax.class);
    }
  }

  @Test
  void statisticsOverOtherInMemoryDataAreFittedAgainNotReadFromTheCache() {
    MinMax first = fittedRange(0, 10);
    assertFalse(first.fit().cached(), "nothing to read yet");
    assertEquals(10.0, first.max()[0]);
    MinMax same = fittedRange(0, 10);
    assertTrue(same.fit().cached(), "the same data: read from the cache");
    assertEquals(first.fit().key(), same.fit().key());
    MinMax other = fittedRange(0, 20);
    assertFalse(other.fit().cached(), "other data: fitted again");
    assertNotEquals(first.fit().key(), other.fit().key());
    assertEquals(20.0, other.max()[0]);
  }
}

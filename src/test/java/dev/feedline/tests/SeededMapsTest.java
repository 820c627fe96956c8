package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.BuiltPipeline;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.tests.pipelines.FeedlineSeededPipelines_BeforeCache;
import dev.feedline.tests.pipelines.FeedlineSeededPipelines_Drawn;
import dev.feedline.tests.pipelines.FeedlineSeededPipelines_Jittered;
import dev.feedline.tests.pipelines.FeedlineSeededPipelines_PerBatch;
import dev.feedline.tests.pipelines.FeedlineSeededPipelines_StatefulInReproducible;
import dev.feedline.tests.pipelines.FeedlineSeededPipelines_StatefulInSeeded;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;

/**
 * Maps that take an {@code ElementRandom} over in-memory points: the random source between a
 * body's run-time values, a seed drawn when none is given, epochs, threads, and the stateful
 * random ops refused when a pipeline is built.
 */
class SeededMapsTest {
  /** Points (i, 10·i), class i, for i in 0..7. */
  private static final int POINTS = 8;

  private static TFloat32 xy() {
    TFloat32 xy = TFloat32.tensorOf(Shape.of(POINTS, 2));
    for (int i = 0; i < POINTS; i++) {
      xy.setFloat(i, i, 0);
      xy.setFloat(10 * i, i, 1);
    }
    return xy;
  }

  private static TInt32 classes() {
    return TInt32.vectorOf(0, 1, 2, 3, 4, 5, 6, 7);
  }

  /** One value per point of every epoch: its x, y and class, in order. */
  private static <T extends AutoCloseable> List<List<Float>> epochs(
      Function<Graph, ? extends BuiltPipeline<?, T>> build,
      Function<T, TFloat32> xyOf, int epochs) {
    List<List<Float>> all = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = build.apply(graph)) {
      for (int e = 0; e < epochs; e++) {
        List<Float> values = new ArrayList<>();
        try (EpochIterator<T> batches = pipeline.epoch(session)) {
          for (T batch : batches) {
            TFloat32 xy = xyOf.apply(batch);
            for (int i = 0; i < xy.shape().get(0); i++) {
              values.add(xy.getFloat(i, 0));
              values.add(xy.getFloat(i, 1));
            }
          }
        }
        all.add(values);
      }
    }
    return all;
  }

  @Test
  void aBodyTakesItsRandomSourceBetweenItsRunTimeValues() {
    List<Integer> classes = new ArrayList<>();
    try (TFloat32 xy = xy();
        TInt32 cls = classes();
        Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineSeededPipelines_Jittered pipeline = FeedlineSeededPipelines_Jittered.builder()
            .data(xy, cls).scale(0.5f).seed_(100).seed(3).build(graph);
        EpochIterator<FeedlineSeededPipelines_Jittered.PointTensors> batches =
            pipeline.epoch(session)) {
      assertEquals(3L, pipeline.seed().getAsLong());
      int point = 0;
      for (FeedlineSeededPipelines_Jittered.PointTensors batch : batches) {
        for (int i = 0; i < batch.cls().shape().get(0); i++, point++) {
          float x = batch.xy().getFloat(i, 0);
          float y = batch.xy().getFloat(i, 1);
          assertTrue(x >= point - 0.5f && x < point + 0.5f, "x of point " + point + ": " + x);
          assertTrue(y >= 10 * point - 0.5f && y < 10 * point + 0.5f, "y of " + point + ": " + y);
          assertNotEquals(point, x, "moved");
          classes.add(batch.cls().getInt(i));
        }
      }
    }
    assertEquals(List.of(100, 101, 102, 103, 104, 105, 106, 107), classes,
        "the value named like the seed, added");
  }

  @Test
  void withoutASeedABuildDrawsOneThatRepeatsItsValues() {
    try (TFloat32 xy = xy(); TInt32 cls = classes()) {
      long[] drawn = new long[1];
      List<List<Float>> unseeded = epochs(graph -> {
        FeedlineSeededPipelines_Jittered pipeline = FeedlineSeededPipelines_Jittered.builder()
            .data(xy, cls).scale(0.5f).seed_(0).build(graph);
        drawn[0] = pipeline.seed().orElseThrow();
        return pipeline;
      }, FeedlineSeededPipelines_Jittered.PointTensors::xy, 2);
      List<List<Float>> again = epochs(graph -> FeedlineSeededPipelines_Jittered.builder()
          .data(xy, cls).scale(0.5f).seed_(0).seed(drawn[0]).build(graph),
          FeedlineSeededPipelines_Jittered.PointTensors::xy, 2);
      assertEquals(unseeded, again, "seed " + drawn[0] + ", given");
      assertNotEquals(unseeded.get(0), unseeded.get(1), "epochs differ");
    }
  }

  /** Two threads, each with its own graph, run the same seeded pipeline at once: alike. */
  @Test
  void twoThreadsDrawTheSameValuesFromTheSameSeed() throws Exception {
    try (TFloat32 xy = xy(); TInt32 cls = classes()) {
      Function<Long, List<List<Float>>> run = seed -> epochs(graph -> FeedlineSeededPipelines_Drawn
          .builder().data(xy, cls).seed(seed).build(graph),
          FeedlineSeededPipelines_Drawn.PointTensors::xy, 3);
      ExecutorService threads = Executors.newFixedThreadPool(2);
      try {
        List<Future<List<List<Float>>>> runs = List.of(threads.submit(() -> run.apply(11L)),
            threads.submit(() -> run.apply(11L)));
        List<List<Float>> first = runs.get(0).get();
        assertEquals(first, runs.get(1).get());
        assertEquals(3, first.size());
        assertNotEquals(first.get(0), first.get(1));
        assertNotEquals(first.get(1), first.get(2));
        assertNotEquals(first, run.apply(12L), "another seed");
        first.forEach(epoch -> epoch.forEach(v -> assertTrue(v >= 0 && v < 1, "uniform: " + v)));
        first.forEach(epoch -> assertEquals(2 * POINTS, new HashSet<>(epoch).size(),
            "every element draws its own values: " + epoch));
      } finally {
        threads.shutdownNow();
      }
    }
  }

  /**
   * Before a cache, a seeded map is built once per session: every epoch reads what the first drew,
   * the same in every run. On batches, each batch draws its own values, the same in every run.
   */
  @Test
  void aSeededMapBeforeTheCacheAndOnBatchesRepeatsItsValues() {
    try (TFloat32 xy = xy(); TInt32 cls = classes()) {
      Function<Graph, FeedlineSeededPipelines_BeforeCache> beforeCache = graph ->
          FeedlineSeededPipelines_BeforeCache.builder().data(xy, cls).seed(5).build(graph);
      List<List<Float>> cached = epochs(beforeCache,
          FeedlineSeededPipelines_BeforeCache.PointTensors::xy, 3);
      assertEquals(cached.get(0), cached.get(1), "frozen by the cache");
      assertEquals(cached.get(0), cached.get(2));
      assertEquals(cached, epochs(beforeCache,
          FeedlineSeededPipelines_BeforeCache.PointTensors::xy, 3), "another run");
      assertEquals(2 * POINTS, new HashSet<>(cached.get(0)).size());

      Function<Graph, FeedlineSeededPipelines_PerBatch> perBatch = graph ->
          FeedlineSeededPipelines_PerBatch.builder().data(xy, cls).seed(5).build(graph);
      List<List<Float>> batches = epochs(perBatch,
          FeedlineSeededPipelines_PerBatch.PointTensors::xy, 2);
      assertEquals(batches, epochs(perBatch, FeedlineSeededPipelines_PerBatch.PointTensors::xy, 2));
      assertNotEquals(batches.get(0), batches.get(1));
      assertEquals(2 * POINTS, new HashSet<>(batches.get(0)).size(), "each batch its own values");
      batches.forEach(epoch -> epoch.forEach(v -> assertTrue(v >= 0 && v < 1, "uniform: " + v)));
    }
  }

  @Test
  void aStatefulRandomOpInASeededMapIsRefusedNamingTheOpAndTheStage() {
    try (TFloat32 xy = xy();
        TInt32 cls = classes();
        Graph graph = new Graph()) {
      FeedlineException refused = assertThrows(FeedlineException.class,
          () -> FeedlineSeededPipelines_StatefulInSeeded.builder().data(xy, cls).seed(1)
              .build(graph));
      assertEquals("Pipeline StatefulInSeeded, stage 'jitter' (@Map): its graph runs the stateful"
          + " random op RandomUniform, whose values depend on which thread maps which element and"
          + " are not restored from a checkpoint; draw them from the stage's ElementRandom with a"
          + " stateless op instead: StatelessRandomUniformV2 (ElementRandom.uniform).",
          refused.getMessage());
      assertEquals("jitter", refused.stage().orElseThrow().method());
    }
  }

  @Test
  void aStatefulRandomOpInAReproduciblePipelinesPlainMapIsRefused() {
    try (TFloat32 xy = xy();
        TInt32 cls = classes();
        Graph graph = new Graph()) {
      FeedlineException refused = assertThrows(FeedlineException.class,
          () -> FeedlineSeededPipelines_StatefulInReproducible.builder().data(xy, cls)
              .build(graph));
      assertEquals("Pipeline StatefulInReproducible, stage 'mix' (@Map): its graph runs the"
          + " stateful random ops RandomShuffle and RandomStandardNormal, but pipeline"
          + " StatefulInReproducible is declared reproducible and the stage is not random, so its"
          + " values would differ from run to run; draw them in a @Map(random = true) that takes an"
          + " ElementRandom after its element, with a stateless op: StatelessShuffle for"
          + " RandomShuffle, StatelessRandomNormalV2 (ElementRandom.normal) for"
          + " RandomStandardNormal.", refused.getMessage());
    }
  }
}

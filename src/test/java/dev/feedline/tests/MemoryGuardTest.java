package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.tests.pipelines.FeedlineGuardedPipelines_CachedTiles;
import dev.feedline.tests.pipelines.FeedlineGuardedPipelines_GloballyShuffledTiles;
import dev.feedline.tests.pipelines.FeedlineGuardedPipelines_ShuffledTiles;
import org.junit.jupiter.api.Test;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.types.TFloat32;

/**
 * A cache or shuffle buffer that would not fit the RAM budget fails before the first element,
 * counted with the real number of elements, and says what to do instead.
 */
class MemoryGuardTest {

  private static long cachedTiles(int tiles) {
    try (TFloat32 pixels = TFloat32.tensorOf(Shape.of(tiles, 64, 64, 3));
        Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineGuardedPipelines_CachedTiles pipeline =
            FeedlineGuardedPipelines_CachedTiles.builder().data(pixels).build(graph);
        EpochIterator<FeedlineGuardedPipelines_CachedTiles.TileTensors> epoch = pipeline.epoch(session)) {
      long seen = 0;
      for (FeedlineGuardedPipelines_CachedTiles.TileTensors batch : epoch) {
        seen += batch.pixels().shape().get(0);
      }
      return seen;
    }
  }

  @Test
  void aCacheThatWouldExceedTheBudgetFailsBeforeTheFirstElement() {
    assertEquals(10, cachedTiles(10), "10 tiles of 48 KiB fit 1 MiB");
    FeedlineException error = assertThrows(FeedlineException.class, () -> cachedTiles(30));
    assertEquals("Pipeline CachedTiles, stage 'cache' (@Cache): caching 30 elements of 48.00 KiB"
        + " needs 1.41 MiB, more than the RAM budget of 1.00 MiB (@Pipeline(ramBudget)); cache to"
        + " a file with @Cache(file = ...), or cache smaller elements before the stage that"
        + " enlarges them", error.getMessage());
  }

  @Test
  void aShuffleBufferThatWouldExceedTheBudgetFailsBeforeTheFirstElement() {
    try (TFloat32 few = TFloat32.tensorOf(Shape.of(10, 64, 64, 3));
        TFloat32 many = TFloat32.tensorOf(Shape.of(30, 64, 64, 3));
        Graph graph = new Graph()) {
      FeedlineGuardedPipelines_ShuffledTiles.builder().data(few).ramBudget(1 << 20).build(graph).close();
      FeedlineGuardedPipelines_ShuffledTiles.builder().data(many).build(graph).close(); // half the RAM
      FeedlineException error = assertThrows(FeedlineException.class,
          () -> FeedlineGuardedPipelines_ShuffledTiles.builder().data(many).ramBudget(1 << 20).build(graph));
      assertEquals("Pipeline ShuffledTiles, stage 'shuffle' (@Shuffle): a shuffle buffer of 30"
          + " elements of 48.00 KiB needs 1.41 MiB, more than the RAM budget of 1.00 MiB"
          + " (the builder's ramBudget); use a smaller buffer, or shuffle before the stage that"
          + " enlarges the elements", error.getMessage());
    }
  }

  @Test
  void aGlobalShuffleHoldsNoBufferForTheGuardToCount() {
    try (TFloat32 many = TFloat32.tensorOf(Shape.of(30, 64, 64, 3));
        Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineGuardedPipelines_GloballyShuffledTiles pipeline =
            FeedlineGuardedPipelines_GloballyShuffledTiles.builder().data(many).build(graph);
        EpochIterator<FeedlineGuardedPipelines_GloballyShuffledTiles.TileTensors> epoch =
            pipeline.epoch(session)) {
      long seen = 0;
      for (FeedlineGuardedPipelines_GloballyShuffledTiles.TileTensors batch : epoch) {
        seen += batch.pixels().shape().get(0);
      }
      assertEquals(30, seen, "30 tiles of 48 KiB, shuffled within a budget of 1 MiB,"
          + " which a buffer of 30 would exceed");
    }
  }
}

package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.tests.pipelines.FeedlineGlobalShufflePipelines_Cached;
import dev.feedline.tests.pipelines.FeedlineGlobalShufflePipelines_Mapped;
import dev.feedline.tests.pipelines.FeedlineGlobalShufflePipelines_Shuffled;
import dev.feedline.tests.pipelines.FeedlineGlobalShufflePipelines_Unseeded;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.GraphOperation;
import org.tensorflow.Session;
import org.tensorflow.types.TInt64;

/**
 * A {@code @Shuffle} over an in-memory source, or a memory cache over one, shuffles the elements'
 * indices (TensorFlow's GlobalShuffleDataset) instead of filling a buffer: every epoch is a
 * permutation of all elements, the orders follow the seed, and a checkpoint resumes the rest of
 * the epoch exactly; a map before the shuffle keeps the buffer.
 */
class GlobalShuffleTest {
  private static final int IDS = 100;

  @TempDir Path dir;

  /** What a test needs of a generated pipeline whose batches are ids. */
  private interface Ids extends AutoCloseable {
    EpochIterator<? extends AutoCloseable> epoch(Session session);

    EpochIterator<? extends AutoCloseable> resume(Session session, Path file);

    void checkpoint(Session session, Path file);

    @Override
    void close();
  }

  private record Built(Ids pipeline, Function<Object, TInt64> ids) {}

  private static Built shuffled(Graph graph, TInt64 data) {
    var p = FeedlineGlobalShufflePipelines_Shuffled.builder().data(data).build(graph);
    return new Built(new Ids() {
      public EpochIterator<? extends AutoCloseable> epoch(Session s) { return p.epoch(s); }
      public EpochIterator<? extends AutoCloseable> resume(Session s, Path f) { return p.resume(s, f); }
      public void checkpoint(Session s, Path f) { p.checkpoint(s, f); }
      public void close() { p.close(); }
    }, b -> ((FeedlineGlobalShufflePipelines_Shuffled.IdTensors) b).id());
  }

  private static Built cached(Graph graph, TInt64 data) {
    var p = FeedlineGlobalShufflePipelines_Cached.builder().data(data).build(graph);
    return new Built(new Ids() {
      public EpochIterator<? extends AutoCloseable> epoch(Session s) { return p.epoch(s); }
      public EpochIterator<? extends AutoCloseable> resume(Session s, Path f) { return p.resume(s, f); }
      public void checkpoint(Session s, Path f) { p.checkpoint(s, f); }
      public void close() { p.close(); }
    }, b -> ((FeedlineGlobalShufflePipelines_Cached.IdTensors) b).id());
  }

  private static Built unseeded(Graph graph, TInt64 data) {
    var p = FeedlineGlobalShufflePipelines_Unseeded.builder().data(data).build(graph);
    return new Built(new Ids() {
      public EpochIterator<? extends AutoCloseable> epoch(Session s) { return p.epoch(s); }
      public EpochIterator<? extends AutoCloseable> resume(Session s, Path f) { return p.resume(s, f); }
      public void checkpoint(Session s, Path f) { p.checkpoint(s, f); }
      public void close() { p.close(); }
    }, b -> ((FeedlineGlobalShufflePipelines_Unseeded.IdTensors) b).id());
  }

  private static TInt64 ids() {
    return TInt64.vectorOf(LongStream.range(0, IDS).toArray());
  }

  private static List<Long> take(EpochIterator<? extends AutoCloseable> epoch, Built built,
      int batches) {
    List<Long> ids = new ArrayList<>();
    for (int i = 0; i < batches && epoch.hasNext(); i++) {
      TInt64 batch = built.ids().apply(epoch.next());
      for (int j = 0; j < batch.shape().get(0); j++) {
        ids.add(batch.getLong(j));
      }
    }
    return ids;
  }

  /** The ids of {@code epochs} whole epochs, one list each. */
  private static List<List<Long>> epochs(BiFunction<Graph, TInt64, Built> pipeline, int epochs) {
    List<List<Long>> orders = new ArrayList<>();
    try (TInt64 data = ids(); Graph graph = new Graph(); Session session = new Session(graph)) {
      Built built = pipeline.apply(graph, data);
      try (Ids p = built.pipeline()) {
        for (int e = 0; e < epochs; e++) {
          try (var epoch = p.epoch(session)) {
            orders.add(take(epoch, built, Integer.MAX_VALUE));
          }
        }
      }
    }
    return orders;
  }

  private static void assertPermutationsThatDiffer(List<List<Long>> orders) {
    List<Long> all = LongStream.range(0, IDS).boxed().toList();
    Set<List<Long>> distinct = new HashSet<>();
    for (List<Long> order : orders) {
      assertEquals(all, order.stream().sorted().toList(), "every id once: " + order);
      assertNotEquals(all, order, "shuffled");
      distinct.add(order);
    }
    assertEquals(orders.size(), distinct.size(), "a new order every epoch");
  }

  @Test
  void everyEpochIsAPermutationOfAllElementsWithANewOrder() {
    assertPermutationsThatDiffer(epochs(GlobalShuffleTest::shuffled, 3));
  }

  @Test
  void aCachedPipelineRunsItsEpochsAcrossOneIteratorWithANewPermutationEach() {
    assertPermutationsThatDiffer(epochs(GlobalShuffleTest::cached, 3));
  }

  @Test
  void aSeedGivesTheSameOrdersOnEveryRunAndNoSeedOthers() {
    assertEquals(epochs(GlobalShuffleTest::shuffled, 2), epochs(GlobalShuffleTest::shuffled, 2));
    assertEquals(epochs(GlobalShuffleTest::shuffled, 2), epochs(GlobalShuffleTest::cached, 2),
        "the cache changes nothing of the order");
    List<List<Long>> unseeded = epochs(GlobalShuffleTest::unseeded, 2);
    assertPermutationsThatDiffer(unseeded);
    assertNotEquals(unseeded, epochs(GlobalShuffleTest::unseeded, 2));
  }

  /** Epochs 1 to 3 with a checkpoint after {@code batches} batches of epoch {@code at}. */
  private List<List<Long>> checkpointedAndResumed(BiFunction<Graph, TInt64, Built> pipeline,
      int at, int batches) {
    Path file = dir.resolve("ckpt-" + at + "-" + batches);
    List<List<Long>> orders = new ArrayList<>();
    try (TInt64 data = ids(); Graph graph = new Graph(); Session session = new Session(graph)) {
      Built built = pipeline.apply(graph, data);
      try (Ids p = built.pipeline()) {
        for (int e = 1; e < at; e++) {
          try (var epoch = p.epoch(session)) {
            orders.add(take(epoch, built, Integer.MAX_VALUE));
          }
        }
        try (var epoch = p.epoch(session)) {
          orders.add(take(epoch, built, batches));
          p.checkpoint(session, file);
        }
      }
    }
    try (TInt64 data = ids(); Graph graph = new Graph(); Session session = new Session(graph)) {
      Built built = pipeline.apply(graph, data);
      try (Ids p = built.pipeline()) {
        try (var rest = p.resume(session, file)) {
          orders.get(at - 1).addAll(take(rest, built, Integer.MAX_VALUE));
        }
        for (int e = at + 1; e <= 3; e++) {
          try (var epoch = p.epoch(session)) {
            orders.add(take(epoch, built, Integer.MAX_VALUE));
          }
        }
      }
    }
    return orders;
  }

  @Test
  void aCheckpointMidEpochResumesTheRestOfTheEpochExactly() {
    for (BiFunction<Graph, TInt64, Built> pipeline : List.<BiFunction<Graph, TInt64, Built>>of(
        GlobalShuffleTest::shuffled, GlobalShuffleTest::cached)) {
      List<List<Long>> expected = epochs(pipeline, 3);
      for (int at : new int[] {1, 2}) {
        for (int batches : new int[] {0, 3, 9}) {
          assertEquals(expected, checkpointedAndResumed(pipeline, at, batches),
              "checkpoint after " + batches + " batches of epoch " + at);
        }
      }
    }
  }

  /** The op types in the graph once an epoch has handed out its first batch. */
  private static Set<String> datasetOps(BiFunction<Graph, TInt64, Built> pipeline) {
    Set<String> types = new HashSet<>();
    try (TInt64 data = ids(); Graph graph = new Graph(); Session session = new Session(graph)) {
      Built built = pipeline.apply(graph, data);
      try (Ids p = built.pipeline(); var epoch = p.epoch(session)) {
        take(epoch, built, 1);
        graph.operations().forEachRemaining(op -> types.add(((GraphOperation) op).type()));
      }
    }
    return types;
  }

  private static Built mapped(Graph graph, TInt64 data) {
    var p = FeedlineGlobalShufflePipelines_Mapped.builder().data(data).build(graph);
    return new Built(new Ids() {
      public EpochIterator<? extends AutoCloseable> epoch(Session s) { return p.epoch(s); }
      public EpochIterator<? extends AutoCloseable> resume(Session s, Path f) { return p.resume(s, f); }
      public void checkpoint(Session s, Path f) { p.checkpoint(s, f); }
      public void close() { p.close(); }
    }, b -> ((FeedlineGlobalShufflePipelines_Mapped.IdTensors) b).id());
  }

  @Test
  void aShuffleOverRandomAccessIsGlobalAndOneAfterAMapKeepsItsBuffer() {
    Set<String> global = datasetOps(GlobalShuffleTest::shuffled);
    assertTrue(global.contains("GlobalShuffleDataset"), global.toString());
    assertTrue(!global.contains("ShuffleDatasetV3"), global.toString());
    Set<String> buffered = datasetOps(GlobalShuffleTest::mapped);
    assertTrue(buffered.contains("ShuffleDatasetV3"), buffered.toString());
    assertTrue(!buffered.contains("GlobalShuffleDataset"), buffered.toString());
  }

  @Test
  void emptyDataIsRefusedAtBuildNamingTheSourceAndTheShuffle() {
    try (TInt64 data = TInt64.vectorOf(); Graph graph = new Graph()) {
      FeedlineException error = assertThrows(FeedlineException.class, () -> shuffled(graph, data));
      assertEquals("Pipeline Shuffled, stage 'ids' (@InMemorySource): the data holds no elements,"
          + " and @Shuffle 'shuffle' shuffles them globally (docs/performance.md#global-shuffle),"
          + " which needs at least one", error.getMessage());
    }
  }
}

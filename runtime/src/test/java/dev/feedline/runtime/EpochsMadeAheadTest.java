package dev.feedline.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.feedline.Batch;
import dev.feedline.Cache;
import dev.feedline.InMemorySource;
import dev.feedline.Shuffle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.exceptions.TFOutOfRangeException;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.data.ShuffleDataset;
import org.tensorflow.proto.data.DatasetOptions;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.family.TType;

/**
 * Over a filled memory cache, each epoch's iterator is made while the epoch before it runs. The
 * epoch it serves must be exactly the one asked for: its own number's shuffle, every element once,
 * and after a restore the restored one, never the one made ahead.
 */
class EpochsMadeAheadTest {
  private static final int ELEMENTS = 100;
  private static final long BATCH = 10;
  private static final PipelineInfo PIPELINE = new PipelineInfo("x.Numbers", "test", List.of(
      PipelineInfo.source("numbers", InMemorySource.class, "TensorSliceDataset"),
      PipelineInfo.stage("cache", Cache.class, "CacheDatasetV2"),
      PipelineInfo.stage("shuffle", Shuffle.class, "ShuffleDatasetV3"),
      PipelineInfo.batching("batch", Batch.class, "BatchDatasetV2")));
  private static final ElementSpec NUMBER =
      ElementSpec.of(ElementSpec.component("n", TInt64.class, Shape.scalar()));
  private static final ElementSpec NUMBERS =
      ElementSpec.of(ElementSpec.component("n", TInt64.class, Shape.of(-1)));
  private static final DatasetOptions.Options OPTIONS = DatasetOptions.Options.newBuilder()
      .setAutotuneOptions(DatasetOptions.AutotuneOptions.newBuilder().setEnabled(true))
      .setOptimizationOptions(DatasetOptions.OptimizationOptions.newBuilder()
          .setApplyDefaultOptimizations(true))
      .build();

  @TempDir Path dir;

  /** The numbers 0 to 99, cached, shuffled by the epoch's number, in tens. */
  private static DatasetIterator numbers(Graph graph) {
    Ops tf = Ops.create(graph);
    Operand<? extends TType> numbers = tf.data.tensorSliceDataset(
        List.of(tf.constant(LongStream.range(0, ELEMENTS).toArray())), NUMBER.shapes());
    return DatasetIterator.builder(tf, PIPELINE, NUMBERS, OPTIONS)
        .kept(tf.data.cacheDataset(numbers, tf.constant(""), tf.dummyMemoryCache(),
            NUMBER.types(), NUMBER.shapes()))
        .perEpoch((ops, cached, epoch, options) -> DatasetOps.withOptions(ops,
            ops.data.batchDataset(shuffled(ops, cached, epoch), ops.constant(BATCH),
                ops.constant(false), NUMBERS.types(), NUMBERS.shapes()), NUMBERS, options))
        .build();
  }

  private static Operand<? extends TType> shuffled(Ops tf, Operand<? extends TType> dataset,
      Operand<TInt64> seed) {
    // Seeds (0, 0) would draw random ones: seed with the epoch's number plus one.
    return tf.data.shuffleDataset(dataset, tf.constant((long) ELEMENTS),
        tf.math.add(seed, tf.constant(1L)), tf.constant(0L),
        tf.random.dummySeedGenerator(), NUMBER.types(), NUMBER.shapes(),
        ShuffleDataset.reshuffleEachIteration(false));
  }

  /** The order of epoch {@code number}, from the same shuffle in a plain graph, for reference. */
  private static List<Long> expected(long number) {
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      Ops tf = Ops.create(graph);
      var dataset = shuffled(tf, tf.data.tensorSliceDataset(
          List.of(tf.constant(LongStream.range(0, ELEMENTS).toArray())), NUMBER.shapes()),
          tf.constant(number));
      var iterator = tf.data.iterator("", "", NUMBER.types(), NUMBER.shapes());
      session.run(tf.data.makeIterator(dataset, iterator));
      var next = tf.data.iteratorGetNext(iterator, NUMBER.types(), NUMBER.shapes()).components().get(0);
      List<Long> order = new ArrayList<>();
      while (true) {
        try (Result result = session.runner().fetch(next).run()) {
          order.add(((TInt64) result.get(0)).getLong());
        } catch (TFOutOfRangeException end) {
          return order;
        }
      }
    }
  }

  private static List<Long> drain(EpochIterator<Result> epoch, int batches) {
    List<Long> order = new ArrayList<>();
    for (int i = 0; i < batches && epoch.hasNext(); i++) {
      TInt64 batch = (TInt64) epoch.next().get(0);
      for (int j = 0; j < batch.shape().get(0); j++) {
        order.add(batch.getLong(j));
      }
    }
    return order;
  }

  private static EpochIterator<Result> epoch(DatasetIterator numbers, Session session) {
    return numbers.epoch(session, result -> result);
  }

  @Test
  void everyEpochAfterTheSecondRunsOnAnIteratorMadeAheadAndIsItsOwnNumbersShuffle() {
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      DatasetIterator numbers = numbers(graph);
      for (long number = 0; number < 5; number++) {
        try (EpochIterator<Result> epoch = epoch(numbers, session)) {
          assertEquals(expected(number), drain(epoch, Integer.MAX_VALUE), "epoch " + number);
        }
      }
      assertEquals(3, numbers.epochsStartedAhead(), "epochs 2, 3 and 4; epoch 1 follows the"
          + " epoch that fills the cache");
      numbers.release();
    }
  }

  @Test
  void anEpochLeftEarlyStillHandsTheNextOneItsOwnIterator() {
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      DatasetIterator numbers = numbers(graph);
      try (EpochIterator<Result> epoch = epoch(numbers, session)) {
        drain(epoch, Integer.MAX_VALUE);
      }
      try (EpochIterator<Result> epoch = epoch(numbers, session)) {
        assertEquals(expected(1).subList(0, 20), drain(epoch, 2)); // left after two batches
      }
      try (EpochIterator<Result> epoch = epoch(numbers, session)) {
        assertEquals(expected(2), drain(epoch, Integer.MAX_VALUE));
      }
      assertEquals(1, numbers.epochsStartedAhead());
      numbers.release();
    }
  }

  @Test
  void aRestoreRunsTheSavedEpochNotTheOneMadeAhead() {
    Path checkpoint = dir.resolve("numbers.ckpt");
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      DatasetIterator numbers = numbers(graph);
      for (int number = 0; number < 2; number++) {
        try (EpochIterator<Result> epoch = epoch(numbers, session)) {
          drain(epoch, Integer.MAX_VALUE);
        }
      }
      List<Long> restored;
      try (EpochIterator<Result> epoch = epoch(numbers, session)) { // epoch 2; 3 is made ahead
        assertEquals(expected(2).subList(0, 30), drain(epoch, 3));
        numbers.checkpoint(session, checkpoint);
      }
      try (EpochIterator<Result> epoch = numbers.resume(session, checkpoint, result -> result)) {
        restored = drain(epoch, Integer.MAX_VALUE);
      }
      assertEquals(expected(2).subList(30, ELEMENTS), restored);
      try (EpochIterator<Result> epoch = epoch(numbers, session)) {
        assertEquals(expected(3), drain(epoch, Integer.MAX_VALUE), "the epoch after the restored one");
      }
      numbers.release();
    }
  }

  @Test
  void closingWhileAnEpochIsBeingMadeAheadWaitsForIt() {
    for (int run = 0; run < 3; run++) {
      try (Graph graph = new Graph(); Session session = new Session(graph)) {
        DatasetIterator numbers = numbers(graph);
        for (int number = 0; number < 2; number++) {
          try (EpochIterator<Result> epoch = epoch(numbers, session)) {
            drain(epoch, Integer.MAX_VALUE);
          }
        }
        epoch(numbers, session); // makes epoch 2's iterator ahead, on a thread of its own
        numbers.release(); // before the session closes, with that thread done
      }
    }
  }
}

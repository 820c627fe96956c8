package dev.feedline.runtime.internal;

import dev.feedline.Batch;
import dev.feedline.Cache;
import dev.feedline.InMemorySource;
import dev.feedline.Shuffle;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.PipelineInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.exceptions.TFOutOfRangeException;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.data.ShuffleDataset;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.family.TType;

/**
 * The pipeline the tests of epochs over a memory cache run: the numbers 0 to {@code count - 1},
 * cached, shuffled by the epoch's number, batched; and the order each epoch must have.
 */
final class ShuffledNumbers {
  static final PipelineInfo PIPELINE = new PipelineInfo("x.Numbers", "test", List.of(
      PipelineInfo.source("numbers", InMemorySource.class, "TensorSliceDataset"),
      PipelineInfo.stage("cache", Cache.class, "CacheDatasetV2"),
      PipelineInfo.stage("shuffle", Shuffle.class, "ShuffleDatasetV3"),
      PipelineInfo.batching("batch", Batch.class, "BatchDatasetV2")));
  static final ElementSpec NUMBER =
      ElementSpec.of(ElementSpec.component("n", TInt64.class, Shape.scalar()));
  static final ElementSpec NUMBERS =
      ElementSpec.of(ElementSpec.component("n", TInt64.class, Shape.of(-1)));

  private ShuffledNumbers() {}

  /**
   * The iterator of the numbers, in batches of {@code batch}: shuffled by the epoch's number when
   * {@code seeded}, else with seeds TensorFlow draws anew every epoch.
   */
  static DatasetIterator.Builder builder(Graph graph, int count, long batch, boolean seeded) {
    return builder(graph, count, batch, seeded, false);
  }

  /** The same, with a prefetch of 2 batches after the batch where {@code prefetched}. */
  static DatasetIterator.Builder builder(Graph graph, int count, long batch, boolean seeded,
      boolean prefetched) {
    Ops tf = Ops.create(graph);
    return DatasetIterator.builder(tf, PIPELINE, NUMBERS, DatasetOps.EPOCH_OPTIONS)
        .kept(tf.data.cacheDataset(numbers(tf, count), tf.constant(""), tf.dummyMemoryCache(),
            NUMBER.types(), NUMBER.shapes()))
        .perEpoch((ops, cached, epoch, options) -> {
          Operand<? extends TType> batches = ops.data.batchDataset(
              shuffled(ops, cached, count, seeded ? epoch : null), ops.constant(batch),
              ops.constant(false), NUMBERS.types(), NUMBERS.shapes());
          if (prefetched) {
            batches = ops.data.prefetchDataset(batches, ops.constant(2L), NUMBERS.types(),
                NUMBERS.shapes());
          }
          return DatasetOps.withOptions(ops, batches, NUMBERS, options);
        });
  }

  /** The order of epoch {@code number}, from the same seeded shuffle in a plain graph. */
  static List<Long> expected(int count, long number) {
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      Ops tf = Ops.create(graph);
      var dataset = shuffled(tf, numbers(tf, count), count, tf.constant(number));
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

  /** The numbers of up to {@code batches} batches of the epoch, in order. */
  static List<Long> drain(EpochIterator<Result> epoch, int batches) {
    List<Long> order = new ArrayList<>();
    for (int i = 0; i < batches && epoch.hasNext(); i++) {
      TInt64 batch = (TInt64) epoch.next().get(0);
      for (int j = 0; j < batch.shape().get(0); j++) {
        order.add(batch.getLong(j));
      }
    }
    return order;
  }

  private static Operand<? extends TType> numbers(Ops tf, int count) {
    return tf.data.tensorSliceDataset(List.of(tf.constant(LongStream.range(0, count).toArray())),
        NUMBER.shapes());
  }

  /**
   * A shuffle of all {@code count} numbers, seeded by the epoch's number plus one; by seeds (0, 0),
   * which TensorFlow draws anew, where {@code epoch} is null.
   */
  private static Operand<? extends TType> shuffled(Ops tf, Operand<? extends TType> dataset,
      int count, Operand<TInt64> epoch) {
    return tf.data.shuffleDataset(dataset, tf.constant((long) count),
        epoch == null ? tf.constant(0L) : tf.math.add(epoch, tf.constant(1L)), tf.constant(0L),
        tf.random.dummySeedGenerator(), NUMBER.types(), NUMBER.shapes(),
        ShuffleDataset.reshuffleEachIteration(false));
  }
}

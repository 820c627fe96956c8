package dev.feedline.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.feedline.runtime.internal.files.DataSource;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Output;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.exceptions.TFOutOfRangeException;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;
import org.tensorflow.types.family.TType;

/**
 * The slots epochs run on: an epoch's start switches the consumer to its own slot and frees the
 * last one's, whose iterator then holds nothing, whatever the last epoch left in it.
 */
class EpochIteratorsTest {

  /** Numbers 0 to 9 with a word each, in batches of 3. */
  private static Operand<? extends TType> batches(Ops tf) {
    Operand<? extends TType> rows = tf.data.tensorSliceDataset(
        List.of(tf.constant(LongStream.range(0, 10).toArray()),
            tf.array("a", "b", "c", "d", "e", "f", "g", "h", "i", "j")),
        List.of(Shape.scalar(), Shape.scalar()));
    return tf.data.batchDataset(rows, tf.constant(3L), tf.constant(false),
        List.of(TInt64.class, TString.class), List.of(Shape.of(-1), Shape.of(-1)));
  }

  /**
   * @param wordsOfUnknownRank declares the words' shape unknown, which frees with none of the
   *     dataset's elements instead of an empty slice
   */
  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void theLastEpochsIteratorHoldsNothingOnceTheNextEpochStarts(boolean wordsOfUnknownRank) {
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      Ops tf = Ops.create(graph);
      ElementSpec spec = ElementSpec.of(ElementSpec.component("n", TInt64.class, Shape.of(-1)),
          ElementSpec.component("w", TString.class,
              wordsOfUnknownRank ? Shape.unknown() : Shape.of(-1)));
      Placeholder<TInt64> epoch = tf.placeholder(TInt64.class, Placeholder.shape(Shape.scalar()));
      EpochIterators iterators = new EpochIterators(tf, spec, epoch, batches(tf), null,
          DataSource.inMemory());
      List<Output<?>> next = tf.data.iteratorGetNext(iterators.current(), spec.types(),
          spec.shapes()).components();
      List<Output<?>> firstSlot = tf.data.iteratorGetNext(iterators.first(), spec.types(),
          spec.shapes()).components();

      iterators.start(session, 0, true);
      assertArrayEquals(new long[] {0, 1, 2}, numbers(session, next), "epoch 0's first batch");
      iterators.start(session, 1, true); // epoch 0 left after one batch of four
      iterators.awaitFreeing();

      assertArrayEquals(new long[] {0, 1, 2}, numbers(session, next), "epoch 1's first batch");
      assertThrows(TFOutOfRangeException.class, () -> numbers(session, firstSlot),
          "epoch 0's iterator, freed: its three batches left are gone");
    }
  }

  private static long[] numbers(Session session, List<Output<?>> next) {
    Session.Runner runner = session.runner();
    next.forEach(runner::fetch);
    try (Result result = runner.run()) {
      TInt64 numbers = (TInt64) result.get(0);
      long[] values = new long[(int) numbers.shape().size(0)];
      for (int i = 0; i < values.length; i++) {
        values[i] = numbers.getLong(i);
      }
      return values;
    }
  }
}

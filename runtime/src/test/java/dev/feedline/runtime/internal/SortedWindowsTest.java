package dev.feedline.runtime.internal;

import static dev.feedline.runtime.internal.ElementSpec.component;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.InMemorySource;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.PipelineInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.tensorflow.ConcreteFunction;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.Signature;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.proto.data.DatasetOptions;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.family.TType;

/**
 * Sorted windows over 50 elements: element n is {@code n % 9 + 1} copies of n and its id n, in
 * order, so that window k holds the elements 12k to 12k + 11 (3 batches of 4).
 */
class SortedWindowsTest {
  private static final int ELEMENTS = 50;
  private static final ElementSpec ELEMENT = ElementSpec.of(
      component("tokens", TInt64.class, Shape.of(-1)), component("id", TInt32.class, Shape.scalar()));
  private static final ElementSpec BATCHED = ElementSpec.of(
      component("tokens", TInt64.class, Shape.of(-1, -1)), component("id", TInt32.class, Shape.of(-1)));

  private static Signature element(Ops tf) {
    Placeholder<TInt64> n = tf.placeholder(TInt64.class, Placeholder.shape(Shape.scalar()));
    Operand<TInt64> length = tf.math.add(tf.math.mod(n, tf.constant(9L)), tf.constant(1L));
    return Signature.builder().key("element").input("n", n)
        .output("tokens", tf.fill(tf.reshape(length, tf.constant(new long[] {1})), n))
        .output("id", tf.dtypes.cast(n, TInt32.class)).build();
  }

  private static int length(int id) {
    return id % 9 + 1;
  }

  /** One epoch's batches, each a list of rows: the id, then the padded tokens. */
  private static List<List<long[]>> batches(SortedWindows windows, long seed) {
    List<List<long[]>> batches = new ArrayList<>();
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      Ops tf = Ops.create(graph);
      ElementSpec n = ElementSpec.of(component("n", TInt64.class, Shape.scalar()));
      Operand<? extends TType> range = tf.data.rangeDataset(tf.constant(0L),
          tf.constant((long) ELEMENTS), tf.constant(1L), n.types(), n.shapes());
      Operand<? extends TType> elements;
      try (ConcreteFunction f = ConcreteFunction.create(SortedWindowsTest::element)) {
        elements = tf.data.mapDataset(range, List.of(), f, ELEMENT.types(), ELEMENT.shapes());
      }
      Operand<? extends TType> batched = windows.batch(tf, elements, ELEMENT, BATCHED,
          tf.constant(ShuffleSeeds.GRAPH_SEED), tf.constant(seed));
      PipelineInfo info = new PipelineInfo("x.Words", "test",
          List.of(PipelineInfo.source("n", InMemorySource.class, "RangeDataset")));
      DatasetIterator iterator = DatasetIterator.builder(tf, info, BATCHED,
              DatasetOptions.Options.getDefaultInstance())
          .perEpoch((ops, cached, epoch, options) -> DatasetOps.withOptions(ops, batched, BATCHED,
              options))
          .build();
      try (EpochIterator<Result> epoch = iterator.epoch(session, r -> r)) {
        for (Result batch : epoch) {
          TInt64 tokens = (TInt64) batch.get(0);
          TInt32 ids = (TInt32) batch.get(1);
          List<long[]> rows = new ArrayList<>();
          for (int i = 0; i < tokens.shape().get(0); i++) {
            long[] row = new long[(int) tokens.shape().get(1) + 1];
            row[0] = ids.getInt(i);
            for (int j = 0; j < tokens.shape().get(1); j++) {
              row[j + 1] = tokens.getLong(i, j);
            }
            rows.add(row);
          }
          batches.add(rows);
        }
      }
      iterator.release();
    }
    return batches;
  }

  private static String text(List<List<long[]>> batches) {
    StringBuilder out = new StringBuilder();
    batches.forEach(b -> b.forEach(row -> out.append(java.util.Arrays.toString(row))));
    return out.toString();
  }

  @Test
  void everyElementOnceInBatchesOfOneSizeEachPaddedToItsLongest() {
    List<List<long[]>> batches = batches(
        new SortedWindows(0, 4, 3, false, Padding.of(Padding.pad("tokens", -1))), 7);
    List<Integer> ids = new ArrayList<>();
    int small = 0;
    for (List<long[]> batch : batches) {
      small += batch.size() < 4 ? 1 : 0;
      int width = batch.get(0).length - 1;
      int longest = 0;
      int window = (int) batch.get(0)[0] / 12;
      for (long[] row : batch) {
        int id = (int) row[0];
        ids.add(id);
        longest = Math.max(longest, length(id));
        assertEquals(window, id / 12, "a batch is cut from one window");
        for (int j = 1; j <= width; j++) {
          assertEquals(j <= length(id) ? id : -1, row[j], "element " + id + ", position " + j);
        }
      }
      assertEquals(longest, width, "a batch is padded to its own longest element");
    }
    assertEquals(IntStream.range(0, ELEMENTS).boxed().toList(), ids.stream().sorted().toList());
    assertEquals(13, batches.size()); // 12 of 4, and the last window's 2 elements
    assertEquals(1, small);
  }

  @Test
  void aWindowIsCutInLengthOrderSoItsBatchesPadLess() {
    // Window 0 holds ids 0..11, lengths 1..9, 1..3: its 3 batches are lengths {1,1,2,2},
    // {3,3,4,5}, {6,7,8,9}, in some order.
    List<List<long[]>> batches = batches(new SortedWindows(0, 4, 3, false, Padding.zeros()), 7);
    List<String> first = new ArrayList<>();
    for (List<long[]> batch : batches) {
      if (batch.get(0)[0] < 12) {
        first.add(batch.stream().map(r -> String.valueOf(length((int) r[0]))).toList().toString());
      }
    }
    assertEquals(List.of("[1, 1, 2, 2]", "[3, 3, 4, 5]", "[6, 7, 8, 9]"),
        first.stream().sorted().toList());
  }

  @Test
  void theSameSeedTheSameBatchesAnotherSeedAnotherOrder() {
    SortedWindows windows = new SortedWindows(0, 4, 3, false, Padding.zeros());
    String seven = text(batches(windows, 7));
    assertEquals(seven, text(batches(windows, 7)));
    assertNotEquals(seven, text(batches(windows, 8)));
  }

  @Test
  void dropRemainderDropsOnlyTheEpochsLastSmallerBatch() {
    List<List<long[]>> batches = batches(new SortedWindows(0, 4, 3, true, Padding.zeros()), 7);
    assertEquals(12, batches.size());
    assertTrue(batches.stream().allMatch(b -> b.size() == 4));
    // The last window, ids 48 and 49, made only the smaller batch.
    assertTrue(batches.stream().flatMap(List::stream).allMatch(r -> r[0] < 48));
  }
}

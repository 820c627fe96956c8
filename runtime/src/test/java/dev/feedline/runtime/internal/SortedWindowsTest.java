package dev.feedline.runtime.internal;

import static dev.feedline.runtime.internal.ElementSpec.component;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.tensorflow.Operand;
import org.tensorflow.Signature;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;

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
    return TokenBatches.read(0, ELEMENTS, SortedWindowsTest::element, ELEMENT,
        (tf, elements) -> windows.batch(tf, elements, ELEMENT, BATCHED,
            tf.constant(ShuffleSeeds.GRAPH_SEED), tf.constant(seed)), BATCHED);
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

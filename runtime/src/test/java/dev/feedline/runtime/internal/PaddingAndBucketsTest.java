package dev.feedline.runtime.internal;

import static dev.feedline.runtime.internal.ElementSpec.component;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tensorflow.Operand;
import org.tensorflow.Signature;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.family.TType;

/** Padded batches and length buckets over sequences 0..n-1 of every length n from 1 to 9. */
class PaddingAndBucketsTest {
  /** Element n: the sequence [0, 1, ..., n - 1] (n from 1) and its length n. */
  private static final ElementSpec SEQUENCE = ElementSpec.of(
      component("tokens", TInt64.class, Shape.of(-1)), component("length", TInt32.class, Shape.scalar()));

  private static Signature sequence(Ops tf) {
    Placeholder<TInt64> n = tf.placeholder(TInt64.class, Placeholder.shape(Shape.scalar()));
    return Signature.builder().key("sequence").input("n", n)
        .output("tokens", tf.range(tf.constant(0L), n, tf.constant(1L)))
        .output("length", tf.dtypes.cast(n, TInt32.class)).build();
  }

  /** The batches of a pipeline over lengths 1..9, as lists of rows: the length, the tokens. */
  private static List<List<long[]>> run(java.util.function.BiFunction<Ops, Operand<? extends TType>,
      Operand<? extends TType>> batching, ElementSpec output) {
    return TokenBatches.read(1, 10, PaddingAndBucketsTest::sequence, SEQUENCE, batching, output);
  }

  private static String text(List<List<long[]>> batches) {
    StringBuilder out = new StringBuilder();
    for (List<long[]> batch : batches) {
      out.append('[');
      for (long[] row : batch) {
        out.append(java.util.Arrays.toString(row));
      }
      out.append(']');
    }
    return out.toString();
  }

  private static final ElementSpec BATCHED = ElementSpec.of(
      component("tokens", TInt64.class, Shape.of(-1, -1)), component("length", TInt32.class, Shape.of(-1)));

  @Test
  void aPadValueAndAFixedLengthThatTruncatesAndShortensTheLength() {
    Padding padding = Padding.of(Padding.truncated("tokens", -1, 4, "length"));
    ElementSpec fixed = ElementSpec.of(
        component("tokens", TInt64.class, Shape.of(-1, 4)), component("length", TInt32.class, Shape.of(-1)));
    String batches = text(run((tf, d) -> padding.batch(tf, d, 4, false, SEQUENCE, fixed), fixed));
    // Each row: the length after truncation, then the padded tokens.
    assertEquals("[[1, 0, -1, -1, -1][2, 0, 1, -1, -1][3, 0, 1, 2, -1][4, 0, 1, 2, 3]]"
        + "[[4, 0, 1, 2, 3][4, 0, 1, 2, 3][4, 0, 1, 2, 3][4, 0, 1, 2, 3]]"
        + "[[4, 0, 1, 2, 3]]", batches);
  }

  @Test
  void bucketsPadToTheirLongestOrToTheirBoundary() {
    Buckets longest = new Buckets(0, new long[] {3, 6}, new long[] {2, 2, 3}, false, false,
        Padding.zeros());
    assertEquals("[[1, 0, 0][2, 0, 1]][[3, 0, 1, 2, 0][4, 0, 1, 2, 3]]"
            + "[[6, 0, 1, 2, 3, 4, 5, 0, 0][7, 0, 1, 2, 3, 4, 5, 6, 0][8, 0, 1, 2, 3, 4, 5, 6, 7]]"
            + "[[5, 0, 1, 2, 3, 4]][[9, 0, 1, 2, 3, 4, 5, 6, 7, 8]]",
        text(run((tf, d) -> longest.batch(tf, d, SEQUENCE, BATCHED), BATCHED)));
    Buckets boundary = new Buckets(0, new long[] {3, 6}, new long[] {2, 2, 3}, true, false,
        Padding.of(Padding.pad("tokens", -1)));
    assertEquals("[[1, 0, -1][2, 0, 1]][[3, 0, 1, 2, -1, -1][4, 0, 1, 2, 3, -1]]"
            + "[[6, 0, 1, 2, 3, 4, 5, -1, -1][7, 0, 1, 2, 3, 4, 5, 6, -1][8, 0, 1, 2, 3, 4, 5, 6, 7]]"
            + "[[5, 0, 1, 2, 3, 4]][[9, 0, 1, 2, 3, 4, 5, 6, 7, 8]]",
        text(run((tf, d) -> boundary.batch(tf, d, SEQUENCE, BATCHED), BATCHED)));
  }
}

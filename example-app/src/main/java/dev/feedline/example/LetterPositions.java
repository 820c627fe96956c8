package dev.feedline.example;

import java.util.List;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;

/**
 * A batch of words as positions, {@code [n, longest]}, for the spelling models: each position's
 * letter embedded, and per-position rows summed over each word's real letters only, so a word's
 * result does not depend on how far its batch was padded.
 *
 * <p>Letters are one-hot encoded and multiplied by the embedding matrix rather than gathered, so
 * every op on the way to the weights has a gradient registered in TensorFlow's C++ API.
 *
 * @param ids a batch of letter ids, {@code [n, longest]}, padded with any id
 * @param lengths each word's number of letters, {@code [n]}
 */
record LetterPositions(Ops tf, Operand<TInt64> ids, Operand<TInt32> lengths) {
  /** Every position's letter times {@code embedding}: {@code [n * longest, width]} rows. */
  Operand<TFloat32> embedded(long vocabulary, Operand<TFloat32> embedding) {
    Operand<TFloat32> oneHot = tf.oneHot(ids, tf.constant((int) vocabulary), tf.constant(1f),
        tf.constant(0f));
    return tf.linalg.matMul(tf.reshape(oneHot, tf.constant(new long[] {-1, vocabulary})),
        embedding);
  }

  /**
   * Per-position rows ({@code [n * longest, width]}, as {@link #embedded} gives) summed over each
   * word's real letters: {@code [n, width]}. The padded positions are multiplied by 0, so
   * whatever a layer made of them adds nothing.
   */
  Operand<TFloat32> summed(Operand<TFloat32> rows, long width) {
    Operand<TInt32> longest = dimension(1);
    Operand<TFloat32> positions = tf.reshape(rows,
        tf.stack(List.of(dimension(0), longest, tf.constant((int) width)))); // [n, longest, width]
    // 1 for a word's letters, 0 for the padding after them.
    Operand<TFloat32> mask = tf.dtypes.cast(tf.math.less(
        tf.expandDims(tf.range(tf.constant(0), longest, tf.constant(1)), tf.constant(0)),
        tf.expandDims(lengths, tf.constant(1))), TFloat32.class);
    return tf.reduceSum(tf.math.mul(positions, tf.expandDims(mask, tf.constant(2))),
        tf.constant(1));
  }

  private Operand<TInt32> dimension(int axis) {
    return tf.gather(tf.shape(ids), tf.constant(axis), tf.constant(0));
  }
}

package dev.feedline.runtime.internal;

import java.util.ArrayList;
import java.util.List;
import org.tensorflow.ConcreteFunction;
import org.tensorflow.Operand;
import org.tensorflow.Signature;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.family.TType;

/**
 * Batching by length, as tf.data's {@code bucket_by_sequence_length}: the length of one
 * component's first dimension picks a bucket, and each bucket is padded and batched on its own
 * ({@code GroupByWindowDataset}, with a key, a window size and a reduce function).
 *
 * @param component the index of the component whose length picks the bucket
 * @param boundaries the upper length boundaries of the buckets, ascending: bucket {@code i} holds
 *     lengths from {@code boundaries[i - 1]} up to, not including, {@code boundaries[i]}
 * @param batchSizes the batch size of each bucket, one more than there are boundaries
 * @param padToBoundary whether each bucket's batches are padded to its boundary minus 1 (the last
 *     bucket, which has none, to its longest)
 */
public record Buckets(int component, long[] boundaries, long[] batchSizes, boolean padToBoundary,
    boolean dropRemainder, Padding padding) {

  /**
   * Groups the elements of {@code dataset} ({@code input}) into batches ({@code output}) by the
   * length of {@link #component()}.
   */
  public Operand<? extends TType> batch(Ops tf, Operand<? extends TType> dataset,
      ElementSpec input, ElementSpec output) {
    TVariant.register(); // the reduce function takes and returns datasets
    Operand<? extends TType> truncated = padding.truncate(tf, dataset, input);
    try (ConcreteFunction key = ConcreteFunction.create(f -> keyFunction(f, input));
        ConcreteFunction reduce = ConcreteFunction.create(f -> reduceFunction(f, input, output));
        ConcreteFunction windowSize = ConcreteFunction.create(this::windowSizeFunction)) {
      return tf.data.groupByWindowDataset(truncated, List.of(), List.of(), List.of(), key, reduce,
          windowSize, output.types(), output.shapes());
    }
  }

  /** The bucket of an element: how many boundaries its length reaches. */
  private Signature keyFunction(Ops tf, ElementSpec input) {
    Signature.Builder signature = Signature.builder().key("bucket_of");
    Operand<?> sequence = input.inputs(tf, signature).get(component);
    Operand<TInt64> length = tf.dtypes.cast(
        tf.gather(tf.shape(sequence), tf.constant(0), tf.constant(0)), TInt64.class);
    Operand<TInt64> bucket = tf.reduceSum(tf.dtypes.cast(
        tf.math.greaterEqual(length, tf.constant(boundaries)), TInt64.class), tf.constant(0));
    return signature.output("bucket", bucket).build();
  }

  private Signature windowSizeFunction(Ops tf) {
    Placeholder<TInt64> bucket = tf.placeholder(TInt64.class, Placeholder.shape(Shape.scalar()));
    return Signature.builder().key("bucket_batch_size").input("bucket", bucket)
        .output("size", tf.gather(tf.constant(batchSizes), bucket, tf.constant(0))).build();
  }

  /** Pads and batches one bucket's window of elements. */
  private Signature reduceFunction(Ops tf, ElementSpec input, ElementSpec output) {
    Placeholder<TInt64> bucket = tf.placeholder(TInt64.class, Placeholder.shape(Shape.scalar()));
    Placeholder<TVariant> window = tf.placeholder(TVariant.class, Placeholder.shape(Shape.scalar()));
    List<Operand<TInt64>> paddedShapes = new ArrayList<>();
    for (int i = 0; i < input.size(); i++) {
      ElementSpec.Component c = input.components().get(i);
      long[] shape = padding.paddedShape(c);
      paddedShapes.add(i == component && padToBoundary
          ? boundaryShape(tf, bucket, shape) : tf.constant(shape));
    }
    Operand<? extends TType> batches = tf.data.paddedBatchDataset(window,
        tf.gather(tf.constant(batchSizes), bucket, tf.constant(0)), paddedShapes,
        padding.values(tf, input), tf.constant(dropRemainder), output.shapes());
    return Signature.builder().key("bucket_batches").input("bucket", bucket)
        .input("window", window).output("batches", batches).build();
  }

  /** The shape a bucket pads the sequence to: its boundary minus 1, or the longest for the last. */
  private Operand<TInt64> boundaryShape(Ops tf, Operand<TInt64> bucket, long[] shape) {
    long[] limits = new long[boundaries.length + 1];
    for (int i = 0; i < boundaries.length; i++) {
      limits[i] = boundaries[i] - 1;
    }
    limits[boundaries.length] = -1; // the last bucket has no boundary: its longest
    Operand<TInt64> first = tf.reshape(tf.gather(tf.constant(limits), bucket, tf.constant(0)),
        tf.constant(new long[] {1}));
    long[] rest = java.util.Arrays.copyOfRange(shape, 1, shape.length);
    return tf.concat(List.of(first, tf.constant(rest)), tf.constant(0));
  }
}

package dev.feedline.runtime.internal;

import java.util.List;
import org.tensorflow.Operand;
import org.tensorflow.Output;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;
import org.tensorflow.types.family.TType;

/**
 * The dataset ops around a generated serving function's stages: the request's records as a
 * dataset of one element each, and the elements the stages make as one batch, in order.
 */
public final class ServingOps {
  private ServingOps() {}

  /** A dataset of the request's records (or lines), one element each, in order. */
  public static Operand<? extends TType> requests(Ops tf, Operand<TString> requests) {
    return tf.data.tensorSliceDataset(List.of(requests), List.of(Shape.scalar()));
  }

  /**
   * One batch of every element of {@code dataset}: as many as the request has records, so that a
   * service gets one row per record. An empty request leaves the dataset empty, and TensorFlow's
   * {@code DatasetToSingleElement} fails on it ("Dataset was empty").
   */
  public static List<Output<?>> collect(Ops tf, Operand<? extends TType> dataset,
      Operand<TString> requests, ElementSpec element) {
    Operand<TInt64> size = tf.math.maximum(tf.size(requests, TInt64.class), tf.constant(1L));
    List<Shape> batched = element.shapes().stream().map(s -> s.prepend(-1)).toList();
    Operand<? extends TType> batch = tf.data.batchDataset(dataset, size, tf.constant(false),
        element.types(), batched);
    return tf.data.datasetToSingleElement(batch, element.types(), batched).components();
  }
}

package dev.feedline.runtime.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.tensorflow.ConcreteFunction;
import org.tensorflow.Operand;
import org.tensorflow.Output;
import org.tensorflow.Signature;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.data.ParallelMapDataset;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;
import org.tensorflow.types.family.TType;

/**
 * The dataset ops of a generated serving function: the request's records as a dataset of one
 * element each, each stage's graph function mapped over them in order, and the elements the
 * stages make as one batch, in the request's order.
 */
public final class ServingOps {
  private ServingOps() {}

  /** A dataset of the request's records (or lines), one element each, in order. */
  public static Operand<? extends TType> requests(Ops tf, Operand<TString> requests) {
    return tf.data.tensorSliceDataset(List.of(requests), List.of(Shape.scalar()));
  }

  /**
   * {@code function}, a stage's graph function, applied to every element of {@code dataset} in
   * parallel and in order (deterministic), as the pipeline applies it; the function's own graph is
   * freed once it is attached.
   *
   * @param output the elements it makes
   */
  public static Operand<? extends TType> map(Ops tf, Operand<? extends TType> dataset,
      Function<Ops, Signature> function, ElementSpec output) {
    try (ConcreteFunction traced = ConcreteFunction.create(function)) {
      return tf.data.parallelMapDataset(dataset, List.of(), tf.constant(-1L) /* autotuned */,
          traced, output.types(), output.shapes(), ParallelMapDataset.deterministic("true"));
    }
  }

  /** Batches of {@code size} records, the last one smaller: the input of a vectorized parse. */
  public static Operand<? extends TType> batch(Ops tf, Operand<? extends TType> dataset,
      long size, ElementSpec batches) {
    return tf.data.batchDataset(dataset, tf.constant(size), tf.constant(false) /* dropRemainder */,
        batches.types(), batches.shapes());
  }

  /** The elements of the batches in {@code dataset}, one by one, in order. */
  public static Operand<? extends TType> unbatch(Ops tf, Operand<? extends TType> dataset,
      ElementSpec elements) {
    return tf.data.unbatchDataset(dataset, elements.types(), elements.shapes());
  }

  /**
   * One batch of every element of {@code dataset}: as many as the request has records, so that a
   * service gets one row per record. Where a component's shape has a dimension of unknown size
   * (a word's letters), the batch is padded with zeros (empty strings, {@code false}) to the
   * longest element of the request, as an undeclared {@code @PaddedBatch} pads. The request holds
   * a record: {@code ServingFunction} refuses an empty one before it gets here.
   */
  public static List<Output<?>> collect(Ops tf, Operand<? extends TType> dataset,
      Operand<TString> requests, ElementSpec element) {
    Operand<TInt64> size = tf.math.maximum(tf.size(requests, TInt64.class), tf.constant(1L));
    List<Shape> batched = element.shapes().stream().map(s -> s.prepend(-1)).toList();
    Operand<? extends TType> batch;
    if (element.shapes().stream().noneMatch(Shape::hasUnknownDimension)) {
      batch = tf.data.batchDataset(dataset, size, tf.constant(false), element.types(), batched);
    } else {
      Padding zeros = Padding.zeros();
      List<Operand<TInt64>> paddedShapes = new ArrayList<>();
      for (ElementSpec.Component component : element.components()) {
        paddedShapes.add(tf.constant(zeros.paddedShape(component)));
      }
      batch = tf.data.paddedBatchDataset(dataset, size, paddedShapes, zeros.values(tf, element),
          tf.constant(false), batched);
    }
    return tf.data.datasetToSingleElement(batch, element.types(), batched).components();
  }
}

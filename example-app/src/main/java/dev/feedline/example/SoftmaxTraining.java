package dev.feedline.example;

import dev.feedline.runtime.TrainingStep;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.tensorflow.Operand;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Gradients;
import org.tensorflow.op.core.Variable;
import org.tensorflow.op.nn.SparseSoftmaxCrossEntropyWithLogits;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;

/**
 * What the example models share: weights, He-initialised from a fixed seed, and a classifier's
 * training step: softmax cross-entropy over its logits, and one plain gradient-descent step per
 * batch on every weight.
 */
final class SoftmaxTraining {
  private final Ops tf;
  private final SplittableRandom random = new SplittableRandom(7);
  private final List<Variable<TFloat32>> weights = new ArrayList<>();
  private TrainingStep step;
  private Operand<TFloat32> loss;

  SoftmaxTraining(Ops tf) {
    this.tf = tf;
  }

  /** A weight of {@code shape}, He-initialised for its fan-in (all dimensions but the last). */
  Variable<TFloat32> weight(long... shape) {
    Shape dims = Shape.of(shape);
    double scale = Math.sqrt(2.0 / (dims.size() / dims.get(dims.numDimensions() - 1)));
    float[] values = new float[(int) dims.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = (float) (random.nextGaussian() * scale);
    }
    Variable<TFloat32> weight = tf.variable(tf.constant(dims, DataBuffers.of(values)));
    weights.add(weight);
    return weight;
  }

  /** A bias of {@code size}, starting at 0. */
  Variable<TFloat32> bias(int size) {
    Variable<TFloat32> bias = tf.variable(tf.constant(new float[size]));
    weights.add(bias);
    return bias;
  }

  /** The weights and biases, in the order they were made. */
  List<Variable<TFloat32>> weights() {
    return List.copyOf(weights);
  }

  /**
   * Adds the loss of {@code logits} against {@code labels}, and the step on every weight.
   *
   * <p>TensorFlow Java 1.1 has no gradient for {@code SparseSoftmaxCrossEntropyWithLogits}
   * (nor for {@code Gather}, hence the one-hot embedding of {@link WordModel}): asking
   * {@code tf.gradients} for the loss fails. The op's second output is the gradient of each
   * example's loss with respect to its logits, so the gradients start at the logits, from it
   * (docs/training.md).
   */
  void train(Operand<TFloat32> logits, Operand<TInt64> labels, float learningRate) {
    SparseSoftmaxCrossEntropyWithLogits<TFloat32> crossEntropy =
        tf.nn.sparseSoftmaxCrossEntropyWithLogits(logits, labels);
    loss = tf.math.mean(crossEntropy.loss(), tf.constant(0));
    // TensorFlow registers no C++ gradient for this op; its second output is each example's loss
    // gradient with respect to its logits, which the mean divides by the batch size.
    Operand<TFloat32> logitsGradient = tf.math.div(crossEntropy.backprop(),
        tf.dtypes.cast(tf.size(labels), TFloat32.class));
    Gradients gradients = tf.gradients(List.of(logits), weights,
        Gradients.dx(List.of(logitsGradient)));
    step = TrainingStep.gradientDescent(tf, weights, gradients, learningRate, loss);
  }

  /** One gradient-descent step on every weight, fetching the batch's mean loss. */
  TrainingStep step() {
    return step;
  }

  /** The batch's mean loss. */
  Operand<TFloat32> loss() {
    return loss;
  }
}

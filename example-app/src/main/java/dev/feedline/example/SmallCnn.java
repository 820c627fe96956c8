package dev.feedline.example;

import dev.feedline.runtime.Devices;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.tensorflow.Operand;
import org.tensorflow.Session;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.op.Op;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Gradients;
import org.tensorflow.op.core.Variable;
import org.tensorflow.op.nn.SparseSoftmaxCrossEntropyWithLogits;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;

/**
 * A small convolutional classifier, built on the training device: two strided 3×3 convolutions
 * (3→16→32 channels) with ReLU, global average pooling, and a dense layer to the two classes;
 * softmax cross-entropy loss and one plain gradient-descent step per batch.
 */
final class SmallCnn {
  private final Operand<TFloat32> loss;
  private final List<Op> train = new ArrayList<>();

  /**
   * @param images a batch, {@code [n, 224, 224, 3]}
   * @param labels its classes, {@code [n]}
   */
  SmallCnn(Ops graph, Operand<TFloat32> images, Operand<TInt64> labels, float learningRate) {
    Ops tf = graph.withSubScope("model").withDevice(Devices.GPU);
    SplittableRandom random = new SplittableRandom(7);
    List<Variable<TFloat32>> weights = new ArrayList<>();
    Variable<TFloat32> conv1 = weight(tf, random, weights, 3, 3, 3, 16);
    Variable<TFloat32> conv2 = weight(tf, random, weights, 3, 3, 16, 32);
    Variable<TFloat32> dense = weight(tf, random, weights, 32, 2);
    Variable<TFloat32> bias = tf.variable(tf.constant(new float[2]));
    weights.add(bias);

    Operand<TFloat32> x = tf.nn.relu(tf.nn.conv2d(images, conv1, List.of(1L, 2L, 2L, 1L), "SAME"));
    x = tf.nn.relu(tf.nn.conv2d(x, conv2, List.of(1L, 2L, 2L, 1L), "SAME"));
    Operand<TFloat32> pooled = tf.math.mean(x, tf.constant(new int[] {1, 2})); // [n, 32]
    Operand<TFloat32> logits = tf.math.add(tf.linalg.matMul(pooled, dense), bias);
    SparseSoftmaxCrossEntropyWithLogits<TFloat32> crossEntropy =
        tf.nn.sparseSoftmaxCrossEntropyWithLogits(logits, labels);
    loss = tf.math.mean(crossEntropy.loss(), tf.constant(0));

    // TensorFlow registers no C++ gradient for this op; its second output is each example's loss
    // gradient with respect to its logits, which the mean divides by the batch size.
    Operand<TFloat32> logitsGradient = tf.math.div(crossEntropy.backprop(),
        tf.dtypes.cast(tf.size(labels), TFloat32.class));
    Gradients gradients = tf.gradients(List.of(logits), weights,
        Gradients.dx(List.of(logitsGradient)));
    Operand<TFloat32> rate = tf.constant(learningRate);
    for (int i = 0; i < weights.size(); i++) {
      train.add(tf.train.applyGradientDescent(weights.get(i), rate,
          gradients.dy(i).expect(TFloat32.class)));
    }
  }

  private static Variable<TFloat32> weight(Ops tf, SplittableRandom random,
      List<Variable<TFloat32>> weights, long... shape) {
    Shape dims = Shape.of(shape);
    double scale = Math.sqrt(2.0 / (dims.size() / dims.get(dims.numDimensions() - 1))); // He
    float[] values = new float[(int) dims.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = (float) (random.nextGaussian() * scale);
    }
    Variable<TFloat32> weight = tf.variable(tf.constant(dims, DataBuffers.of(values)));
    weights.add(weight);
    return weight;
  }

  /** Adds one gradient-descent step to {@code runner}, and the batch's mean loss as its first fetch. */
  Session.Runner step(Session.Runner runner) {
    train.forEach(runner::addTarget);
    return runner.fetch(loss);
  }
}

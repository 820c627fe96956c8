package dev.feedline.example;

import dev.feedline.runtime.Devices;
import dev.feedline.runtime.TrainingStep;
import java.util.List;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Variable;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;

/**
 * A small convolutional classifier, built on the training device: two strided 3×3 convolutions
 * (3→16→32 channels) with ReLU, global average pooling, and a dense layer to the two classes;
 * softmax cross-entropy loss and one plain gradient-descent step per batch.
 */
final class SmallCnn {
  private final SoftmaxTraining training;

  /**
   * @param images a batch, {@code [n, 224, 224, 3]}
   * @param labels its classes, {@code [n]}
   */
  SmallCnn(Ops graph, Operand<TFloat32> images, Operand<TInt64> labels, float learningRate) {
    Ops tf = graph.withSubScope("model").withDevice(Devices.GPU);
    training = new SoftmaxTraining(tf);
    List<Operand<TFloat32>> weights = List.of(training.weight(3, 3, 3, 16),
        training.weight(3, 3, 16, 32), training.weight(32, 2), training.bias(2));
    training.train(logits(tf, images, weights), labels, learningRate);
  }

  /**
   * The classifier's logits, {@code [n, 2]}, of {@code images}, {@code [n, 224, 224, 3]}: the
   * same ops in training and in an exported model ({@link ExportCommand}).
   *
   * @param weights the two convolutions' kernels, the dense layer's matrix and its bias
   */
  static Operand<TFloat32> logits(Ops tf, Operand<TFloat32> images,
      List<? extends Operand<TFloat32>> weights) {
    Operand<TFloat32> x = tf.nn.relu(
        tf.nn.conv2d(images, weights.get(0), List.of(1L, 2L, 2L, 1L), "SAME"));
    x = tf.nn.relu(tf.nn.conv2d(x, weights.get(1), List.of(1L, 2L, 2L, 1L), "SAME"));
    Operand<TFloat32> pooled = tf.math.mean(x, tf.constant(new int[] {1, 2})); // [n, 32]
    return tf.math.add(tf.linalg.matMul(pooled, weights.get(2)), weights.get(3));
  }

  /** The weights, in the order {@link #logits} takes them. */
  List<Variable<TFloat32>> weights() {
    return training.weights();
  }

  /** One gradient-descent step on every weight, fetching the batch's mean loss. */
  TrainingStep step() {
    return training.step();
  }

  /** The batch's mean loss. */
  Operand<TFloat32> loss() {
    return training.loss();
  }
}

package dev.feedline.example;

import dev.feedline.runtime.Devices;
import java.util.List;
import org.tensorflow.Operand;
import org.tensorflow.Session;
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
    Variable<TFloat32> conv1 = training.weight(3, 3, 3, 16);
    Variable<TFloat32> conv2 = training.weight(3, 3, 16, 32);
    Variable<TFloat32> dense = training.weight(32, 2);
    Variable<TFloat32> bias = training.bias(2);

    Operand<TFloat32> x = tf.nn.relu(tf.nn.conv2d(images, conv1, List.of(1L, 2L, 2L, 1L), "SAME"));
    x = tf.nn.relu(tf.nn.conv2d(x, conv2, List.of(1L, 2L, 2L, 1L), "SAME"));
    Operand<TFloat32> pooled = tf.math.mean(x, tf.constant(new int[] {1, 2})); // [n, 32]
    Operand<TFloat32> logits = tf.math.add(tf.linalg.matMul(pooled, dense), bias);
    training.train(logits, labels, learningRate);
  }

  /** Adds one gradient-descent step to {@code runner}, and the batch's mean loss as its first fetch. */
  Session.Runner step(Session.Runner runner) {
    return training.step(runner);
  }
}

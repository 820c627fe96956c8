package dev.feedline.example;

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
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;

/**
 * A small classifier of words by their letters: each letter's embedding, summed over the word's
 * real letters (the padded positions are masked out), then a hidden layer and five classes;
 * softmax cross-entropy and one plain gradient-descent step per batch.
 *
 * <p>Letters are one-hot encoded and multiplied by the embedding matrix rather than gathered, so
 * every op on the way to the weights has a gradient registered in TensorFlow's C++ API.
 */
final class WordModel {
  private static final int EMBEDDING = 16;
  private static final int HIDDEN = 32;
  private static final int CLASSES = 5;

  private final Operand<TFloat32> loss;
  private final List<Op> train = new ArrayList<>();

  /**
   * @param ids a batch of letter ids, {@code [n, longest]}, padded with any id
   * @param lengths each word's number of letters, {@code [n]}
   * @param labels each word's class, {@code [n]}
   * @param vocabulary the number of letter ids
   */
  WordModel(Ops graph, Operand<TInt64> ids, Operand<TInt32> lengths, Operand<TInt64> labels,
      long vocabulary, float learningRate) {
    Ops tf = graph.withSubScope("word_model");
    SplittableRandom random = new SplittableRandom(7);
    List<Variable<TFloat32>> weights = new ArrayList<>();
    Variable<TFloat32> embedding = weight(tf, random, weights, vocabulary, EMBEDDING);
    Variable<TFloat32> hidden = weight(tf, random, weights, EMBEDDING, HIDDEN);
    Variable<TFloat32> hiddenBias = bias(tf, weights, HIDDEN);
    Variable<TFloat32> output = weight(tf, random, weights, HIDDEN, CLASSES);
    Variable<TFloat32> outputBias = bias(tf, weights, CLASSES);

    Operand<TInt32> longest = tf.gather(tf.shape(ids), tf.constant(1), tf.constant(0));
    Operand<TFloat32> oneHot = tf.oneHot(ids, tf.constant((int) vocabulary), tf.constant(1f),
        tf.constant(0f));
    Operand<TFloat32> letters = tf.reshape(
        tf.linalg.matMul(tf.reshape(oneHot, tf.constant(new long[] {-1, vocabulary})), embedding),
        tf.stack(List.of(tf.gather(tf.shape(ids), tf.constant(0), tf.constant(0)), longest,
            tf.constant(EMBEDDING)))); // [n, longest, 16]
    // 1 for a word's letters, 0 for the padding after them.
    Operand<TFloat32> mask = tf.dtypes.cast(tf.math.less(
        tf.expandDims(tf.range(tf.constant(0), longest, tf.constant(1)), tf.constant(0)),
        tf.expandDims(lengths, tf.constant(1))), TFloat32.class);
    Operand<TFloat32> summed = tf.math.mul(tf.reduceSum(
        tf.math.mul(letters, tf.expandDims(mask, tf.constant(2))), tf.constant(1)),
        tf.constant(0.125f)); // [n, 16]
    Operand<TFloat32> x = tf.nn.relu(tf.math.add(tf.linalg.matMul(summed, hidden), hiddenBias));
    Operand<TFloat32> logits = tf.math.add(tf.linalg.matMul(x, output), outputBias);
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
    double scale = Math.sqrt(2.0 / shape[0]); // He
    float[] values = new float[(int) dims.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = (float) (random.nextGaussian() * scale);
    }
    Variable<TFloat32> weight = tf.variable(tf.constant(dims, DataBuffers.of(values)));
    weights.add(weight);
    return weight;
  }

  private static Variable<TFloat32> bias(Ops tf, List<Variable<TFloat32>> weights, int size) {
    Variable<TFloat32> bias = tf.variable(tf.constant(new float[size]));
    weights.add(bias);
    return bias;
  }

  /** Adds one gradient-descent step to {@code runner}, and the batch's mean loss as its first fetch. */
  Session.Runner step(Session.Runner runner) {
    train.forEach(runner::addTarget);
    return runner.fetch(loss);
  }
}

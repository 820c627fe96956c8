package dev.feedline.example;

import dev.feedline.runtime.TrainingStep;
import java.util.List;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Variable;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;

/**
 * A small classifier of words by their letters: each letter's embedding, summed over the word's
 * real letters (the padded positions are masked out), then a hidden layer and five classes,
 * trained like {@link SmallCnn} ({@link SoftmaxTraining}).
 *
 * <p>Letters are one-hot encoded and multiplied by the embedding matrix rather than gathered, so
 * every op on the way to the weights has a gradient registered in TensorFlow's C++ API.
 */
final class WordModel {
  private static final int EMBEDDING = 16;
  private static final int HIDDEN = 32;
  private static final int CLASSES = 5;

  private final SoftmaxTraining training;

  /**
   * @param ids a batch of letter ids, {@code [n, longest]}, padded with any id
   * @param lengths each word's number of letters, {@code [n]}
   * @param labels each word's class, {@code [n]}
   * @param vocabulary the number of letter ids
   */
  WordModel(Ops graph, Operand<TInt64> ids, Operand<TInt32> lengths, Operand<TInt64> labels,
      long vocabulary, float learningRate) {
    Ops tf = graph.withSubScope("word_model");
    training = new SoftmaxTraining(tf);
    List<Operand<TFloat32>> weights = List.of(training.weight(vocabulary, EMBEDDING),
        training.weight(EMBEDDING, HIDDEN), training.bias(HIDDEN),
        training.weight(HIDDEN, CLASSES), training.bias(CLASSES));
    training.train(logits(tf, ids, lengths, vocabulary, weights), labels, learningRate);
  }

  /**
   * The logits, {@code [n, 5]}, of a batch of words: the same ops in training and in an exported
   * model ({@link ExportCommand}).
   *
   * @param weights the embedding, the hidden layer's matrix and bias, the output's matrix and bias
   */
  static Operand<TFloat32> logits(Ops tf, Operand<TInt64> ids, Operand<TInt32> lengths,
      long vocabulary, List<? extends Operand<TFloat32>> weights) {
    Operand<TInt32> longest = tf.gather(tf.shape(ids), tf.constant(1), tf.constant(0));
    Operand<TFloat32> oneHot = tf.oneHot(ids, tf.constant((int) vocabulary), tf.constant(1f),
        tf.constant(0f));
    Operand<TFloat32> letters = tf.reshape(
        tf.linalg.matMul(tf.reshape(oneHot, tf.constant(new long[] {-1, vocabulary})),
            weights.get(0)),
        tf.stack(List.of(tf.gather(tf.shape(ids), tf.constant(0), tf.constant(0)), longest,
            tf.constant(EMBEDDING)))); // [n, longest, 16]
    // 1 for a word's letters, 0 for the padding after them.
    Operand<TFloat32> mask = tf.dtypes.cast(tf.math.less(
        tf.expandDims(tf.range(tf.constant(0), longest, tf.constant(1)), tf.constant(0)),
        tf.expandDims(lengths, tf.constant(1))), TFloat32.class);
    Operand<TFloat32> summed = tf.math.mul(tf.reduceSum(
        tf.math.mul(letters, tf.expandDims(mask, tf.constant(2))), tf.constant(1)),
        tf.constant(0.125f)); // [n, 16]
    Operand<TFloat32> x = tf.nn.relu(
        tf.math.add(tf.linalg.matMul(summed, weights.get(1)), weights.get(2)));
    return tf.math.add(tf.linalg.matMul(x, weights.get(3)), weights.get(4));
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

package dev.feedline.example;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Variable;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;

/**
 * The spelling example's models of a word's letters into its five classes, as {@code --model}
 * names them. Both mask the padded positions, so a word's logits are the same however far its
 * batch was padded; they differ in what a position costs.
 */
public enum SpellingModel {
  /**
   * Each letter's embedding (16), summed over the word, then a hidden layer (32): a few
   * multiply-adds a position, so its step hardly grows with the padded length.
   */
  WORD("word") {
    private static final int EMBEDDING = 16;
    private static final int HIDDEN = 32;

    @Override
    List<Variable<TFloat32>> weights(SoftmaxTraining training, long vocabulary) {
      return List.of(training.weight(vocabulary, EMBEDDING), training.weight(EMBEDDING, HIDDEN),
          training.bias(HIDDEN), training.weight(HIDDEN, CLASSES), training.bias(CLASSES));
    }

    @Override
    Operand<TFloat32> logits(Ops tf, LetterPositions words, long vocabulary,
        List<? extends Operand<TFloat32>> weights) {
      Operand<TFloat32> summed = tf.math.mul(
          words.summed(words.embedded(vocabulary, weights.get(0)), EMBEDDING),
          tf.constant(0.125f)); // [n, 16]
      Operand<TFloat32> x = tf.nn.relu(
          tf.math.add(tf.linalg.matMul(summed, weights.get(1)), weights.get(2)));
      return tf.math.add(tf.linalg.matMul(x, weights.get(3)), weights.get(4));
    }
  },

  /**
   * Each letter's embedding (64) through a feed-forward block of its own, as a transformer layer
   * applies one at every position: 64 to 256 with ReLU, back to 64, added to the embedding; then
   * the sum over the word's letters and the softmax head. About 34,500 multiply-adds a position
   * forward and twice that backward, padded positions included: the per-position work of a real
   * sequence model, which grows with the padded length.
   */
  FEED_FORWARD("feed-forward") {
    private static final int WIDTH = 64;
    private static final int HIDDEN = 256;

    @Override
    List<Variable<TFloat32>> weights(SoftmaxTraining training, long vocabulary) {
      return List.of(training.weight(vocabulary, WIDTH), training.weight(WIDTH, HIDDEN),
          training.bias(HIDDEN), training.weight(HIDDEN, WIDTH), training.bias(WIDTH),
          training.weight(WIDTH, CLASSES), training.bias(CLASSES));
    }

    @Override
    Operand<TFloat32> logits(Ops tf, LetterPositions words, long vocabulary,
        List<? extends Operand<TFloat32>> weights) {
      Operand<TFloat32> letters = words.embedded(vocabulary, weights.get(0)); // [n * longest, 64]
      Operand<TFloat32> hidden = tf.nn.relu(
          tf.math.add(tf.linalg.matMul(letters, weights.get(1)), weights.get(2)));
      Operand<TFloat32> block = tf.math.add(letters,
          tf.math.add(tf.linalg.matMul(hidden, weights.get(3)), weights.get(4)));
      // Summed, not averaged: a word's number of syllables grows with its letters.
      Operand<TFloat32> word = tf.math.mul(words.summed(block, WIDTH), tf.constant(0.125f));
      return tf.math.add(tf.linalg.matMul(word, weights.get(5)), weights.get(6));
    }
  };

  static final int CLASSES = 5;

  private final String option;

  SpellingModel(String option) {
    this.option = option;
  }

  /** The model {@code --model} names. */
  public static SpellingModel named(String option) {
    return Arrays.stream(values()).filter(m -> m.option.equals(option)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("--model is " + options() + ", not "
            + option));
  }

  /** The names {@code --model} takes, as {@code word|feed-forward}. */
  public static String options() {
    return Arrays.stream(values()).map(SpellingModel::option).collect(Collectors.joining("|"));
  }

  /** Its name as {@code --model} takes it. */
  public String option() {
    return option;
  }

  /** Its weights, made by {@code training} in the order {@link #logits} takes them. */
  abstract List<Variable<TFloat32>> weights(SoftmaxTraining training, long vocabulary);

  /**
   * The logits, {@code [n, 5]}, of a batch of words: the same ops in training and in an exported
   * model ({@link ExportCommand}).
   *
   * @param ids a batch of letter ids, {@code [n, longest]}, padded with any id
   * @param lengths each word's number of letters, {@code [n]}
   * @param vocabulary the number of letter ids
   */
  Operand<TFloat32> logits(Ops tf, Operand<TInt64> ids, Operand<TInt32> lengths,
      long vocabulary, List<? extends Operand<TFloat32>> weights) {
    return logits(tf, new LetterPositions(tf, ids, lengths), vocabulary, weights);
  }

  abstract Operand<TFloat32> logits(Ops tf, LetterPositions words, long vocabulary,
      List<? extends Operand<TFloat32>> weights);
}

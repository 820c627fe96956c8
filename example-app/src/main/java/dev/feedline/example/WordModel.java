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
 * A classifier of words by their letters into five classes, one of the {@link SpellingModel}s,
 * trained like {@link SmallCnn} ({@link SoftmaxTraining}).
 */
final class WordModel {
  private final SoftmaxTraining training;

  /**
   * @param ids a batch of letter ids, {@code [n, longest]}, padded with any id
   * @param lengths each word's number of letters, {@code [n]}
   * @param labels each word's class, {@code [n]}
   * @param vocabulary the number of letter ids
   */
  WordModel(Ops graph, SpellingModel model, Operand<TInt64> ids, Operand<TInt32> lengths,
      Operand<TInt64> labels, long vocabulary, float learningRate) {
    Ops tf = graph.withSubScope("word_model");
    training = new SoftmaxTraining(tf);
    List<Variable<TFloat32>> weights = model.weights(training, vocabulary);
    training.train(model.logits(tf, ids, lengths, vocabulary, weights), labels, learningRate);
  }

  /** The weights, in the order {@link SpellingModel#logits} takes them. */
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

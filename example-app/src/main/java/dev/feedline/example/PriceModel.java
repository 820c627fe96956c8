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
import org.tensorflow.types.TFloat32;

/**
 * A small regression of a tract's price on its standardized features: one hidden layer of
 * {@value #HIDDEN} ReLUs, and an output in units of the training prices' standard deviation
 * about their mean, so that a model that has learnt nothing predicts the training mean.
 * Trained by plain gradient descent on the mean squared error in those units.
 */
final class PriceModel {
  private static final int FEATURES = 12;
  private static final int HIDDEN = 16;

  private final Ops tf;
  private final float priceMean;
  private final float priceDeviation;
  private final SplittableRandom random = new SplittableRandom(7);
  private final List<Variable<TFloat32>> weights = new ArrayList<>();
  private Operand<TFloat32> loss;

  /** A model whose output is scaled by the training prices' mean and standard deviation. */
  PriceModel(Ops graph, double priceMean, double priceDeviation) {
    this.tf = graph.withSubScope("price_model");
    this.priceMean = (float) priceMean;
    this.priceDeviation = (float) priceDeviation;
    weights.add(weight(FEATURES, HIDDEN));
    weights.add(tf.variable(tf.constant(new float[HIDDEN])));
    weights.add(weight(HIDDEN, 1));
    weights.add(tf.variable(tf.constant(new float[1])));
  }

  /** He-initialised for its fan-in, from a fixed seed. */
  private Variable<TFloat32> weight(int in, int out) {
    float[] values = new float[in * out];
    for (int i = 0; i < values.length; i++) {
      values[i] = (float) (random.nextGaussian() * Math.sqrt(2.0 / in));
    }
    return tf.variable(tf.constant(Shape.of(in, out), DataBuffers.of(values)));
  }

  /** Each tract's price in the model's units, {@code [n]}, from its features, {@code [n, 12]}. */
  private Operand<TFloat32> standardPrice(Operand<TFloat32> features) {
    Operand<TFloat32> hidden = tf.nn.relu(tf.math.add(
        tf.linalg.matMul(features, weights.get(0)), weights.get(1)));
    return tf.reshape(tf.math.add(tf.linalg.matMul(hidden, weights.get(2)), weights.get(3)),
        tf.constant(new long[] {-1}));
  }

  /** Each tract's predicted price, in $1000s. */
  Operand<TFloat32> predict(Operand<TFloat32> features) {
    return tf.math.add(tf.math.mul(standardPrice(features), tf.constant(priceDeviation)),
        tf.constant(priceMean));
  }

  /**
   * The step that descends the batch's mean squared error, in the model's units, at
   * {@code learningRate}, fetching that error ({@link #loss}) first.
   */
  TrainingStep train(Operand<TFloat32> features, Operand<TFloat32> prices, float learningRate) {
    Operand<TFloat32> target = tf.math.div(tf.math.sub(prices, tf.constant(priceMean)),
        tf.constant(priceDeviation));
    loss = tf.math.mean(
        tf.math.square(tf.math.sub(standardPrice(features), target)), tf.constant(0));
    Gradients gradients = tf.gradients(loss, weights);
    return TrainingStep.gradientDescent(tf, weights, gradients, learningRate, loss);
  }

  /** The loss of the batch {@link #train} was given. */
  Operand<TFloat32> loss() {
    return loss;
  }
}

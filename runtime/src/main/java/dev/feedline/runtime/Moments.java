package dev.feedline.runtime;

import org.tensorflow.Operand;
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.family.TNumber;

/**
 * The mean and variance of each position of a numeric component, over every element of the
 * pipeline it was fitted over ({@code @Statistics Moments features();}): accumulated in float64
 * (Welford's method), the variance the population's (divided by the count, as Keras'
 * {@code Normalization} layer has it), not the sample's.
 *
 * <p>In a map's graph function, {@link #mean(Ops)} and {@link #variance(Ops)} are float32
 * constants of the component's shape, and {@link #normalize} standardizes a value with them.
 */
public final class Moments extends FittedStatistic {
  /** The least standard deviation {@link #normalize} divides by, as Keras' epsilon: 1e-7. */
  public static final double EPSILON = 1e-7;
  private final double[] mean;
  private final double[] variance;

  /** The moments of each position, in row-major order of {@code fit.shape()}. */
  public Moments(Fit fit, double[] mean, double[] variance) {
    super(fit);
    if (mean.length != variance.length || mean.length != fit.shape().size()) {
      throw new IllegalArgumentException("statistics '" + fit.name() + "': " + mean.length
          + " means and " + variance.length + " variances for shape " + fit.shape());
    }
    this.mean = copy(mean);
    this.variance = copy(variance);
  }

  /** The means, one per position of the component, in row-major order. */
  public double[] mean() {
    return copy(mean);
  }

  /** The population variances (sum of squared deviations / count), one per position. */
  public double[] variance() {
    return copy(variance);
  }

  /** The means as a float32 constant of the component's shape, in a map's graph. */
  public Operand<TFloat32> mean(Ops tf) {
    return constant(tf, mean);
  }

  /** The variances as a float32 constant of the component's shape, in a map's graph. */
  public Operand<TFloat32> variance(Ops tf) {
    return constant(tf, variance);
  }

  /**
   * {@code (x - mean) / max(sqrt(variance), 1e-7)}, in float32, as Keras' {@code Normalization}
   * computes it: at a position that never varied in the fit, the fitted value becomes 0, not a
   * division by zero, and any other value {@code (x - mean) / 1e-7}, as in Keras.
   */
  public Operand<TFloat32> normalize(Ops tf, Operand<? extends TNumber> x) {
    double[] deviation = new double[variance.length];
    for (int i = 0; i < deviation.length; i++) {
      deviation[i] = Math.max(Math.sqrt(variance[i]), EPSILON);
    }
    return tf.math.div(tf.math.sub(tf.dtypes.cast(x, TFloat32.class), mean(tf)),
        constant(tf, deviation));
  }

  private Operand<TFloat32> constant(Ops tf, double[] values) {
    float[] floats = new float[values.length];
    for (int i = 0; i < values.length; i++) {
      floats[i] = (float) values[i];
    }
    return tf.constant(fit().shape(), DataBuffers.of(floats, true, false));
  }
}

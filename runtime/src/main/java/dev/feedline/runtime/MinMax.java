package dev.feedline.runtime;

import org.tensorflow.Operand;
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.family.TNumber;

/**
 * The least and the greatest value of each position of a numeric component, over every element
 * of the pipeline it was fitted over ({@code @Statistics MinMax range();}). In a map's graph
 * function, {@link #min(Ops)} and {@link #max(Ops)} are float32 constants of the component's
 * shape, and {@link #scale} maps the fitted range onto [0, 1].
 */
public final class MinMax extends FittedStatistic {
  private final double[] min;
  private final double[] max;

  /** The extremes of each position, in row-major order of {@code fit.shape()}. */
  public MinMax(Fit fit, double[] min, double[] max) {
    super(fit);
    if (min.length != max.length || min.length != fit.shape().size()) {
      throw new IllegalArgumentException("statistics '" + fit.name() + "': " + min.length
          + " minimums and " + max.length + " maximums for shape " + fit.shape());
    }
    this.min = copy(min);
    this.max = copy(max);
  }

  /** The least values, one per position of the component, in row-major order. */
  public double[] min() {
    return copy(min);
  }

  /** The greatest values, one per position of the component, in row-major order. */
  public double[] max() {
    return copy(max);
  }

  /** The least values as a float32 constant of the component's shape, in a map's graph. */
  public Operand<TFloat32> min(Ops tf) {
    return constant(tf, min);
  }

  /** The greatest values as a float32 constant of the component's shape, in a map's graph. */
  public Operand<TFloat32> max(Ops tf) {
    return constant(tf, max);
  }

  /**
   * {@code (x - min) / (max - min)}, in float32: the fitted range onto [0, 1] (a value outside
   * it, as evaluation data may hold, lands outside). A position whose range is empty gives 0 for
   * every value, the ones evaluation data holds beside the fitted one too.
   */
  public Operand<TFloat32> scale(Ops tf, Operand<? extends TNumber> x) {
    double[] range = new double[min.length];
    for (int i = 0; i < range.length; i++) {
      range[i] = max[i] - min[i];
    }
    // divNoNan gives 0 where the range is 0: every value, not only the fitted one, as documented.
    return tf.math.divNoNan(tf.math.sub(tf.dtypes.cast(x, TFloat32.class), min(tf)),
        constant(tf, range));
  }

  private Operand<TFloat32> constant(Ops tf, double[] values) {
    float[] floats = new float[values.length];
    for (int i = 0; i < values.length; i++) {
      floats[i] = (float) values[i];
    }
    return tf.constant(fit().shape(), DataBuffers.of(floats, true, false));
  }
}

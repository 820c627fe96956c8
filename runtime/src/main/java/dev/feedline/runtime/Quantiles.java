package dev.feedline.runtime;

import java.util.ArrayList;
import java.util.List;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.family.TNumber;

/**
 * The boundaries that cut every value of a numeric component, over every element of the
 * pipeline it was fitted over, into {@code buckets} parts of equal count
 * ({@code @Statistics(buckets = 4) Quantiles quartiles();}): all positions of the component
 * pooled, as Keras' {@code Discretization} and tf.Transform's {@code quantiles} pool them. They
 * are exact, not sketched: boundary {@code i} is the {@code i / buckets} quantile of the sorted
 * values, interpolated linearly between the two nearest ranks (NumPy's default, "linear").
 * {@link #bucketize} gives each value its bucket, 0 to {@code buckets - 1}.
 */
public final class Quantiles extends FittedStatistic {
  private final double[] boundaries;

  /** {@code buckets - 1} boundaries, ascending. */
  public Quantiles(Fit fit, double[] boundaries) {
    super(fit);
    for (int i = 1; i < boundaries.length; i++) {
      if (!(boundaries[i - 1] <= boundaries[i])) {
        throw new IllegalArgumentException("statistics '" + fit.name() + "': boundaries "
            + boundaries[i - 1] + " and " + boundaries[i] + " are not ascending");
      }
    }
    this.boundaries = copy(boundaries);
  }

  /** The boundaries, ascending: one fewer than the buckets. */
  public double[] boundaries() {
    return copy(boundaries);
  }

  /** The number of buckets {@link #bucketize} hands out. */
  public int buckets() {
    return boundaries.length + 1;
  }

  /**
   * The bucket of each value of {@code x}, in a map's graph: the number of boundaries at or
   * below it, so 0 below the first and {@code buckets() - 1} at or above the last. The op holds
   * the boundaries as float32.
   */
  public Operand<TInt32> bucketize(Ops tf, Operand<? extends TNumber> x) {
    List<Float> floats = new ArrayList<>(boundaries.length);
    for (double boundary : boundaries) {
      floats.add((float) boundary);
    }
    return tf.bucketize(x, floats);
  }
}

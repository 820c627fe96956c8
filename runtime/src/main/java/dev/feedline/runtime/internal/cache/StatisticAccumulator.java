package dev.feedline.runtime.internal.cache;

import dev.feedline.runtime.FittedStatistic;
import dev.feedline.runtime.MinMax;
import dev.feedline.runtime.Moments;
import dev.feedline.runtime.Quantiles;
import java.util.Arrays;
import java.util.List;
import org.tensorflow.Tensor;
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TFloat64;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;

/**
 * What one statistic has seen of its component so far: the numeric ones in float64, a
 * vocabulary's tokens with their counts ({@link VocabularyAccumulator}). Each fetched tensor holds
 * whole elements (or batches of them), so its values, in row-major order, are runs of one value
 * per position of the component's shape.
 */
abstract class StatisticAccumulator {
  final StatisticRequest request;
  long count;

  StatisticAccumulator(StatisticRequest request) {
    this.request = request;
  }

  static StatisticAccumulator of(StatisticRequest request) {
    return switch (request.kind()) {
      case MOMENTS -> new MomentsAccumulator(request);
      case MIN_MAX -> new MinMaxAccumulator(request);
      case QUANTILES -> new QuantilesAccumulator(request);
      case VOCABULARY -> new VocabularyAccumulator(request);
    };
  }

  StatisticRequest.Kind kind() {
    return request.kind();
  }

  /** Values seen of each position. */
  long count() {
    return count;
  }

  /** Adds the values of a fetched component. */
  abstract void add(Tensor tensor);

  /** The statistic of what was seen. */
  abstract FittedStatistic result(FittedStatistic.Fit fit);

  /** The statistic's values as the lines of its cache file, none holding a line break. */
  abstract List<String> lines(FittedStatistic statistic);

  /** The statistic from the lines of its cache file. */
  abstract FittedStatistic restore(FittedStatistic.Fit fit, List<String> lines);

  /** A numeric statistic: each element's values as float64, one per position. */
  private abstract static class Numeric extends StatisticAccumulator {
    final int positions;

    Numeric(StatisticRequest request) {
      super(request);
      this.positions = Math.toIntExact(request.shape().size());
    }

    @Override
    final void add(Tensor tensor) {
      double[] values = doubles(tensor);
      if (values.length % positions != 0) {
        throw new IllegalStateException("statistics '" + request.name() + "': " + values.length
            + " values of component '" + request.component() + "' are not whole elements of"
            + " shape " + request.shape());
      }
      for (int start = 0; start < values.length; start += positions) {
        count++;
        requireFinite(values, start);
        addElement(values, start);
      }
    }

    /**
     * A NaN or an infinity would make the statistic NaN or infinite, and so every value a map
     * scales by it, silently: refused, naming the row ({@code count}, 1 the first) and value.
     */
    private void requireFinite(double[] values, int start) {
      for (int p = 0; p < positions; p++) {
        double value = values[start + p];
        if (!Double.isFinite(value)) {
          throw new NotFinite(count, value + " in component '" + request.component() + "'"
              + (positions == 1 ? "" : " at position " + p));
        }
      }
    }

    /** Adds one element's values, {@code positions} of them from {@code start}. */
    abstract void addElement(double[] values, int start);

    /** The values, each array one line of the cache file. */
    abstract List<double[]> values(FittedStatistic statistic);

    /** The statistic from the values of its cache file's lines. */
    abstract FittedStatistic restoreValues(FittedStatistic.Fit fit, List<double[]> values);

    @Override
    final List<String> lines(FittedStatistic statistic) {
      return values(statistic).stream().map(StatisticAccumulator::encode).toList();
    }

    @Override
    final FittedStatistic restore(FittedStatistic.Fit fit, List<String> lines) {
      return restoreValues(fit, lines.stream().map(StatisticAccumulator::decode).toList());
    }
  }

  /** A value no statistic is fitted over, a NaN or an infinity, met in row {@code row}. */
  static final class NotFinite extends RuntimeException {
    final long row;

    NotFinite(long row, String value) {
      super(value);
      this.row = row;
    }
  }

  /** The doubles' exact bits, in hex, a space between. */
  static String encode(double[] values) {
    StringBuilder line = new StringBuilder();
    for (double value : values) {
      if (!line.isEmpty()) {
        line.append(' ');
      }
      line.append(Long.toHexString(Double.doubleToRawLongBits(value)));
    }
    return line.toString();
  }

  static double[] decode(String line) {
    if (line.isEmpty()) {
      return new double[0];
    }
    String[] words = line.split(" ");
    double[] values = new double[words.length];
    for (int i = 0; i < words.length; i++) {
      values[i] = Double.longBitsToDouble(Long.parseUnsignedLong(words[i], 16));
    }
    return values;
  }

  private static double[] doubles(Tensor tensor) {
    int size = Math.toIntExact(tensor.shape().size());
    double[] values = new double[size];
    if (tensor instanceof TFloat64 t) {
      t.copyTo(DataBuffers.of(values, false, false));
    } else if (tensor instanceof TFloat32 t) {
      float[] floats = new float[size];
      t.copyTo(DataBuffers.of(floats, false, false));
      for (int i = 0; i < size; i++) {
        values[i] = floats[i];
      }
    } else if (tensor instanceof TInt32 t) {
      int[] ints = new int[size];
      t.copyTo(DataBuffers.of(ints, false, false));
      for (int i = 0; i < size; i++) {
        values[i] = ints[i];
      }
    } else if (tensor instanceof TInt64 t) {
      long[] longs = new long[size];
      t.copyTo(DataBuffers.of(longs, false, false));
      for (int i = 0; i < size; i++) {
        values[i] = longs[i];
      }
    } else {
      throw new IllegalStateException("statistics of a " + tensor.dataType() + " tensor");
    }
    return values;
  }

  private static void expect(List<double[]> values, int lines, int length) {
    if (values.size() != lines || values.stream().anyMatch(v -> v.length != length)) {
      throw new IllegalArgumentException("expected " + lines + " lines of " + length
          + " values");
    }
  }

  /** Welford's running mean and sum of squared deviations, per position. */
  private static final class MomentsAccumulator extends Numeric {
    private final double[] mean;
    private final double[] squares;

    MomentsAccumulator(StatisticRequest request) {
      super(request);
      mean = new double[positions];
      squares = new double[positions];
    }

    @Override
    void addElement(double[] values, int start) {
      for (int p = 0; p < positions; p++) {
        double x = values[start + p];
        double delta = x - mean[p];
        mean[p] += delta / count;
        squares[p] += delta * (x - mean[p]);
      }
    }

    @Override
    FittedStatistic result(FittedStatistic.Fit fit) {
      double[] variance = new double[positions];
      for (int p = 0; p < positions; p++) {
        variance[p] = squares[p] / count; // the population's, as Keras' Normalization
      }
      return new Moments(fit, mean, variance);
    }

    @Override
    List<double[]> values(FittedStatistic statistic) {
      Moments moments = (Moments) statistic;
      return List.of(moments.mean(), moments.variance());
    }

    @Override
    FittedStatistic restoreValues(FittedStatistic.Fit fit, List<double[]> values) {
      expect(values, 2, positions);
      return new Moments(fit, values.get(0), values.get(1));
    }
  }

  private static final class MinMaxAccumulator extends Numeric {
    private final double[] min;
    private final double[] max;

    MinMaxAccumulator(StatisticRequest request) {
      super(request);
      min = new double[positions];
      max = new double[positions];
      Arrays.fill(min, Double.POSITIVE_INFINITY);
      Arrays.fill(max, Double.NEGATIVE_INFINITY);
    }

    @Override
    void addElement(double[] values, int start) {
      for (int p = 0; p < positions; p++) {
        min[p] = Math.min(min[p], values[start + p]);
        max[p] = Math.max(max[p], values[start + p]);
      }
    }

    @Override
    FittedStatistic result(FittedStatistic.Fit fit) {
      return new MinMax(fit, min, max);
    }

    @Override
    List<double[]> values(FittedStatistic statistic) {
      MinMax range = (MinMax) statistic;
      return List.of(range.min(), range.max());
    }

    @Override
    FittedStatistic restoreValues(FittedStatistic.Fit fit, List<double[]> values) {
      expect(values, 2, positions);
      return new MinMax(fit, values.get(0), values.get(1));
    }
  }

  /** Every value, all positions pooled, sorted at the end: exact quantiles. */
  private static final class QuantilesAccumulator extends Numeric {
    private final int buckets;
    private double[] seen = new double[1024];
    private int size;

    QuantilesAccumulator(StatisticRequest request) {
      super(request);
      buckets = request.buckets();
    }

    @Override
    void addElement(double[] values, int start) {
      if (size + positions > seen.length) {
        seen = Arrays.copyOf(seen, Math.max(seen.length * 2, size + positions));
      }
      System.arraycopy(values, start, seen, size, positions);
      size += positions;
    }

    @Override
    FittedStatistic result(FittedStatistic.Fit fit) {
      double[] sorted = Arrays.copyOf(seen, size);
      Arrays.sort(sorted);
      double[] boundaries = new double[buckets - 1];
      for (int i = 1; i < buckets; i++) {
        // NumPy's "linear": rank h = (n - 1) q, between the values at floor(h) and floor(h) + 1.
        double h = (sorted.length - 1) * ((double) i / buckets);
        int below = (int) Math.floor(h);
        int above = Math.min(below + 1, sorted.length - 1);
        boundaries[i - 1] = sorted[below] + (h - below) * (sorted[above] - sorted[below]);
      }
      return new Quantiles(fit, boundaries);
    }

    @Override
    List<double[]> values(FittedStatistic statistic) {
      return List.of(((Quantiles) statistic).boundaries());
    }

    @Override
    FittedStatistic restoreValues(FittedStatistic.Fit fit, List<double[]> values) {
      expect(values, 1, buckets - 1);
      return new Quantiles(fit, values.get(0));
    }
  }
}

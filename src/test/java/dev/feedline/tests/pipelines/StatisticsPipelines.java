package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.DecodeCsv;
import dev.feedline.Element;
import dev.feedline.Interleave;
import dev.feedline.Map;
import dev.feedline.Pipeline;
import dev.feedline.Serving;
import dev.feedline.Shape;
import dev.feedline.StageGroup;
import dev.feedline.Statistics;
import dev.feedline.TextLineSource;
import dev.feedline.example.House;
import dev.feedline.runtime.MinMax;
import dev.feedline.runtime.Moments;
import dev.feedline.runtime.Quantiles;
import java.util.List;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TString;

/**
 * Statistics fitted over the Boston house-price table ({@code @Statistics}): a pipeline of its
 * rows as 12 features and a price, the one they are fitted over, and one that standardizes the
 * features with their moments, scales the price to its fitted range and puts it in its
 * quartile.
 */
public final class StatisticsPipelines {
  private StatisticsPipelines() {}

  /** A row: its 12 features in one vector, and its price (cmedv). */
  @Element
  public record Tract(@Shape(12) Operand<TFloat32> features, @Shape({}) Operand<TFloat32> price) {}

  /** A row standardized: features, price in [0, 1] of the fitted range, price quartile. */
  @Element
  public record ScaledTract(@Shape(12) Operand<TFloat32> features,
      @Shape({}) Operand<TFloat32> price, @Shape({}) Operand<TInt32> quartile) {}

  /** The table's rows as tracts. */
  @StageGroup
  public interface Tracts {
    @TextLineSource(header = true)
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> lines(Operand<TString> file);

    @DecodeCsv(parallel = AUTO)
    House parse(Operand<TString> line);

    @Map(parallel = AUTO)
    static Tract tract(Ops tf, House h) {
      return new Tract(tf.stack(List.of(h.crim(), h.zn(), h.indus(), h.chas(), h.nox(), h.rm(),
          h.age(), h.dis(), h.rad(), h.tax(), h.ptratio(), h.lstat())), h.cmedv());
    }
  }

  /** The training split the statistics are fitted over, in batches: batch dimensions pool. */
  @Pipeline
  public interface Training extends Tracts {
    @Batch(size = 100)
    Tract batch(Tract tract);
  }

  /**
   * Rows scaled with the statistics of {@link Training}; its serving function, the parse and the
   * scaling, holds the statistics it is given as constants.
   */
  @Serving
  @Pipeline
  public interface Scaled extends Tracts {
    @Statistics(over = Training.class, component = "features", cache = "target/statistics")
    Moments features();

    @Statistics(over = Training.class, component = "price", cache = "target/statistics")
    MinMax price();

    @Statistics(over = Training.class, component = "price", buckets = 4)
    Quantiles quartiles();

    @Map(parallel = AUTO)
    static ScaledTract scale(Ops tf, Tract tract, Moments features, MinMax price,
        Quantiles quartiles) {
      return new ScaledTract(features.normalize(tf, tract.features()),
          price.scale(tf, tract.price()), quartiles.bucketize(tf, tract.price()));
    }

    @Batch(size = 100)
    ScaledTract batch(ScaledTract tract);
  }

  /**
   * Another pipeline with {@link Scaled}'s statistics {@code features}, in the same cache
   * folder: both read and write one file, {@code features-<key>.stats}.
   */
  @Pipeline
  public interface Standardized extends Tracts {
    @Statistics(over = Training.class, component = "features", cache = "target/statistics")
    Moments features();

    @Map(parallel = AUTO)
    static Tract standardize(Ops tf, Tract tract, Moments features) {
      return new Tract(features.normalize(tf, tract.features()), tract.price());
    }

    @Batch(size = 100)
    Tract batch(Tract tract);
  }
}

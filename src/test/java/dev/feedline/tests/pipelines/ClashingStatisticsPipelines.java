package dev.feedline.tests.pipelines;

import dev.feedline.Batch;
import dev.feedline.Map;
import dev.feedline.Pipeline;
import dev.feedline.Statistics;
import dev.feedline.runtime.MinMax;
import dev.feedline.runtime.Moments;
import dev.feedline.runtime.Quantiles;
import dev.feedline.tests.pipelines.StatisticsPipelines.ScaledTract;
import dev.feedline.tests.pipelines.StatisticsPipelines.Tract;
import dev.feedline.tests.pipelines.StatisticsPipelines.Tracts;
import org.tensorflow.op.Ops;

/**
 * Statistics whose names clash with what the generated builder declares: over a pipeline whose
 * setter would be the keyword {@code default}, and over {@code Training}, whose fitted values a
 * local {@code trainingStatistics} would hold; statistics named like the builder's method
 * {@code build}, its parameter {@code graph}, and another's cache setter {@code buildCache}.
 */
public final class ClashingStatisticsPipelines {
  private ClashingStatisticsPipelines() {}

  /** Fitted over; its builder's setter would be {@code default(...)}. */
  @Pipeline
  public interface Default extends Tracts {
    @Batch(size = 100)
    Tract batch(Tract tract);
  }

  /** Fitted over; its fitted values would be a local {@code trainingStatistics}. */
  @Pipeline
  public interface Training extends Tracts {
    @Batch(size = 50)
    Tract batch(Tract tract);
  }

  /** The same scaling as {@code StatisticsPipelines.Scaled}, under clashing names. */
  @Pipeline
  public interface Clashing extends Tracts {
    @Statistics(over = Training.class, component = "features", cache = "target/statistics")
    Moments build();

    @Statistics(over = Training.class, component = "price", cache = "target/statistics")
    MinMax trainingStatistics();

    @Statistics(over = Default.class, component = "price", buckets = 4)
    Quantiles graph();

    @Statistics(over = Default.class, component = "features", cache = "target/statistics")
    Moments buildCache();

    @Map
    static ScaledTract scale(Ops tf, Tract tract, Moments build, MinMax trainingStatistics,
        Quantiles graph, Moments buildCache) {
      return new ScaledTract(buildCache.normalize(tf, build.normalize(tf, tract.features())),
          trainingStatistics.scale(tf, tract.price()), graph.bucketize(tf, tract.price()));
    }

    @Batch(size = 100)
    ScaledTract batch(ScaledTract tract);
  }
}

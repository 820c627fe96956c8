package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Cache;
import dev.feedline.Map;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.Shuffle;
import org.tensorflow.op.Ops;

/** Every built-in stage between a TFRecord source and a prefetch, with a seeded shuffle. */
@Pipeline
public interface RowsPipeline extends RowFiles {
  @Map(parallel = AUTO)
  static Totals total(Ops tf, Row row) {
    return new Totals(row.id(), row.label(), tf.reduceSum(row.values(), tf.constant(0)));
  }

  @Cache
  Totals cache(Totals totals);

  @Shuffle(buffer = 100, seed = 7)
  Totals shuffle(Totals totals);

  @Batch(size = 8)
  Totals batch(Totals totals);

  @Prefetch(AUTO)
  Totals prefetch(Totals batch);
}

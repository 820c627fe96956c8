package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Map;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import org.tensorflow.op.Ops;

/**
 * Rows cached, then a map and a batch: stages that tf.data's map-and-batch fusion joins, in
 * epoch 1 and in the epochs after it that read the cache.
 */
@Pipeline
public interface CachedMapBatchPipeline
    extends RecordShufflePipelines.Rows, RecordShufflePipelines.Cached {
  @Map(parallel = AUTO)
  static Row negate(Ops tf, Row row) {
    return new Row(row.id(), row.label(), tf.math.neg(row.values()));
  }

  @Batch(size = 10)
  Row batch(Row row);

  @Prefetch(1)
  Row prefetch(Row batch);
}

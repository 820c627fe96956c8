package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Cache;
import dev.feedline.Decode;
import dev.feedline.Interleave;
import dev.feedline.Map;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.TFRecordSource;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TString;

/**
 * Rows cached, then a map and a batch: stages that tf.data's map-and-batch fusion joins, in
 * epoch 1 and in the epochs after it that read the cache.
 */
@Pipeline
public interface CachedMapBatchPipeline {
  @TFRecordSource
  Operand<TString> files();

  @Interleave(cycleLength = 2, parallel = 2)
  Operand<TString> read(Operand<TString> file);

  @Decode(parallel = 2)
  Row parse(Operand<TString> record);

  @Cache
  Row cache(Row row);

  @Map(parallel = AUTO)
  static Row negate(Ops tf, Row row) {
    return new Row(row.id(), row.label(), tf.math.neg(row.values()));
  }

  @Batch(size = 10)
  Row batch(Row row);

  @Prefetch(1)
  Row prefetch(Row batch);
}

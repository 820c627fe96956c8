package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.Rebatch;

/** The test rows in batches of 4, regrouped into batches of 2: a static [2] batch dimension. */
@Pipeline
public interface RebatchedRowsPipeline extends RowFiles {
  @Batch(size = 4, dropRemainder = true)
  Row batch(Row row);

  @Rebatch(size = 2, dropRemainder = true)
  Row rebatch(Row batch);

  @Prefetch(AUTO)
  Row prefetch(Row batch);
}

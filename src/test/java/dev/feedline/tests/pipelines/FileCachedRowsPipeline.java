package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Cache;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;

/** Caches parsed rows in files, under a prefix the builder may change. */
@Pipeline
public interface FileCachedRowsPipeline extends RowFiles {
  @Cache(file = "target/row-cache/rows")
  Row cache(Row row);

  @Batch(size = 10)
  Row batch(Row row);

  @Prefetch(AUTO)
  Row prefetch(Row batch);
}

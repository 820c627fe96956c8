package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Cache;
import dev.feedline.Decode;
import dev.feedline.Interleave;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.TFRecordSource;
import org.tensorflow.Operand;
import org.tensorflow.types.TString;

/** Caches parsed rows in files, under a prefix the builder may change. */
@Pipeline
public interface FileCachedRowsPipeline {
  @TFRecordSource
  Operand<TString> files();

  @Interleave(cycleLength = 2, parallel = AUTO)
  Operand<TString> read(Operand<TString> file);

  @Decode(parallel = AUTO)
  Row parse(Operand<TString> record);

  @Cache(file = "target/row-cache/rows")
  Row cache(Row row);

  @Batch(size = 10)
  Row batch(Row row);

  @Prefetch(AUTO)
  Row prefetch(Row batch);
}

package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Cache;
import dev.feedline.Decode;
import dev.feedline.Interleave;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.Shard;
import dev.feedline.TFRecordSource;
import org.tensorflow.Operand;
import org.tensorflow.types.TString;

/** Each worker reads its share of the files and caches its parsed rows in files of its own. */
@Pipeline
public interface WorkerCachedRowsPipeline {
  @TFRecordSource(files = 4)
  Operand<TString> files();

  @Shard(workers = 2)
  Operand<TString> mine(Operand<TString> file);

  @Interleave(cycleLength = 2, parallel = AUTO)
  Operand<TString> read(Operand<TString> file);

  @Decode(parallel = AUTO)
  Row parse(Operand<TString> record);

  @Cache(file = "target/worker-cache/rows")
  Row cache(Row row);

  @Batch(size = 5)
  Row batch(Row row);

  @Prefetch(AUTO)
  Row prefetch(Row batch);
}

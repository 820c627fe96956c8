package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Decode;
import dev.feedline.Interleave;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.Shard;
import dev.feedline.TFRecordSource;
import org.tensorflow.Operand;
import org.tensorflow.types.TString;

/** Splits the files between workers before reading them. */
@Pipeline
public interface ShardedRowsPipeline {
  @TFRecordSource
  Operand<TString> files();

  @Shard(workers = 3)
  Operand<TString> mine(Operand<TString> file);

  @Interleave(cycleLength = 2, parallel = AUTO)
  Operand<TString> read(Operand<TString> file);

  @Decode(parallel = AUTO)
  Row parse(Operand<TString> record);

  @Batch(size = 16)
  Row batch(Row row);

  @Prefetch(AUTO)
  Row prefetch(Row batch);
}

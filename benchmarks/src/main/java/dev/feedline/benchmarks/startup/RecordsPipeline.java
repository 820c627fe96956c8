package dev.feedline.benchmarks.startup;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Decode;
import dev.feedline.Interleave;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.TFRecordSource;
import org.tensorflow.Operand;
import org.tensorflow.types.TString;

/** Small records, read, parsed and batched: the pipeline whose start-up {@link StartupRun} times. */
@Pipeline
public interface RecordsPipeline {
  @TFRecordSource
  Operand<TString> files();

  @Interleave(cycleLength = 8, parallel = AUTO)
  Operand<TString> read(Operand<TString> file);

  @Decode(parallel = AUTO)
  SmallRecord parse(Operand<TString> record);

  @Batch(size = 256)
  SmallRecord batch(SmallRecord record);

  @Prefetch(AUTO)
  SmallRecord prefetch(SmallRecord batch);
}

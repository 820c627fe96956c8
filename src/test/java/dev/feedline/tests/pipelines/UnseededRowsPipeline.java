package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Decode;
import dev.feedline.Interleave;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.Shuffle;
import dev.feedline.TFRecordSource;
import org.tensorflow.Operand;
import org.tensorflow.types.TString;

/** Reads rows sequentially and shuffles them without a seed. */
@Pipeline
public interface UnseededRowsPipeline {
  @TFRecordSource
  Operand<TString> files();

  @Interleave(cycleLength = 1)
  @SuppressWarnings("feedline:file-read-not-parallel") // sequential on purpose: one file in order
  Operand<TString> read(Operand<TString> file);

  @Decode(parallel = 2)
  Row parse(Operand<TString> record);

  @Shuffle(buffer = 1000)
  Row shuffle(Row row);

  @Batch(size = 1000)
  Row batch(Row row);

  @Prefetch(1)
  Row prefetch(Row batch);
}

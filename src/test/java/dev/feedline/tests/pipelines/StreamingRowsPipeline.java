package dev.feedline.tests.pipelines;

import dev.feedline.Batch;
import dev.feedline.Decode;
import dev.feedline.Interleave;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.TFRecordSource;
import org.tensorflow.Operand;
import org.tensorflow.types.TString;

/** Rows read file after file, in order, without a cache: every epoch reads the files again. */
@Pipeline
public interface StreamingRowsPipeline {
  @TFRecordSource
  Operand<TString> files();

  @Interleave(cycleLength = 1)
  @SuppressWarnings("feedline:file-read-not-parallel") // one file at a time: the test knows which
  Operand<TString> read(Operand<TString> file);

  @Decode(parallel = 2)
  Row parse(Operand<TString> record);

  @Batch(size = 10)
  Row batch(Row row);

  @Prefetch(1)
  Row prefetch(Row batch);
}

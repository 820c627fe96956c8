package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.BadRecords;
import dev.feedline.Batch;
import dev.feedline.Decode;
import dev.feedline.Interleave;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.TFRecordSource;
import org.tensorflow.Operand;
import org.tensorflow.types.TString;

/** Rows read with the skip policy: bad records are left out, counted and reported. */
@Pipeline
public interface SkippingRowsPipeline {
  @TFRecordSource(badRecords = BadRecords.SKIP)
  Operand<TString> files();

  @Interleave(cycleLength = 2, parallel = AUTO)
  Operand<TString> read(Operand<TString> file);

  @Decode(parallel = AUTO)
  Row parse(Operand<TString> record);

  @Batch(size = 4)
  Row batch(Row row);

  @Prefetch(AUTO)
  Row prefetch(Row batch);
}

package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.BadRecords;
import dev.feedline.Batch;
import dev.feedline.Decode;
import dev.feedline.Interleave;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.Shuffle;
import dev.feedline.TFRecordSource;
import org.tensorflow.Operand;
import org.tensorflow.types.TString;

/** Bad records left out, the rest in a seeded order: the same on every run, new every epoch. */
@Pipeline(reproducible = true)
public interface ShuffledSkippingRowsPipeline {
  @TFRecordSource(badRecords = BadRecords.SKIP)
  Operand<TString> files();

  @Interleave(cycleLength = 2, parallel = AUTO)
  Operand<TString> read(Operand<TString> file);

  @Decode(parallel = AUTO)
  Row parse(Operand<TString> record);

  @Shuffle(buffer = 64, seed = 5)
  Row shuffle(Row row);

  @Batch(size = 4)
  Row batch(Row row);

  @Prefetch(AUTO)
  Row prefetch(Row batch);
}

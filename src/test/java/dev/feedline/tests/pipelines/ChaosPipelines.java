package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.BadRecords;
import dev.feedline.Batch;
import dev.feedline.Cache;
import dev.feedline.Decode;
import dev.feedline.Interleave;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.Shuffle;
import dev.feedline.TFRecordSource;
import org.tensorflow.Operand;
import org.tensorflow.types.TString;

/**
 * The pipelines the chaos test runs over damaged and changing files: without a cache, with one in
 * memory and with one in files, each under the default bad-record policy (fail) and under
 * {@code SKIP}. Batches of 7 cross file boundaries; two files are read at once.
 */
public final class ChaosPipelines {
  private ChaosPipelines() {}

  @Pipeline
  public interface Plain {
    @TFRecordSource Operand<TString> files();

    @Interleave(cycleLength = 2, parallel = AUTO) Operand<TString> read(Operand<TString> file);

    @Decode(parallel = AUTO) Row parse(Operand<TString> record);

    @Batch(size = 7) Row batch(Row row);

    @Prefetch(AUTO) Row prefetch(Row batch);
  }

  @Pipeline
  public interface MemoryCached {
    @TFRecordSource Operand<TString> files();

    @Interleave(cycleLength = 2, parallel = AUTO) Operand<TString> read(Operand<TString> file);

    @Decode(parallel = AUTO) Row parse(Operand<TString> record);

    @Cache Row cache(Row row);

    @Shuffle(buffer = 64, seed = 3) Row shuffle(Row row);

    @Batch(size = 7) Row batch(Row row);

    @Prefetch(AUTO) Row prefetch(Row batch);
  }

  @Pipeline
  public interface FileCached {
    @TFRecordSource Operand<TString> files();

    @Interleave(cycleLength = 2, parallel = AUTO) Operand<TString> read(Operand<TString> file);

    @Decode(parallel = AUTO) Row parse(Operand<TString> record);

    @Cache(file = "target/chaos-cache") Row cache(Row row);

    @Batch(size = 7) Row batch(Row row);

    @Prefetch(AUTO) Row prefetch(Row batch);
  }

  @Pipeline
  public interface Skipping {
    @TFRecordSource(badRecords = BadRecords.SKIP) Operand<TString> files();

    @Interleave(cycleLength = 2, parallel = AUTO) Operand<TString> read(Operand<TString> file);

    @Decode(parallel = AUTO) Row parse(Operand<TString> record);

    @Batch(size = 7) Row batch(Row row);

    @Prefetch(AUTO) Row prefetch(Row batch);
  }

  @Pipeline
  public interface SkippingMemoryCached {
    @TFRecordSource(badRecords = BadRecords.SKIP) Operand<TString> files();

    @Interleave(cycleLength = 2, parallel = AUTO) Operand<TString> read(Operand<TString> file);

    @Decode(parallel = AUTO) Row parse(Operand<TString> record);

    @Cache Row cache(Row row);

    @Shuffle(buffer = 64, seed = 3) Row shuffle(Row row);

    @Batch(size = 7) Row batch(Row row);

    @Prefetch(AUTO) Row prefetch(Row batch);
  }

  @Pipeline
  public interface SkippingFileCached {
    @TFRecordSource(badRecords = BadRecords.SKIP) Operand<TString> files();

    @Interleave(cycleLength = 2, parallel = AUTO) Operand<TString> read(Operand<TString> file);

    @Decode(parallel = AUTO) Row parse(Operand<TString> record);

    @Cache(file = "target/chaos-cache") Row cache(Row row);

    @Batch(size = 7) Row batch(Row row);

    @Prefetch(AUTO) Row prefetch(Row batch);
  }
}

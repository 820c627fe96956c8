package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.BadRecords;
import dev.feedline.Batch;
import dev.feedline.Cache;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.Shuffle;
import dev.feedline.StageGroup;
import dev.feedline.TFRecordSource;
import org.tensorflow.Operand;
import org.tensorflow.types.TString;

/**
 * The pipelines the chaos test runs over damaged and changing files: without a cache, with one in
 * memory and with one in files, each under the default bad-record policy (fail) and under
 * {@code SKIP}, built from {@link RowFiles} and the groups below; each SKIP variant replaces
 * its source. Batches of 7 cross file boundaries; two files are read at once.
 */
public final class ChaosPipelines {
  private ChaosPipelines() {}

  /** Batches of 7, which cross file boundaries. */
  @StageGroup
  public interface Batches {
    @Batch(size = 7) Row batch(Row row);

    @Prefetch(AUTO) Row prefetch(Row batch);
  }

  /** A memory cache, reshuffled every epoch with a seed. */
  @StageGroup
  public interface InMemory {
    @Cache Row cache(Row row);

    @Shuffle(buffer = 64, seed = 3) Row shuffle(Row row);
  }

  /** A file cache. */
  @StageGroup
  public interface InFiles {
    @Cache(file = "target/chaos-cache") Row cache(Row row);
  }

  @Pipeline
  public interface Plain extends RowFiles, Batches {}

  @Pipeline
  public interface MemoryCached extends RowFiles, InMemory, Batches {}

  @Pipeline
  public interface FileCached extends RowFiles, InFiles, Batches {}

  @Pipeline
  public interface Skipping extends Plain {
    @TFRecordSource(badRecords = BadRecords.SKIP) Operand<TString> files();
  }

  @Pipeline
  public interface SkippingMemoryCached extends MemoryCached {
    @TFRecordSource(badRecords = BadRecords.SKIP) Operand<TString> files();
  }

  @Pipeline
  public interface SkippingFileCached extends FileCached {
    @TFRecordSource(badRecords = BadRecords.SKIP) Operand<TString> files();
  }
}

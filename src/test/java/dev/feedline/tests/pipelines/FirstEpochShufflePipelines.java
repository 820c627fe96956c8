package dev.feedline.tests.pipelines;

import dev.feedline.Batch;
import dev.feedline.Cache;
import dev.feedline.Decode;
import dev.feedline.Interleave;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.Shuffle;
import dev.feedline.StageGroup;
import dev.feedline.TFRecordSource;
import org.tensorflow.Operand;
import org.tensorflow.types.TString;

/**
 * Rows cached, then shuffled with a seed: once right after the cache, where the first epoch
 * shuffles the records as read (docs/performance.md#first-batch), and once behind a prefetch,
 * where it does not; the same seeds, so the same first epoch.
 */
public final class FirstEpochShufflePipelines {
  private FirstEpochShufflePipelines() {}

  /** Rows from two files read at once, parsed and cached. */
  @StageGroup
  public interface CachedRows {
    @TFRecordSource
    Operand<TString> files();

    @Interleave(cycleLength = 2, parallel = 2)
    Operand<TString> read(Operand<TString> file);

    @Decode(parallel = 2)
    Row parse(Operand<TString> record);

    @Cache
    Row cache(Row row);
  }

  /** The shuffle right after the cache: epoch 1 shuffles the records as read. */
  @Pipeline
  public interface RightAfterCache extends CachedRows {
    @Shuffle(buffer = 64, seed = 5)
    Row shuffle(Row row);

    @Batch(size = 10)
    Row batch(Row row);

    @Prefetch(1)
    Row prefetch(Row batch);
  }

  /** A prefetch between the cache and the shuffle: every epoch shuffles after the cache. */
  @Pipeline
  public interface BehindPrefetch extends CachedRows {
    @Prefetch(1)
    Row ahead(Row row);

    @Shuffle(buffer = 64, seed = 5)
    Row shuffle(Row row);

    @Batch(size = 10)
    Row batch(Row row);

    @Prefetch(1)
    Row prefetch(Row batch);
  }
}

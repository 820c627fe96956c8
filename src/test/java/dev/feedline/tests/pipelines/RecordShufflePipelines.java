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
 * Rows shuffled with a seed where the records can be shuffled as read, and behind a prefetch
 * where they cannot; the same seeds, so the same orders. With a cache, epoch 1 shuffles the
 * records (docs/performance.md#first-batch); without one, every epoch does
 * (docs/performance.md#records-shuffled-as-read-every-epoch).
 */
public final class RecordShufflePipelines {
  private RecordShufflePipelines() {}

  /** Rows from two files read at once, parsed. */
  @StageGroup
  public interface Rows {
    @TFRecordSource
    Operand<TString> files();

    @Interleave(cycleLength = 2, parallel = 2)
    Operand<TString> read(Operand<TString> file);

    @Decode(parallel = 2)
    Row parse(Operand<TString> record);
  }

  /** The rows kept in memory after the first epoch. */
  @StageGroup
  public interface Cached {
    @Cache
    Row cache(Row row);
  }

  /** A prefetch before the shuffle, which keeps it on the elements. */
  @StageGroup
  public interface Ahead {
    @Prefetch(1)
    Row ahead(Row row);
  }

  /** Seeded shuffle, batches of 10. */
  @StageGroup
  public interface ShuffledBatches {
    @Shuffle(buffer = 64, seed = 5)
    Row shuffle(Row row);

    @Batch(size = 10)
    Row batch(Row row);

    @Prefetch(1)
    Row prefetch(Row batch);
  }

  /** The shuffle right after the cache: epoch 1 shuffles the records as read. */
  @Pipeline
  public interface RightAfterCache extends Rows, Cached, ShuffledBatches {}

  /** A prefetch between the cache and the shuffle: every epoch shuffles after the cache. */
  @Pipeline
  public interface CachedBehindPrefetch extends Rows, Cached, Ahead, ShuffledBatches {}

  /** No cache, the shuffle right after the parse: every epoch shuffles the records as read. */
  @Pipeline
  public interface AsRead extends Rows, ShuffledBatches {}

  /** No cache, a prefetch between the parse and the shuffle: every epoch shuffles the rows. */
  @Pipeline
  public interface BehindPrefetch extends Rows, Ahead, ShuffledBatches {}
}

package dev.feedline.tests.pipelines;

import dev.feedline.Batch;
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
 * Rows without a cache, shuffled with a seed: once right after the parse, where every epoch
 * shuffles the records as read (docs/performance.md#records-shuffled-as-read-every-epoch), and
 * once behind a prefetch, where it shuffles the parsed rows; the same seeds, so the same epochs.
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

  /** The shuffle right after the parse: every epoch shuffles the records as read. */
  @Pipeline
  public interface AsRead extends Rows {
    @Shuffle(buffer = 64, seed = 5)
    Row shuffle(Row row);

    @Batch(size = 10)
    Row batch(Row row);

    @Prefetch(1)
    Row prefetch(Row batch);
  }

  /** A prefetch between the parse and the shuffle: every epoch shuffles the parsed rows. */
  @Pipeline
  public interface BehindPrefetch extends Rows {
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

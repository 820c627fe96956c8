package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Cache;
import dev.feedline.Interleave;
import dev.feedline.Pipeline;
import dev.feedline.Shuffle;
import dev.feedline.StageGroup;
import dev.feedline.TextLineSource;
import org.tensorflow.Operand;
import org.tensorflow.types.TString;

/**
 * Lines of text cached, shuffled and batched as they are: the lines travel in chunks from the
 * interleave to the batch, shuffled a window at a time (docs/performance.md#shuffled-windows).
 */
public final class ShuffledLinesPipelines {
  /** The shuffle's buffer: more than two chunks of 256 lines, fewer than a file's 507 lines. */
  public static final long BUFFER = 600;

  private ShuffledLinesPipelines() {}

  @StageGroup
  interface CachedLines {
    @TextLineSource
    Operand<TString> files();

    @Interleave(cycleLength = 2, parallel = AUTO)
    Operand<TString> lines(Operand<TString> file);

    @Cache
    Operand<TString> cache(Operand<TString> line);
  }

  @StageGroup
  interface SeededShuffle {
    @Shuffle(buffer = BUFFER, seed = 3)
    Operand<TString> shuffle(Operand<TString> line);
  }

  @StageGroup
  interface UnseededShuffle {
    @Shuffle(buffer = BUFFER)
    Operand<TString> shuffle(Operand<TString> line);
  }

  @StageGroup
  interface Batches {
    @Batch(size = 50)
    Operand<TString> batch(Operand<TString> line);
  }

  /** Seeded: the same orders on every run. */
  @Pipeline
  public interface Seeded extends CachedLines, SeededShuffle, Batches {}

  /** Unseeded: TensorFlow draws the seeds. */
  @Pipeline
  public interface Unseeded extends CachedLines, UnseededShuffle, Batches {}
}

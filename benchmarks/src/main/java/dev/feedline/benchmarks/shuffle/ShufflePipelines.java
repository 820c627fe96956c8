package dev.feedline.benchmarks.shuffle;

import dev.feedline.Batch;
import dev.feedline.Cache;
import dev.feedline.InMemorySource;
import dev.feedline.Map;
import dev.feedline.Pipeline;
import dev.feedline.Shuffle;
import dev.feedline.StageGroup;
import org.tensorflow.op.Ops;

/**
 * Photo-sized frames in memory, shuffled the example's way (a buffer, here half the frames), each
 * pipeline twice: shuffled globally, as the processor now generates it where every stage before
 * the shuffle gives random access, and through a buffer, as before, kept by a map that returns its
 * input (tf.data's identity shares the tensor, so the elements are the same bytes). The four
 * differ only in the groups they take between the frames and the shuffle.
 */
public final class ShufflePipelines {
  private ShufflePipelines() {}

  /** The shuffle's buffer, where there is one: half the benchmark's frames, as 1,000 of 2,048. */
  public static final long BUFFER = 256;

  @StageGroup
  interface Frames {
    @InMemorySource
    Frame frames();
  }

  /** The frame as it is: keeps the shuffle after it from being global. */
  @StageGroup
  interface Kept {
    @Map
    static Frame same(Ops tf, Frame frame) {
      return new Frame(tf.identity(frame.pixels()), tf.identity(frame.id()));
    }
  }

  @StageGroup
  interface Cached {
    @Cache
    Frame cache(Frame frame);
  }

  @StageGroup
  interface ShuffledBatches {
    @Shuffle(buffer = BUFFER, seed = 7)
    Frame shuffle(Frame frame);

    @Batch(size = 32)
    Frame batch(Frame frame);
  }

  /** Cached, then shuffled globally. */
  @Pipeline(ramBudget = "8GiB")
  public interface CachedGlobal extends Frames, Cached, ShuffledBatches {}

  /** Cached, then shuffled through a buffer. */
  @Pipeline(ramBudget = "8GiB")
  public interface CachedBuffered extends Frames, Kept, Cached, ShuffledBatches {}

  /** Shuffled globally straight from memory. */
  @Pipeline(ramBudget = "8GiB")
  public interface MemoryGlobal extends Frames, ShuffledBatches {}

  /** Shuffled through a buffer straight from memory. */
  @Pipeline(ramBudget = "8GiB")
  public interface MemoryBuffered extends Frames, Kept, ShuffledBatches {}
}

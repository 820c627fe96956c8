package dev.feedline.benchmarks.shuffle;

import dev.feedline.Batch;
import dev.feedline.Cache;
import dev.feedline.InMemorySource;
import dev.feedline.Map;
import dev.feedline.Pipeline;
import dev.feedline.Shuffle;
import org.tensorflow.op.Ops;

/**
 * Photo-sized frames in memory, shuffled the example's way (a buffer, here half the frames), each
 * pipeline twice: shuffled globally, as the processor now generates it where every stage before
 * the shuffle gives random access, and through a buffer, as before, kept by a map that returns its
 * input (tf.data's identity shares the tensor, so the elements are the same bytes).
 */
public final class ShufflePipelines {
  private ShufflePipelines() {}

  /** The shuffle's buffer, where there is one: half the benchmark's frames, as 1,000 of 2,048. */
  public static final long BUFFER = 256;

  /** The frame as it is: keeps the shuffle after it from being global. */
  static Frame same(Ops tf, Frame frame) {
    return new Frame(tf.identity(frame.pixels()), tf.identity(frame.id()));
  }

  /** Cached, then shuffled globally. */
  @Pipeline(ramBudget = "8GiB")
  public interface CachedGlobal {
    @InMemorySource
    Frame frames();

    @Cache
    Frame cache(Frame frame);

    @Shuffle(buffer = BUFFER, seed = 7)
    Frame shuffle(Frame frame);

    @Batch(size = 32)
    Frame batch(Frame frame);
  }

  /** Cached, then shuffled through a buffer. */
  @Pipeline(ramBudget = "8GiB")
  public interface CachedBuffered {
    @InMemorySource
    Frame frames();

    @Map
    static Frame same(Ops tf, Frame frame) {
      return ShufflePipelines.same(tf, frame);
    }

    @Cache
    Frame cache(Frame frame);

    @Shuffle(buffer = BUFFER, seed = 7)
    Frame shuffle(Frame frame);

    @Batch(size = 32)
    Frame batch(Frame frame);
  }

  /** Shuffled globally straight from memory. */
  @Pipeline(ramBudget = "8GiB")
  public interface MemoryGlobal {
    @InMemorySource
    Frame frames();

    @Shuffle(buffer = BUFFER, seed = 7)
    Frame shuffle(Frame frame);

    @Batch(size = 32)
    Frame batch(Frame frame);
  }

  /** Shuffled through a buffer straight from memory. */
  @Pipeline(ramBudget = "8GiB")
  public interface MemoryBuffered {
    @InMemorySource
    Frame frames();

    @Map
    static Frame same(Ops tf, Frame frame) {
      return ShufflePipelines.same(tf, frame);
    }

    @Shuffle(buffer = BUFFER, seed = 7)
    Frame shuffle(Frame frame);

    @Batch(size = 32)
    Frame batch(Frame frame);
  }
}

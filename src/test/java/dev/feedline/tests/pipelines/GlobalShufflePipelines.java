package dev.feedline.tests.pipelines;

import dev.feedline.Batch;
import dev.feedline.Cache;
import dev.feedline.InMemorySource;
import dev.feedline.Map;
import dev.feedline.Pipeline;
import dev.feedline.Shuffle;
import dev.feedline.tests.pipelines.SourcePipelines.Id;
import org.tensorflow.op.Ops;

/**
 * Ids in memory, shuffled: globally (by index, without a buffer) where every stage before the
 * shuffle gives random access, through a buffer where a map comes first.
 */
public final class GlobalShufflePipelines {
  private GlobalShufflePipelines() {}

  /** Shuffled straight from memory: a new order every epoch, the same on every run. */
  @Pipeline
  public interface Shuffled {
    @InMemorySource
    Id ids();

    @Shuffle(buffer = 4, seed = 5)
    Id shuffle(Id id);

    @Batch(size = 10)
    Id batch(Id id);
  }

  /** Cached, then shuffled: the epochs after the first run on one iterator. */
  @Pipeline
  public interface Cached {
    @InMemorySource
    Id ids();

    @Cache
    Id cache(Id id);

    @Shuffle(buffer = 4, seed = 5)
    Id shuffle(Id id);

    @Batch(size = 10)
    Id batch(Id id);
  }

  /** Shuffled with random seeds: another order on every run. */
  @Pipeline
  public interface Unseeded {
    @InMemorySource
    Id ids();

    @Shuffle(buffer = 4)
    Id shuffle(Id id);

    @Batch(size = 10)
    Id batch(Id id);
  }

  /** A map before the shuffle: TensorFlow 2.18 gives it no random access, so a buffer shuffles. */
  @Pipeline
  public interface Mapped {
    @InMemorySource
    Id ids();

    @Map
    static Id next(Ops tf, Id id) {
      return new Id(tf.math.add(id.id(), tf.constant(1L)));
    }

    @Shuffle(buffer = 4, seed = 5)
    Id shuffle(Id id);

    @Batch(size = 10)
    Id batch(Id id);
  }
}

package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Cache;
import dev.feedline.InMemorySource;
import dev.feedline.Map;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.Shuffle;
import org.tensorflow.op.Ops;

/** Pipelines with a 1 MiB budget, for the run-time memory guard. */
public final class GuardedPipelines {
  private GuardedPipelines() {}

  /** Caches every tile. */
  @Pipeline(ramBudget = "1MiB")
  public interface CachedTiles {
    @InMemorySource
    Tile tiles();

    @Cache
    Tile cache(Tile tile);

    @Batch(size = 4)
    Tile batch(Tile tile);

    @Prefetch(AUTO)
    Tile prefetch(Tile batch);
  }

  /**
   * Brightens tiles, then shuffles them through a buffer of 100 (the map gives no random access,
   * so the shuffle cannot be global); its budget is given at run time.
   */
  @Pipeline
  public interface ShuffledTiles {
    @InMemorySource
    Tile tiles();

    @Map
    static Tile brighten(Ops tf, Tile tile) {
      return new Tile(tf.math.add(tile.pixels(), tf.constant(0.1f)));
    }

    @Shuffle(buffer = 100, seed = 1)
    Tile shuffle(Tile tile);

    @Batch(size = 4)
    Tile batch(Tile tile);

    @Prefetch(AUTO)
    Tile prefetch(Tile batch);
  }

  /** Shuffles tiles globally, by index: no buffer for the guard to count; a 1 MiB budget. */
  @Pipeline(ramBudget = "1MiB")
  public interface GloballyShuffledTiles {
    @InMemorySource
    Tile tiles();

    @Shuffle(buffer = 100, seed = 1)
    Tile shuffle(Tile tile);

    @Batch(size = 4)
    Tile batch(Tile tile);
  }
}

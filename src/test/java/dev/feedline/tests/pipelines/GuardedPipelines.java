package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Cache;
import dev.feedline.InMemorySource;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.Shuffle;

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

  /** Shuffles tiles through a buffer of 100; its budget is given at run time. */
  @Pipeline
  public interface ShuffledTiles {
    @InMemorySource
    Tile tiles();

    @Shuffle(buffer = 100, seed = 1)
    Tile shuffle(Tile tile);

    @Batch(size = 4)
    Tile batch(Tile tile);

    @Prefetch(AUTO)
    Tile prefetch(Tile batch);
  }
}

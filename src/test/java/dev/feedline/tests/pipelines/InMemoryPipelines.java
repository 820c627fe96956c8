package dev.feedline.tests.pipelines;

import dev.feedline.Batch;
import dev.feedline.Cache;
import dev.feedline.Element;
import dev.feedline.InMemorySource;
import dev.feedline.Map;
import dev.feedline.Pipeline;
import dev.feedline.Shape;
import dev.feedline.StageGroup;
import dev.feedline.Statistics;
import dev.feedline.runtime.MinMax;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TUint8;

/**
 * Pipelines of in-memory data: gigabytes of it, and results kept across runs, keyed by what they
 * were computed from (a file cache, and statistics fitted over another in-memory pipeline). The
 * data is fed to the graph, not held in it, so the keys must hash the data itself.
 */
public final class InMemoryPipelines {
  private InMemoryPipelines() {}

  /** One value. */
  @Element
  public record Reading(@Shape({}) Operand<TFloat32> value) {}

  /** A row of a mebibyte. */
  @Element
  public record Blob(@Shape(1 << 20) Operand<TUint8> bytes) {}

  /** Rows of a mebibyte in memory, in batches of 100: data of gigabytes. */
  @Pipeline
  public interface Blobs {
    @InMemorySource
    Blob blobs();

    @Batch(size = 100)
    Blob batch(Blob blob);
  }

  @StageGroup
  interface Readings {
    @InMemorySource
    Reading readings();
  }

  /** The readings, cached in files, in batches of 4. */
  @Pipeline
  public interface FileCached extends Readings {
    @Cache(file = "target/feedline-tests/in-memory-cache")
    Reading cache(Reading reading);

    @Batch(size = 4)
    Reading batch(Reading reading);
  }

  /** The readings the range is fitted over. */
  @Pipeline
  public interface Training extends Readings {
    @Batch(size = 4)
    Reading batch(Reading reading);
  }

  /** Readings scaled to the range of {@link Training}'s, fitted once and kept in a file. */
  @Pipeline
  public interface Scaled extends Readings {
    @Statistics(over = Training.class, component = "value", cache = "target/statistics")
    MinMax range();

    @Map
    static Reading scale(Ops tf, Reading reading, MinMax range) {
      return new Reading(range.scale(tf, reading.value()));
    }

    @Batch(size = 4)
    Reading batch(Reading reading);
  }
}

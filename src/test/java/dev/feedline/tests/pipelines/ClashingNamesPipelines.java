package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Cache;
import dev.feedline.InMemorySource;
import dev.feedline.Map;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.PrefetchToDevice;
import org.tensorflow.op.Ops;

/**
 * Declarations that once generated code that did not compile: components named like generated
 * members, a stage method with a {@code $}, and cache prefixes that would end a comment or start
 * a unicode escape in it.
 */
public final class ClashingNamesPipelines {
  private ClashingNamesPipelines() {}

  /**
   * An in-memory cache and a prefetch to the device: the builder has a {@code ramBudget} and a
   * {@code deviceBuffer} of its own.
   */
  @Pipeline(ramBudget = "1GiB")
  public interface InMemory {
    @InMemorySource(records = 4)
    Clashing rows();

    @Map(parallel = AUTO)
    static Clashing add$one(Ops tf, Clashing row) {
      return new Clashing(row.ramBudget(), tf.math.add(row.options(), tf.constant(1f)),
          row.close(), row.dataset(), row.epoch(), row.deviceBuffer(), row.cacheFile());
    }

    @Cache
    Clashing cache(Clashing row);

    @Batch(size = 2)
    Clashing batch(Clashing row);

    @Prefetch(AUTO)
    Clashing prefetch(Clashing batch);

    @PrefetchToDevice(buffer = 1)
    Clashing toDevice(Clashing batch);
  }

  /** File caches whose declared prefixes hold a comment end and Windows backslashes. */
  @Pipeline(ramBudget = "1GiB")
  @SuppressWarnings("feedline:cache-file-path")
  public interface FileCached {
    @InMemorySource(records = 4)
    Clashing rows();

    @Cache(file = "target/feedline-tests/*/ends a comment")
    Clashing cache(Clashing row);

    @Map(parallel = AUTO)
    static Clashing add$one(Ops tf, Clashing row) {
      return new Clashing(row.ramBudget(), tf.math.add(row.options(), tf.constant(1f)),
          row.close(), row.dataset(), row.epoch(), row.deviceBuffer(), row.cacheFile());
    }

    @Cache(file = "C:\\feedline\\users\\photos")
    Clashing windows(Clashing row);

    @Batch(size = 2)
    Clashing batch(Clashing row);

    @Prefetch(AUTO)
    Clashing prefetch(Clashing batch);
  }
}

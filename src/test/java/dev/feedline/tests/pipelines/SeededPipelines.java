package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Cache;
import dev.feedline.Decode;
import dev.feedline.InMemorySource;
import dev.feedline.Interleave;
import dev.feedline.Map;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.RunTimeValue;
import dev.feedline.Shuffle;
import dev.feedline.TFRecordSource;
import dev.feedline.example.AugmentedPhotoPipeline;
import dev.feedline.example.DecodedPhoto;
import dev.feedline.example.Photo;
import dev.feedline.example.PhotoPipeline;
import dev.feedline.photos.EncodedPhoto;
import dev.feedline.runtime.ElementRandom;
import org.tensorflow.Operand;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.random.RandomShuffle;
import org.tensorflow.op.random.RandomUniform;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TString;

/** Pipelines whose random maps draw from per-element seeds, and two that break the contract. */
public final class SeededPipelines {
  private SeededPipelines() {}

  /** The example's {@link AugmentedPhotoPipeline}, its augmentation on one thread. */
  @Pipeline(ramBudget = "4GiB", reproducible = true)
  public interface OneThread extends AugmentedPhotoPipeline {
    @Map(parallel = 1, random = true)
    static Photo augment(Ops tf, DecodedPhoto photo, ElementRandom random) {
      return AugmentedPhotoPipeline.augment(tf, photo, random);
    }
  }

  /** The example's {@link AugmentedPhotoPipeline}, its augmentation sequential: a MapDataset. */
  @Pipeline(ramBudget = "4GiB", reproducible = true)
  public interface Sequential extends AugmentedPhotoPipeline {
    @SuppressWarnings("feedline:map-not-parallel")
    @Map(random = true)
    static Photo augment(Ops tf, DecodedPhoto photo, ElementRandom random) {
      return AugmentedPhotoPipeline.augment(tf, photo, random);
    }
  }

  /**
   * Points moved by up to {@code scale} on each axis, and their class moved by a run-time value
   * named like the builder's seed: the random source sits between two run-time values.
   */
  @Pipeline
  public interface Jittered {
    @RunTimeValue
    Operand<TFloat32> scale();

    @RunTimeValue
    Operand<TInt32> seed();

    @InMemorySource
    Point points();

    @Map(parallel = AUTO, random = true)
    static Point jitter(Ops tf, Point point, Operand<TFloat32> scale, ElementRandom random,
        Operand<TInt32> seed) {
      Operand<TFloat32> noise = tf.math.mul(tf.math.sub(random.uniform(Shape.of(2)),
          tf.constant(0.5f)), tf.math.mul(scale, tf.constant(2f)));
      return new Point(tf.math.add(point.xy(), noise), tf.math.add(point.cls(), seed));
    }

    @Batch(size = 2)
    Point batch(Point point);

    @Prefetch(1)
    Point prefetch(Point batch);
  }

  /** A seeded map that draws from a stateful op besides: refused when it is built. */
  @Pipeline
  public interface StatefulInSeeded {
    @InMemorySource
    Point points();

    @Map(parallel = AUTO, random = true)
    static Point jitter(Ops tf, Point point, ElementRandom random) {
      Operand<TFloat32> stateful = tf.random.randomUniform(tf.constant(new int[] {2}),
          TFloat32.class, RandomUniform.seed(3L));
      return new Point(tf.math.add(tf.math.add(point.xy(), stateful), random.uniform(Shape.of(2))),
          point.cls());
    }

    @Batch(size = 2)
    Point batch(Point point);

    @Prefetch(1)
    Point prefetch(Point batch);
  }

  /** A reproducible pipeline whose map, not declared random, shuffles and jitters: refused. */
  @Pipeline(reproducible = true)
  public interface StatefulInReproducible {
    @InMemorySource
    Point points();

    @Map(parallel = AUTO)
    static Point mix(Ops tf, Point point) {
      Operand<TFloat32> shuffled = tf.random.randomShuffle(point.xy(), RandomShuffle.seed(1L));
      Operand<TFloat32> noise = tf.random.randomStandardNormal(tf.constant(new int[] {2}),
          TFloat32.class);
      return new Point(tf.math.add(shuffled, noise), point.cls());
    }

    @Batch(size = 2)
    Point batch(Point point);

    @Prefetch(1)
    Point prefetch(Point batch);
  }

  /** Rows keep their id; the values are a draw of the stage's per-element seed, for comparisons. */
  @Pipeline
  public interface Drawn {
    @InMemorySource
    Point points();

    @Map(parallel = AUTO, random = true)
    static Point draw(Ops tf, Point point, ElementRandom random) {
      return new Point(random.uniform(Shape.of(2)), point.cls());
    }

    @Batch(size = 4)
    Point batch(Point point);

    @Prefetch(1)
    Point prefetch(Point batch);
  }

  /** A seeded map before the cache: drawn once, by the epoch that fills the cache. */
  @Pipeline
  public interface BeforeCache {
    @InMemorySource
    Point points();

    @SuppressWarnings("feedline:cache-after-random-map")
    @Map(parallel = AUTO, random = true)
    static Point draw(Ops tf, Point point, ElementRandom random) {
      return new Point(random.uniform(Shape.of(2)), point.cls());
    }

    @Cache
    Point cache(Point point);

    @Batch(size = 4)
    Point batch(Point point);

    @Prefetch(1)
    Point prefetch(Point batch);
  }

  /** A seeded map on whole batches: each batch is numbered and seeded as an element is. */
  @Pipeline
  public interface PerBatch {
    @InMemorySource
    Point points();

    @Batch(size = 4)
    Point batch(Point point);

    @Map(vectorized = true, random = true)
    static Point draw(Ops tf, Point batch, ElementRandom random) {
      return new Point(random.uniform(tf.shape(batch.xy())), batch.cls());
    }

    @Prefetch(1)
    Point prefetch(Point batch);
  }
}

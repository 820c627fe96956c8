package dev.feedline.tests.pipelines;

import dev.feedline.Batch;
import dev.feedline.InMemorySource;
import dev.feedline.Map;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import org.tensorflow.op.Ops;
import org.tensorflow.op.random.RandomUniform;
import org.tensorflow.types.TFloat32;

/** Adds random noise: a stage whose values a checkpoint cannot restore. */
@Pipeline
public interface JitterPipeline {
  @InMemorySource
  Point points();

  @Map(parallel = 2, random = true)
  static Point jitter(Ops tf, Point point) {
    return new Point(tf.math.add(point.xy(), tf.random.randomUniform(tf.constant(new int[] {2}),
        TFloat32.class, RandomUniform.seed(3L))), point.cls());
  }

  @Batch(size = 2)
  Point batch(Point point);

  @Prefetch(1)
  Point prefetch(Point batch);
}

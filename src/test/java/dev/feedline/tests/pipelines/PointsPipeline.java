package dev.feedline.tests.pipelines;

import dev.feedline.Batch;
import dev.feedline.Filter;
import dev.feedline.InMemorySource;
import dev.feedline.Map;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.Repeat;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TBool;

/** An in-memory source with a filter, a fixed-size batch and a repeat. */
@Pipeline
public interface PointsPipeline {
  @InMemorySource
  Point points();

  /** Keeps points whose coordinates sum to more than zero. */
  @Filter
  static Operand<TBool> positive(Ops tf, Point point) {
    return tf.math.greater(tf.reduceSum(point.xy(), tf.constant(0)), tf.constant(0f));
  }

  @Map(parallel = 2)
  static Point doubled(Ops tf, Point point) {
    return new Point(tf.math.mul(point.xy(), tf.constant(2f)), point.cls());
  }

  @Batch(size = 2, dropRemainder = true)
  Point batch(Point point);

  @Repeat(count = 2)
  Point twice(Point batch);

  @Prefetch(2)
  Point prefetch(Point batch);
}

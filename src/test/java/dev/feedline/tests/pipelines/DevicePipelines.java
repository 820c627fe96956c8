package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.InMemorySource;
import dev.feedline.Map;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.PrefetchToDevice;
import org.tensorflow.op.Ops;

/** Batch-level stages on the training device, with and without a prefetch to it. */
public final class DevicePipelines {
  private DevicePipelines() {}

  /** Scales every point on the device. */
  static Point scale(Ops tf, Point batch) {
    return new Point(tf.math.add(tf.math.mul(batch.xy(), tf.constant(2f)), tf.constant(1f)),
        batch.cls());
  }

  /** A device map after the prefetch. */
  @Pipeline
  public interface Scaled {
    @InMemorySource
    Point points();

    @Batch(size = 4)
    Point batch(Point point);

    @Prefetch(AUTO)
    Point prefetch(Point batch);

    @Map(vectorized = true, onDevice = true)
    static Point scale(Ops tf, Point batch) {
      return DevicePipelines.scale(tf, batch);
    }
  }

  /** The same, then batches staged in device memory ahead of the step. */
  @Pipeline
  public interface Staged {
    @InMemorySource
    Point points();

    @Batch(size = 4)
    Point batch(Point point);

    @Prefetch(AUTO)
    Point prefetch(Point batch);

    @Map(vectorized = true, onDevice = true)
    static Point scale(Ops tf, Point batch) {
      return DevicePipelines.scale(tf, batch);
    }

    @PrefetchToDevice(buffer = 2)
    Point toDevice(Point batch);
  }
}

package dev.feedline.example;

import dev.feedline.Map;
import dev.feedline.Pipeline;
import dev.feedline.PrefetchToDevice;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TFloat32;

/**
 * The photo pipeline as a training job feeds a model: the CPU stages of {@link PhotoPipeline},
 * then batch-level work on the training device and batches staged in its memory ahead of the
 * step. {@code ./feedline train} runs it.
 */
@Pipeline(ramBudget = "4GiB")
public interface TrainingPipeline extends PhotoPipeline {
  /**
   * Widens and centers the pixels on the device: from 8-bit values to [-1, 1], a whole batch at
   * once. The batches cross to the device as 8-bit pixels, a quarter of the bytes of float32.
   */
  @Map(vectorized = true, onDevice = true)
  static Photo center(Ops tf, DecodedPhoto batch) {
    Operand<TFloat32> values = tf.dtypes.cast(batch.pixels(), TFloat32.class);
    Operand<TFloat32> centered =
        tf.math.sub(tf.math.mul(values, tf.constant(2f / 255)), tf.constant(1f));
    return new Photo(centered, batch.label(), batch.id());
  }

  @PrefetchToDevice(buffer = 2)
  Photo toDevice(Photo batch);
}

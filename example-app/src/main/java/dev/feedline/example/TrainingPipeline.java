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
  /** Centers the pixels on the device: from [0, 1] to [-1, 1], a whole batch at once. */
  @Map(vectorized = true, onDevice = true)
  static Photo center(Ops tf, Photo batch) {
    Operand<TFloat32> centered = tf.math.sub(tf.math.mul(batch.image(), tf.constant(2f)), tf.constant(1f));
    return new Photo(centered, batch.label(), batch.id());
  }

  @PrefetchToDevice(buffer = 2)
  Photo toDevice(Photo batch);
}

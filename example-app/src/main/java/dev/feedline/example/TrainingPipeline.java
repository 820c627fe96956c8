package dev.feedline.example;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Cache;
import dev.feedline.Decode;
import dev.feedline.Interleave;
import dev.feedline.Map;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.PrefetchToDevice;
import dev.feedline.Shuffle;
import dev.feedline.TFRecordSource;
import dev.feedline.photos.EncodedPhoto;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TString;

/**
 * The photo pipeline as a training job feeds a model: the CPU stages of {@link PhotoPipeline},
 * then batch-level work on the training device and batches staged in its memory ahead of the
 * step. {@code ./feedline train} runs it.
 */
@Pipeline(ramBudget = "4GiB")
public interface TrainingPipeline {
  @TFRecordSource(files = 8, records = 2048)
  Operand<TString> shards();

  @Interleave(cycleLength = 8, parallel = AUTO)
  Operand<TString> read(Operand<TString> shard);

  @Decode(parallel = AUTO)
  EncodedPhoto parse(Operand<TString> record);

  @Map(parallel = AUTO)
  static Photo decodeAndResize(Ops tf, EncodedPhoto photo) {
    return PhotoPipeline.decodeAndResize(tf, photo);
  }

  @Cache
  Photo cache(Photo photo);

  @Shuffle(buffer = 1000)
  Photo shuffle(Photo photo);

  @Batch(size = 32)
  Photo batch(Photo photo);

  @Prefetch(AUTO)
  Photo prefetch(Photo batch);

  /** Centers the pixels on the device: from [0, 1] to [-1, 1], a whole batch at once. */
  @Map(vectorized = true, onDevice = true)
  static Photo center(Ops tf, Photo batch) {
    Operand<TFloat32> centered = tf.math.sub(tf.math.mul(batch.image(), tf.constant(2f)), tf.constant(1f));
    return new Photo(centered, batch.label(), batch.id());
  }

  @PrefetchToDevice(buffer = 2)
  Photo toDevice(Photo batch);
}

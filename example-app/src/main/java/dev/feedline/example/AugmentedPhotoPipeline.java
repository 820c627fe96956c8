package dev.feedline.example;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Map;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.Shuffle;
import dev.feedline.runtime.ElementRandom;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TFloat32;

/**
 * The photo pipeline with random augmentation after the cache, reproducible: with the same seed,
 * every epoch's batches are the same bytes on every run, whatever parallelism the autotuner picks
 * and on any number of cores, and after a restored checkpoint. {@code ./feedline demo --augment
 * --seed S} runs it. It reads, decodes and caches as {@link PhotoPipeline} does, with the same
 * groups of stages.
 */
@Pipeline(ramBudget = "4GiB", reproducible = true)
public interface AugmentedPhotoPipeline
    extends PhotoStages.Files, PhotoStages.Decoding, PhotoStages.Cached {
  /** The margin the augmentation pads each side with before it crops back to 224×224. */
  int MARGIN = 16;

  /** A seeded order, new every epoch and the same on every run. */
  @Shuffle(buffer = 1000, seed = 42)
  DecodedPhoto shuffle(DecodedPhoto photo);

  /**
   * Shifts each photo by up to 16 pixels (pads with black, crops 224×224 at a random place),
   * mirrors half of them, and brightens or darkens each by up to 0.1, within [0, 1]. Every value
   * is drawn from the photo's own seed, so it runs in parallel and stays reproducible. It scales
   * the cached 8-bit pixels to [0, 1] first ({@link PhotoStages#scaled}).
   */
  @Map(parallel = AUTO, random = true)
  static Photo augment(Ops tf, DecodedPhoto decoded, ElementRandom random) {
    Photo photo = PhotoStages.scaled(tf, decoded);
    Operand<TFloat32> padded = tf.pad(photo.image(),
        tf.constant(new int[][] {{MARGIN, MARGIN}, {MARGIN, MARGIN}, {0, 0}}), tf.constant(0f));
    Operand<TFloat32> shifted =
        random.flipLeftRight(random.crop(padded, SIZE, SIZE));
    Operand<TFloat32> lit = tf.clipByValue(random.brightness(shifted, 0.1f), tf.constant(0f),
        tf.constant(1f));
    return new Photo(lit, photo.label(), photo.id());
  }

  @Batch(size = 32)
  Photo batch(Photo photo);

  @Prefetch(AUTO)
  Photo prefetch(Photo batch);
}

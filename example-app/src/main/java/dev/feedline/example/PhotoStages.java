package dev.feedline.example;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Cache;
import dev.feedline.Decode;
import dev.feedline.Interleave;
import dev.feedline.Map;
import dev.feedline.Prefetch;
import dev.feedline.Shuffle;
import dev.feedline.StageGroup;
import dev.feedline.TFRecordSource;
import dev.feedline.photos.EncodedPhoto;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.op.image.DecodeJpeg;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TString;
import org.tensorflow.types.TUint8;

/**
 * The photo pipeline's stages in groups, which {@link PhotoPipeline}, {@link TrainingPipeline},
 * the {@link BrokenPipelines} and the benchmarks' pipelines combine instead of writing them again.
 * In {@link PhotoPipeline}'s order: {@link Files}, {@link Decoding}, {@link Cached}, {@link Batches}.
 */
public final class PhotoStages {
  private PhotoStages() {}

  /** The demo's shards, read 8 files at a time. */
  @StageGroup
  public interface Files {
    /** The demo's default data set: 2048 photos in 8 shards (hints for the size checks). */
    @TFRecordSource(files = 8, records = 2048)
    Operand<TString> shards();

    @Interleave(cycleLength = 8, parallel = AUTO)
    Operand<TString> read(Operand<TString> shard);
  }

  /** Records to photos of the model's size, in parallel. */
  @StageGroup
  public interface Decoding {
    /** Side of the square images the model takes. */
    int SIZE = 224;

    @Decode(parallel = AUTO)
    EncodedPhoto parse(Operand<TString> record);

    /** Decodes the JPEG, resizes it to 224×224 and scales its values to [0, 1]. */
    @Map(parallel = AUTO)
    static Photo decodeAndResize(Ops tf, EncodedPhoto photo) {
      Operand<TUint8> rgb = tf.image.decodeJpeg(photo.jpeg(), DecodeJpeg.channels(3L));
      Operand<TFloat32> pixels = tf.dtypes.cast(rgb, TFloat32.class);
      Operand<TFloat32> resized = tf.image.resizeBilinear(
          tf.expandDims(pixels, tf.constant(0)), tf.constant(new int[] {SIZE, SIZE}));
      Operand<TFloat32> image = tf.math.div(tf.squeeze(resized), tf.constant(255f));
      return new Photo(image, photo.label(), photo.id());
    }
  }

  /** The decoded photos, kept in memory after the first epoch. */
  @StageGroup
  public interface Cached {
    @Cache
    Photo cache(Photo photo);
  }

  /** Shuffled batches of 32, the next prepared while a step runs. */
  @StageGroup
  public interface Batches {
    @Shuffle(buffer = 1000)
    Photo shuffle(Photo photo);

    @Batch(size = 32)
    Photo batch(Photo photo);

    @Prefetch(AUTO)
    Photo prefetch(Photo batch);
  }
}

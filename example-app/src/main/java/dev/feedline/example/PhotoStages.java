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
 * In {@link PhotoPipeline}'s order: {@link Files}, {@link Decoding}, {@link Cached}, {@link Batches},
 * in 8-bit pixels from the decode on; a model widens them ({@link #scaled}).
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

  /**
   * Records to photos of the model's size, in parallel, as 8-bit pixels: the cache after it then
   * holds a quarter of the bytes that float32 would take, and fills them in epoch 1 a quarter as
   * fast (the checker's {@code cache-widened-values} note; docs/performance.md).
   */
  @StageGroup
  public interface Decoding {
    /** Side of the square images the model takes. */
    int SIZE = 224;

    @Decode(parallel = AUTO)
    EncodedPhoto parse(Operand<TString> record);

    /** Decodes the JPEG, resizes it to 224×224 and rounds it back to 8-bit pixels. */
    @Map(parallel = AUTO)
    static DecodedPhoto decodeAndResize(Ops tf, EncodedPhoto photo) {
      return new DecodedPhoto(pixels(tf, resize(tf, photo.jpeg())), photo.label(), photo.id());
    }

    /** The JPEG's RGB values, 0 to 255, resized bilinearly to 224×224: fractions in between. */
    static Operand<TFloat32> resize(Ops tf, Operand<TString> jpeg) {
      Operand<TUint8> rgb = tf.image.decodeJpeg(jpeg, DecodeJpeg.channels(3L));
      Operand<TFloat32> values = tf.dtypes.cast(rgb, TFloat32.class);
      return tf.squeeze(tf.image.resizeBilinear(
          tf.expandDims(values, tf.constant(0)), tf.constant(new int[] {SIZE, SIZE})));
    }

    /**
     * Values of 0 to 255 rounded to the nearest pixel value. A bilinear resize of 0 to 255 never
     * leaves that range, so nothing is clipped; values that may leave it must be clipped first.
     */
    static Operand<TUint8> pixels(Ops tf, Operand<TFloat32> values) {
      return tf.dtypes.cast(tf.math.round(values), TUint8.class);
    }
  }

  /** The decoded photos, kept in memory after the first epoch. */
  @StageGroup
  public interface Cached {
    @Cache
    DecodedPhoto cache(DecodedPhoto photo);
  }

  /** Shuffled batches of 32, the next prepared while a step runs. */
  @StageGroup
  public interface Batches {
    @Shuffle(buffer = 1000)
    DecodedPhoto shuffle(DecodedPhoto photo);

    @Batch(size = 32)
    DecodedPhoto batch(DecodedPhoto photo);

    @Prefetch(AUTO)
    DecodedPhoto prefetch(DecodedPhoto batch);
  }

  /**
   * 8-bit pixels as float32 in [0, 1], of one photo or a whole batch: the model's work, not the
   * pipeline's, so that a GPU takes a quarter of the bytes across the bus and a served model
   * takes the same pixels as the serving function makes.
   */
  public static Photo scaled(Ops tf, DecodedPhoto photo) {
    return new Photo(scaled(tf, photo.pixels()), photo.label(), photo.id());
  }

  /** 8-bit pixels, of any shape, as float32 in [0, 1]. */
  public static Operand<TFloat32> scaled(Ops tf, Operand<TUint8> pixels) {
    return tf.math.mul(tf.dtypes.cast(pixels, TFloat32.class), tf.constant(1f / 255));
  }
}

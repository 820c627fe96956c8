package dev.feedline.runtime.internal;

import java.util.List;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Squeeze;
import org.tensorflow.op.image.DecodeJpeg;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TString;
import org.tensorflow.types.TUint8;

/** The image work of built-in stages, as graph ops. */
public final class Images {
  private Images() {}

  /**
   * Decodes a JPEG to {@code [height, width, channels]} float values in [0, 1]: decoded at
   * {@code 1/ratio} scale, in the DCT domain, then resized bilinearly.
   *
   * @param ratio 1, 2, 4 or 8
   */
  public static Operand<TFloat32> decodeJpeg(Ops tf, Operand<TString> jpeg, long channels,
      long ratio, long height, long width) {
    return tf.math.div(resized(tf, jpeg, channels, ratio, height, width), tf.constant(255f));
  }

  /**
   * Decodes a JPEG as {@link #decodeJpeg} does, to 8-bit values of 0 to 255 instead: the resized
   * values rounded to the nearest, a quarter of the bytes of float32 (for a cache, say). A
   * bilinear resize of 0 to 255 stays within them, so nothing needs clipping.
   */
  public static Operand<TUint8> decodeJpegPixels(Ops tf, Operand<TString> jpeg, long channels,
      long ratio, long height, long width) {
    return tf.dtypes.cast(tf.math.round(resized(tf, jpeg, channels, ratio, height, width)),
        TUint8.class);
  }

  /** The JPEG's values, 0 to 255, decoded at {@code 1/ratio} scale and resized bilinearly. */
  private static Operand<TFloat32> resized(Ops tf, Operand<TString> jpeg, long channels,
      long ratio, long height, long width) {
    Operand<TFloat32> pixels = tf.dtypes.cast(
        tf.image.decodeJpeg(jpeg, DecodeJpeg.channels(channels), DecodeJpeg.ratio(ratio)),
        TFloat32.class);
    Operand<TFloat32> resized = tf.image.resizeBilinear(tf.expandDims(pixels, tf.constant(0)),
        tf.constant(new int[] {(int) height, (int) width}));
    return tf.squeeze(resized, Squeeze.axis(List.of(0L)));
  }
}

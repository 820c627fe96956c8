package dev.feedline.runtime.internal;

import java.util.List;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Squeeze;
import org.tensorflow.op.image.DecodeJpeg;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TString;

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
    Operand<TFloat32> pixels = tf.dtypes.cast(
        tf.image.decodeJpeg(jpeg, DecodeJpeg.channels(channels), DecodeJpeg.ratio(ratio)),
        TFloat32.class);
    Operand<TFloat32> resized = tf.image.resizeBilinear(tf.expandDims(pixels, tf.constant(0)),
        tf.constant(new int[] {(int) height, (int) width}));
    return tf.math.div(tf.squeeze(resized, Squeeze.axis(List.of(0L))), tf.constant(255f));
  }
}

package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Decodes a JPEG into an image of the size the output record declares: RGB (3 channels) or
 * grayscale (1), resized bilinearly, and either scaled to [0, 1] or rounded to 8-bit values. The
 * input record has one {@code Operand<TString>} component, the JPEG; the output record has one
 * image component of static shape {@code [height, width, channels]}, {@code Operand<TFloat32>}
 * for values in [0, 1] or {@code Operand<TUint8>} for values of 0 to 255 (a quarter of the bytes,
 * for a cache after it), and every other output component is passed through from the input
 * component of the same name.
 *
 * <p>Knowing both sizes lets the generated code decode large JPEGs at 1/2, 1/4 or 1/8 scale in the
 * DCT domain (DecodeJpeg's {@code ratio}), which decodes and resizes a fraction of the pixels: it
 * does so when {@link #minSourceSide()} is at least twice the larger output side.
 *
 * <pre>{@code @DecodeJpeg(parallel = AUTO, minSourceSide = 640) Photo decode(EncodedPhoto photo);}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface DecodeJpeg {
  /** The smallest side, in pixels, of every source JPEG, if known; 0 if unknown. */
  int minSourceSide() default 0;

  /** Whether a large JPEG may be decoded at a reduced scale; false decodes every JPEG in full. */
  boolean scaledDecode() default true;

  /** Images decoded in parallel: {@link Feedline#AUTO}, a fixed count, or {@link Feedline#SEQUENTIAL}. */
  int parallel() default Feedline.SEQUENTIAL;

  /** Whether elements keep their input order when decoded in parallel. */
  boolean deterministic() default true;
}

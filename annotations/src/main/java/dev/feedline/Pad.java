package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * How {@link PaddedBatch} or {@link BucketByLength} pads one component: the value that fills the
 * padded positions, and the length to pad its first dimension to. Without it a component is
 * padded with zeros (empty strings) to the longest element of its batch.
 *
 * <pre>{@code @Pad(component = "tokens", value = -1, length = 40, truncate = true)}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({})
public @interface Pad {
  /** The component of the batched record. */
  String component();

  /** The padding value of a numeric component; it must be a value of the component's dtype. */
  double value() default 0;

  /** The padding value of a string component. */
  String text() default "";

  /**
   * The length to pad the first dimension to, which makes it static; {@link Feedline#UNKNOWN}
   * pads to the longest element of the batch.
   */
  long length() default Feedline.UNKNOWN;

  /**
   * Cuts elements longer than {@link #length()} to it instead of failing; a component marked
   * {@link LengthOf} this one is cut to the same length.
   */
  boolean truncate() default false;
}

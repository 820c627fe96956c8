package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Groups consecutive elements into windows of {@code size}, each stacked like a batch (a leading
 * dimension): tf.data's {@code window(size, shift, stride, drop_remainder)}, each window then
 * batched whole. With {@code shift} smaller than {@code size} the windows overlap.
 *
 * <pre>{@code @Window(size = 16, shift = 4, dropRemainder = true) Reading windows(Reading reading);}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Window {
  /** {@link #shift} value meaning "the window's size": windows that do not overlap. */
  long SAME_AS_SIZE = 0;

  /** Elements per window. */
  long size();

  /** Elements from the start of one window to the start of the next; {@link #SAME_AS_SIZE}. */
  long shift() default SAME_AS_SIZE;

  /** Elements from one element of a window to the next: 1 takes consecutive elements. */
  long stride() default 1;

  /**
   * Drops the last windows when they are shorter than {@code size}, so that every window has
   * exactly {@code size} elements, a static dimension.
   */
  boolean dropRemainder() default false;
}

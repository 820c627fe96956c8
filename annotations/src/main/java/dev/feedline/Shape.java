package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The static shape of one element component, without any batch dimension.
 *
 * <p>{@code @Shape({})} is a scalar, {@code @Shape({224, 224, 3})} an image. A dimension known
 * only at run time is {@link Feedline#UNKNOWN} ({@code -1}). {@link Batch} adds the leading batch
 * dimension itself.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
// FIELD too: javac copies it onto the record's field, where compiler messages can point.
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface Shape {
  /** Dimension sizes, outermost first; {@code -1} for unknown. */
  long[] value();
}

package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A source that hands out every element of the first pipeline in {@code of}, then every element
 * of the next, and so on: tf.data's {@code concatenate}. Every pipeline must hand out the element
 * type this method returns.
 *
 * <pre>{@code @Concatenate(of = {TrainRows.class, HoldOutRows.class}) Row rows();}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Concatenate {
  /** The {@code @Pipeline} interfaces read one after the other, two or more. */
  Class<?>[] of();
}

package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A source that takes each next element from the pipeline an index stream names: tf.data's
 * {@code choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset)}. The indices, into
 * {@code of}, are given at run time ({@code builder().choices(indices)}); the epoch ends with them.
 * Every pipeline must hand out the element type this method returns.
 *
 * <pre>{@code @Choose(of = {Easy.class, Hard.class}) Sample curriculum();}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Choose {
  /** The {@code @Pipeline} interfaces chosen from, two or more; index 0 is the first. */
  Class<?>[] of();

  /**
   * What happens when a chosen pipeline has run out: {@link OnEmpty#STOP} ends the epoch;
   * {@link OnEmpty#CONTINUE} skips that index and goes on with the next.
   */
  OnEmpty onEmpty() default OnEmpty.STOP;
}

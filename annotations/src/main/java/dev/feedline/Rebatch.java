package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Regroups the rows of batches into batches of {@code size} (tf.data's {@code rebatch}): the
 * first dimension of every component changes, the rows and their order do not. A batch may take
 * rows from two batches before it.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Rebatch {
  /** The rows of each new batch: 1 or more. */
  long size();

  /** Drops the last batch when it holds fewer rows; the first dimension is then static. */
  boolean dropRemainder() default false;
}

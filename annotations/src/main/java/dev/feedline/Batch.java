package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Stacks {@code size} consecutive elements into one; every component gains a leading batch
 * dimension, static when {@code dropRemainder} is true.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Batch {
  /** Elements per batch. */
  long size();

  /** Drops a last, smaller batch, so every batch has exactly {@code size} elements. */
  boolean dropRemainder() default false;
}

package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Stacks {@code size} consecutive elements into one, padding every dimension declared unknown
 * ({@code -1}) to the longest element of the batch with zeros (empty strings for strings).
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface PaddedBatch {
  /** Elements per batch. */
  long size();

  /** Drops a last, smaller batch, so every batch has exactly {@code size} elements. */
  boolean dropRemainder() default false;
}

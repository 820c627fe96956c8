package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Stacks {@code size} consecutive elements into one, padding every dimension declared unknown
 * ({@code -1}) to the longest element of the batch with zeros (empty strings for strings), or as
 * {@link #padding()} says per component: another value, a fixed length (which makes the dimension
 * static), truncation.
 *
 * <pre>{@code @PaddedBatch(size = 32, padding = @Pad(component = "tokens", value = -1, length = 40))}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface PaddedBatch {
  /** Elements per batch. */
  long size();

  /** Drops a last, smaller batch, so every batch has exactly {@code size} elements. */
  boolean dropRemainder() default false;

  /** How components are padded, where not to the longest with zeros. */
  Pad[] padding() default {};
}

package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Source stage: tensors held in memory, for tests and small data sets. The generated builder's
 * {@code data(...)} takes one tensor per component of the method's element record, each with a
 * leading dimension that counts the elements.
 *
 * <pre>{@code @InMemorySource Sample samples();}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface InMemorySource {
  /** How many elements the data will hold, if known: a size hint for the checks; 0 if unknown. */
  long records() default 0;
}

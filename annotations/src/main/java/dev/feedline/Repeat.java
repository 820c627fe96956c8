package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Repeats the elements {@code count} times, or forever with {@link Feedline#FOREVER}. */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Repeat {
  /** Number of passes, or {@link Feedline#FOREVER}. */
  long count() default Feedline.FOREVER;
}

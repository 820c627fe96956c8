package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Caches elements during the first epoch and serves later epochs from the cache: in memory by
 * default, or in files with the given path prefix.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Cache {
  /** File path prefix for an on-disk cache; empty for an in-memory cache. */
  String file() default "";
}

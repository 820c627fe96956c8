package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Caches elements during the first epoch and serves later epochs from the cache: in memory by
 * default, or in files under a path prefix. A file cache outlives the process: a later run with the
 * same prefix reads it instead of its input, so change the prefix when the stages before it change.
 * The generated builder's {@code <method>File(prefix)} sets the prefix at run time.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Cache {
  /**
   * File path prefix of an on-disk cache, used unless the builder gives another; empty for an
   * in-memory cache.
   */
  String file() default "";
}

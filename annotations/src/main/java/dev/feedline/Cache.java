package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Caches elements during the first epoch and serves later epochs from the cache: in memory by
 * default, or in files in a folder. A file cache outlives the process: a later run reads it instead
 * of its input, when its key is the same. The cache lives in {@code file/<key>/}, where the key is
 * a fingerprint of everything before it: the graph of the stages up to it (the bodies of its maps
 * and decodes as traced, parse specs, values, shapes), the files the source reads (path, size,
 * modification time, a sample of their content) and the TensorFlow version; a cache of other data
 * or other code is never read. A cache becomes complete, by an atomic rename, only after an epoch
 * that read all of it. The generated builder's {@code <method>File(folder)} sets the folder at run
 * time, and {@code keepCaches(n)} how many complete caches it keeps.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Cache {
  /**
   * The folder of an on-disk cache, one sub-folder per key, used unless the builder gives another;
   * empty for an in-memory cache.
   */
  String file() default "";
}

package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Keeps this worker's share of the elements when several workers read the same pipeline: element
 * {@code i} goes to worker {@code i % workerCount}. The generated builder's
 * {@code worker(index, count)} names the worker at run time. Placed right after the
 * {@link TFRecordSource}, it splits files, so no worker reads another's data.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Shard {
  /** How many workers the job usually runs, if known: a hint for the checks; 0 if unknown. */
  int workers() default 0;
}

package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Prepares elements ahead of the consumer, so input work for step N+1 overlaps step N. It belongs
 * at the end of the pipeline, after {@link Batch}.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Prefetch {
  /** Elements buffered: {@link Feedline#AUTO} lets tf.data tune it, or a fixed count. */
  long value() default Feedline.AUTO;
}

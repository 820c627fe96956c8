package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Copies batches into the training device's memory ahead of the step: while step N runs, batch
 * N+1 (and the {@code onDevice} maps before this stage) is already being placed there. The last
 * stage of a pipeline, after {@link Prefetch}.
 *
 * <pre>{@code @PrefetchToDevice(buffer = 2) Photo toDevice(Photo batch);}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface PrefetchToDevice {
  /** Batches held in device memory ahead of the step. */
  int buffer() default 2;
}

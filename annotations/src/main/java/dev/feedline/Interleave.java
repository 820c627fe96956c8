package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Reads the TFRecord files named by the source, several at a time: tf.data's
 * {@code interleave(TFRecordDataset, cycle_length, block_length, num_parallel_calls)}.
 *
 * <pre>{@code @Interleave(cycleLength = 8, parallel = AUTO) Operand<TString> read(Operand<TString> file);}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Interleave {
  /** Files read at once; {@link Feedline#AUTO} lets tf.data choose from the CPU count. */
  int cycleLength() default Feedline.AUTO;

  /** Consecutive records taken from one file before moving to the next. */
  int blockLength() default 1;

  /** Files read in parallel: {@link Feedline#AUTO}, a fixed count, or {@link Feedline#SEQUENTIAL}. */
  int parallel() default Feedline.SEQUENTIAL;

  /** Whether records keep a deterministic order; {@code false} trades order for throughput. */
  boolean deterministic() default true;
}

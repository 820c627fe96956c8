package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Batches elements of similar length together: the length of {@link #component()}'s first
 * dimension picks a bucket, and each bucket is padded and batched on its own, with a batch size of
 * its own. Bucket {@code i} holds the lengths from {@code boundaries[i - 1]} up to, not including,
 * {@code boundaries[i]}; the first starts at 0, the last has no end. Batches padded to the
 * longest of similar lengths waste far fewer positions than batches of any lengths
 * (tf.data's {@code bucket_by_sequence_length}).
 *
 * <pre>{@code
 * @BucketByLength(component = "tokens", boundaries = {8, 16, 32}, batchSizes = {64, 32, 16, 8})
 * Review batch(Review review);
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface BucketByLength {
  /** The variable-length component whose length picks the bucket. */
  String component();

  /** The upper length boundaries of the buckets, ascending. */
  long[] boundaries();

  /** The batch size of each bucket: one more than there are boundaries. */
  long[] batchSizes();

  /**
   * Pads each batch to its bucket's boundary minus 1 rather than to its longest element; the
   * last bucket, which has no boundary, is padded to its longest element.
   */
  boolean padToBoundary() default false;

  /** Drops a bucket's last, smaller batch. */
  boolean dropRemainder() default false;

  /** How components are padded, where not with zeros. */
  Pad[] padding() default {};
}

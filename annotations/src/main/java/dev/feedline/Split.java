package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Keeps one side of a train/eval split: an element is in the evaluation side when a stable hash
 * of its {@code key} component (SipHash keyed by {@code seed}, TensorFlow's
 * {@code StringToHashBucketStrong}) falls in the first {@code evalPercent} of 100 buckets, and in
 * the training side otherwise. The two sides are disjoint and together hold every element by
 * construction, whatever shuffles come before, in every epoch, run, resume and worker count;
 * {@code take}/{@code skip} after a shuffle that reshuffles each epoch is not
 * (tensorflow/tensorflow#59279).
 *
 * <p>A training pipeline and an evaluation pipeline usually share a {@code @StageGroup} and differ
 * only in {@code side}: the evaluation pipeline overrides the group's split method with
 * {@code side = SplitSide.EVAL}. The processor checks that two splits of one name over one record
 * agree on {@code evalPercent}, {@code seed} and {@code key}.
 *
 * <p>Without a key the hash is of the element's position in the order before the split: the file
 * and record order of the source, which the processor requires to be the same every epoch and
 * run (no shuffle that reshuffles or has no seed before it). With {@code @Shard} before it, the
 * positions are those of one worker's share, so the sides hold across runs of one worker count
 * only; a key holds across any.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Split {
  /** The side this pipeline keeps. */
  SplitSide side();

  /** The percent of elements, 1 to 99, in the evaluation side. */
  int evalPercent();

  /**
   * The scalar string or integer component whose value identifies an element (an id, a file
   * name, a word); empty: the element's position in the order before the split.
   */
  String key() default "";

  /** The hash's seed: another seed draws another split of the same size. */
  long seed() default 0;
}

package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares an input pipeline: an interface whose stage methods, in source order, are its stages.
 *
 * <p>The first stage is a source ({@link TFRecordSource} or {@link InMemorySource}); every later
 * stage takes the previous stage's element as its parameter and returns its own element. Built-in
 * stages ({@link Interleave}, {@link Decode}, {@link Shuffle}, {@link Cache}, {@link Batch},
 * {@link Repeat}, {@link Prefetch}) are abstract methods; {@link Map} and {@link Filter} are static
 * methods whose body is TensorFlow graph code.
 *
 * <p>A pipeline may extend {@link StageGroup}s and other pipelines: their stages come first, in
 * {@code extends} order, then its own, and an own stage under an inherited one's name replaces it
 * in place. Only the stages are inherited, not this annotation's settings.
 *
 * <p>The annotation processor checks the pipeline while javac runs and generates
 * {@code Feedline<Name>} beside it: the tf.data graph, typed outputs and an epoch iterator.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Pipeline {
  /**
   * The host memory this pipeline's caches and buffers may use, such as {@code "8GiB"}; the size
   * checks compare their estimates with it. Empty: the build's {@code -Afeedline.ramBudget}, or
   * no budget, in which case those checks only note that they cannot judge.
   */
  String ramBudget() default "";

  /**
   * The output must be the same on every run: the checker then flags non-deterministic stages and
   * unseeded randomness.
   */
  boolean reproducible() default false;

  /**
   * The consumer needs fully static shapes (XLA, a fixed-size model input): the checker then
   * flags batches whose size may vary.
   */
  boolean staticShapes() default false;
}

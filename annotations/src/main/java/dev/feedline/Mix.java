package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A source that mixes the elements of other pipelines, drawing each next element from one of
 * them at random with the given weights: tf.data's
 * {@code sample_from_datasets(datasets, weights, seed, stop_on_empty_dataset)}. Every pipeline in
 * {@code of} must hand out the element type this method returns; each is built by its own
 * generated class, whose builder the mixing pipeline's builder takes.
 *
 * <pre>{@code @Mix(of = {CityPhotos.class, FlowerPhotos.class}, weights = {0.7, 0.3}, seed = 7)
 * Photo photos();}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Mix {
  /** Seed value meaning "draw a random seed when the pipeline is built". */
  long RANDOM_SEED = -1;

  /** The {@code @Pipeline} interfaces mixed, two or more. */
  Class<?>[] of();

  /** One positive weight per pipeline in {@code of}, in order; empty for equal weights. */
  double[] weights() default {};

  /**
   * A fixed seed (0 or more): the same sequence of draws on every run, a new one each epoch; or
   * {@link #RANDOM_SEED}.
   */
  long seed() default RANDOM_SEED;

  /**
   * What happens when one pipeline runs out: {@link OnEmpty#STOP} ends the epoch, so every element
   * handed out was drawn with the declared weights; {@link OnEmpty#CONTINUE} goes on with the
   * others until all are empty.
   */
  OnEmpty onEmpty() default OnEmpty.STOP;
}

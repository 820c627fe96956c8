package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Shuffles elements through a buffer of {@code buffer} elements. Every epoch draws a new order
 * unless {@code reshuffleEachEpoch} is false; a fixed {@code seed} makes the sequence of orders the
 * same on every run.
 *
 * <p>Right after an {@link InMemorySource}, or a memory {@link Cache} over one, the shuffle is
 * global instead: it permutes the elements' indices, holds no buffer (so {@code buffer} is not
 * used), makes every order equally likely, and a checkpoint records its position. TensorFlow
 * gives no random access past a map, a prefetch or a file reader, so there it keeps the buffer
 * (docs/performance.md#global-shuffle).
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Shuffle {
  /** Seed value meaning "draw a random seed when the pipeline is built". */
  long RANDOM_SEED = -1;

  /** Elements held in the shuffle buffer; larger shuffles better and costs memory. */
  long buffer();

  /** A fixed seed (0 or more) for reproducible orders, or {@link #RANDOM_SEED}. */
  long seed() default RANDOM_SEED;

  /**
   * Draws a new order every epoch (the default). {@code false} repeats the first epoch's order,
   * which a split by {@link Take} and {@link Skip} needs so that its halves stay apart.
   */
  boolean reshuffleEachEpoch() default true;
}

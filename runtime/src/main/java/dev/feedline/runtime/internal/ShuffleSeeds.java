package dev.feedline.runtime.internal;

import java.security.SecureRandom;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TInt64;

/**
 * The seeds generated shuffles pass to {@code ShuffleDatasetV3}, which takes two: TensorFlow's
 * graph-level and op-level seeds. Seeds (0, 0) make TensorFlow draw fresh random seeds.
 */
public final class ShuffleSeeds {
  /**
   * The first seed of every seeded shuffle: Python tf.data's default graph seed
   * ({@code DEFAULT_GRAPH_SEED} in tensorflow/python/framework/random_seed.py), so that a seeded
   * Feedline shuffle is seeded the way a seeded Python one is.
   */
  public static final long GRAPH_SEED = 87_654_321L;

  /**
   * One random seed per run, for an unseeded shuffle that keeps its order across epochs
   * ({@code reshuffleEachEpoch = false}).
   */
  public static final long RUN_SEED = new SecureRandom().nextLong() & Long.MAX_VALUE;

  /**
   * How far apart the seeds of consecutive epochs lie: a prime, so that the epochs of nearby
   * declared seeds (7 and 8, say) do not replay each other's orders one epoch apart.
   */
  static final long EPOCH_STRIDE = 1_000_003L;

  private ShuffleSeeds() {}

  /**
   * The second seed of a seeded shuffle that draws a new order every epoch: {@code seed}, moved by
   * the epoch's number, so every epoch has its own order, the same on every run and after a
   * restore.
   */
  public static Operand<TInt64> ofEpoch(Ops tf, long seed, Operand<TInt64> epoch) {
    return tf.math.add(tf.constant(seed), tf.math.mul(epoch, tf.constant(EPOCH_STRIDE)));
  }
}

package dev.feedline.runtime.internal;

import dev.feedline.runtime.ElementRandom;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import org.tensorflow.Operand;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.random.StatelessRandomGetKeyCounterAlg;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.family.TType;

/**
 * What generated code builds around a map that takes an {@link ElementRandom}: the numbering of
 * its input, and the stage's seed for each epoch.
 *
 * <p>An element's seed is a function of the pipeline's seed, the stage's position, the epoch's
 * number and the element's position in the stage's input. The first three are one seed per stage
 * and epoch, computed when the epoch starts and passed to the map's function as a captured
 * argument; the position comes with the element, from a counter zipped with the input. None of
 * them depends on which thread maps the element or when, and all of them are restored with a
 * checkpoint: the counter's state is part of the iterator's.
 */
public final class ElementSeeds {
  private static final SecureRandom SEEDS = new SecureRandom();

  private ElementSeeds() {}

  /**
   * The input of a seeded map, each element with its position in it, from 0, as one more
   * component at the end: tf.data's {@code enumerate}, with the count last.
   *
   * @param spec the input's elements
   */
  public static Operand<? extends TType> numbered(Ops tf, Operand<? extends TType> dataset,
      ElementSpec spec) {
    Operand<? extends TType> counter = tf.data.rangeDataset(tf.constant(0L),
        tf.constant(Long.MAX_VALUE), tf.constant(1L), List.of(TInt64.class),
        List.of(Shape.scalar()));
    List<Class<? extends TType>> types = new ArrayList<>(spec.types());
    types.add(TInt64.class);
    List<Shape> shapes = new ArrayList<>(spec.shapes());
    shapes.add(Shape.scalar());
    return tf.data.zipDataset(List.of(dataset, counter), types, shapes);
  }

  /**
   * The seed, shape {@code [2]}, of stage {@code stage} (its position in the pipeline) in epoch
   * {@code epoch}: distinct for every stage and epoch of a pipeline seed.
   */
  public static Operand<TInt64> stageSeed(Ops tf, long seed, Operand<TInt64> epoch, long stage) {
    return foldIn(tf, tf.constant(new long[] {seed, stage}), epoch);
  }

  /**
   * TensorFlow's {@code stateless_fold_in}: a new seed, {@code [random(seed), data]}, distinct for
   * every {@code data} and unrelated to {@code seed}'s other children.
   */
  public static Operand<TInt64> foldIn(Ops tf, Operand<TInt64> seed, Operand<TInt64> data) {
    StatelessRandomGetKeyCounterAlg key = tf.random.statelessRandomGetKeyCounterAlg(seed);
    Operand<TInt64> drawn = tf.random.statelessRandomUniformFullIntV2(tf.constant(new long[0]),
        key.key(), key.counter(), key.alg(), TInt64.class);
    return tf.stack(List.of(drawn, data));
  }

  /**
   * A seed for a pipeline built without one: each build draws its own, so its random stages
   * differ from run to run, as an unseeded shuffle does.
   */
  public static long drawn() {
    return SEEDS.nextLong();
  }
}

package dev.feedline.runtime.internal;

import dev.feedline.runtime.PipelineInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.tensorflow.ConcreteFunction;
import org.tensorflow.Operand;
import org.tensorflow.Signature;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.op.data.DirectedInterleaveDataset;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.family.TType;

/**
 * The dataset ops of sources that read several pipelines: a weighted mix, a concatenation, a zip.
 *
 * <p>A mix is a {@code DirectedInterleaveDataset} steered by a selector dataset of pipeline
 * indices. The selector draws each index from the weights with a stateless categorical sample
 * whose seed comes from a {@code RandomDataset}, as tf.data's {@code sample_from_datasets} does:
 * the draws depend only on the seeds, so a seeded mix draws the same sequence on every run, and
 * the iterator's checkpoint holds the selector's position, so a restored epoch draws on exactly.
 */
public final class Mixing {
  /** The key of the selector's function. */
  static final String SELECT = "select_pipeline";

  private Mixing() {}

  /**
   * Mixes {@code pipelines}, drawing the next element's pipeline with {@code weights}.
   *
   * @param weights one positive weight per pipeline, not necessarily normalised
   * @param seed empty to let TensorFlow draw random seeds; else moved by {@code epoch}, so each
   *     epoch draws its own sequence, the same on every run
   * @param stopOnEmpty whether the epoch ends when the first pipeline ends
   * @param spec the elements every pipeline hands out
   */
  public static Operand<? extends TType> sample(Ops tf, List<Operand<? extends TType>> pipelines,
      double[] weights, OptionalLong seed, Operand<TInt64> epoch, boolean stopOnEmpty,
      ElementSpec spec) {
    if (weights.length != pipelines.size()) {
      throw new IllegalArgumentException(weights.length + " weights for " + pipelines.size()
          + " pipelines");
    }
    return tf.data.directedInterleaveDataset(selector(tf, weights, seed, epoch), pipelines,
        spec.types(), spec.shapes(), DirectedInterleaveDataset.stopOnEmptyDataset(stopOnEmpty));
  }

  /**
   * An endless dataset of pipeline indices, each drawn with probability {@code weights[i] / sum}:
   * pairs of random int64 values seed one stateless categorical draw each.
   */
  private static Operand<? extends TType> selector(Ops tf, double[] weights, OptionalLong seed,
      Operand<TInt64> epoch) {
    Operand<TInt64> first = tf.constant(seed.isPresent() ? ShuffleSeeds.GRAPH_SEED : 0L);
    Operand<TInt64> second = seed.isPresent()
        ? ShuffleSeeds.ofEpoch(tf, seed.getAsLong(), epoch) : tf.constant(0L);
    Operand<? extends TType> random = tf.data.randomDataset(first, second,
        tf.random.dummySeedGenerator(), List.of(TInt64.class), List.of(Shape.scalar()));
    Operand<? extends TType> pairs = tf.data.batchDataset(random, tf.constant(2L),
        tf.constant(true), List.of(TInt64.class), List.of(Shape.of(2)));
    try (ConcreteFunction select = ConcreteFunction.create(ops -> selectFunction(ops, weights))) {
      return DatasetOps.inlineMap(tf, pairs, select, List.of(TInt64.class),
          List.of(Shape.scalar()));
    }
  }

  private static Signature selectFunction(Ops tf, double[] weights) {
    Placeholder<TInt64> seeds = tf.placeholder(TInt64.class, Placeholder.shape(Shape.of(2)));
    double total = 0;
    for (double w : weights) {
      total += w;
    }
    float[] logits = new float[weights.length];
    for (int i = 0; i < weights.length; i++) {
      logits[i] = (float) Math.log(weights[i] / total);
    }
    Operand<TFloat32> row = tf.constant(new float[][] {logits});
    Operand<TInt64> drawn = tf.random.statelessMultinomial(row, tf.constant(1), seeds,
        TInt64.class);
    return Signature.builder().key(SELECT).input("seeds", seeds)
        .output("index", tf.reshape(drawn, tf.constant(new long[0])))
        .build();
  }

  /**
   * Checks weights given at run time for a mix of {@code pipelines}: one positive, finite weight
   * per pipeline.
   *
   * @return a copy of {@code weights}
   * @throws IllegalArgumentException naming the pipeline, stage and weight otherwise
   */
  public static double[] weights(PipelineInfo pipeline, String stage, List<String> pipelines,
      double[] weights) {
    String mix = "Pipeline " + pipeline.simpleName() + ": @Mix '" + stage + "'";
    if (weights.length != pipelines.size()) {
      throw new IllegalArgumentException(mix + " mixes " + pipelines.size() + " pipelines ("
          + String.join(", ", pipelines) + "), so it takes " + pipelines.size()
          + " weights, not " + weights.length);
    }
    for (int i = 0; i < weights.length; i++) {
      if (!(weights[i] > 0) || Double.isInfinite(weights[i])) {
        throw new IllegalArgumentException(mix + " gives pipeline " + pipelines.get(i)
            + " the weight " + weights[i] + "; a weight is a positive, finite number");
      }
    }
    return weights.clone();
  }

  /**
   * Takes each element from the pipeline {@code indices} names next, as tf.data's
   * {@code choose_from_datasets} does; the epoch ends with the indices.
   *
   * @param stopOnEmpty whether the epoch ends when a chosen pipeline has run out, rather than
   *     skipping that index
   */
  public static Operand<? extends TType> choose(Ops tf, List<Operand<? extends TType>> pipelines,
      InMemoryData indices, boolean stopOnEmpty, ElementSpec spec) {
    Operand<? extends TType> selector = tf.data.tensorSliceDataset(indices.values(),
        List.of(Shape.scalar()));
    return tf.data.directedInterleaveDataset(selector, pipelines, spec.types(), spec.shapes(),
        DirectedInterleaveDataset.stopOnEmptyDataset(stopOnEmpty));
  }

  /**
   * Checks the indices of a {@code @Choose} before they reach the graph: a vector of indices into
   * its {@code pipelines} pipelines.
   *
   * @throws IllegalStateException when none were given
   * @throws IllegalArgumentException naming the first index out of range, and its position
   */
  public static void checkChoices(PipelineInfo pipeline, String stage, int pipelines,
      TInt64 indices) {
    String choose = "Pipeline " + pipeline.simpleName() + ": @Choose '" + stage + "'";
    if (indices == null) {
      throw new IllegalStateException(choose + " needs its indices: give them to the builder"
          + " before building");
    }
    if (indices.shape().numDimensions() != 1) {
      throw new IllegalArgumentException(choose + " takes a vector of indices, not a tensor of"
          + " shape " + indices.shape());
    }
    for (long i = 0; i < indices.shape().get(0); i++) {
      long index = indices.getLong(i);
      if (index < 0 || index >= pipelines) {
        throw new IllegalArgumentException(choose + " chooses from " + pipelines
            + " pipelines, indices 0 to " + (pipelines - 1) + ", but index " + i + " is "
            + index);
      }
    }
  }

  /** Hands out every element of each pipeline in turn, in order. */
  public static Operand<? extends TType> concatenate(Ops tf,
      List<Operand<? extends TType>> pipelines, ElementSpec spec) {
    Operand<? extends TType> dataset = pipelines.get(0);
    for (Operand<? extends TType> next : pipelines.subList(1, pipelines.size())) {
      dataset = tf.data.concatenateDataset(dataset, next, spec.types(), spec.shapes());
    }
    return dataset;
  }

  /**
   * Joins element {@code i} of every pipeline into one, whose components are theirs in order; an
   * epoch whose pipelines hand out unequal numbers of elements fails at the end of the shortest,
   * naming every pipeline's count ({@link StrictZip}), instead of dropping the rest of the others.
   *
   * @param stage the {@code @Zip} stage, and {@code names} its pipelines, for the message
   * @param components how many components each pipeline's elements have, in order
   */
  public static Operand<? extends TType> zip(Ops tf, String stage,
      List<String> names, List<Operand<? extends TType>> pipelines, int[] components,
      ElementSpec spec) {
    return StrictZip.zip(tf, stage, names, pipelines, components, spec);
  }
}

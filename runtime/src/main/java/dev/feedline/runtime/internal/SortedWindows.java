package dev.feedline.runtime.internal;

import java.util.ArrayList;
import java.util.List;
import org.tensorflow.ConcreteFunction;
import org.tensorflow.Operand;
import org.tensorflow.Signature;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.data.ShuffleDataset;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.family.TType;

/**
 * Batching by length without a dataset per bucket: a window of {@code windowBatches} batches is
 * padded at once, ordered by the length of one component and cut into batches of one size in
 * the same step, each cut back to its own longest element, and the batches are shuffled. Every
 * element is in exactly one batch; every batch holds {@code batchSize} elements but the epoch's
 * last. A batch holds the neighbours in length order of one window, whatever the buckets'
 * boundaries: it may hold elements of two neighbouring buckets, never elements of two windows.
 *
 * <p>tf.data's {@code GroupByWindowDataset} calls its key function for every element through
 * the function runtime: 36 to 42 µs of CPU a word on a 2-core AMD EPYC against 6.7 for a padded
 * batch (docs/performance.md#bucketing). Here one function call an element measures its shapes,
 * and the sort and cut run once a window, the trim once a batch: the unbatch after the sort
 * hands out a window's batches, not its elements for a batch to copy again.
 *
 * @param component the index of the component whose length orders the window
 * @param batchSize the size of every batch
 * @param windowBatches how many batches one window holds, and the batches the shuffle after holds
 * @param dropRemainder whether the epoch's last, smaller batch is dropped
 */
public record SortedWindows(int component, long batchSize, long windowBatches,
    boolean dropRemainder, Padding padding) {

  /**
   * Batches the elements of {@code dataset} ({@code input}) into batches ({@code output}), the
   * batches shuffled with {@code seed1} and {@code seed2} as {@code ShuffleDatasetV3} takes them.
   */
  public Operand<? extends TType> batch(Ops tf, Operand<? extends TType> dataset,
      ElementSpec input, ElementSpec output, Operand<TInt64> seed1, Operand<TInt64> seed2) {
    TVariant.register();
    ElementSpec measured = measuredSpec(input);
    ElementSpec windowSpec = batchedSpec(measured);
    Operand<? extends TType> truncated = padding.truncate(tf, dataset, input);
    Operand<? extends TType> out;
    try (ConcreteFunction measure = ConcreteFunction.create(f -> measureFunction(f, input))) {
      out = DatasetOps.inlineMap(tf, truncated, measure, measured.types(), measured.shapes());
    }
    List<Operand<TInt64>> paddedShapes = new ArrayList<>();
    List<Operand<?>> values = new ArrayList<>(padding.values(tf, input));
    for (ElementSpec.Component c : input.components()) {
      paddedShapes.add(tf.constant(padding.paddedShape(c)));
    }
    for (ElementSpec.Component c : measured.components().subList(input.size(), measured.size())) {
      paddedShapes.add(tf.constant(c.shape().asArray()));
      values.add(tf.constant(0L));
    }
    out = tf.data.paddedBatchDataset(out, tf.constant(batchSize * windowBatches), paddedShapes,
        values, tf.constant(false), windowSpec.shapes());
    // The window sorted and cut at once, [batches, batchSize, ...]: the unbatch after it hands
    // out 16 batches, not 1,024 words for a batch to copy again.
    ElementSpec cutSpec = cutSpec(input, measured);
    try (ConcreteFunction sort = ConcreteFunction.create(
        f -> sortFunction(f, input, windowSpec, cutSpec))) {
      out = DatasetOps.inlineMap(tf, out, sort, cutSpec.types(), cutSpec.shapes());
    }
    ElementSpec batchSpec = unbatchedSpec(cutSpec);
    out = tf.data.unbatchDataset(out, batchSpec.types(), batchSpec.shapes());
    try (ConcreteFunction trim = ConcreteFunction.create(f -> trimFunction(f, input, batchSpec))) {
      out = DatasetOps.inlineMap(tf, out, trim, output.types(), output.shapes());
    }
    return tf.data.shuffleDataset(out, tf.constant(windowBatches), seed1, seed2,
        tf.random.dummySeedGenerator(), output.types(), output.shapes(),
        ShuffleDataset.reshuffleEachIteration(false)); // the seeds set the order
  }

  /** The components padded to a batch's longest: those with a dimension of no fixed length. */
  private boolean[] trimmed(ElementSpec input) {
    boolean[] trimmed = new boolean[input.size()];
    for (int i = 0; i < input.size(); i++) {
      for (long d : padding.paddedShape(input.components().get(i))) {
        trimmed[i] |= d < 0;
      }
    }
    return trimmed;
  }

  /** The input's components, then the shape of each one a batch is trimmed to, int64 [rank]. */
  private ElementSpec measuredSpec(ElementSpec input) {
    List<ElementSpec.Component> components = new ArrayList<>(input.components());
    boolean[] trimmed = trimmed(input);
    for (int i = 0; i < input.size(); i++) {
      ElementSpec.Component c = input.components().get(i);
      if (trimmed[i] || i == component) {
        components.add(ElementSpec.component("shape_of_" + c.name(), TInt64.class,
            Shape.of(c.shape().numDimensions())));
      }
    }
    return new ElementSpec(components);
  }

  private static ElementSpec batchedSpec(ElementSpec spec) {
    List<ElementSpec.Component> components = new ArrayList<>();
    for (ElementSpec.Component c : spec.components()) {
      components.add(ElementSpec.component(c.name(), c.type(), Shape.of(-1).append(c.shape())));
    }
    return new ElementSpec(components);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private Signature measureFunction(Ops tf, ElementSpec input) {
    Signature.Builder signature = Signature.builder().key("measure_lengths");
    List<Operand<?>> shapes = new ArrayList<>();
    boolean[] trimmed = trimmed(input);
    List<Operand<?>> ins = input.inputs(tf, signature);
    for (int i = 0; i < input.size(); i++) {
      ElementSpec.Component c = input.components().get(i);
      Operand<?> in = ins.get(i);
      signature.output(c.name(), tf.identity((Operand) in));
      if (trimmed[i] || i == component) {
        shapes.add(tf.shape(in, TInt64.class));
      }
    }
    for (int i = 0; i < shapes.size(); i++) {
      signature.output("shape_" + i, shapes.get(i));
    }
    return signature.build();
  }

  /**
   * What the sort hands the unbatch: each input component as {@code [batches, batchSize, ...]},
   * then, for each one trimmed, its longest dimensions in each batch, then each batch's rows.
   */
  private ElementSpec cutSpec(ElementSpec input, ElementSpec measured) {
    List<ElementSpec.Component> components = new ArrayList<>();
    for (ElementSpec.Component c : input.components()) {
      components.add(ElementSpec.component(c.name(), c.type(),
          Shape.of(-1, batchSize).append(c.shape())));
    }
    boolean[] trimmed = trimmed(input);
    for (int i = 0; i < input.size(); i++) {
      if (trimmed[i]) {
        ElementSpec.Component shape = measured.components().get(shapeIndex(measured, i));
        components.add(ElementSpec.component("longest_" + input.components().get(i).name(),
            TInt64.class, Shape.of(-1).append(shape.shape())));
      }
    }
    components.add(ElementSpec.component("rows", TInt64.class, Shape.of(-1)));
    return new ElementSpec(components);
  }

  private static ElementSpec unbatchedSpec(ElementSpec spec) {
    List<ElementSpec.Component> components = new ArrayList<>();
    for (ElementSpec.Component c : spec.components()) {
      components.add(ElementSpec.component(c.name(), c.type(), c.shape().tail()));
    }
    return new ElementSpec(components);
  }

  /**
   * Orders a window by the length of {@link #component()}, shortest first, ties as they came,
   * and cuts it into batches: the last one's missing rows repeat its last element, which the
   * trim cuts off again (and which is no longer than the batch's longest).
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private Signature sortFunction(Ops tf, ElementSpec input, ElementSpec window, ElementSpec cut) {
    Signature.Builder signature = Signature.builder().key("sort_window");
    List<Operand<?>> ins = window.inputs(tf, signature);
    Operand<TInt64> lengths = tf.gather((Operand<TInt64>) ins.get(shapeIndex(window, component)),
        tf.constant(0), tf.constant(1));
    Operand<TInt32> n = tf.size(lengths);
    // TopK keeps equal values in their order, so the order is one function of the window.
    Operand<TInt32> order = tf.nn.topK(tf.math.neg(lengths), n,
        new org.tensorflow.op.nn.TopK.Options[0]).indices();
    Operand<TInt32> size = tf.constant((int) batchSize);
    Operand<TInt32> batches = dropRemainder ? tf.math.floorDiv(n, size)
        : tf.math.floorDiv(tf.math.add(n, tf.constant((int) batchSize - 1)), size);
    Operand<TInt32> rows = tf.math.mul(batches, size);
    Operand<TInt32> picked = tf.gather(order, tf.math.minimum(
        tf.range(tf.constant(0), rows, tf.constant(1)), tf.math.sub(n, tf.constant(1))),
        tf.constant(0));
    Operand<TInt32> batchesAndSize = tf.stack(List.of(batches, size));
    for (int i = 0; i < input.size(); i++) {
      Operand<?> sorted = tf.gather((Operand) ins.get(i), picked, tf.constant(0));
      signature.output(input.components().get(i).name(), tf.reshape(sorted, tf.concat(
          List.of(batchesAndSize, tf.slice(tf.shape(sorted), tf.constant(new int[] {1}),
              tf.constant(new int[] {-1}))), tf.constant(0))));
    }
    boolean[] trimmed = trimmed(input);
    for (int i = 0; i < input.size(); i++) {
      if (trimmed[i]) {
        Operand<TInt64> shapes = tf.gather((Operand<TInt64>) ins.get(shapeIndex(window, i)),
            picked, tf.constant(0));
        Operand<TInt64> perBatch = tf.reshape(shapes, tf.stack(List.of(batches, size,
            tf.constant(input.components().get(i).shape().numDimensions()))));
        signature.output("longest_" + input.components().get(i).name(),
            tf.max(perBatch, tf.constant(1)));
      }
    }
    Operand<TInt32> starts = tf.math.mul(tf.range(tf.constant(0), batches, tf.constant(1)), size);
    signature.output("rows", tf.dtypes.cast(
        tf.math.minimum(size, tf.math.sub(n, starts)), TInt64.class));
    return signature.build();
  }

  /** Cuts a batch to its rows and each padded component to the longest of its elements. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private Signature trimFunction(Ops tf, ElementSpec input, ElementSpec batch) {
    Signature.Builder signature = Signature.builder().key("trim_batch");
    java.util.Map<String, Operand<?>> ins = new java.util.HashMap<>();
    List<Operand<?>> inputs = batch.inputs(tf, signature);
    for (int i = 0; i < batch.size(); i++) {
      ins.put(batch.components().get(i).name(), inputs.get(i));
    }
    Operand<TInt64> rows = tf.reshape((Operand<TInt64>) ins.get("rows"),
        tf.constant(new long[] {1}));
    boolean[] trimmed = trimmed(input);
    for (int i = 0; i < input.size(); i++) {
      ElementSpec.Component c = input.components().get(i);
      long[] padded = padding.paddedShape(c);
      // -1 keeps a dimension whole: those padded to a fixed length, and all of an untrimmed one.
      long[] keep = new long[padded.length];
      long[] isVariable = new long[padded.length];
      for (int d = 0; d < padded.length; d++) {
        keep[d] = trimmed[i] && padded[d] < 0 ? 0 : -1;
        isVariable[d] = trimmed[i] && padded[d] < 0 ? 1 : 0;
      }
      Operand<TInt64> dims = tf.constant(keep);
      if (trimmed[i]) {
        dims = tf.math.add(dims, tf.math.mul(tf.constant(isVariable),
            (Operand<TInt64>) ins.get("longest_" + c.name())));
      }
      Operand<TInt64> size = tf.concat(List.of(rows, dims), tf.constant(0));
      signature.output(c.name(), tf.slice((Operand) ins.get(c.name()),
          tf.constant(new long[padded.length + 1]), size));
    }
    return signature.build();
  }

  /** Where in the measured spec the shape of input component {@code i} is. */
  private int shapeIndex(ElementSpec measured, int i) {
    String name = "shape_of_" + measured.components().get(i).name();
    for (int j = 0; j < measured.size(); j++) {
      if (measured.components().get(j).name().equals(name)) {
        return j;
      }
    }
    throw new IllegalStateException("no shape measured for " + name);
  }
}

package dev.feedline.runtime.internal;

import java.util.ArrayList;
import java.util.List;
import org.tensorflow.ConcreteFunction;
import org.tensorflow.Operand;
import org.tensorflow.Signature;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.op.data.MapDataset;
import org.tensorflow.op.data.ShuffleDataset;
import org.tensorflow.op.random.StatelessRandomGetKeyCounterAlg;
import org.tensorflow.op.random.experimental.StatelessShuffle;
import org.tensorflow.types.TBool;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.family.TType;

/**
 * Rows that travel in chunks from where they are made to the training batch, shuffled a window
 * at a time: the work of a shuffle buffer of rows done once a chunk, a window or a batch instead
 * of once a row (docs/performance.md#shuffled-windows measures it). {@link #chunk} batches the
 * rows into chunks, {@link #windows} shuffles the chunks and the rows of each window, and
 * {@link #rebatch} cuts the windows into batches. A vectorized parse's packed rows
 * ({@link PackedRows}) and a text file's lines travel so.
 *
 * @param chunks the chunks: every component with a leading dimension of any length, a row's
 *     shape after it
 */
public record ShuffledWindows(ElementSpec chunks) {

  /** Chunks of {@code rows}, each component with a leading dimension of any length. */
  public static ShuffledWindows of(ElementSpec rows) {
    return new ShuffledWindows(new ElementSpec(rows.components().stream()
        .map(c -> ElementSpec.component(c.name(), c.type(), Shape.of(-1).append(c.shape())))
        .toList()));
  }

  /** Batches the rows of {@code dataset} into chunks of {@code rows}, the last one smaller. */
  public Operand<? extends TType> chunk(Ops tf, Operand<? extends TType> dataset, long rows) {
    return tf.data.batchDataset(dataset, tf.constant(rows), tf.constant(false), chunks.types(),
        chunks.shapes());
  }

  /**
   * Shuffles the chunks of {@code dataset} a window at a time: the chunks pass through a shuffle
   * buffer of {@code bufferChunks}, are cut into windows of {@code windowRows} rows, and each
   * window's rows are put in a random order, every component in the same one. Every row is in
   * exactly one window, once an epoch. A window's order is drawn from the seeds and the window's
   * number alone ({@code StatelessShuffle}), so seeded shuffles give the same order on every run
   * and after a restore; seeds (0, 0) draw a random pair each time an epoch builds this, as they
   * do for the chunks' shuffle.
   *
   * @param seed1 the first of the seeds {@code ShuffleDatasetV3} takes
   * @param seed2 the second; both 0 for random seeds
   * @param reshuffle whether the chunks' shuffle draws a new order each time it is iterated
   * @return windows of rows, as {@link #chunks}, for {@link #rebatch}
   */
  public Operand<? extends TType> windows(Ops tf, Operand<? extends TType> dataset,
      long windowRows, long bufferChunks, Operand<TInt64> seed1, Operand<TInt64> seed2,
      boolean reshuffle) {
    TVariant.register();
    Operand<? extends TType> shuffled = tf.data.shuffleDataset(dataset,
        tf.constant(bufferChunks), seed1, seed2, tf.random.dummySeedGenerator(), chunks.types(),
        chunks.shapes(), ShuffleDataset.reshuffleEachIteration(reshuffle));
    Operand<? extends TType> windows = tf.data.rebatchDatasetV2(shuffled,
        tf.constant(new long[] {windowRows}), tf.constant(false), chunks.types(), chunks.shapes());
    // Each window numbered, so that its order is drawn from the seeds and the number alone; the
    // windows zipped first, so that the doctor follows each op's first input to the source.
    List<Class<? extends TType>> numberedTypes = new ArrayList<>(chunks.types());
    numberedTypes.add(TInt64.class);
    List<Shape> numberedShapes = new ArrayList<>(chunks.shapes());
    numberedShapes.add(Shape.scalar());
    Operand<? extends TType> numbers = tf.data.rangeDataset(tf.constant(0L),
        tf.constant(Long.MAX_VALUE), tf.constant(1L), List.of(TInt64.class),
        List.of(Shape.scalar()));
    Operand<? extends TType> numbered = tf.data.zipDataset(List.of(windows, numbers),
        numberedTypes, numberedShapes);
    try (ConcreteFunction permute = ConcreteFunction.create(this::permuteFunction)) {
      // Inline, as DatasetOps.inlineMap runs the runtime's own functions, with the seeds captured.
      return tf.data.mapDataset(numbered, List.of(windowSeed(tf, seed1, seed2)), permute,
          chunks.types(), chunks.shapes(), MapDataset.useInterOpParallelism(false),
          MapDataset.preserveCardinality(true));
    }
  }

  /**
   * Cuts the rows of {@link #windows} into batches of {@code size}, across windows, as
   * {@code batched} declares them: the chunks' components with the batch's outer dimension.
   */
  public Operand<? extends TType> rebatch(Ops tf, Operand<? extends TType> dataset, long size,
      boolean dropRemainder, ElementSpec batched) {
    return tf.data.rebatchDatasetV2(dataset, tf.constant(new long[] {size}),
        tf.constant(dropRemainder), batched.types(), batched.shapes());
  }

  /**
   * The seed pair the windows' orders are drawn from: the shuffle's, or where both are 0, a random
   * pair drawn when the epoch is built (a stateful op of the epoch's graph, not of the function).
   */
  private static Operand<TInt64> windowSeed(Ops tf, Operand<TInt64> seed1,
      Operand<TInt64> seed2) {
    Operand<TBool> random = tf.math.logicalAnd(tf.math.equal(seed1, tf.constant(0L)),
        tf.math.equal(seed2, tf.constant(0L)));
    Operand<TInt64> drawn = tf.random.randomUniformInt(tf.constant(new long[] {2}),
        tf.constant(1L), tf.constant(Long.MAX_VALUE));
    return tf.select(random, drawn, tf.stack(List.of(seed1, seed2)));
  }

  /** One window, numbered, its rows in an order drawn from the seed pair and its number. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private Signature permuteFunction(Ops tf) {
    Signature.Builder signature = Signature.builder().key("permute_window");
    List<Operand<?>> components = chunks.inputs(tf, signature);
    Operand<TInt64> number = tf.placeholder(TInt64.class, Placeholder.shape(Shape.scalar()));
    signature.input("window", number);
    Operand<TInt64> seedPair = tf.placeholder(TInt64.class, Placeholder.shape(Shape.of(2)));
    signature.input("seed", seedPair);
    Operand<TInt64> seed = tf.math.add(seedPair, tf.stack(List.of(tf.constant(0L), number)));
    StatelessRandomGetKeyCounterAlg key = tf.random.statelessRandomGetKeyCounterAlg(seed);
    Operand<TInt64> rows = tf.reshape(tf.slice(tf.shape(components.get(0), TInt64.class),
        tf.constant(new long[] {0}), tf.constant(new long[] {1})), tf.constant(new long[0]));
    Operand<TInt64> order = StatelessShuffle.create(tf.scope(),
        tf.range(tf.constant(0L), rows, tf.constant(1L)), key.key(), key.counter(), key.alg());
    for (int i = 0; i < components.size(); i++) {
      signature.output(chunks.components().get(i).name(),
          tf.gather((Operand) components.get(i), order, tf.constant(0)));
    }
    return signature.build();
  }
}

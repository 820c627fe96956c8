package dev.feedline.benchmarks.limit;

import dev.feedline.runtime.internal.DatasetOps;
import dev.feedline.runtime.internal.ElementSpec;
import dev.feedline.runtime.internal.TVariant;
import java.util.List;
import org.tensorflow.ConcreteFunction;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Output;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Op;
import org.tensorflow.op.Ops;
import org.tensorflow.op.data.ParallelInterleaveDataset;
import org.tensorflow.proto.data.DatasetOptions;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.family.TType;

/**
 * What the hand-written references share: a graph and session of their own, a repeated dataset
 * under one iterator (which keeps a memory cache across epochs), and epochs cut by row count.
 * Like the image benchmark's hand-written pipeline, it borrows two workarounds any TF Java 1.1.0
 * code needs from Feedline's runtime: {@link TVariant} and {@link DatasetOps#withOptions}.
 */
abstract class HandWritten implements RowSource {
  final Graph graph = new Graph();
  final Session session = new Session(graph);
  final Ops tf = Ops.create(graph);
  private final long rowsPerEpoch;
  private List<Output<?>> next;
  private Op start;
  private boolean started;

  HandWritten(long rowsPerEpoch) {
    this.rowsPerEpoch = rowsPerEpoch;
    TVariant.register();
  }

  /**
   * The files' lines, {@code CYCLE} files at a time, a line from each in turn: read by a parallel
   * interleave's threads, or in the thread that asks for them ({@code oneThread}), as the generated
   * code reads an uncompressed text source's lines (docs/performance.md#lines-in-one-thread).
   *
   * @param read a function from a file name to its lines
   */
  final Operand<? extends TType> lines(List<String> files, ConcreteFunction read,
      ElementSpec line, boolean oneThread) {
    Operand<? extends TType> names = tf.data.tensorSliceDataset(
        List.of(tf.array(files.toArray(String[]::new))), List.of(Shape.scalar()));
    Operand<TInt64> cycle = tf.constant((long) HandWrittenCsv.CYCLE);
    Operand<TInt64> block = tf.constant(1L);
    if (oneThread) {
      return tf.data.interleaveDataset(names, List.of(), cycle, block, read, line.types(),
          line.shapes());
    }
    return tf.data.parallelInterleaveDataset(names, List.of(), cycle, block, tf.constant(-1L),
        tf.constant(-1L), tf.constant(-1L), read, line.types(), line.shapes(),
        ParallelInterleaveDataset.deterministic("true"));
  }

  /** Ends the dataset with a repeat, tf.data's default options, and its iterator. */
  final void finish(Operand<? extends TType> dataset, ElementSpec batch) {
    dataset = tf.data.repeatDataset(dataset, tf.constant(-1L), batch.types(), batch.shapes());
    dataset = DatasetOps.withOptions(tf, dataset, batch, DatasetOptions.Options.getDefaultInstance());
    var iterator = tf.data.iterator("", "", batch.types(), batch.shapes());
    start = tf.data.makeIterator(dataset, iterator);
    next = List.copyOf(tf.data.iteratorGetNext(iterator, batch.types(), batch.shapes()).components());
  }

  /** Runs before the iterator is made: tables to fill. */
  void initialize() {}

  @Override
  public final long epoch() {
    if (!started) {
      initialize();
      session.run(start);
      started = true;
    }
    long seen = 0;
    while (seen < rowsPerEpoch) {
      Session.Runner runner = session.runner();
      next.forEach(runner::fetch);
      try (Result result = runner.run()) {
        seen += result.get(0).shape().get(0);
      }
    }
    return seen;
  }

  @Override
  public final void close() {
    session.close();
    graph.close();
  }
}

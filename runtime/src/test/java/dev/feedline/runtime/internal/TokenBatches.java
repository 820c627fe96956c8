package dev.feedline.runtime.internal;

import static dev.feedline.runtime.internal.ElementSpec.component;

import dev.feedline.InMemorySource;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.PipelineInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.tensorflow.ConcreteFunction;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.Signature;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.proto.data.DatasetOptions;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.family.TType;

/**
 * The pipeline the tests of padded batches run: element n of the numbers {@code from} to
 * {@code to - 1}, made by a graph function of n (its int64 tokens, then an int32 beside them),
 * batched by the stage under test, and one epoch read back.
 */
final class TokenBatches {
  private TokenBatches() {}

  /** One epoch's batches, each a list of rows: the int32, then the padded tokens. */
  static List<List<long[]>> read(long from, long to, Function<Ops, Signature> element,
      ElementSpec elementSpec,
      BiFunction<Ops, Operand<? extends TType>, Operand<? extends TType>> batching,
      ElementSpec output) {
    List<List<long[]>> batches = new ArrayList<>();
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      Ops tf = Ops.create(graph);
      ElementSpec n = ElementSpec.of(component("n", TInt64.class, Shape.scalar()));
      Operand<? extends TType> range = tf.data.rangeDataset(tf.constant(from), tf.constant(to),
          tf.constant(1L), n.types(), n.shapes());
      Operand<? extends TType> elements;
      try (ConcreteFunction f = ConcreteFunction.create(element)) {
        elements = tf.data.mapDataset(range, List.of(), f, elementSpec.types(),
            elementSpec.shapes());
      }
      Operand<? extends TType> batched = batching.apply(tf, elements);
      PipelineInfo info = new PipelineInfo("x.Tokens", "test",
          List.of(PipelineInfo.source("n", InMemorySource.class, "RangeDataset")));
      DatasetIterator iterator = DatasetIterator.builder(tf, info, output,
              DatasetOptions.Options.getDefaultInstance())
          .perEpoch((ops, cached, epoch, options) -> DatasetOps.withOptions(ops, batched, output,
              options))
          .build();
      try (EpochIterator<Result> epoch = iterator.epoch(session, r -> r)) {
        for (Result batch : epoch) {
          batches.add(rows((TInt64) batch.get(0), (TInt32) batch.get(1)));
        }
      }
      iterator.release();
    }
    return batches;
  }

  private static List<long[]> rows(TInt64 tokens, TInt32 beside) {
    List<long[]> rows = new ArrayList<>();
    for (int i = 0; i < tokens.shape().get(0); i++) {
      long[] row = new long[(int) tokens.shape().get(1) + 1];
      row[0] = beside.getInt(i);
      for (int j = 0; j < tokens.shape().get(1); j++) {
        row[j + 1] = tokens.getLong(i, j);
      }
      rows.add(row);
    }
    return rows;
  }
}

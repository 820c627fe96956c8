package dev.feedline.runtime.internal;

import static dev.feedline.runtime.internal.ElementSpec.component;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.feedline.InMemorySource;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.PipelineInfo;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tensorflow.ConcreteFunction;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Output;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.Signature;
import org.tensorflow.exceptions.TFOutOfRangeException;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.proto.NodeDef;
import org.tensorflow.proto.data.DatasetOptions;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.family.TType;

/** Dataset pieces built outside TensorFlow Java's generated wrappers. */
class DatasetOpsTest {
  private static final ElementSpec NUMBERS = ElementSpec.of(component("n", TInt64.class, Shape.scalar()));

  @Test
  void optionsWithBytesAboveSevenBitsReachTensorFlowIntact() {
    // ram_budget = 3 GiB serializes to varint bytes >= 0x80, which the String-typed wrapper breaks.
    DatasetOptions.Options options = DatasetOptions.Options.newBuilder()
        .setAutotuneOptions(DatasetOptions.AutotuneOptions.newBuilder()
            .setEnabled(true).setRamBudget(3L << 30).setCpuBudget(200))
        .build();
    try (Graph graph = new Graph();
        Session session = new Session(graph)) {
      Ops tf = Ops.create(graph);
      Operand<? extends TType> range = tf.data.rangeDataset(
          tf.constant(0L), tf.constant(5L), tf.constant(1L), NUMBERS.types(), NUMBERS.shapes());
      PipelineInfo info = new PipelineInfo("x.Range", "test",
          List.of(PipelineInfo.source("range", InMemorySource.class, "RangeDataset")));
      DatasetIterator iterator = DatasetIterator.builder(tf, info, NUMBERS, options)
          .perEpoch((ops, cached, epoch, chosen) -> DatasetOps.withOptions(ops, range, NUMBERS, chosen))
          .build();
      List<Long> values = new ArrayList<>();
      try (EpochIterator<org.tensorflow.Result> epoch = iterator.epoch(session, r -> r)) {
        epoch.forEach(r -> values.add(((TInt64) r.get(0)).getLong()));
      }
      iterator.release();
      assertEquals(List.of(0L, 1L, 2L, 3L, 4L), values);
    }
  }

  /** What every generated pipeline's epochs run with: the autotuner and the default rewrites on. */
  @Test
  void theEpochOptionsTuneAutoValuesAndKeepTheDefaultOptimizations() {
    assertEquals(true, DatasetOps.EPOCH_OPTIONS.getAutotuneOptions().getEnabled());
    assertEquals(true,
        DatasetOps.EPOCH_OPTIONS.getOptimizationOptions().getApplyDefaultOptimizations());
    assertEquals(DatasetOptions.Options.newBuilder()
        .setAutotuneOptions(DatasetOptions.AutotuneOptions.newBuilder().setEnabled(true))
        .setOptimizationOptions(
            DatasetOptions.OptimizationOptions.newBuilder().setApplyDefaultOptimizations(true))
        .build(), DatasetOps.EPOCH_OPTIONS, "the options the generated classes built before");
  }

  /**
   * The runtime's own small functions run on the thread that asks for the element, give each
   * element its value, and keep the input's element count, which a map left at TensorFlow's
   * defaults does not tell.
   */
  @Test
  void anInlineMapRunsOnTheCallingThreadAndKeepsItsInputsCount() {
    TVariant.register();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        ConcreteFunction doubled = ConcreteFunction.create(tf -> {
          Placeholder<TInt64> n = tf.placeholder(TInt64.class, Placeholder.shape(Shape.scalar()));
          return Signature.builder().key("doubled").input("n", n)
              .output("n", tf.math.mul(n, tf.constant(2L))).build();
        })) {
      Ops tf = Ops.create(graph);
      Operand<? extends TType> range = tf.data.rangeDataset(
          tf.constant(0L), tf.constant(5L), tf.constant(1L), NUMBERS.types(), NUMBERS.shapes());
      Operand<? extends TType> inline =
          DatasetOps.inlineMap(tf, range, doubled, NUMBERS.types(), NUMBERS.shapes());
      Operand<? extends TType> plain =
          tf.data.mapDataset(range, List.of(), doubled, NUMBERS.types(), NUMBERS.shapes());
      try (Result counts = session.runner().fetch(tf.data.datasetCardinality(inline))
          .fetch(tf.data.datasetCardinality(plain)).run()) {
        assertEquals(5L, ((TInt64) counts.get(0)).getLong(), "the range's 5 elements");
        assertEquals(-2L, ((TInt64) counts.get(1)).getLong(), "unknown, at TensorFlow's defaults");
      }
      NodeDef node = graph.toGraphDef().getNodeList().stream()
          .filter(n -> n.getName().equals(inline.op().name())).findFirst().orElseThrow();
      assertEquals(false, node.getAttrOrThrow("use_inter_op_parallelism").getB());

      var iterator = tf.data.iterator("", "", NUMBERS.types(), NUMBERS.shapes());
      session.run(tf.data.makeIterator(inline, iterator));
      Output<?> next = tf.data.iteratorGetNext(iterator, NUMBERS.types(), NUMBERS.shapes())
          .components().get(0);
      List<Long> values = new ArrayList<>();
      while (true) {
        try (Result result = session.runner().fetch(next).run()) {
          values.add(((TInt64) result.get(0)).getLong());
        } catch (TFOutOfRangeException end) {
          break;
        }
      }
      assertEquals(List.of(0L, 2L, 4L, 6L, 8L), values);
    }
  }
}

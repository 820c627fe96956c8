package dev.feedline.runtime.internal;

import static dev.feedline.runtime.internal.ElementSpec.component;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.tensorflow.ConcreteFunction;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Output;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.Signature;
import org.tensorflow.Tensor;
import org.tensorflow.exceptions.TFOutOfRangeException;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.proto.NodeDef;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;
import org.tensorflow.types.family.TType;

/**
 * Rows packed between a vectorized parse and the batch come out of the batch as the rows batched
 * directly would: the same components, shapes and bits, NaN and -0.0 included, for a table's
 * scalars, a fixed-shape matrix, an int64 and a string beside them.
 */
class PackedRowsTest {
  private static final ElementSpec ROW = ElementSpec.of(
      component("x", TFloat32.class, Shape.scalar()),
      component("id", TInt64.class, Shape.scalar()),
      component("m", TFloat32.class, Shape.of(2, 2)),
      component("tag", TString.class, Shape.scalar()),
      component("y", TFloat32.class, Shape.scalar()));

  private static ElementSpec batched(long outer) {
    return new ElementSpec(ROW.components().stream().map(c -> component(c.name(), c.type(),
        c.shape().numDimensions() == 0 ? Shape.of(outer)
            : Shape.of(outer, c.shape().size(0), c.shape().size(1)))).toList());
  }

  /** Row n of 0..9: x = n / 2 (NaN in row 3, -0.0 in row 4), id, a 2x2 matrix, a tag, y = -n. */
  private static Signature row(Ops tf) {
    Placeholder<TInt64> n = tf.placeholder(TInt64.class, Placeholder.shape(Shape.scalar()));
    Operand<TFloat32> f = tf.dtypes.cast(n, TFloat32.class);
    Operand<TFloat32> x = tf.select(tf.math.equal(n, tf.constant(3L)), tf.constant(Float.NaN),
        tf.select(tf.math.equal(n, tf.constant(4L)), tf.constant(-0.0f),
            tf.math.div(f, tf.constant(2f))));
    Operand<TFloat32> m = tf.math.add(tf.constant(new float[][] {{0f, 0.25f}, {0.5f, 0.75f}}), f);
    return Signature.builder().key("row").input("n", n)
        .output("x", x)
        .output("id", tf.math.mul(n, tf.constant(1000L)))
        .output("m", m)
        .output("tag", tf.strings.join(List.of(tf.constant("r"), tf.dtypes.asString(n))))
        .output("y", tf.math.neg(f))
        .build();
  }

  /** The batches, each component as text: numbers by their bits, strings as they are. */
  private static List<String> read(
      BiFunction<Ops, Operand<? extends TType>, Operand<? extends TType>> stages, ElementSpec out) {
    return read(10, stages, out, result -> {
      StringBuilder text = new StringBuilder();
      for (int i = 0; i < out.size(); i++) {
        text.append(describe(result.get(i))).append(' ');
      }
      return text.toString();
    });
  }

  /** Each batch of rows 0 to {@code rows - 1} through {@code stages}, as {@code batch} reads it. */
  private static <T> List<T> read(long rows,
      BiFunction<Ops, Operand<? extends TType>, Operand<? extends TType>> stages, ElementSpec out,
      Function<Result, T> batch) {
    TVariant.register();
    List<T> batches = new ArrayList<>();
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      Ops tf = Ops.create(graph);
      Operand<? extends TType> dataset = tf.data.rangeDataset(tf.constant(0L), tf.constant(rows),
          tf.constant(1L), List.of(TInt64.class), List.of(Shape.scalar()));
      try (ConcreteFunction function = ConcreteFunction.create(PackedRowsTest::row)) {
        dataset = tf.data.mapDataset(dataset, List.of(), function, ROW.types(), ROW.shapes());
      }
      dataset = stages.apply(tf, dataset);
      var iterator = tf.data.iterator("", "", out.types(), out.shapes());
      var make = tf.data.makeIterator(dataset, iterator);
      List<Output<?>> next = List.copyOf(
          tf.data.iteratorGetNext(iterator, out.types(), out.shapes()).components());
      session.run(make);
      while (true) {
        Session.Runner runner = session.runner();
        next.forEach(runner::fetch);
        try (Result result = runner.run()) {
          batches.add(batch.apply(result));
        } catch (TFOutOfRangeException end) {
          return batches;
        }
      }
    }
  }

  private static String describe(Tensor tensor) {
    StringBuilder text = new StringBuilder(tensor.shape().toString());
    if (tensor instanceof TString strings) {
      strings.scalars().forEach(s -> text.append(',').append(s.getObject()));
    } else {
      byte[] bytes = new byte[(int) tensor.numBytes()];
      tensor.asRawTensor().data().read(bytes);
      text.append(Arrays.toString(bytes));
    }
    return text.toString();
  }

  private static Operand<? extends TType> batch(Ops tf, Operand<? extends TType> dataset,
      long size, boolean dropRemainder, ElementSpec spec) {
    return tf.data.batchDataset(dataset, tf.constant(size), tf.constant(dropRemainder),
        spec.types(), spec.shapes());
  }

  @Test
  void packsOneTensorPerDtypeInTheOrderTheyFirstAppear() {
    PackedRows packing = PackedRows.of(ROW);
    assertEquals(List.of("float_values", "int64_values", "string_values"),
        packing.rows().components().stream().map(ElementSpec.Component::name).toList());
    assertEquals(List.of(Shape.of(6), Shape.of(1), Shape.of(1)), packing.rows().shapes());
    assertEquals(List.of(Shape.of(4, 6), Shape.of(4, 1), Shape.of(4, 1)),
        packing.batches(batched(4)).shapes());
  }

  @Test
  void batchesOfPackedRowsUnpackToTheRowsBatchedDirectly() {
    PackedRows packing = PackedRows.of(ROW);
    for (boolean dropRemainder : new boolean[] {false, true}) {
      ElementSpec out = batched(dropRemainder ? 4 : -1);
      List<String> direct = read((tf, d) -> batch(tf, d, 4, dropRemainder, out), out);
      // As the generated code runs it: parsed in batches of 3, unbatched, cached, batched by 4.
      List<String> packed = read((tf, d) -> {
        Operand<? extends TType> rows =
            packing.unbatch(tf, batch(tf, d, 3, false, batched(-1)), batched(-1));
        rows = tf.data.cacheDataset(rows, tf.constant(""), tf.dummyMemoryCache(),
            packing.rows().types(), packing.rows().shapes());
        return packing.batch(tf, rows, 4, dropRemainder, out);
      }, out);
      assertEquals(dropRemainder ? 2 : 3, direct.size());
      assertEquals(direct, packed);
    }
  }

  /**
   * Packing and unpacking are a reshape, a concat or a split a batch: they run inline, since
   * handing each call to the session's threads slowed a table's cached epochs on 2 cores
   * (docs/performance.md#the-runtimes-own-functions-inline).
   */
  @Test
  void theMapsThatPackAndUnpackRunOnTheCallingThread() {
    PackedRows packing = PackedRows.of(ROW);
    TVariant.register();
    try (Graph graph = new Graph()) {
      Ops tf = Ops.create(graph);
      Operand<? extends TType> batches = batch(tf, tf.data.tensorSliceDataset(
          List.of(tf.constant(new float[] {1f}), tf.constant(new long[] {2L}),
              tf.constant(new float[][][] {{{1f, 2f}, {3f, 4f}}}), tf.array("t"),
              tf.constant(new float[] {5f})), ROW.shapes()), 3, false, batched(-1));
      packing.batch(tf, packing.unbatch(tf, batches, batched(-1)), 4, false, batched(-1));
      List<NodeDef> maps = graph.toGraphDef().getNodeList().stream()
          .filter(node -> node.getOp().equals("MapDataset")).toList();
      assertEquals(2, maps.size(), "a pack and an unpack");
      for (NodeDef map : maps) {
        assertEquals(false, map.getAttrOrThrow("use_inter_op_parallelism").getB(), map.getName());
      }
    }
  }

  /**
   * Rows 0 to {@code rows - 1} as the generated code runs a shuffle of windows: parsed in batches
   * of 32 and packed, cached, shuffled in windows of 96 rows from a buffer of 3 chunks, batched by
   * 64. Each row is checked whole: its id, matrix, tag and y all say the same number, so no dtype's
   * tensor was put in another order than the others.
   *
   * @return each batch's row numbers, in order
   */
  private static List<List<Long>> shuffledInWindows(long rows, long seed1, long seed2,
      boolean dropRemainder) {
    PackedRows packing = PackedRows.of(ROW);
    ElementSpec out = batched(dropRemainder ? 64 : -1);
    return read(rows, (tf, dataset) -> {
      Operand<? extends TType> chunks = packing.pack(tf, batch(tf, dataset, 32, false,
          batched(-1)), batched(-1));
      chunks = tf.data.cacheDataset(chunks, tf.constant(""), tf.dummyMemoryCache(),
          packing.chunks().types(), packing.chunks().shapes());
      Operand<? extends TType> windows = packing.windows(tf, chunks, 96, 3, tf.constant(seed1),
          tf.constant(seed2), false);
      return packing.rebatch(tf, windows, 64, dropRemainder, out);
    }, out, result -> {
      TInt64 ids = (TInt64) result.get(1);
      TFloat32 m = (TFloat32) result.get(2);
      TString tags = (TString) result.get(3);
      TFloat32 y = (TFloat32) result.get(4);
      List<Long> batch = new ArrayList<>();
      for (long i = 0; i < ids.shape().get(0); i++) {
        long n = ids.getLong(i) / 1000;
        assertEquals("r" + n, tags.getObject(i), "row " + n + "'s tag");
        assertEquals(-(float) n, y.getFloat(i), "row " + n + "'s y");
        assertEquals(n + 0.75f, m.getFloat(i, 1, 1), "row " + n + "'s matrix");
        batch.add(n);
      }
      return batch;
    });
  }

  private static List<Long> rowsOf(List<List<Long>> batches) {
    return batches.stream().flatMap(List::stream).toList();
  }

  @Test
  void windowsShuffleEveryRowOnceWholeIntoBatchesOfTheDeclaredSize() {
    List<List<Long>> batches = shuffledInWindows(1000, ShuffleSeeds.GRAPH_SEED, 7, false);
    List<Long> rows = rowsOf(batches);
    assertEquals(java.util.stream.LongStream.range(0, 1000).boxed().toList(),
        rows.stream().sorted().toList(), "every row once");
    assertNotEquals(rows.stream().sorted().toList(), rows, "the rows in a new order");
    assertEquals(16, batches.size(), "15 batches of 64, then 40");
    assertEquals(40, batches.get(15).size());
    // As from a buffer of rows, no row comes out early by more than the buffer holds: here the
    // 3 chunks of 32, a window of 96 and the chunk the row is in. (It may come out late by any
    // amount: a chunk may stay in the buffer for any number of draws.)
    for (int i = 0; i < rows.size(); i++) {
      assertTrue(rows.get(i) - i < 3 * 32 + 96 + 32, "row " + rows.get(i) + " at " + i);
    }
    List<List<Long>> dropped = shuffledInWindows(1000, ShuffleSeeds.GRAPH_SEED, 7, true);
    assertEquals(15, dropped.size(), "the last, smaller batch dropped");
    assertEquals(batches.subList(0, 15), dropped, "the same order");
  }

  @Test
  void windowsDrawTheirOrderFromTheSeedsAloneOrAtRandomForSeedsZero() {
    List<Long> seven = rowsOf(shuffledInWindows(1000, ShuffleSeeds.GRAPH_SEED, 7, false));
    assertEquals(seven, rowsOf(shuffledInWindows(1000, ShuffleSeeds.GRAPH_SEED, 7, false)),
        "the same seeds, the same order");
    assertNotEquals(seven, rowsOf(shuffledInWindows(1000, ShuffleSeeds.GRAPH_SEED, 8, false)));
    List<Long> random = rowsOf(shuffledInWindows(1000, 0, 0, false));
    List<Long> again = rowsOf(shuffledInWindows(1000, 0, 0, false));
    assertEquals(random.stream().sorted().toList(), again.stream().sorted().toList());
    assertNotEquals(random, again, "seeds (0, 0) draw an order each time");
  }

  @Test
  void refusesARowItCannotPackOrWhosePackingSavesNothing() {
    IllegalArgumentException open = assertThrows(IllegalArgumentException.class,
        () -> PackedRows.of(ElementSpec.of(component("a", TFloat32.class, Shape.of(-1)),
            component("b", TFloat32.class, Shape.scalar()))));
    assertEquals("a packed component needs a fully known shape: a [-1]", open.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> PackedRows.of(ElementSpec.of(component("a", TFloat32.class, Shape.scalar()),
            component("b", TInt64.class, Shape.scalar()))));
  }
}

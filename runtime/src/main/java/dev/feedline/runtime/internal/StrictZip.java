package dev.feedline.runtime.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.tensorflow.ConcreteFunction;
import org.tensorflow.Operand;
import org.tensorflow.Signature;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.types.TBool;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.family.TType;

/**
 * A {@code @Zip} that ends only when all its pipelines end together, and otherwise fails naming
 * every pipeline's count: tf.data's zip ends with the shortest and drops the others' rest without
 * a word (500 and 300 elements gave 300 pairs).
 *
 * <p>Each pipeline's elements are wrapped in optionals and followed by endless empty ones; the
 * zip of those is scanned, counting each pipeline's elements, up to and including the first row
 * where every optional is empty. Rows where all hold a value are unwrapped; that last row passes
 * only when the counts differ, and then fails an assertion that prints them.
 */
final class StrictZip {
  private static final List<Class<? extends TType>> ONE_OPTIONAL = List.of(TVariant.class);
  private static final List<Shape> SCALAR = List.of(Shape.scalar());

  private final Ops tf;
  private final int pipelines;
  private final List<Class<? extends TType>> rowTypes = new ArrayList<>();
  private final List<Shape> rowShapes = new ArrayList<>();

  private StrictZip(Ops tf, int pipelines) {
    this.tf = tf;
    this.pipelines = pipelines;
    // A row: ended before it, all empty, all holding a value, the counts, the optionals.
    rowTypes.addAll(List.of(TBool.class, TBool.class, TBool.class, TInt64.class));
    rowShapes.addAll(List.of(Shape.scalar(), Shape.scalar(), Shape.scalar(), Shape.of(pipelines)));
    rowTypes.addAll(Collections.nCopies(pipelines, TVariant.class));
    rowShapes.addAll(Collections.nCopies(pipelines, Shape.scalar()));
  }

  /**
   * Joins element {@code i} of every pipeline into one, failing at the end of the shortest when
   * another has more.
   *
   * @param names the pipelines' names, for the message
   * @param components how many components each pipeline's elements have, in order
   * @param spec the joined elements: every pipeline's components, in order
   */
  static Operand<? extends TType> zip(Ops tf, String stage,
      List<String> names, List<Operand<? extends TType>> datasets, int[] components,
      ElementSpec spec) {
    return new StrictZip(tf, datasets.size()).build(datasets, components, spec,
        "stage " + stage + " (@Zip) joins pipelines that hand out unequal numbers of elements,"
            + " and would drop the last ones of the longer; give them as many elements (their"
            + " counts follow, in the order " + String.join(", ", names) + "):");
  }

  private Operand<? extends TType> build(List<Operand<? extends TType>> datasets,
      int[] components, ElementSpec spec, String message) {
    List<Operand<? extends TType>> padded = new ArrayList<>();
    Operand<? extends TType> empty;
    try (ConcreteFunction none = ConcreteFunction.create(this::noneFunction)) {
      empty = DatasetOps.inlineMap(tf, tf.data.rangeDataset(tf.constant(0L),
          tf.constant(Long.MAX_VALUE), tf.constant(1L), List.of(TInt64.class), SCALAR),
          none, ONE_OPTIONAL, SCALAR);
    }
    int from = 0;
    for (int i = 0; i < datasets.size(); i++) {
      List<Class<? extends TType>> types = spec.types().subList(from, from + components[i]);
      List<Shape> shapes = spec.shapes().subList(from, from + components[i]);
      from += components[i];
      try (ConcreteFunction wrap = ConcreteFunction.create(ops -> wrapFunction(ops, types, shapes))) {
        Operand<? extends TType> some = DatasetOps.inlineMap(tf, datasets.get(i), wrap,
            ONE_OPTIONAL, SCALAR);
        padded.add(tf.data.concatenateDataset(some, empty, ONE_OPTIONAL, SCALAR));
      }
    }
    Operand<? extends TType> rows = tf.data.zipDataset(padded,
        Collections.nCopies(pipelines, TVariant.class), Collections.nCopies(pipelines, Shape.scalar()));
    try (ConcreteFunction count = ConcreteFunction.create(this::countFunction);
        ConcreteFunction notEnded = ConcreteFunction.create(this::notEndedFunction);
        ConcreteFunction kept = ConcreteFunction.create(this::keptFunction);
        ConcreteFunction unwrap = ConcreteFunction.create(
            ops -> unwrapFunction(ops, components, spec, message))) {
      rows = tf.data.scanDataset(rows, List.of(tf.constant(new long[pipelines]), tf.constant(false)),
          List.of(), count, rowTypes, rowShapes);
      rows = tf.data.takeWhileDataset(rows, List.of(), notEnded, rowTypes, rowShapes);
      rows = tf.data.filterDataset(rows, List.of(), kept, rowTypes, rowShapes);
      return DatasetOps.inlineMap(tf, rows, unwrap, spec.types(), spec.shapes());
    }
  }

  private Signature noneFunction(Ops f) {
    Placeholder<TInt64> index = f.placeholder(TInt64.class, Placeholder.shape(Shape.scalar()));
    return Signature.builder().key("none").input("index", index)
        .output("none", f.data.optionalNone()).build();
  }

  private static Signature wrapFunction(Ops f, List<Class<? extends TType>> types,
      List<Shape> shapes) {
    Signature.Builder signature = Signature.builder().key("wrap");
    List<Operand<?>> values = new ArrayList<>();
    for (int i = 0; i < types.size(); i++) {
      Placeholder<?> value = f.placeholder(types.get(i), Placeholder.shape(shapes.get(i)));
      signature.input("value_" + i, value);
      values.add(value);
    }
    return signature.output("some", f.data.optionalFromValue(values)).build();
  }

  /** The scan's step: from the counts and whether the last row was all empty, the next row. */
  private Signature countFunction(Ops f) {
    Placeholder<TInt64> counts = f.placeholder(TInt64.class, Placeholder.shape(Shape.of(pipelines)));
    Placeholder<TBool> ended = f.placeholder(TBool.class, Placeholder.shape(Shape.scalar()));
    Signature.Builder signature = Signature.builder().key("count").input("counts", counts)
        .input("ended", ended);
    List<Operand<TBool>> has = new ArrayList<>();
    List<Operand<?>> optionals = new ArrayList<>();
    for (int i = 0; i < pipelines; i++) {
      Placeholder<TVariant> optional = f.placeholder(TVariant.class,
          Placeholder.shape(Shape.scalar()));
      signature.input("optional_" + i, optional);
      optionals.add(optional);
      has.add(f.data.optionalHasValue(optional));
    }
    Operand<TBool> hasValues = f.stack(has);
    Operand<TInt64> next = f.math.add(counts, f.dtypes.cast(hasValues, TInt64.class));
    Operand<TBool> allEmpty = f.math.logicalNot(f.reduceAny(hasValues, f.constant(0)));
    signature.output("next_counts", next).output("next_ended", allEmpty)
        .output("ended_before", f.identity(ended)).output("all_empty", f.identity(allEmpty))
        .output("all_hold", f.reduceAll(hasValues, f.constant(0)))
        .output("counts_out", f.identity(next));
    for (int i = 0; i < pipelines; i++) {
      signature.output("optional_out_" + i, f.identity(optionals.get(i)));
    }
    return signature.build();
  }

  /** A row of its own input placeholders, for the functions that read rows. */
  private List<Placeholder<?>> row(Ops f, Signature.Builder signature) {
    List<Placeholder<?>> row = new ArrayList<>();
    for (int i = 0; i < rowTypes.size(); i++) {
      Placeholder<?> part = f.placeholder(rowTypes.get(i), Placeholder.shape(rowShapes.get(i)));
      signature.input("row_" + i, part);
      row.add(part);
    }
    return row;
  }

  @SuppressWarnings("unchecked")
  private static Operand<TBool> bool(Placeholder<?> part) {
    return (Operand<TBool>) part;
  }

  private Signature notEndedFunction(Ops f) {
    Signature.Builder signature = Signature.builder().key("not_ended");
    List<Placeholder<?>> row = row(f, signature);
    return signature.output("go_on", f.math.logicalNot(bool(row.get(0)))).build();
  }

  /** Rows where every pipeline holds a value, and the last row when the counts differ. */
  private Signature keptFunction(Ops f) {
    Signature.Builder signature = Signature.builder().key("kept");
    List<Placeholder<?>> row = row(f, signature);
    @SuppressWarnings("unchecked")
    Operand<TInt64> counts = (Operand<TInt64>) row.get(3);
    Operand<TBool> equal = f.reduceAll(f.math.equal(counts,
        f.reduceMax(counts, f.constant(0))), f.constant(0));
    return signature.output("kept", f.math.logicalOr(bool(row.get(2)),
        f.math.logicalAnd(bool(row.get(1)), f.math.logicalNot(equal)))).build();
  }

  private Signature unwrapFunction(Ops f, int[] components, ElementSpec spec, String message) {
    Signature.Builder signature = Signature.builder().key("unwrap");
    List<Placeholder<?>> row = row(f, signature);
    Ops checked = f.withControlDependencies(List.of(f.assertThat(bool(row.get(2)),
        List.of(f.constant(message), row.get(3)))));
    int from = 0;
    int output = 0;
    for (int i = 0; i < components.length; i++) {
      List<Class<? extends TType>> types = spec.types().subList(from, from + components[i]);
      List<Shape> shapes = spec.shapes().subList(from, from + components[i]);
      from += components[i];
      for (Operand<?> value : checked.data.optionalGetValue(row.get(4 + i), types, shapes)
          .components()) {
        signature.output("value_" + output++, value);
      }
    }
    return signature.build();
  }
}

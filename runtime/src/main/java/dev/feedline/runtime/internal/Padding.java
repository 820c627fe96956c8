package dev.feedline.runtime.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tensorflow.ConcreteFunction;
import org.tensorflow.Operand;
import org.tensorflow.Signature;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TBool;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;
import org.tensorflow.types.family.TNumber;
import org.tensorflow.types.family.TType;

/**
 * How a padded batch pads the components of its elements: the value in the padded positions and
 * the length of the first dimension, per component; components without a {@link Pad} are padded
 * with zeros (empty strings, {@code false}) to the longest element of the batch.
 *
 * @param pads one per component that is padded otherwise
 */
public record Padding(List<Pad> pads) {

  /**
   * How one component is padded.
   *
   * @param value the padding value: a number for a numeric component, a string for a string one
   * @param length the length to pad the first dimension to; -1 for the longest of the batch
   * @param truncate whether an element longer than {@code length} is cut to it (else TensorFlow
   *     fails on it)
   * @param lengths the {@code @LengthOf} components that hold this one's length, cut with it
   */
  public record Pad(String component, Object value, long length, boolean truncate,
      List<String> lengths) {
    public Pad {
      lengths = List.copyOf(lengths);
    }
  }

  public Padding {
    pads = List.copyOf(pads);
  }

  public static Padding of(Pad... pads) {
    return new Padding(List.of(pads));
  }

  /** Zeros, to the longest of each batch. */
  public static Padding zeros() {
    return new Padding(List.of());
  }

  /** A component padded with {@code value}; static-import the factories. */
  public static Pad pad(String component, Object value) {
    return new Pad(component, value, -1, false, List.of());
  }

  /** A component padded with {@code value} to {@code length}. */
  public static Pad pad(String component, Object value, long length) {
    return new Pad(component, value, length, false, List.of());
  }

  /**
   * A component cut to {@code length} where it is longer, then padded with {@code value} to it;
   * the {@code lengths} components that hold its length are cut to {@code length} too.
   */
  public static Pad truncated(String component, Object value, long length, String... lengths) {
    return new Pad(component, value, length, true, List.of(lengths));
  }

  /** The pad of a component, if it has one. */
  Optional<Pad> of(String component) {
    return pads.stream().filter(p -> p.component().equals(component)).findFirst();
  }

  /**
   * Batches {@code dataset} into batches of {@code size}, padded as this says, after cutting the
   * components it truncates.
   *
   * @param input the spec of the elements batched
   * @param output the spec of the batches, with the leading batch dimension
   */
  public Operand<? extends TType> batch(Ops tf, Operand<? extends TType> dataset, long size,
      boolean dropRemainder, ElementSpec input, ElementSpec output) {
    Operand<? extends TType> truncated = truncate(tf, dataset, input);
    List<Operand<TInt64>> paddedShapes = new ArrayList<>();
    for (ElementSpec.Component component : input.components()) {
      paddedShapes.add(tf.constant(paddedShape(component)));
    }
    return tf.data.paddedBatchDataset(truncated, tf.constant(size), paddedShapes, values(tf, input),
        tf.constant(dropRemainder), output.shapes());
  }

  /** A component's padded shape: its own, with its pad's length first when it has one. */
  long[] paddedShape(ElementSpec.Component component) {
    long[] shape = component.shape().asArray(); // -1: pad to the batch's longest
    of(component.name()).filter(p -> p.length() > 0).ifPresent(p -> shape[0] = p.length());
    return shape;
  }

  /** The padding value of every component, as a scalar of its dtype. */
  List<Operand<?>> values(Ops tf, ElementSpec spec) {
    List<Operand<?>> values = new ArrayList<>();
    for (ElementSpec.Component component : spec.components()) {
      Object value = of(component.name()).map(Pad::value).orElse(null);
      values.add(scalar(tf, component.type(), value));
    }
    return values;
  }

  @SuppressWarnings("unchecked")
  private static Operand<?> scalar(Ops tf, Class<? extends TType> type, Object value) {
    if (type == TString.class) {
      return tf.constant(value == null ? "" : value.toString());
    }
    if (type == TBool.class) {
      return tf.constant(value != null && ((Number) value).doubleValue() != 0);
    }
    double number = value == null ? 0 : ((Number) value).doubleValue();
    return tf.dtypes.cast(tf.constant(number), (Class<? extends TNumber>) type);
  }

  /** The dataset with the truncated components cut to their length; itself when there are none. */
  Operand<? extends TType> truncate(Ops tf, Operand<? extends TType> dataset, ElementSpec spec) {
    if (pads.stream().noneMatch(Pad::truncate)) {
      return dataset;
    }
    TVariant.register();
    try (ConcreteFunction cut = ConcreteFunction.create(f -> cutFunction(f, spec))) {
      return DatasetOps.inlineMap(tf, dataset, cut, spec.types(), spec.shapes());
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private Signature cutFunction(Ops tf, ElementSpec spec) {
    Signature.Builder signature = Signature.builder().key("truncate");
    List<Operand<?>> inputs = spec.inputs(tf, signature);
    for (int i = 0; i < inputs.size(); i++) {
      ElementSpec.Component component = spec.components().get(i);
      Operand<?> out = inputs.get(i);
      Optional<Pad> cut = of(component.name()).filter(Pad::truncate);
      Optional<Pad> lengthOf = pads.stream()
          .filter(p -> p.truncate() && p.lengths().contains(component.name())).findFirst();
      if (cut.isPresent()) {
        long[] begin = new long[component.shape().numDimensions()];
        Operand<TInt64> length = tf.math.minimum(
            tf.dtypes.cast(tf.gather(tf.shape(out), tf.constant(0), tf.constant(0)), TInt64.class),
            tf.constant(cut.get().length()));
        Operand<TInt64> size = tf.concat(List.of(tf.reshape(length, tf.constant(new long[] {1})),
            tf.slice(tf.shape(out, TInt64.class), tf.constant(new long[] {1}),
                tf.constant(new long[] {-1}))), tf.constant(0));
        out = tf.slice((Operand) out, tf.constant(begin), size);
      } else if (lengthOf.isPresent()) {
        out = tf.math.minimum((Operand<TInt32>) out, tf.constant((int) lengthOf.get().length()));
      }
      signature.output(component.name(), out);
    }
    return signature.build();
  }
}

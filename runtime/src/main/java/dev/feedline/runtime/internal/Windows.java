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
import org.tensorflow.types.family.TType;

/**
 * The dataset ops of a {@code @Window} stage: a {@code WindowDataset}, whose elements are one
 * dataset per component, then a {@code FlatMapDataset} that zips each window's datasets and
 * stacks them into one element, as tf.data's {@code window(...).flat_map(lambda w: w.batch(n))}
 * does.
 */
public final class Windows {
  /** The key of the function that stacks one window. */
  static final String STACK = "stack_window";

  private Windows() {}

  /**
   * @param in the elements windowed
   * @param out the windows: {@code in}'s components with a leading dimension
   */
  public static Operand<? extends TType> windows(Ops tf, Operand<? extends TType> dataset,
      long size, long shift, long stride, boolean dropRemainder, ElementSpec in,
      ElementSpec out) {
    TVariant.register(); // each window's components are datasets, DT_VARIANT
    int components = in.components().size();
    List<Class<? extends TType>> variants = new ArrayList<>(
        Collections.nCopies(components, TVariant.class));
    List<Shape> scalars = new ArrayList<>(Collections.nCopies(components, Shape.scalar()));
    Operand<? extends TType> windows = tf.data.windowDataset(dataset, tf.constant(size),
        tf.constant(shift), tf.constant(stride), tf.constant(dropRemainder), variants, scalars);
    try (ConcreteFunction stack = ConcreteFunction.create(ops -> stack(ops, components, size,
        in, out))) {
      return tf.data.flatMapDataset(windows, List.of(), stack, out.types(), out.shapes());
    }
  }

  private static Signature stack(Ops tf, int components, long size, ElementSpec in,
      ElementSpec out) {
    Signature.Builder signature = Signature.builder().key(STACK);
    List<Operand<? extends TType>> parts = new ArrayList<>();
    for (int i = 0; i < components; i++) {
      Placeholder<TVariant> part = tf.placeholder(TVariant.class,
          Placeholder.shape(Shape.scalar()));
      signature.input("component_" + i, part);
      parts.add(part);
    }
    Operand<? extends TType> zipped = tf.data.zipDataset(parts, in.types(), in.shapes());
    // One batch of the whole window: a short last window, when kept, makes a short batch.
    Operand<? extends TType> stacked = tf.data.batchDataset(zipped, tf.constant(size),
        tf.constant(false), out.types(), out.shapes());
    return signature.output("window", stacked).build();
  }
}

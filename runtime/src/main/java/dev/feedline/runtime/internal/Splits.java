package dev.feedline.runtime.internal;

import java.util.ArrayList;
import java.util.List;
import org.tensorflow.ConcreteFunction;
import org.tensorflow.Operand;
import org.tensorflow.Signature;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TBool;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;
import org.tensorflow.types.family.TType;

/**
 * One side of a {@code @Split}: a filter that keeps an element when the bucket of its key, a
 * SipHash keyed by the split's seed ({@code StringToHashBucketStrong}, stable across TensorFlow
 * versions and machines) of the key's text, is on this side of {@code evalPercent}. The bucket
 * depends on the element's key alone, never on the order or the epoch, so the two sides are
 * disjoint and cover every element whatever is shuffled before or after.
 *
 * @param key the index of the key component; {@link #BY_POSITION}: the element's position in
 *     the order before the split, counted from 0 each time the stage is built
 * @param evalPercent the buckets, of 100, that the evaluation side holds: 0 to evalPercent - 1
 * @param seed the hash's seed
 * @param evaluation whether this side is the evaluation one
 */
public record Splits(int key, long evalPercent, long seed, boolean evaluation) {
  /** The key of a split without one: the element's position. */
  public static final int BY_POSITION = -1;
  private static final long BUCKETS = 100;

  /** The elements of {@code dataset} ({@code spec}) on this side. */
  public Operand<? extends TType> keep(Ops tf, Operand<? extends TType> dataset,
      ElementSpec spec) {
    if (key != BY_POSITION) {
      try (ConcreteFunction predicate = ConcreteFunction.create(f -> predicate(f, spec, key))) {
        return tf.data.filterDataset(dataset, List.of(), predicate, spec.types(), spec.shapes());
      }
    }
    Operand<? extends TType> numbered = ElementSeeds.numbered(tf, dataset, spec);
    List<ElementSpec.Component> withPosition = new ArrayList<>(spec.components());
    withPosition.add(ElementSpec.component("position", TInt64.class,
        org.tensorflow.ndarray.Shape.scalar()));
    ElementSpec counted = new ElementSpec(withPosition);
    try (ConcreteFunction predicate =
            ConcreteFunction.create(f -> predicate(f, counted, spec.size()));
        ConcreteFunction dropPosition = ConcreteFunction.create(f -> dropLast(f, counted))) {
      Operand<? extends TType> kept = tf.data.filterDataset(numbered, List.of(), predicate,
          counted.types(), counted.shapes());
      return DatasetOps.inlineMap(tf, kept, dropPosition, spec.types(), spec.shapes());
    }
  }

  /** Whether an element's key falls on this side. */
  private Signature predicate(Ops tf, ElementSpec spec, int component) {
    Signature.Builder signature = Signature.builder().key("split_side");
    List<Operand<?>> inputs = spec.inputs(tf, signature);
    Operand<?> value = inputs.get(component);
    @SuppressWarnings("unchecked")
    Operand<TString> text = value.type() == TString.class ? (Operand<TString>) value
        : tf.dtypes.asString(value);
    Operand<TInt64> bucket = tf.strings.toHashBucketStrong(text, BUCKETS, List.of(seed, 0L));
    Operand<TBool> held = tf.math.less(bucket, tf.constant(evalPercent));
    return signature.output("keep", evaluation ? held : tf.math.logicalNot(held)).build();
  }

  /** The element without the position the split counted. */
  private static Signature dropLast(Ops tf, ElementSpec counted) {
    Signature.Builder signature = Signature.builder().key("split_drop_position");
    List<Operand<?>> inputs = counted.inputs(tf, signature);
    for (int i = 0; i < inputs.size() - 1; i++) {
      signature.output("out_" + counted.components().get(i).name(), tf.identity(inputs.get(i)));
    }
    return signature.build();
  }

}

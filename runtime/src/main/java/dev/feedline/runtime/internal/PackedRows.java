package dev.feedline.runtime.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.tensorflow.ConcreteFunction;
import org.tensorflow.Operand;
import org.tensorflow.Signature;
import org.tensorflow.internal.types.registry.TensorTypeRegistry;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.family.TType;

/**
 * A row of many small tensors carried as one tensor per dtype from a vectorized parse to the
 * training batch: a table's 13 float32 columns become one float32[13]. Unbatch, cache, shuffle and
 * batch each do their work per tensor of an element, so they do a thirteenth of it; the memory
 * cache keeps one tensor a row instead of 13 (docs/performance.md#packed-rows measures both).
 *
 * <p>The layout: components grouped by dtype, in the order their dtypes first appear; within a
 * group, components in element order, each flattened. {@link #unbatch} packs the parse's batches
 * before unbatching them; {@link #batch} unpacks each batch it makes, bit for bit, into the
 * element's components.
 *
 * @param element the element as the stages declare it, every shape fully known
 * @param rows the same element packed, as the stages between the parse and the batch hold it:
 *     one rank-1 component per dtype
 */
public record PackedRows(ElementSpec element, ElementSpec rows) {

  public PackedRows {
    if (rows.size() >= element.size()) {
      throw new IllegalArgumentException("packing " + element + " saves no tensor");
    }
  }

  /** The packing of {@code element}, whose every shape is fully known. */
  public static PackedRows of(ElementSpec element) {
    Map<Class<? extends TType>, Long> sizes = new LinkedHashMap<>();
    for (ElementSpec.Component c : element.components()) {
      if (c.shape().isUnknown() || c.shape().hasUnknownDimension()) {
        throw new IllegalArgumentException("a packed component needs a fully known shape: "
            + c.name() + " " + c.shape());
      }
      sizes.merge(c.type(), c.shape().size(), Long::sum);
    }
    List<ElementSpec.Component> packed = new ArrayList<>();
    sizes.forEach((type, size) -> packed.add(ElementSpec.component(
        dtypeName(type) + "_values", type, Shape.of(size))));
    return new PackedRows(element, new ElementSpec(packed));
  }

  /** Packed batches with the outer dimension of {@code batched}, a batch of rows. */
  public ElementSpec batches(ElementSpec batched) {
    long outer = outer(batched);
    return new ElementSpec(rows.components().stream()
        .map(c -> ElementSpec.component(c.name(), c.type(), Shape.of(outer, c.shape().size(0))))
        .toList());
  }

  /** Packed chunks of rows of any length, as {@link #pack} gives them: for {@link #windows}. */
  public ElementSpec chunks() {
    return shuffledWindows().chunks();
  }

  /**
   * Packs each batch of rows that a vectorized parse gives, as {@code batched} declares them, and
   * unbatches the packed rows: what the stages up to the batch hold ({@link #rows}).
   */
  public Operand<? extends TType> unbatch(Ops tf, Operand<? extends TType> dataset,
      ElementSpec batched) {
    return tf.data.unbatchDataset(pack(tf, dataset, batched), rows.types(), rows.shapes());
  }

  /**
   * Packs each batch of rows that a vectorized parse gives, as {@code batched} declares them, and
   * keeps the batch whole, a chunk of rows ({@link #chunks}), for {@link #windows}.
   */
  public Operand<? extends TType> pack(Ops tf, Operand<? extends TType> dataset,
      ElementSpec batched) {
    return map(tf, dataset, "pack", batched, batches(batched), this::packFunction);
  }

  /**
   * Shuffles packed chunks of rows a window at a time, as {@link ShuffledWindows#windows} does,
   * every dtype's tensor of a row in the same order.
   */
  public Operand<? extends TType> windows(Ops tf, Operand<? extends TType> dataset,
      long windowRows, long bufferChunks, Operand<TInt64> seed1, Operand<TInt64> seed2,
      boolean reshuffle) {
    return shuffledWindows().windows(tf, dataset, windowRows, bufferChunks, seed1, seed2,
        reshuffle);
  }

  /**
   * Cuts the rows of {@link #windows} into batches of {@code size}, across windows, and unpacks
   * each batch into the components {@code batched} declares: what the batch stage gives.
   */
  public Operand<? extends TType> rebatch(Ops tf, Operand<? extends TType> dataset, long size,
      boolean dropRemainder, ElementSpec batched) {
    ElementSpec packedBatches = batches(batched);
    return map(tf, shuffledWindows().rebatch(tf, dataset, size, dropRemainder, packedBatches),
        "unpack", packedBatches, batched, this::unpackFunction);
  }

  private ShuffledWindows shuffledWindows() {
    return ShuffledWindows.of(rows);
  }

  /**
   * Batches packed rows by {@code size} and unpacks each batch into the components {@code batched}
   * declares: what the batch stage gives.
   */
  public Operand<? extends TType> batch(Ops tf, Operand<? extends TType> dataset, long size,
      boolean dropRemainder, ElementSpec batched) {
    ElementSpec packedBatches = batches(batched);
    Operand<? extends TType> batches = tf.data.batchDataset(dataset, tf.constant(size),
        tf.constant(dropRemainder), packedBatches.types(), packedBatches.shapes());
    return map(tf, batches, "unpack", packedBatches, batched, this::unpackFunction);
  }

  private interface Body {
    List<Operand<?>> apply(Ops tf, List<Operand<?>> in, ElementSpec out);
  }

  private static Operand<? extends TType> map(Ops tf, Operand<? extends TType> dataset, String key,
      ElementSpec in, ElementSpec out, Body body) {
    TVariant.register();
    try (ConcreteFunction function = ConcreteFunction.create(f -> {
      Signature.Builder signature = Signature.builder().key(key);
      List<Operand<?>> outputs = body.apply(f, in.inputs(f, signature), out);
      for (int i = 0; i < outputs.size(); i++) {
        signature.output(out.components().get(i).name(), outputs.get(i));
      }
      return signature.build();
    })) {
      return DatasetOps.inlineMap(tf, dataset, function, out.types(), out.shapes());
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private List<Operand<?>> packFunction(Ops tf, List<Operand<?>> in, ElementSpec out) {
    List<Operand<?>> outputs = new ArrayList<>();
    for (ElementSpec.Component group : rows.components()) {
      List<Operand> members = new ArrayList<>();
      for (int i = 0; i < element.size(); i++) {
        ElementSpec.Component c = element.components().get(i);
        if (c.type() == group.type()) {
          members.add(tf.reshape((Operand) in.get(i),
              tf.constant(new long[] {-1, c.shape().size()})));
        }
      }
      outputs.add(members.size() == 1 ? members.get(0)
          : tf.concat((List) members, tf.constant(1)));
    }
    return outputs;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private List<Operand<?>> unpackFunction(Ops tf, List<Operand<?>> in, ElementSpec out) {
    Operand<?>[] outputs = new Operand<?>[element.size()];
    for (int g = 0; g < rows.size(); g++) {
      ElementSpec.Component group = rows.components().get(g);
      List<Integer> members = new ArrayList<>();
      List<Long> sizes = new ArrayList<>();
      for (int i = 0; i < element.size(); i++) {
        if (element.components().get(i).type() == group.type()) {
          members.add(i);
          sizes.add(element.components().get(i).shape().size());
        }
      }
      List<Operand<?>> parts = members.size() == 1 ? List.of(in.get(g))
          : List.copyOf(tf.splitV((Operand) in.get(g),
              tf.constant(sizes.stream().mapToLong(Long::longValue).toArray()),
              tf.constant(1), (long) members.size()).output());
      for (int k = 0; k < members.size(); k++) {
        int i = members.get(k);
        Shape shape = out.components().get(i).shape();
        long[] dims = new long[shape.numDimensions()];
        dims[0] = -1; // the batch's length, known per batch
        for (int d = 1; d < dims.length; d++) {
          dims[d] = shape.size(d);
        }
        outputs[i] = tf.reshape((Operand) parts.get(k), tf.constant(dims));
      }
    }
    return List.of(outputs);
  }

  /** {@code float}, {@code int64}, {@code string}: TensorFlow's name of the dtype. */
  private static String dtypeName(Class<? extends TType> type) {
    return TensorTypeRegistry.find(type).dataType().name().substring("DT_".length())
        .toLowerCase(Locale.ROOT);
  }

  private static long outer(ElementSpec batched) {
    Shape first = batched.components().get(0).shape();
    if (first.isUnknown() || first.numDimensions() == 0) {
      throw new IllegalArgumentException("not a batch: " + batched);
    }
    return first.size(0);
  }
}

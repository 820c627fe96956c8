package dev.feedline.runtime.internal.examples;

import com.google.protobuf.ByteString;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.proto.BytesList;
import org.tensorflow.proto.Example;
import org.tensorflow.proto.Feature;
import org.tensorflow.proto.FeatureList;
import org.tensorflow.proto.FeatureLists;
import org.tensorflow.proto.Features;
import org.tensorflow.proto.FloatList;
import org.tensorflow.proto.Int64List;
import org.tensorflow.proto.SequenceExample;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;
import org.tensorflow.types.family.TType;

/**
 * Builds one serialized {@code tf.train.Example} (or {@code SequenceExample}, when the schema has
 * feature lists) of a record, checking every value against the shape its reader parses: the
 * writer's half of {@link ExampleParser}. Generated writers call it; a value is given flat, in
 * row-major order.
 *
 * <ul>
 *   <li>A fixed shape takes exactly as many values as it holds; a scalar one.
 *   <li>A first dimension of -1 takes any whole number of rows of the rest of the shape; as a
 *       feature list, each row is one step.
 *   <li>Every component needs a value, except those with a default, which a reader fills in.
 * </ul>
 *
 * <p>A value that does not fit is an {@link IllegalArgumentException} naming the component, its
 * shape and the value's. Features are written in component order, so the same values always give
 * the same bytes.
 */
public final class ExampleBuilder {
  /** The record's name, as messages show it. */
  private final String record;
  /** The components' names, one per feature, in the same order. */
  private final List<String> components;
  private final ExampleFeatures features;
  /** Per component: its values, one list of values per step for a feature list; null if unset. */
  private final List<List<Feature>> values;

  /** A builder of the record {@code ExampleSchema(record, components, features)} describes. */
  ExampleBuilder(String record, List<String> components, ExampleFeatures features) {
    this.record = record;
    this.components = components;
    this.features = features;
    this.values = new ArrayList<>();
    components.forEach(c -> values.add(null));
  }

  /** Sets a {@code TString} component to these byte strings. */
  public ExampleBuilder bytes(int component, byte[]... values) {
    check(component, TString.class, values == null ? -1 : values.length);
    return set(component, values.length, (from, to) -> {
      BytesList.Builder list = BytesList.newBuilder();
      for (int i = from; i < to; i++) {
        list.addValue(ByteString.copyFrom(notNull(component, values[i], i)));
      }
      return Feature.newBuilder().setBytesList(list).build();
    });
  }

  /** Sets a {@code TString} component to these byte strings. */
  public ExampleBuilder bytes(int component, List<byte[]> values) {
    return bytes(component, values == null ? null : values.toArray(byte[][]::new));
  }

  /** Sets a {@code TString} component to these strings, as UTF-8. */
  public ExampleBuilder strings(int component, String... values) {
    if (values == null) {
      return bytes(component, (byte[][]) null);
    }
    byte[][] bytes = new byte[values.length][];
    for (int i = 0; i < values.length; i++) {
      bytes[i] = notNull(component, values[i], i).getBytes(StandardCharsets.UTF_8);
    }
    return bytes(component, bytes);
  }

  /** Sets a {@code TInt64} component to these values. */
  public ExampleBuilder longs(int component, long... values) {
    check(component, TInt64.class, values == null ? -1 : values.length);
    return set(component, values.length, (from, to) -> {
      Int64List.Builder list = Int64List.newBuilder();
      for (int i = from; i < to; i++) {
        list.addValue(values[i]);
      }
      return Feature.newBuilder().setInt64List(list).build();
    });
  }

  /** Sets a {@code TInt64} component to these values. */
  public ExampleBuilder longs(int component, List<Long> values) {
    if (values == null) {
      return longs(component, (long[]) null);
    }
    long[] longs = new long[values.size()];
    for (int i = 0; i < longs.length; i++) {
      longs[i] = notNull(component, values.get(i), i);
    }
    return longs(component, longs);
  }

  /** Sets a {@code TFloat32} component to these values. */
  public ExampleBuilder floats(int component, float... values) {
    check(component, TFloat32.class, values == null ? -1 : values.length);
    return set(component, values.length, (from, to) -> {
      FloatList.Builder list = FloatList.newBuilder();
      for (int i = from; i < to; i++) {
        list.addValue(values[i]);
      }
      return Feature.newBuilder().setFloatList(list).build();
    });
  }

  /** Sets a {@code TFloat32} component to these values. */
  public ExampleBuilder floats(int component, List<Float> values) {
    if (values == null) {
      return floats(component, (float[]) null);
    }
    float[] floats = new float[values.size()];
    for (int i = 0; i < floats.length; i++) {
      floats[i] = notNull(component, values.get(i), i);
    }
    return floats(component, floats);
  }

  /**
   * The serialized record: an Example, or a SequenceExample whose context holds the features and
   * whose feature lists hold the steps.
   *
   * @throws IllegalArgumentException naming the first component without a value or a default
   */
  public byte[] toByteArray() {
    List<ExampleFeatures.Feature> declared = features.features();
    Features.Builder context = Features.newBuilder();
    FeatureLists.Builder lists = FeatureLists.newBuilder();
    for (int c = 0; c < declared.size(); c++) {
      ExampleFeatures.Feature feature = declared.get(c);
      List<Feature> set = values.get(c);
      if (set == null) {
        if (feature.defaults().isPresent()) {
          continue; // the reader fills in the default
        }
        throw new IllegalArgumentException("Component '" + components.get(c) + "' of "
            + record + " has no value; only a component with @DefaultValue may be left"
            + " out");
      }
      if (feature.place() == ExampleFeatures.Place.FEATURE_LIST) {
        lists.putFeatureList(feature.key(), FeatureList.newBuilder().addAllFeature(set).build());
      } else {
        context.putFeature(feature.key(), set.get(0));
      }
    }
    if (!features.sequence()) {
      return Example.newBuilder().setFeatures(context).build().toByteArray();
    }
    return SequenceExample.newBuilder().setContext(context).setFeatureLists(lists).build()
        .toByteArray();
  }

  /** Values {@code from} to {@code to} as one feature. */
  @FunctionalInterface
  private interface Slice {
    Feature of(int from, int to);
  }

  /** Stores the values: one feature, or one per step of a feature list. */
  private ExampleBuilder set(int component, int count, Slice slice) {
    ExampleFeatures.Feature feature = features.features().get(component);
    if (feature.place() != ExampleFeatures.Place.FEATURE_LIST) {
      values.set(component, List.of(slice.of(0, count)));
      return this;
    }
    int row = (int) rowSize(feature.shape());
    List<Feature> steps = new ArrayList<>();
    for (int from = 0; row > 0 && from < count; from += row) {
      steps.add(slice.of(from, from + row));
    }
    values.set(component, steps);
    return this;
  }

  /** Checks the component's dtype and that {@code count} values fill its shape. */
  private void check(int component, Class<? extends TType> type, int count) {
    if (component < 0 || component >= values.size()) {
      throw new IllegalArgumentException(record + " has no component " + component
          + "; it has " + values.size());
    }
    ExampleFeatures.Feature feature = features.features().get(component);
    String name = "Component '" + components.get(component) + "' of " + record;
    if (feature.type() != type) {
      throw new IllegalArgumentException(name + " is " + feature.type().getSimpleName()
          + ", not " + type.getSimpleName());
    }
    if (count < 0) {
      throw new IllegalArgumentException(name + " cannot be null");
    }
    Shape shape = feature.shape();
    if (feature.variableLength()) {
      long row = rowSize(shape);
      if (row == 0 ? count != 0 : count % row != 0) {
        throw new IllegalArgumentException(name + " has shape " + describe(shape) + ": rows of "
            + row + " value" + (row == 1 ? "" : "s") + ", any number of them; it was given "
            + count + " value" + (count == 1 ? "" : "s") + ", shape [" + count + "], which is no"
            + " whole number of rows");
      }
    } else if (count != shape.size()) {
      throw new IllegalArgumentException(name + " has shape " + describe(shape) + ", which holds "
          + shape.size() + " value" + (shape.size() == 1 ? "" : "s") + "; it was given " + count
          + " value" + (count == 1 ? "" : "s") + ", shape [" + count + "]");
    }
  }

  /** The values in one row of a shape whose first dimension varies: the rest's size. */
  private static long rowSize(Shape shape) {
    return shape.subShape(1, shape.numDimensions()).size();
  }

  /** A shape as {@code @Shape} declares it: {@code [-1, 3]}, {@code []} for a scalar. */
  static String describe(Shape shape) {
    return Arrays.stream(shape.asArray()).mapToObj(Long::toString)
        .collect(Collectors.joining(", ", "[", "]"));
  }

  private <T> T notNull(int component, T value, int index) {
    if (value == null) {
      throw new IllegalArgumentException("Component '" + components.get(component)
          + "' of " + record + " has null at value " + index);
    }
    return value;
  }
}

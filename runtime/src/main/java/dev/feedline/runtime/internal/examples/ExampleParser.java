package dev.feedline.runtime.internal.examples;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tensorflow.Operand;
import org.tensorflow.Output;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.op.Ops;
import org.tensorflow.op.io.ParseExample;
import org.tensorflow.op.io.ParseSingleExample;
import org.tensorflow.op.io.ParseSingleSequenceExample;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;
import org.tensorflow.types.family.TType;

/**
 * Parses serialized {@code tf.train.Example} or {@code SequenceExample} records into dense
 * tensors, inside a graph function: fixed shapes, value lists of any length, defaults for missing
 * features, feature lists.
 */
public final class ExampleParser {

  private ExampleParser() {}

  /**
   * Parses one serialized record.
   *
   * @return the dense values, in the order of {@code features}; a variable-length feature is as
   *     long as the record's value list (as many rows as its whole-numbered length allows)
   */
  public static List<Output<?>> parse(
      Ops tf, Operand<TString> serialized, ExampleFeatures features) {
    if (features.sequence()) {
      return parseSequence(tf, serialized, features);
    }
    List<Operand<?>> defaults = new ArrayList<>();
    List<String> keys = new ArrayList<>();
    List<Shape> shapes = new ArrayList<>();
    for (ExampleFeatures.Feature feature : features.features()) {
      defaults.add(denseDefault(tf, feature));
      keys.add(feature.key());
      shapes.add(feature.shape());
    }
    ParseSingleExample parsed =
        tf.io.parseSingleExample(serialized, defaults, 0L, List.of(), keys, List.of(), shapes);
    return List.copyOf(parsed.denseValues());
  }

  /**
   * Parses a batch of serialized Examples with one {@code ParseExample}: the vectorized form of
   * {@link #parse}, for a parse stage after a batch of records (docs/performance.md#epoch-1 measured
   * 4 to 5% less CPU per image than one parse per record in the example pipeline).
   *
   * @param serialized a vector of serialized Examples
   * @param features one component per feature, as for {@link #parse}; not a SequenceExample's
   * @return the dense values, in the order of {@code features}, with the batch dimension in front;
   *     a variable-length feature is padded to the batch's longest list
   */
  public static List<Output<?>> parseBatch(
      Ops tf, Operand<TString> serialized, ExampleFeatures features) {
    if (features.sequence()) {
      throw new IllegalArgumentException("A batch of SequenceExamples is parsed one by one: "
          + features.describe());
    }
    List<Operand<?>> defaults = new ArrayList<>();
    List<String> keys = new ArrayList<>();
    List<Shape> shapes = new ArrayList<>();
    for (ExampleFeatures.Feature feature : features.features()) {
      defaults.add(denseDefault(tf, feature));
      keys.add(feature.key());
      shapes.add(feature.shape());
    }
    Operand<TString> none = tf.constant(Shape.of(0), DataBuffers.ofObjects(String.class, 0));
    ParseExample parsed = tf.io.parseExample(serialized, none, none,
        tf.array(keys.toArray(String[]::new)), none, defaults, 0L, List.of(), List.of(),
        List.of(), shapes);
    return List.copyOf(parsed.denseValues());
  }

  /** The context features, then the feature lists, put back in the order of {@code features}. */
  private static List<Output<?>> parseSequence(
      Ops tf, Operand<TString> serialized, ExampleFeatures features) {
    List<Operand<TString>> contextKeys = new ArrayList<>();
    List<Operand<?>> contextDefaults = new ArrayList<>();
    List<Shape> contextShapes = new ArrayList<>();
    List<Operand<TString>> listKeys = new ArrayList<>();
    List<Class<? extends TType>> listTypes = new ArrayList<>();
    List<Shape> stepShapes = new ArrayList<>();
    for (ExampleFeatures.Feature feature : features.features()) {
      if (feature.place() == ExampleFeatures.Place.FEATURE_LIST) {
        listKeys.add(tf.constant(feature.key()));
        listTypes.add(feature.type());
        stepShapes.add(feature.shape().subShape(1, feature.shape().numDimensions()));
      } else {
        contextKeys.add(tf.constant(feature.key()));
        contextDefaults.add(denseDefault(tf, feature));
        contextShapes.add(feature.shape());
      }
    }
    // A missing feature list is read as no steps, as a missing value list is.
    Operand<TString> missingAssumedEmpty = tf.stack(listKeys.isEmpty()
        ? List.of(tf.constant("")) : listKeys);
    ParseSingleSequenceExample parsed = tf.io.parseSingleSequenceExample(serialized,
        missingAssumedEmpty, List.of(), contextKeys, List.of(), listKeys, contextDefaults,
        tf.constant(""), List.of(), listTypes, List.of(),
        ParseSingleSequenceExample.contextDenseShapes(contextShapes),
        ParseSingleSequenceExample.featureListDenseShapes(stepShapes));
    List<Output<?>> values = new ArrayList<>();
    int context = 0;
    int list = 0;
    for (ExampleFeatures.Feature feature : features.features()) {
      values.add(feature.place() == ExampleFeatures.Place.FEATURE_LIST
          ? parsed.featureListDenseValues().get(list++)
          : parsed.contextDenseValues().get(context++));
    }
    return values;
  }

  /** The length of a sequence: its first dimension, for a {@code @LengthOf} component. */
  public static Operand<TInt32> lengthOf(Ops tf, Operand<?> sequence) {
    return tf.gather(tf.shape(sequence), tf.constant(0), tf.constant(0));
  }

  /**
   * The default a parse gets for a feature: for a required one, an empty tensor (a record without
   * it is an error, not a zero); for a variable-length one, the one padding element TensorFlow
   * asks for (a missing list is empty); for an optional one, its values in its shape.
   */
  private static Operand<?> denseDefault(Ops tf, ExampleFeatures.Feature feature) {
    Class<? extends TType> type = feature.type();
    if (type != TString.class && type != TInt64.class && type != TFloat32.class) {
      throw new IllegalArgumentException("tf.train.Example has no list type for feature '"
          + feature.key() + "' of type " + type.getSimpleName() + "; use TString, TInt64 or"
          + " TFloat32");
    }
    if (feature.variableLength()) {
      return filled(tf, type, Shape.scalar(), List.of(type == TString.class ? "" : 0));
    }
    Optional<List<Object>> values = feature.defaults();
    return values.isPresent() ? filled(tf, type, feature.shape(), values.get())
        : filled(tf, type, Shape.of(0), List.of());
  }

  /** A constant of {@code shape}: one value for every position, or one value each. */
  private static Operand<?> filled(Ops tf, Class<? extends TType> type, Shape shape,
      List<Object> values) {
    int size = (int) shape.size();
    if (type == TString.class) {
      String[] strings = new String[size];
      for (int i = 0; i < size; i++) {
        strings[i] = String.valueOf(values.get(values.size() == 1 ? 0 : i));
      }
      return tf.constant(shape, DataBuffers.ofObjects(strings));
    }
    if (type == TInt64.class) {
      long[] longs = new long[size];
      for (int i = 0; i < size; i++) {
        longs[i] = ((Number) values.get(values.size() == 1 ? 0 : i)).longValue();
      }
      return tf.constant(shape, DataBuffers.of(longs, true, false));
    }
    float[] floats = new float[size];
    for (int i = 0; i < size; i++) {
      floats[i] = ((Number) values.get(values.size() == 1 ? 0 : i)).floatValue();
    }
    return tf.constant(shape, DataBuffers.of(floats, true, false));
  }
}

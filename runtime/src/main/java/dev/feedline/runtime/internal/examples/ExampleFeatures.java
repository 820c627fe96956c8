package dev.feedline.runtime.internal.examples;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.types.family.TType;

/**
 * What {@code @Decode} parses from a serialized {@code tf.train.Example} (or
 * {@code SequenceExample}): one entry per read component, in record order.
 *
 * @param features the features, in the order the parse returns them
 */
public record ExampleFeatures(List<Feature> features) {

  /** Where a feature is in the proto. */
  public enum Place {
    /** A feature of an Example, or of a SequenceExample's context. */
    FEATURE,
    /** A feature list of a SequenceExample: one row per step. */
    FEATURE_LIST
  }

  /**
   * One feature.
   *
   * @param key its key in the proto
   * @param shape its shape; a first dimension of -1 reads a value list of any length (a whole
   *     number of rows of the rest of the shape)
   * @param defaults the values of a missing feature, one or one per value; empty when a missing
   *     feature is an error (a missing variable-length feature is read as empty)
   */
  public record Feature(String key, Class<? extends TType> type, Shape shape, Place place,
      Optional<List<Object>> defaults) {
    public Feature {
      defaults = defaults.map(List::copyOf);
    }

    /** Whether its first dimension varies: a value list of any length, or a feature list. */
    public boolean variableLength() {
      return shape.numDimensions() > 0 && shape.size(0) == Shape.UNKNOWN_SIZE;
    }
  }

  public ExampleFeatures {
    features = List.copyOf(features);
  }

  public static ExampleFeatures of(Feature... features) {
    return new ExampleFeatures(List.of(features));
  }

  /** A feature a record must have; static-import the factories to keep specs readable. */
  public static Feature required(String key, Class<? extends TType> type, Shape shape) {
    return new Feature(key, type, shape, Place.FEATURE, Optional.empty());
  }

  /** A feature whose absence gives {@code defaults}: one value for every position, or one each. */
  public static Feature optional(String key, Class<? extends TType> type, Shape shape,
      Object... defaults) {
    return new Feature(key, type, shape, Place.FEATURE, Optional.of(List.of(defaults)));
  }

  /** A feature list of a SequenceExample, of shape {@code [-1, ...]}: one row per step. */
  public static Feature featureList(String key, Class<? extends TType> type, Shape shape) {
    return new Feature(key, type, shape, Place.FEATURE_LIST, Optional.empty());
  }

  /** Whether the records are SequenceExamples: some feature is a feature list. */
  public boolean sequence() {
    return features.stream().anyMatch(f -> f.place() == Place.FEATURE_LIST);
  }

  /**
   * A stable one-line description of every feature, by which a file's remembered record check is
   * told apart from a check of other features.
   */
  public String describe() {
    return features.stream()
        .map(f -> f.key() + ":" + f.type().getSimpleName() + ":" + f.shape() + ":" + f.place()
            + f.defaults().map(d -> ":" + d).orElse(""))
        .collect(Collectors.joining(","));
  }
}

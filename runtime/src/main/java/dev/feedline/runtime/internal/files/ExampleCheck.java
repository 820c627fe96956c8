package dev.feedline.runtime.internal.files;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.feedline.runtime.internal.examples.ExampleFeatures;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.proto.Example;
import org.tensorflow.proto.Feature;
import org.tensorflow.proto.FeatureList;
import org.tensorflow.proto.SequenceExample;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * Checks records against the features {@code @Decode} parses, in Java, to find the record behind
 * a parse error: TensorFlow quotes the feature or the bytes, not the file or the record's index.
 */
final class ExampleCheck {
  private ExampleCheck() {}

  /** Whether a TensorFlow message comes from parsing an Example. */
  static boolean isParseError(String message) {
    return message.contains("ParseSingleExample") || message.contains("ParseSequenceExample")
        || message.contains("Could not parse example") || message.contains("Feature: ")
        || message.contains("Key: ") || message.contains("Context feature '")
        || message.contains("Feature list '");
  }

  /** What keeps one serialized record from parsing into {@code features}, if anything. */
  static Optional<RecordProblem> check(byte[] record, ExampleFeatures features) {
    if (features.sequence()) {
      return checkSequence(record, features);
    }
    Example example;
    try {
      example = Example.parseFrom(record);
    } catch (InvalidProtocolBufferException e) {
      return Optional.of(new RecordProblem("not a tf.train.Example", "is not a tf.train.Example"));
    }
    return checkFeatures(example.getFeatures().getFeatureMap(), features.features(),
        ExampleFeatures.Place.FEATURE);
  }

  private static Optional<RecordProblem> checkSequence(byte[] record, ExampleFeatures features) {
    SequenceExample example;
    try {
      example = SequenceExample.parseFrom(record);
    } catch (InvalidProtocolBufferException e) {
      return Optional.of(new RecordProblem("not a tf.train.SequenceExample",
          "is not a tf.train.SequenceExample"));
    }
    Optional<RecordProblem> context = checkFeatures(example.getContext().getFeatureMap(),
        features.features(), ExampleFeatures.Place.FEATURE);
    if (context.isPresent()) {
      return context;
    }
    for (ExampleFeatures.Feature feature : features.features()) {
      FeatureList list = example.getFeatureLists().getFeatureListMap().get(feature.key());
      if (feature.place() != ExampleFeatures.Place.FEATURE_LIST || list == null) {
        continue; // a missing feature list is read as no steps
      }
      Shape step = feature.shape().subShape(1, feature.shape().numDimensions());
      for (Feature value : list.getFeatureList()) {
        Optional<RecordProblem> problem = checkValue(feature, value, step.size(), false);
        if (problem.isPresent()) {
          return problem;
        }
      }
    }
    return Optional.empty();
  }

  /** The first problem of the features of {@code place} in a record's feature map. */
  private static Optional<RecordProblem> checkFeatures(Map<String, Feature> map,
      List<ExampleFeatures.Feature> features, ExampleFeatures.Place place) {
    for (ExampleFeatures.Feature feature : features) {
      if (feature.place() != place) {
        continue;
      }
      Feature value = map.get(feature.key());
      // TensorFlow's parser reads a key without a value list (no bytes, int64 or float list set)
      // as missing: its default stands in, or the parse fails as for a key that is not there.
      boolean empty = value != null && value.getKindCase() == Feature.KindCase.KIND_NOT_SET;
      if (value == null || empty) {
        if (feature.defaults().isPresent() || feature.variableLength()) {
          continue; // a default, or an empty list, stands in
        }
        return Optional.of(new RecordProblem("no feature '" + feature.key() + "'", empty
            ? "has feature '" + feature.key() + "' with no value list, which TensorFlow reads as"
                + " missing, and it has no default"
            : "has no feature '" + feature.key() + "'; its features are " + (map.isEmpty()
                ? "none" : String.join(", ", new java.util.TreeSet<>(map.keySet())))));
      }
      long needed = feature.variableLength()
          ? feature.shape().subShape(1, feature.shape().numDimensions()).size()
          : feature.shape().size();
      Optional<RecordProblem> problem = checkValue(feature, value, needed, feature.variableLength());
      if (problem.isPresent()) {
        return problem;
      }
    }
    return Optional.empty();
  }

  /**
   * The problem of one value list: its kind against the declared dtype, and its count: exactly
   * {@code needed}, or, for a list of any length, a whole number of rows of {@code needed}.
   */
  private static Optional<RecordProblem> checkValue(ExampleFeatures.Feature feature, Feature value,
      long needed, boolean rows) {
    String expected = listOf(feature.type());
    String actual = switch (value.getKindCase()) {
      case BYTES_LIST -> "bytes";
      case INT64_LIST -> "int64";
      case FLOAT_LIST -> "float";
      case KIND_NOT_SET -> "nothing";
    };
    if (!actual.equals(expected) && !(rows && actual.equals("nothing"))) {
      return Optional.of(new RecordProblem("wrong dtype in '" + feature.key() + "'",
          "holds " + actual + " values in feature '" + feature.key() + "', which is declared "
              + feature.type().getSimpleName() + " (" + expected + ")"));
    }
    long count = switch (value.getKindCase()) {
      case BYTES_LIST -> value.getBytesList().getValueCount();
      case INT64_LIST -> value.getInt64List().getValueCount();
      case FLOAT_LIST -> value.getFloatList().getValueCount();
      case KIND_NOT_SET -> 0;
    };
    boolean fits = rows ? needed > 0 && count % needed == 0 : count == needed;
    if (!fits) {
      return Optional.of(new RecordProblem("wrong shape in '" + feature.key() + "'",
          "holds " + count + " values in feature '" + feature.key() + "', whose declared shape "
              + feature.shape() + (rows ? " needs a multiple of " : " needs ") + needed));
    }
    return Optional.empty();
  }

  private static String listOf(Class<?> type) {
    if (type == TString.class) {
      return "bytes";
    }
    if (type == TInt64.class) {
      return "int64";
    }
    if (type == TFloat32.class) {
      return "float";
    }
    return "unsupported";
  }
}

package dev.feedline.runtime;

import com.google.protobuf.InvalidProtocolBufferException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.tensorflow.proto.Example;
import org.tensorflow.proto.Feature;
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
    return message.contains("ParseSingleExample") || message.contains("Could not parse example")
        || message.contains("Feature: ") || message.contains("Key: ");
  }

  /** The first record of {@code file} that does not parse into {@code features}, described. */
  static Optional<String> firstProblem(Path file, ElementSpec features) {
    AtomicLong index = new AtomicLong();
    AtomicReference<String> problem = new AtomicReference<>();
    TFRecordFile.checkAll(file, record -> {
      if (problem.get() == null) {
        check(record, features)
            .ifPresent(p -> problem.set("record " + index.get() + " " + p.description()));
      }
      index.incrementAndGet();
    });
    return Optional.ofNullable(problem.get());
  }

  /**
   * Why a record does not parse.
   *
   * @param cause a short name that records with the same problem share, for counting them
   * @param description the problem, to follow "record N"
   */
  record Problem(String cause, String description) {}

  /** What keeps one serialized record from parsing into {@code features}, if anything. */
  static Optional<Problem> check(byte[] record, ElementSpec features) {
    Example example;
    try {
      example = Example.parseFrom(record);
    } catch (InvalidProtocolBufferException e) {
      return Optional.of(new Problem("not a tf.train.Example", "is not a tf.train.Example"));
    }
    for (ElementSpec.Component feature : features.components()) {
      Feature value = example.getFeatures().getFeatureMap().get(feature.name());
      if (value == null) {
        return Optional.of(new Problem("no feature '" + feature.name() + "'",
            "has no feature '" + feature.name() + "'"));
      }
      String expected = listOf(feature.type());
      String actual = switch (value.getKindCase()) {
        case BYTES_LIST -> "bytes";
        case INT64_LIST -> "int64";
        case FLOAT_LIST -> "float";
        case KIND_NOT_SET -> "nothing";
      };
      if (!actual.equals(expected)) {
        return Optional.of(new Problem("wrong dtype in '" + feature.name() + "'",
            "holds " + actual + " values in feature '" + feature.name() + "', which is declared "
                + feature.type().getSimpleName() + " (" + expected + ")"));
      }
      long count = switch (value.getKindCase()) {
        case BYTES_LIST -> value.getBytesList().getValueCount();
        case INT64_LIST -> value.getInt64List().getValueCount();
        default -> value.getFloatList().getValueCount();
      };
      long needed = feature.shape().size();
      if (count != needed) {
        return Optional.of(new Problem("wrong shape in '" + feature.name() + "'",
            "holds " + count + " values in feature '" + feature.name() + "', whose declared shape "
                + feature.shape() + " needs " + needed));
      }
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

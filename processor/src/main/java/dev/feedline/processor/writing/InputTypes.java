package dev.feedline.processor.writing;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import dev.feedline.processor.model.Input;
import dev.feedline.processor.model.Statistic;

/** The Java types that carry a pipeline input from the builder to the graph functions. */
final class InputTypes {
  private InputTypes() {}

  /** A vocabulary's table, a fitted statistic, or the Java value of a run-time scalar. */
  static TypeName javaType(Input input) {
    if (input.kind() == Input.Kind.VOCABULARY) {
      return Names.VOCABULARY_TABLE;
    }
    if (input.kind() == Input.Kind.STATISTIC) {
      return statisticClass(input.statistic().type());
    }
    return switch (input.dtype()) {
      case FLOAT32 -> TypeName.FLOAT;
      case FLOAT64 -> TypeName.DOUBLE;
      case INT32 -> TypeName.INT;
      case INT64 -> TypeName.LONG;
      case BOOL -> TypeName.BOOLEAN;
      case STRING -> ClassName.get(String.class);
      default -> throw new IllegalStateException("no run-time value of " + input.dtype());
    };
  }

  /** What the builder holds until {@code build}: a vocabulary's file, or a value, null if unset. */
  static TypeName builderType(Input input) {
    return input.kind() == Input.Kind.VOCABULARY ? Names.PATH : javaType(input).box();
  }

  /** The runtime class of a statistic. */
  static ClassName statisticClass(Statistic.Type type) {
    return switch (type) {
      case MOMENTS -> Names.MOMENTS;
      case MIN_MAX -> Names.MIN_MAX;
      case QUANTILES -> Names.QUANTILES;
      case VOCABULARY -> Names.FITTED_VOCABULARY;
    };
  }
}

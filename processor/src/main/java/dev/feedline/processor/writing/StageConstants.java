package dev.feedline.processor.writing;

import com.palantir.javapoet.TypeName;
import dev.feedline.processor.base.JavaLiterals;
import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.DType;
import dev.feedline.processor.model.ElementType;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.kinds.*;
import dev.feedline.processor.planning.Plan;
import dev.feedline.processor.writing.spec.CodeBlock;
import dev.feedline.processor.writing.spec.FieldSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;

/**
 * The constants that say what a stage parses or how it pads, one per stage that has one:
 * {@code ExampleFeatures} for {@code @Decode}, {@code CsvColumns} for {@code @DecodeCsv},
 * {@code Padding} for {@code @PaddedBatch} and {@code SortedWindows} or {@code Buckets} for
 * {@code @BucketByLength}.
 */
final class StageConstants {
  private StageConstants() {}

  static List<FieldSpec> fields(PipelineModel pipeline, GeneratedNames names) {
    List<FieldSpec> fields = new ArrayList<>();
    for (Stage stage : pipeline.hostStages()) {
      StageDefinition definition = stage.definition();
      if (definition instanceof DecodeStage) {
        fields.add(constant(Names.EXAMPLE_FEATURES, names.featureConstant(stage),
            CodeBlock.of("What stage $L, $L, parses from each record: key, dtype, shape, default.",
                stage.position(), stage.name()),
            exampleFeatures(stage.output())));
      } else if (definition instanceof DecodeCsvStage) {
        fields.add(constant(Names.CSV_COLUMNS, names.featureConstant(stage),
            CodeBlock.of("The columns stage $L, $L, parses from each line, in record order.",
                stage.position(), stage.name()),
            csvColumns(stage)));
      } else if (definition instanceof PaddedBatchStage padded) {
        fields.add(constant(Names.PADDING, names.batchingConstant(stage),
            CodeBlock.of("How stage $L, $L, pads its batches.", stage.position(), stage.name()),
            padding(stage.input(), padded.padding())));
      } else if (definition instanceof BucketByLengthStage bucket && bucket.sortsWindows()) {
        fields.add(constant(Names.SORTED_WINDOWS, names.batchingConstant(stage),
            CodeBlock.of("How stage $L, $L, sorts windows of batches by length, cuts and pads"
                + " them.", stage.position(), stage.name()),
            sortedWindows(stage, bucket)));
      } else if (definition instanceof BucketByLengthStage) {
        fields.add(constant(Names.BUCKETS, names.batchingConstant(stage),
            CodeBlock.of("How stage $L, $L, groups elements by length, pads and batches them.",
                stage.position(), stage.name()),
            buckets(stage)));
      }
    }
    return fields;
  }

  private static FieldSpec constant(TypeName type, String name, CodeBlock doc, CodeBlock value) {
    return FieldSpec.builder(type, name, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("$L\n", doc)
        .initializer(value)
        .build();
  }

  /** The components a parse reads, in record order; {@code @LengthOf} ones are computed after. */
  static List<Component> parsed(ElementType element) {
    return element.components().stream()
        .filter(c -> c.source() != Component.Source.LENGTH)
        .toList();
  }

  /** What a parse of {@code element} reads; a generated writer writes exactly this. */
  static CodeBlock exampleFeatures(ElementType element) {
    List<CodeBlock> features = new ArrayList<>();
    for (Component c : parsed(element)) {
      CodeBlock common = CodeBlock.of("$L, $T.class, $L", text(c.featureKey()),
          Names.dtype(c.dtype()),
          ElementSpecs.shape(c.shape()));
      if (c.source() == Component.Source.FEATURE_LIST) {
        features.add(CodeBlock.of("$T.featureList($L)", Names.EXAMPLE_FEATURES, common));
      } else if (c.defaults().isPresent()) {
        features.add(CodeBlock.of("$T.optional($L, $L)", Names.EXAMPLE_FEATURES, common,
            values(c.dtype(), c.defaults().get().values())));
      } else {
        features.add(CodeBlock.of("$T.required($L)", Names.EXAMPLE_FEATURES, common));
      }
    }
    return CodeBlock.of("$T.of(\n$>$>$L)$<$<", Names.EXAMPLE_FEATURES,
        CodeBlock.join(features, ",\n"));
  }

  private static CodeBlock csvColumns(Stage stage) {
    DecodeCsvStage csv = stage.as(DecodeCsvStage.class).orElseThrow();
    List<CodeBlock> columns = new ArrayList<>();
    for (Component c : stage.output().components()) {
      if (c.columns().isPresent()) {
        columns.add(vectorColumns(c));
        continue;
      }
      CodeBlock common = CodeBlock.of("$L, $T.class", text(c.featureKey()), Names.dtype(c.dtype()));
      columns.add(c.defaults().isPresent()
          ? CodeBlock.of("$T.column($L, $L)", Names.CSV_COLUMNS, common,
              literal(c.dtype(), c.defaults().get().values().get(0)))
          : CodeBlock.of("$T.column($L)", Names.CSV_COLUMNS, common));
    }
    return CodeBlock.of("new $T($T.of(\n$>$>$L),\n$L /* delimiter */, $L /* quoted */,"
            + " $L /* naValue */)$<$<", Names.CSV_COLUMNS, Names.LIST,
        CodeBlock.join(columns, ",\n"), text(csv.delimiter()), csv.quoted(), text(csv.naValue()));
  }

  /** A vector component's columns: their header names, or a range of the header. */
  private static CodeBlock vectorColumns(Component c) {
    Component.ColumnSet set = c.columns().orElseThrow();
    // An empty field reads as the one default (@DefaultValue), or as its column's of one each.
    CodeBlock fill = c.defaults().map(d -> d.values().size() == 1
        ? CodeBlock.of(", $L", literal(c.dtype(), d.values().get(0)))
        : CodeBlock.of(", $T.of($L)", Names.LIST, CodeBlock.join(d.values().stream()
            .map(v -> literal(c.dtype(), v)).toList(), ", "))).orElse(CodeBlock.of(""));
    if (set.isRange()) {
      return CodeBlock.of("$T.range($L, $T.class, $L, $L, $L$L)", Names.CSV_COLUMNS,
          text(c.name()), Names.dtype(c.dtype()), text(set.from()), text(set.to()),
          c.shape().dims().get(0), fill);
    }
    return CodeBlock.of("$T.vector($L, $T.class, $T.of($L)$L)", Names.CSV_COLUMNS, text(c.name()),
        Names.dtype(c.dtype()), Names.LIST,
        CodeBlock.join(set.names().stream().map(n -> CodeBlock.of("$L", text(n))).toList(), ", "),
        fill);
  }

  /** The {@code Padding} of a padded batch or a bucketing, over its input's components. */
  private static CodeBlock padding(ElementType input, List<StageDefinition.Pad> pads) {
    if (pads.isEmpty()) {
      return CodeBlock.of("$T.zeros()", Names.PADDING);
    }
    List<CodeBlock> entries = new ArrayList<>();
    for (StageDefinition.Pad pad : pads) {
      Component component = input.component(pad.component()).orElseThrow();
      CodeBlock value = component.dtype() == DType.STRING
          ? text(pad.text())
          : literal(component.dtype(), pad.value());
      if (pad.truncate()) {
        List<CodeBlock> lengths = input.components().stream()
            .filter(c -> pad.component().equals(c.lengthOf()))
            .map(c -> CodeBlock.of("$S", c.name()))
            .toList();
        entries.add(CodeBlock.of("$T.truncated($L, $L, $LL$L)", Names.PADDING,
            text(pad.component()),
            value, pad.length().orElseThrow(), lengths.isEmpty() ? CodeBlock.of("")
                : CodeBlock.of(", $L", CodeBlock.join(lengths, ", "))));
      } else if (pad.length().isPresent()) {
        entries.add(CodeBlock.of("$T.pad($L, $L, $LL)", Names.PADDING, text(pad.component()), value,
            pad.length().getAsLong()));
      } else {
        entries.add(CodeBlock.of("$T.pad($L, $L)", Names.PADDING, text(pad.component()), value));
      }
    }
    return CodeBlock.of("$T.of(\n$>$>$L)$<$<", Names.PADDING, CodeBlock.join(entries, ",\n"));
  }

  private static CodeBlock buckets(Stage stage) {
    BucketByLengthStage bucket = stage.as(BucketByLengthStage.class).orElseThrow();
    int component = stage.input().components().indexOf(
        stage.input().component(bucket.component()).orElseThrow());
    return CodeBlock.of("new $T($L /* $L */,\n$>$>new long[] {$L} /* boundaries */,"
            + " new long[] {$L} /* batchSizes */,\n$L /* padToBoundary */,"
            + " $L /* dropRemainder */,\n$L)$<$<", Names.BUCKETS, component, bucket.component(),
        longs(bucket.boundaries()), longs(bucket.batchSizes()), bucket.padToBoundary(),
        bucket.dropRemainder(), padding(stage.input(), bucket.padding()));
  }

  private static CodeBlock sortedWindows(Stage stage, BucketByLengthStage bucket) {
    int component = stage.input().components().indexOf(
        stage.input().component(bucket.component()).orElseThrow());
    return CodeBlock.of("new $T($L /* $L */, $LL /* batchSize */, $LL /* windowBatches */,\n$>$>"
            + "$L /* dropRemainder */, $L)$<$<", Names.SORTED_WINDOWS, component,
        bucket.component(), bucket.batchSizes().get(0), Plan.SORTED_WINDOW_BATCHES,
        bucket.dropRemainder(), padding(stage.input(), bucket.padding()));
  }

  private static String longs(List<Long> values) {
    return values.stream().map(v -> v + "L").collect(Collectors.joining(", "));
  }

  private static CodeBlock values(DType dtype, List<Object> values) {
    return CodeBlock.join(values.stream().map(v -> literal(dtype, v)).toList(), ", ");
  }

  /** A value of {@code dtype} as a Java literal of the matching type. */
  static CodeBlock literal(DType dtype, Object value) {
    return switch (dtype) {
      case STRING -> text(String.valueOf(value));
      case INT64, INT32, UINT8, UINT16 -> CodeBlock.of("$LL", ((Number) value).longValue());
      case BOOL -> CodeBlock.of("$L", ((Number) value).doubleValue() != 0);
      default -> floating(((Number) value).doubleValue(), dtype == DType.FLOAT64);
    };
  }

  /**
   * A string from the declaration as a literal: {@link JavaLiterals#quoted}, never JavaPoet's
   * {@code $S}, which writes U+2028 and U+2029 as they are (and JavaPoet then breaks the line
   * there) and control characters as unicode escapes, which javac reads before the literal.
   */
  static CodeBlock text(String value) {
    return CodeBlock.of("$L", JavaLiterals.quoted(value));
  }

  private static CodeBlock floating(double value, boolean wide) {
    String box = wide ? "Double" : "Float";
    if (Double.isNaN(value)) {
      return CodeBlock.of("$L.NaN", box);
    }
    if (Double.isInfinite(value)) {
      return CodeBlock.of("$L.$L", box, value > 0 ? "POSITIVE_INFINITY" : "NEGATIVE_INFINITY");
    }
    return wide ? CodeBlock.of("$Ld", Double.toString(value))
        : CodeBlock.of("$Lf", Float.toString((float) value));
  }
}

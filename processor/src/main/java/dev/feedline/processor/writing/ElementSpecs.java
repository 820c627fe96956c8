package dev.feedline.processor.writing;

import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StaticShape;
import dev.feedline.processor.model.kinds.DecodeCsvStage;
import dev.feedline.processor.planning.Plan;
import dev.feedline.processor.writing.spec.CodeBlock;
import dev.feedline.processor.writing.spec.FieldSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;

/** The {@code ElementSpec} constants: one per distinct stage output. */
final class ElementSpecs {
  private ElementSpecs() {}

  static List<FieldSpec> fields(Plan plan, GeneratedNames names) {
    PipelineModel pipeline = plan.pipeline();
    List<FieldSpec> fields = new ArrayList<>();
    for (Stage stage : pipeline.hostStages()) { // device stages work on graph outputs, not specs
      if (names.introducesElement(stage)) {
        fields.add(constant(names.elementConstant(stage),
            CodeBlock.of("Elements after stage $L, $L.", stage.position(), stage.name()),
            stage.output().components().stream()
                .map(c -> component(c.name(), c, stage.shapeOf(c)))
                .toList()));
      }
      if (names.recordBatchConstant(stage) != null) {
        fields.addAll(vectorizedParse(stage, names));
      }
      plan.packedRows().filter(p -> p.parse() == stage)
          .ifPresent(p -> fields.add(packedRows(p, names)));
      plan.windows().filter(w -> !w.packed() && w.chunked() == stage)
          .ifPresent(w -> fields.add(chunkedLines(w, names)));
    }
    return fields;
  }

  /** How the parse packs its rows for the stages up to the batch, which unpacks them. */
  private static FieldSpec packedRows(Plan.PackedRows packed, GeneratedNames names) {
    Stage parse = packed.parse();
    List<String> dtypes = parse.output().components().stream().map(c -> c.dtype().tfName())
        .distinct().toList();
    return FieldSpec.builder(Names.PACKED_ROWS, names.packedRowsConstant(), Modifier.PRIVATE,
            Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("The rows of stage $L, $L, packed into one tensor per dtype ($L) from the parse\n"
                + "to stage $L, $L, which unpacks its batches: $L components a row become $L.\n",
            parse.position(), parse.name(), String.join(", ", dtypes), packed.batch().position(),
            packed.batch().name(), parse.output().components().size(), dtypes.size())
        .initializer("$T.of($L)", Names.PACKED_ROWS, names.elementSpec(parse))
        .build();
  }

  /** How a text source's lines travel in chunks to the batch, shuffled a window at a time. */
  private static FieldSpec chunkedLines(Plan.Windows windows, GeneratedNames names) {
    Stage lines = windows.chunked();
    return FieldSpec.builder(Names.SHUFFLED_WINDOWS, names.windowsConstant(windows),
            Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("The lines of stage $L, $L, in chunks of $L to stage $L, $L, shuffled a window"
                + " at a time\nby stage $L, $L.\n", lines.position(), lines.name(),
            windows.chunkRows(), windows.batch().position(), windows.batch().name(),
            windows.shuffle().position(), windows.shuffle().name())
        .initializer("$T.of($L)", Names.SHUFFLED_WINDOWS, names.elementSpec(lines))
        .build();
  }

  /** The batches a vectorized parse takes and gives: its input's and output's specs, batched. */
  private static List<FieldSpec> vectorizedParse(Stage stage, GeneratedNames names) {
    List<Long> batch = List.of(StaticShape.UNKNOWN);
    return List.of(
        constant(names.recordBatchConstant(stage), CodeBlock.of(
                "Batches of up to $L $L, into stage $L, $L.", VectorizedParse.batch(stage),
                stage.kind() == DecodeCsvStage.KIND ? "lines"
                    : "serialized records", stage.position(), stage.name()),
            stage.input().components().stream()
                .map(c -> component(c.name(), c, stage.shapeOf(c).withOuter(batch)))
                .toList()),
        constant(names.parsedBatchConstant(stage), CodeBlock.of(
                "Batches of what stage $L, $L, parses, before they are unbatched.",
                stage.position(), stage.name()),
            stage.output().components().stream()
                .map(c -> component(c.name(), c, stage.shapeOf(c).withOuter(batch)))
                .toList()));
  }

  private static FieldSpec constant(String name, CodeBlock doc, List<CodeBlock> components) {
    return FieldSpec.builder(Names.ELEMENT_SPEC, name, Modifier.PRIVATE, Modifier.STATIC,
        Modifier.FINAL)
        .addJavadoc("$L\n", doc)
        .initializer("$T.of(\n$>$>$L$<$<)", Names.ELEMENT_SPEC, CodeBlock.join(components, ",\n"))
        .build();
  }

  private static CodeBlock component(String name, Component component, StaticShape shape) {
    return CodeBlock.of("$T.component($S, $T.class, $L)",
        Names.ELEMENT_SPEC, name, Names.dtype(component.dtype()), shape(shape));
  }

  /** {@code Shape.scalar()} or {@code Shape.of(-1, 224, 224, 3)}. */
  static CodeBlock shape(StaticShape shape) {
    if (shape.rank() == 0) {
      return CodeBlock.of("$T.scalar()", Names.SHAPE);
    }
    return CodeBlock.of("$T.of($L)", Names.SHAPE, shape.dims().stream()
        .map(d -> d > Integer.MAX_VALUE ? d + "L" : String.valueOf(d)) // beyond an int literal
        .collect(Collectors.joining(", ")));
  }
}

package dev.feedline.processor.writing;

import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.WildcardTypeName;
import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.DType;
import dev.feedline.processor.model.Input;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.ServingCut;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StaticShape;
import dev.feedline.processor.model.kinds.DecodeCsvStage;
import dev.feedline.processor.writing.spec.CodeBlock;
import dev.feedline.processor.writing.spec.FieldSpec;
import dev.feedline.processor.writing.spec.MethodSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.lang.model.element.Modifier;

/**
 * Writes the serving function of a {@code @Serving} pipeline: {@code serving(...)}, public, which
 * returns the runtime's {@code ServingFunction}, and the private method that adds its ops.
 *
 * <p>The per-element stages run as they do in training, and through the very graph functions the
 * pipeline's maps run ({@code parseFunction}, ...): a {@code TensorSliceDataset} over the
 * request's records, the stages' maps in order (the vectorized parse batched by 32 and unbatched,
 * as in training), one batch of the whole request, and {@code DatasetToSingleElement}. A map body
 * is written for one element, so it cannot be applied to the request's batch as it is; the
 * dataset applies it to each, in order, and the values are those training computes, by
 * construction rather than by a second implementation.
 *
 * <p>A pipeline with a {@code @DecodeCsv} on the serving path finds that stage's columns in the
 * files' header when it is built: its {@code serving(...)} is a method of the built pipeline,
 * which keeps the columns in a field, rather than a static one.
 */
final class ServingWriter {
  /** Javadoc text width: the class's Javadoc lines start at column 5, and end by column 100. */
  private static final int WIDTH = 94;

  private ServingWriter() {}

  /** The serving methods, none unless the pipeline is {@code @Serving}. */
  static List<MethodSpec> methods(PipelineModel pipeline, GeneratedNames names) {
    if (!ServingCut.declared(pipeline)) {
      return List.of();
    }
    ServingCut serving = ServingCut.of(pipeline);
    if (serving.unsupported().isPresent()) {
      return List.of();
    }
    List<Input> inputs = pipeline.inputs().stream()
        .filter(i -> serving.included().stream()
            .anyMatch(s -> s.inputs().stream().anyMatch(t -> t.name().equals(i.name()))))
        .toList();
    return List.of(publicMethod(pipeline, serving, inputs, names),
        datasetMethod(pipeline, serving, inputs, names));
  }

  /**
   * The columns each {@code @DecodeCsv} of the serving path found at build, kept by the built
   * pipeline for its serving function: one field each, set by the constructor.
   */
  static List<Stage> keptColumns(PipelineModel pipeline) {
    if (!ServingCut.declared(pipeline)) {
      return List.of();
    }
    ServingCut serving = ServingCut.of(pipeline);
    return serving.unsupported().isPresent() ? List.of() : serving.csvDecodes();
  }

  /** The fields of {@link #keptColumns}. */
  static List<FieldSpec> fields(PipelineModel pipeline, GeneratedNames names) {
    return keptColumns(pipeline).stream()
        .map(csv -> FieldSpec.builder(int[].class, names.csvColumns(csv), Modifier.PRIVATE,
                Modifier.FINAL)
            .addJavadoc("The columns of each line that stage $L, $L, parses, found at build.\n",
                csv.position(), csv.name())
            .build())
        .toList();
  }

  private static MethodSpec publicMethod(PipelineModel pipeline, ServingCut serving,
      List<Input> inputs, GeneratedNames names) {
    String input = serving.input();
    Stage last = lastElement(serving);
    MethodSpec.Builder method = MethodSpec.methodBuilder(names.servingMethod())
        .addModifiers(Modifier.PUBLIC)
        .returns(Names.SERVING_FUNCTION)
        .addJavadoc(javadoc(pipeline, serving, last));
    if (serving.csvDecodes().isEmpty()) {
      method.addModifiers(Modifier.STATIC);
    }
    if (!inputs.isEmpty()) {
      method.addJavadoc("\n");
    }
    CodeBlock.Builder body = CodeBlock.builder();
    List<CodeBlock> arguments = new ArrayList<>();
    arguments.add(CodeBlock.of("tf"));
    arguments.add(CodeBlock.of("$N", input));
    serving.csvDecodes().forEach(csv -> arguments.add(CodeBlock.of("$N", names.csvColumns(csv))));
    for (Input value : inputs) {
      String name = names.input(value.name());
      if (value.kind() == Input.Kind.VOCABULARY) {
        String file = name + "File";
        method.addParameter(Names.PATH, file);
        method.addJavadoc("@param $N the file of @Vocabulary '$L': the function holds its tokens\n",
            file, value.name());
        if (value.strict()) {
          body.addStatement("$T $N = $T.loadStrict(tf, $N, $S, $N)",
              Names.VOCABULARY_TABLE, name, Names.VOCABULARY_TABLE, GeneratedNames.PIPELINE,
              value.name(), file);
        } else {
          body.addStatement("$T $N = $T.load(tf, $N, $S, $N,$W$LL /* oovBuckets */)",
              Names.VOCABULARY_TABLE, name, Names.VOCABULARY_TABLE, GeneratedNames.PIPELINE,
              value.name(), file, value.oovBuckets());
        }
        body.addStatement("initializers.add($N.initializer())", name);
      } else if (BuilderWriter.isFittedVocabulary(value)) {
        String fitted = name + "Fitted";
        method.addParameter(InputTypes.javaType(value), fitted);
        method.addJavadoc("@param $N the @Statistics '$L' fitted over $L: the function holds its"
            + " tokens\n", fitted, value.name(), value.statistic().over().simpleName());
        body.addStatement("$T $N = $N.inGraph(tf)", InputTypes.javaType(value), name, fitted);
        body.addStatement("initializers.add($N.initializer())", name);
      } else if (value.kind() == Input.Kind.STATISTIC) {
        method.addParameter(InputTypes.javaType(value), name);
        method.addJavadoc("@param $N the @Statistics '$L' fitted over $L, held as constants\n",
            name, value.name(), value.statistic().over().simpleName());
      } else {
        method.addParameter(InputTypes.javaType(value), name);
        method.addJavadoc("@param $N the @RunTimeValue '$L', held by the function as a constant\n",
            name, value.name());
      }
      arguments.add(CodeBlock.of("$N", name));
    }
    CodeBlock call = CodeBlock.of("$N($L)", names.servingDataset(),
        CodeBlock.join(arguments, ", "));
    List<CodeBlock> outputs = last.output().components().stream()
        .map(c -> CodeBlock.of("$S", c.name())).toList();
    CodeBlock lambda = body.isEmpty()
        ? CodeBlock.of("($N, $N, initializers) -> $L", "tf", input, call)
        : CodeBlock.of("($N, $N, initializers) -> {\n$>$L$<}", "tf", input,
            body.addStatement("return $L", call).build());
    method.addCode("return $T.of($N, $S, $T.of($L),\n$>$>$L)$<$<;\n", Names.SERVING_FUNCTION,
        GeneratedNames.PIPELINE, input, Names.LIST, CodeBlock.join(outputs, ", "), lambda);
    return method.build();
  }

  private static MethodSpec datasetMethod(PipelineModel pipeline, ServingCut serving,
      List<Input> inputs, GeneratedNames names) {
    String input = serving.input();
    MethodSpec.Builder method = MethodSpec.methodBuilder(names.servingDataset())
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .addJavadoc("Adds the serving function's ops to the graph of {@code tf}: the stages of\n"
            + "{@link #$N} over the request's $L, in order, then one batch of all of them.\n",
            names.servingMethod(), input)
        .returns(ParameterizedTypeName.get(Names.LIST,
            ParameterizedTypeName.get(Names.OUTPUT, WildcardTypeName.subtypeOf(Object.class))))
        .addParameter(Names.OPS, "tf")
        .addParameter(Names.operandOf(DType.STRING), input);
    serving.csvDecodes().forEach(csv -> method.addParameter(int[].class, names.csvColumns(csv)));
    for (Input value : inputs) {
      method.addParameter(InputTypes.javaType(value), names.input(value.name()));
    }
    method.addStatement("$T dataset = $T.requests(tf, $N)", Names.anyDataset(), Names.SERVING_OPS,
        input);
    for (Stage stage : serving.included()) {
      method.addCode("\n// $L. $L $L\n", stage.position(), stage.name(),
          Javadoc.safe(AnnotationText.of(stage)));
      if (names.vectorizedParse(stage)) {
        method.addCode("// Vectorized as in training: $L $L a parse, then unbatched.\n",
            VectorizedParse.batch(stage), VectorizedParse.unit(stage));
        method.addStatement("dataset = $T.batch(tf, dataset, $LL /* $L */, $N)",
            Names.SERVING_OPS, VectorizedParse.batch(stage), VectorizedParse.unit(stage),
            names.recordBatchConstant(stage));
        method.addStatement(map(stage, names,
            CodeBlock.of("$N", names.parsedBatchConstant(stage))));
        method.addStatement("dataset = $T.unbatch(tf, dataset, $L)", Names.SERVING_OPS,
            names.elementSpec(stage));
      } else {
        method.addStatement(map(stage, names, names.elementSpec(stage)));
      }
    }
    method.addStatement("return $T.collect(tf, dataset, $N, $L)", Names.SERVING_OPS, input,
        names.elementSpec(lastElement(serving)));
    return method.build();
  }

  /** The stage's own graph function, mapped over the elements in order. */
  private static CodeBlock map(Stage stage, GeneratedNames names, CodeBlock spec) {
    List<CodeBlock> arguments = new ArrayList<>();
    if (stage.kind() == DecodeCsvStage.KIND) {
      arguments.add(CodeBlock.of("$N", names.csvColumns(stage)));
    }
    stage.inputs().forEach(i -> arguments.add(CodeBlock.of("$N", names.input(i.name()))));
    CodeBlock function = arguments.isEmpty()
        ? CodeBlock.of("$T::$N", names.generated(), names.functionMethod(stage))
        : CodeBlock.of("$N -> $N($N, $L)", GeneratedNames.FUNCTION_OPS,
            names.functionMethod(stage), GeneratedNames.FUNCTION_OPS,
            CodeBlock.join(arguments, ", "));
    return CodeBlock.of("dataset = $T.map(tf, dataset,$W$L,$W$L)", Names.SERVING_OPS, function,
        spec);
  }

  /** The stage whose element the function hands out: its last, or the records themselves. */
  private static Stage lastElement(ServingCut serving) {
    if (!serving.included().isEmpty()) {
      return serving.included().get(serving.included().size() - 1);
    }
    Stage reader = serving.leftOut().get(0).stage();
    for (ServingCut.LeftOut left : serving.leftOut()) {
      if (left.reason() == ServingCut.Reason.READS_FILES) {
        reader = left.stage();
      }
    }
    return reader;
  }

  private static CodeBlock javadoc(PipelineModel pipeline, ServingCut serving, Stage last) {
    int width = pipeline.stages().stream().mapToInt(s -> s.name().length()).max().orElse(0);
    StringBuilder in = new StringBuilder();
    for (Stage stage : serving.included()) {
      in.append(String.format(Locale.ROOT, "%2d %-" + width + "s  %s\n", stage.position(),
          stage.name(), AnnotationText.of(stage)));
    }
    StringBuilder out = new StringBuilder();
    for (ServingCut.LeftOut left : serving.leftOut()) {
      out.append(String.format(Locale.ROOT, "%2d %-" + width + "s  @%s: %s\n",
          left.stage().position(), left.stage().name(), left.stage().kind().annotation(),
          left.reason().text()));
    }
    List<String> batched = new ArrayList<>();
    for (Component c : last.output().components()) {
      batched.add(c.name() + " " + c.dtype().tfName()
          + last.innerShapeOf(c).withOuter(List.of(StaticShape.UNKNOWN)));
    }
    String what = serving.input().equals("records")
        ? "serialized tf.train.Examples, as the TFRecord files hold them"
        : "lines of text, as the files hold them";
    CodeBlock.Builder doc = CodeBlock.builder()
        .add("The serving function of {@link $T}:\n", TypeName.get(pipeline.type().asType()))
        .add("$L", wrap("the per-element stages that make the model's inputs, as the same graph"
            + " code, for a service to run on requests."))
        .add("\n$L", wrap("<p>It takes {@code " + serving.input() + "}, a {@code string[?]} of "
            + what + ", and gives {@code " + last.output() + "}: "
            + Javadoc.safe(String.join(", ", batched)) + ", one row per request record, in"
            + " order." + (hasUnknownDimension(last) ? " A component of unknown length is padded"
            + " with zeros to the request's longest." : "")));
    if (!serving.csvDecodes().isEmpty()) {
      doc.add("\n$L", wrap("<p>A request's lines are rows laid out as the files' were when the"
          + " pipeline was built: " + String.join(", ", serving.csvDecodes().stream()
              .map(csv -> "stage " + csv.position() + ", " + csv.name()).toList())
          + ", parses the columns it found then, in the header where the files have one. Send"
          + " the rows, not the header."));
    }
    return doc
        .add("\n<p>In it, in order:\n\n<pre>{@code\n$L}</pre>\n\n", Javadoc.safe(in.length() == 0
            ? "(none: it hands out the records)\n" : in.toString()))
        .add("<p>Left out:\n\n<pre>{@code\n$L}</pre>\n\n", Javadoc.safe(out.toString()))
        .add("$L", wrap("<p>Its values are those the pipeline gives the model, bit for bit: each"
            + " stage runs its own graph function, as in training. {@code ServingFunction.export}"
            + " writes it, chained into a model, as a SavedModel (docs/serving.md). A request of"
            + " no record is an error."))
        .build();
  }

  private static boolean hasUnknownDimension(Stage stage) {
    return stage.output().components().stream()
        .anyMatch(c -> stage.innerShapeOf(c).dims().contains(StaticShape.UNKNOWN));
  }

  /** {@code text} broken into lines of at most {@link #WIDTH} characters, between words. */
  static String wrap(String text) {
    StringBuilder lines = new StringBuilder();
    int lineStart = 0;
    for (String word : text.split(" ")) {
      if (lines.length() > lineStart && lines.length() - lineStart + 1 + word.length() > WIDTH) {
        lines.append('\n');
        lineStart = lines.length();
      } else if (lines.length() > lineStart) {
        lines.append(' ');
      }
      lines.append(word);
    }
    return lines.append('\n').toString();
  }
}

package dev.feedline.processor.writing;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.DType;
import dev.feedline.processor.model.Input;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.ServingCut;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
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
 */
final class ServingWriter {
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

  private static MethodSpec publicMethod(PipelineModel pipeline, ServingCut serving,
      List<Input> inputs, GeneratedNames names) {
    String input = serving.input();
    Stage last = lastElement(pipeline, serving);
    MethodSpec.Builder method = MethodSpec.methodBuilder(names.servingMethod())
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(Names.SERVING_FUNCTION)
        .addJavadoc(javadoc(pipeline, serving, last));
    CodeBlock.Builder body = CodeBlock.builder();
    List<CodeBlock> arguments = new ArrayList<>();
    arguments.add(CodeBlock.of("tf"));
    arguments.add(CodeBlock.of("$N", input));
    for (Input value : inputs) {
      String name = names.input(value.name());
      if (value.kind() == Input.Kind.VOCABULARY) {
        String file = name + "File";
        method.addParameter(Names.PATH, file);
        method.addJavadoc("@param $N the file of @Vocabulary '$L', whose tokens the function holds\n",
            file, value.name());
        body.addStatement("$T $N = $T.load(tf, $N, $S, $N, $LL)", Names.VOCABULARY_TABLE, name,
            Names.VOCABULARY_TABLE, GeneratedNames.PIPELINE, value.name(), file,
            value.oovBuckets());
        body.addStatement("initializers.add($N.initializer())", name);
      } else {
        method.addParameter(InputTypes.javaType(value), name);
        method.addJavadoc("@param $N the @RunTimeValue '$L', held by the function as a constant\n",
            name, value.name());
      }
      arguments.add(CodeBlock.of("$N", name));
    }
    body.addStatement("return $N($L)", names.servingDataset(), CodeBlock.join(arguments, ", "));
    List<CodeBlock> outputs = last.output().components().stream()
        .map(c -> CodeBlock.of("$S", c.name())).toList();
    method.addCode("return $T.of($N, $S, $T.of($L),\n$>$>($N, $N, initializers) -> {\n$>$L$<})$<$<;\n",
        Names.SERVING_FUNCTION, GeneratedNames.PIPELINE, input, Names.LIST,
        CodeBlock.join(outputs, ", "), "tf", input, body.build());
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
            ParameterizedTypeName.get(Names.OUTPUT, com.palantir.javapoet.WildcardTypeName
                .subtypeOf(Object.class))))
        .addParameter(Names.OPS, "tf")
        .addParameter(Names.operandOf(DType.STRING), input);
    for (Input value : inputs) {
      method.addParameter(InputTypes.javaType(value), names.input(value.name()));
    }
    method.addStatement("$T dataset = $T.requests(tf, $N)", Names.anyDataset(), Names.SERVING_OPS,
        input);
    for (Stage stage : serving.included()) {
      method.addCode("\n// $L. $L $L\n", stage.position(), stage.name(),
          Javadoc.safe(AnnotationText.of(stage)));
      if (VectorizedParse.applies(stage)) {
        String records = names.recordBatchConstant(stage);
        String batches = names.parsedBatchConstant(stage);
        method.addCode("// Vectorized as in training: $L records a parse, then unbatched.\n",
            VectorizedParse.RECORDS);
        method.addStatement("dataset = tf.data.batchDataset(dataset, tf.constant($LL) /* records */,\n"
                + "tf.constant(false) /* dropRemainder */, $N.types(), $N.shapes())",
            VectorizedParse.RECORDS, records, records);
        method.addCode(map(stage, names, CodeBlock.of("$N", batches)));
        method.addStatement("dataset = tf.data.unbatchDataset(dataset, $L.types(), $L.shapes())",
            names.elementSpec(stage), names.elementSpec(stage));
      } else {
        method.addCode(map(stage, names, names.elementSpec(stage)));
      }
    }
    method.addStatement("return $T.collect(tf, dataset, $N, $L)", Names.SERVING_OPS, input,
        names.elementSpec(lastElement(pipeline, serving)));
    return method.build();
  }

  /** The stage's own graph function, mapped over the elements in order. */
  private static CodeBlock map(Stage stage, GeneratedNames names, CodeBlock spec) {
    List<CodeBlock> arguments = new ArrayList<>();
    stage.inputs().forEach(i -> arguments.add(CodeBlock.of("$N", names.input(i.name()))));
    CodeBlock trace = arguments.isEmpty()
        ? CodeBlock.of("$T::$N", names.generated(), names.functionMethod(stage))
        : CodeBlock.of("$N -> $N($N, $L)", GeneratedNames.FUNCTION_OPS,
            names.functionMethod(stage), GeneratedNames.FUNCTION_OPS,
            CodeBlock.join(arguments, ", "));
    return CodeBlock.builder()
        .beginControlFlow("try ($T function = $T.create($L))", Names.CONCRETE_FUNCTION,
            Names.CONCRETE_FUNCTION, trace)
        .addStatement("dataset = tf.data.parallelMapDataset(dataset, $T.of(), tf.constant(-1L) /* parallel */,\n"
                + "function, $L.types(), $L.shapes(), $T.deterministic(\"true\"))", Names.LIST,
            spec, spec, Names.PARALLEL_MAP)
        .endControlFlow()
        .build();
  }

  /** The stage whose element the function hands out: its last, or the records themselves. */
  private static Stage lastElement(PipelineModel pipeline, ServingCut serving) {
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
          + last.innerShapeOf(c).withOuter(List.of(dev.feedline.processor.model.StaticShape.UNKNOWN)));
    }
    String what = serving.input().equals("records")
        ? "serialized tf.train.Examples, as the TFRecord files hold them"
        : "lines of text, as the files hold them";
    return CodeBlock.builder()
        .add("The serving function of {@link $T}: the per-element stages that make the model's\n"
            + "inputs, as the same graph code, for a service to run on requests.\n\n",
            TypeName.get(pipeline.type().asType()))
        .add("<p>It takes {@code $N}, a {@code string[?]} of $L, and gives\n"
            + "{@code $L}: $L, one row per request record, in order.\n\n", serving.input(), what,
            last.output().toString(), Javadoc.safe(String.join(", ", batched)))
        .add("<p>In it, in order:\n\n<pre>{@code\n$L}</pre>\n\n", Javadoc.safe(in.length() == 0
            ? "(none: it hands out the records)\n" : in.toString()))
        .add("<p>Left out:\n\n<pre>{@code\n$L}</pre>\n\n", Javadoc.safe(out.toString()))
        .add("<p>Its values are those the pipeline gives the model, bit for bit: each stage runs\n"
            + "its own graph function, as in training. {@code ServingFunction.export} writes it,\n"
            + "chained into a model, as a SavedModel (docs/serving.md). A request of no record is\n"
            + "an error.\n")
        .build();
  }
}

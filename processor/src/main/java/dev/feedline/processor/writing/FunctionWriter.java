package dev.feedline.processor.writing;

import com.palantir.javapoet.TypeName;
import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.DType;
import dev.feedline.processor.model.ElementType;
import dev.feedline.processor.model.Input;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StaticShape;
import dev.feedline.processor.model.kinds.DecodeJpegStage;
import dev.feedline.processor.model.kinds.FilterStage;
import dev.feedline.processor.model.kinds.FlatMapStage;
import dev.feedline.processor.writing.spec.CodeBlock;
import dev.feedline.processor.writing.spec.MethodSpec;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Writes the methods that trace a stage's graph function: placeholders for the input element,
 * the stage's work, and the outputs in component order.
 */
final class FunctionWriter {
  private FunctionWriter() {}

  /** The parse function of a {@code @Decode} stage. */
  static MethodSpec decode(Stage stage, GeneratedNames names) {
    MethodSpec.Builder method = start(stage, names, CodeBlock.of(
        names.vectorizedParse(stage)
            ? "Graph function of stage $L, $L: parses a batch of serialized tf.train.Examples into"
                + " {@link $T}s, batched."
            : "Graph function of stage $L, $L: parses a serialized tf.train.Example into {@link"
                + " $T}.",
        stage.position(), stage.name(), TypeName.get(stage.output().type())));
    Component serialized = stage.input().components().get(0);
    boolean vectorized = names.vectorizedParse(stage);
    String input = vectorized ? "records" : "record";
    StaticShape shape = stage.shapeOf(serialized);
    method.addStatement("$T<$T> $N = tf.placeholder($T.class, $T.shape($L))",
        Names.PLACEHOLDER, Names.dtype(serialized.dtype()), input, Names.dtype(serialized.dtype()),
        Names.PLACEHOLDER, ElementSpecs.shape(vectorized
            ? shape.withOuter(List.of(StaticShape.UNKNOWN)) : shape));
    method.addStatement("$T<$T<?>> features = $T.$L(tf, $N, $N)", Names.LIST, Names.OUTPUT,
        Names.EXAMPLE_PARSER, vectorized ? "parseBatch" : "parse", input,
        names.featureConstant(stage));
    CodeBlock.Builder signature = CodeBlock.builder()
        .add("return $T.builder()\n$>$>.key($S)\n.input($S, $N)\n",
            Names.SIGNATURE, stage.name(), input, input);
    List<Component> parsed = StageConstants.parsed(stage.output());
    for (Component c : stage.output().components()) {
      if (c.source() == Component.Source.LENGTH) {
        Component target = stage.output().component(c.lengthOf()).orElseThrow();
        signature.add(".output($S, $T.lengthOf(tf, features.get($L)))\n", c.name(),
            Names.EXAMPLE_PARSER, parsed.indexOf(target));
      } else {
        signature.add(".output($S, features.get($L))\n", c.name(), parsed.indexOf(c));
      }
    }
    method.addCode(signature.add(".build();\n$<$<").build());
    return method.build();
  }

  /**
   * The parse function of a {@code @DecodeCsv} stage; {@code columns} says which field of the
   * line each component takes, found in the files' header when the pipeline is built.
   */
  static MethodSpec decodeCsv(Stage stage, GeneratedNames names) {
    boolean vectorized = names.vectorizedParse(stage);
    String input = vectorized ? "lines" : "line";
    MethodSpec.Builder method = start(stage, names, CodeBlock.of(vectorized
            ? "Graph function of stage $L, $L: parses a batch of lines of comma-separated values"
                + " into {@link $T}s, batched."
            : "Graph function of stage $L, $L: parses a line of comma-separated values into"
                + " {@link $T}.",
        stage.position(), stage.name(), TypeName.get(stage.output().type())))
        .addParameter(int[].class, "columns");
    method.addStatement("$T<$T> $N = tf.placeholder($T.class, $T.shape($L))",
        Names.PLACEHOLDER, Names.dtype(DType.STRING), input, Names.dtype(DType.STRING),
        Names.PLACEHOLDER, ElementSpecs.shape(vectorized
            ? StaticShape.scalar().withOuter(List.of(StaticShape.UNKNOWN)) : StaticShape.scalar()));
    method.addStatement("$T<$T<?>> values = $N.decode(tf, $N, columns)",
        Names.LIST, Names.OUTPUT, names.featureConstant(stage), input);
    CodeBlock.Builder signature = CodeBlock.builder()
        .add("return $T.builder()\n$>$>.key($S)\n.input($S, $N)\n",
            Names.SIGNATURE, stage.name(), input, input);
    List<Component> components = stage.output().components();
    for (int i = 0; i < components.size(); i++) {
      signature.add(".output($S, values.get($L))\n", components.get(i).name(), i);
    }
    method.addCode(signature.add(".build();\n$<$<").build());
    return method.build();
  }

  /**
   * The function of a {@code @DecodeJpeg} stage: decodes the JPEG component into the image
   * component, at a reduced scale when the declared sizes allow it, and passes the rest through.
   */
  static MethodSpec decodeJpeg(Stage stage, GeneratedNames names) {
    ElementType input = stage.input();
    ElementType output = stage.output();
    MethodSpec.Builder method = start(stage, names, CodeBlock.of(
        "Graph function of stage $L, $L: decodes the JPEG of {@link $T} into its image.",
        stage.position(), stage.name(), TypeName.get(output.type())));
    method.addStatement("$T in = new $T(\n$L)", TypeName.get(input.type()),
        TypeName.get(input.type()), CodeBlock.join(placeholders(stage, input), ",\n"));
    Component jpeg = input.components().stream()
        .filter(c -> c.dtype() == DType.STRING).findFirst().orElseThrow();
    Component image = output.components().stream()
        .filter(DecodeJpegStage::isImage).findFirst().orElseThrow();
    List<Long> size = image.shape().dims();
    JpegScale scale = JpegScale.of(stage, Math.max(size.get(0), size.get(1)));
    method.addCode(scale.comment());
    method.addStatement("$T image = $T.$L(tf, $L,\n$LL /* channels */, $LL /* ratio */,"
            + " $LL /* height */, $LL /* width */)", Names.operandOf(image.dtype()), Names.IMAGES,
        image.dtype() == DType.UINT8 ? "decodeJpegPixels" : "decodeJpeg",
        accessor("in", input, jpeg), size.get(2), scale.ratio(), size.get(0), size.get(1));
    CodeBlock.Builder signature = CodeBlock.builder()
        .add("return $T.builder()\n$>$>.key($S)\n", Names.SIGNATURE, stage.name());
    for (Component c : input.components()) {
      signature.add(".input($S, $L)\n", "in_" + c.name(), accessor("in", input, c));
    }
    for (Component c : output.components()) {
      signature.add(".output($S, $L)\n", c.name(), c == image
          ? CodeBlock.of("tf.ensureShape(image, $L)", ElementSpecs.shape(image.shape()))
          : accessor("in", input, c));
    }
    method.addCode(signature.add(".build();\n$<$<").build());
    return method.build();
  }

  /** The function of a {@code @Map} or {@code @Filter} stage, which calls the user's body. */
  static MethodSpec body(PipelineModel pipeline, Stage stage, GeneratedNames names) {
    TypeName spec = TypeName.get(stage.declaringType().asType());
    MethodSpec.Builder method = start(stage, names, CodeBlock.of(
        "Graph function of stage $L, $L: calls {@link $T#$L} and checks each output against its"
            + " declared shape.", stage.position(), stage.name(), spec, stage.name()));
    ElementType input = stage.input();
    CodeBlock in = input.isRecord()
        ? CodeBlock.of("$T in = new $T(\n$L)", TypeName.get(input.type()),
            TypeName.get(input.type()), CodeBlock.join(placeholders(stage, input), ",\n"))
        : CodeBlock.of("$T in = $L", TypeName.get(input.type()), placeholders(stage, input).get(0));
    method.addStatement(in);
    CodeBlock.Builder signature = CodeBlock.builder()
        .add("return $T.builder()\n$>$>.key($S)\n", Names.SIGNATURE, stage.name());
    for (Component c : input.components()) {
      signature.add(".input($S, $L)\n", "in_" + c.name(), accessor("in", input, c));
    }
    CodeBlock.Builder arguments = CodeBlock.builder().add("tf, in");
    if (stage.isSeeded()) {
      // The element's position, numbered before the map, follows its components; the stage's
      // seed for the epoch is the map's captured argument, which comes last.
      method.addStatement("$T<$T> $N = tf.placeholder($T.class, $T.shape($L))", Names.PLACEHOLDER,
          Names.dtype(DType.INT64), GeneratedNames.POSITION, Names.dtype(DType.INT64),
          Names.PLACEHOLDER, ElementSpecs.shape(StaticShape.scalar()));
      method.addStatement("$T<$T> $N = tf.placeholder($T.class, $T.shape($T.of(2)))",
          Names.PLACEHOLDER, Names.dtype(DType.INT64), GeneratedNames.STAGE_SEED,
          Names.dtype(DType.INT64), Names.PLACEHOLDER, Names.SHAPE);
      signature.add(".input($S, $N)\n.input($S, $N)\n", GeneratedNames.POSITION,
          GeneratedNames.POSITION, GeneratedNames.STAGE_SEED, GeneratedNames.STAGE_SEED);
    }
    int randomParameter = stage.elementRandomParameter();
    int taken = 0;
    for (int parameter = 2; parameter < stage.method().getParameters().size(); parameter++) {
      if (parameter == randomParameter) {
        arguments.add(", $T.of(tf, $N, $N)", Names.ELEMENT_RANDOM, GeneratedNames.STAGE_SEED,
            GeneratedNames.POSITION);
        continue;
      }
      Input value = stage.inputs().get(taken++);
      String name = names.input(value.name());
      method.addParameter(InputTypes.javaType(value), name);
      // A table and a statistic put their own ops into the function; a scalar is a constant.
      arguments.add(value.kind() == Input.Kind.VALUE ? ", tf.constant($N)" : ", $N", name);
    }
    if (stage.kind() == FilterStage.KIND) {
      method.addStatement("$T keep = $T.$N($L)", Names.operandOf(DType.BOOL),
          spec, stage.name(), arguments.build());
      signature.add(".output(\"keep\", tf.ensureShape(keep, $L))\n",
          ElementSpecs.shape(StaticShape.scalar()));
    } else if (stage.kind() == FlatMapStage.KIND) {
      ElementType output = stage.output();
      method.addStatement("$T out = $T.$N($L)", TypeName.get(output.type()), spec, stage.name(),
          arguments.build());
      // Every component holds the elements made, stacked: one more leading dimension, any size.
      List<CodeBlock> stacked = new ArrayList<>();
      for (Component c : output.components()) {
        stacked.add(CodeBlock.of("tf.withName($S).ensureShape($L, $L)", shapeCheckName(c),
            accessor("out", output, c), ElementSpecs.shape(stage.shapeOf(c)
                .withOuter(List.of(StaticShape.UNKNOWN)))));
      }
      signature.add(".output(\"elements\", $T.slices(tf, $T.of(\n$>$>$L), $L))$<$<\n",
          Names.DATASET_OPS, Names.LIST, CodeBlock.join(stacked, ",\n"), names.elementSpec(stage));
    } else {
      ElementType output = stage.output();
      method.addStatement("$T out = $T.$N($L)", TypeName.get(output.type()), spec, stage.name(),
          arguments.build());
      for (Component c : output.components()) {
        // Named after the component, so that a shape error can say whose shape is wrong.
        signature.add(".output($S, tf.withName($S).ensureShape($L, $L))\n",
            c.name(), shapeCheckName(c), accessor("out", output, c),
            ElementSpecs.shape(stage.shapeOf(c)));
      }
    }
    method.addCode(signature.add(".build();\n$<$<").build());
    return method.build();
  }

  private static MethodSpec.Builder start(Stage stage, GeneratedNames names, CodeBlock doc) {
    return MethodSpec.methodBuilder(names.functionMethod(stage))
        .addJavadoc("$L\n", doc)
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(Names.SIGNATURE)
        .addParameter(Names.OPS, "tf");
  }

  /** One placeholder per input component, shaped as the element arrives at this stage. */
  private static List<CodeBlock> placeholders(Stage stage, ElementType input) {
    List<CodeBlock> placeholders = new ArrayList<>();
    for (Component c : input.components()) {
      placeholders.add(CodeBlock.of("tf.placeholder($T.class, $T.shape($L))",
          Names.dtype(c.dtype()), Names.PLACEHOLDER, ElementSpecs.shape(stage.shapeOf(c))));
    }
    return placeholders;
  }

  /** The name of a component's shape check: an op name, which allows ASCII letters only. */
  static String shapeCheckName(Component component) {
    return "shape_of_" + component.name().replaceAll("[^A-Za-z0-9_.]", "_") + "_checked";
  }

  private static String accessor(String variable, ElementType element, Component component) {
    return element.isRecord() ? variable + "." + component.name() + "()" : variable;
  }
}

package dev.feedline.processor.writing;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.ElementType;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import dev.feedline.processor.validation.SizeModel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Modifier;

/** Writes the class generated for one pipeline: {@code Feedline<Name>}, beside the interface. */
public final class PipelineWriter {
  /** The processor's name in {@code @Generated}. */
  public static final String PROCESSOR = "dev.feedline.processor.PipelineProcessor";

  private final Filer filer;
  private final boolean generatedAvailable;

  /**
   * @param generatedAvailable whether {@code javax.annotation.processing.Generated} exists on the
   *     compile class path; without it the marker is a file comment
   */
  public PipelineWriter(Filer filer, boolean generatedAvailable) {
    this.filer = filer;
    this.generatedAvailable = generatedAvailable;
  }

  public void write(PipelineModel pipeline) throws IOException {
    javaFile(pipeline).writeTo(filer);
  }

  /** The generated source, deterministic: the same declaration always gives the same bytes. */
  JavaFile javaFile(PipelineModel pipeline) {
    GeneratedNames names = new GeneratedNames(pipeline);
    Stage last = pipeline.last();
    ClassName tensors = TensorsRecordWriter.name(names.generated(), last);
    TypeName output = TypeName.get(last.output().type());
    DatasetWriter dataset = new DatasetWriter(pipeline, names);
    TypeSpec.Builder type = TypeSpec.classBuilder(names.generated())
        .addOriginatingElement(pipeline.type())
        .addJavadoc(classJavadoc(pipeline))
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addSuperinterface(Names.BUILT_PIPELINE)
        .addField(pipelineInfo(pipeline))
        .addFields(ElementSpecs.fields(pipeline, names))
        .addField(datasetOptions())
        .addField(Names.DATASET_ITERATOR, "iterator", Modifier.PRIVATE, Modifier.FINAL)
        .addField(output, "output", Modifier.PRIVATE, Modifier.FINAL)
        .addMethod(constructor(last.output()))
        .addMethod(MethodSpec.methodBuilder("builder")
            .addJavadoc("Starts building the pipeline.\n")
            .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .returns(names.generated().nestedClass("Builder"))
            .addStatement("return new Builder()")
            .build())
        .addMethod(MethodSpec.methodBuilder("output")
            .addJavadoc("The next element as graph operands, for a model in the same graph: every run\n"
                + "of an op that depends on them consumes one element. Shapes: $L.\n",
                StagePlan.element(last))
            .addModifiers(Modifier.PUBLIC)
            .returns(output)
            .addStatement("return output")
            .build())
        .addMethod(MethodSpec.methodBuilder("epoch")
            .addJavadoc("Starts an epoch in {@code session} and iterates its elements as tensors. The\n"
                + "first epoch fills any cache; later epochs read it.\n")
            .addModifiers(Modifier.PUBLIC)
            .returns(ParameterizedTypeName.get(Names.EPOCH_ITERATOR, tensors))
            .addParameter(Names.SESSION, "session")
            .addStatement("return iterator.epoch(session, $T::of)", tensors)
            .build())
        .addMethod(MethodSpec.methodBuilder("steps")
            .addJavadoc("Starts an epoch in {@code session} and runs {@code step} once per element,\n"
                + "until the epoch ends: {@code step} adds the targets and fetches of a training step\n"
                + "that consumes {@link #output()}.\n")
            .addModifiers(Modifier.PUBLIC)
            .returns(ParameterizedTypeName.get(Names.EPOCH_ITERATOR, Names.RESULT))
            .addParameter(Names.SESSION, "session")
            .addParameter(ParameterizedTypeName.get(Names.UNARY_OPERATOR, Names.SESSION_RUNNER), "step")
            .addStatement("return iterator.steps(session, step)")
            .build())
        .addMethod(MethodSpec.methodBuilder("checkpoint")
            .addJavadoc("Saves where the running epoch is to {@code file}, atomically: {@link #resume}\n"
                + "continues from there, in this or another process, with the same elements.\n")
            .addModifiers(Modifier.PUBLIC)
            .addParameter(Names.SESSION, "session")
            .addParameter(Names.PATH, "file")
            .addStatement("iterator.checkpoint(session, file)")
            .build())
        .addMethod(MethodSpec.methodBuilder("resume")
            .addJavadoc("Restores the epoch saved in {@code file} and iterates the rest of it as\n"
                + "tensors.\n\n@throws $T when the file is truncated, corrupt, or from another\n"
                + "pipeline or another definition of this one\n",
                ClassName.get("dev.feedline.runtime", "FeedlineException"))
            .addModifiers(Modifier.PUBLIC)
            .returns(ParameterizedTypeName.get(Names.EPOCH_ITERATOR, tensors))
            .addParameter(Names.SESSION, "session")
            .addParameter(Names.PATH, "file")
            .addStatement("return iterator.resume(session, file, $T::of)", tensors)
            .build())
        .addMethod(MethodSpec.methodBuilder("resumeSteps")
            .addJavadoc("Restores the epoch saved in {@code file} and runs {@code step} once per\n"
                + "element of the rest of it.\n")
            .addModifiers(Modifier.PUBLIC)
            .returns(ParameterizedTypeName.get(Names.EPOCH_ITERATOR, Names.RESULT))
            .addParameter(Names.SESSION, "session")
            .addParameter(Names.PATH, "file")
            .addParameter(ParameterizedTypeName.get(Names.UNARY_OPERATOR, Names.SESSION_RUNNER), "step")
            .addStatement("return iterator.resumeSteps(session, file, step)")
            .build())
        .addMethod(MethodSpec.methodBuilder("iterator")
            .addJavadoc("The iterator behind the pipeline, for tools that examine it, such as the doctor.\n")
            .addAnnotation(Override.class)
            .addModifiers(Modifier.PUBLIC)
            .returns(Names.DATASET_ITERATOR)
            .addStatement("return iterator")
            .build())
        .addMethod(MethodSpec.methodBuilder("close")
            .addJavadoc("Frees the dataset and its cache in the session that ran its epochs. Close the\n"
                + "pipeline before that session.\n")
            .addAnnotation(Override.class)
            .addModifiers(Modifier.PUBLIC)
            .addStatement("iterator.release()")
            .build())
        .addMethods(dataset.datasetMethods())
        .addMethods(dataset.functionMethods())
        .addMethods(DeviceStagesWriter.write(pipeline).stream().toList())
        .addType(BuilderWriter.write(pipeline, names, dataset))
        .addType(TensorsRecordWriter.write(tensors, last));
    if (pipeline.has(StageKind.PREFETCH_TO_DEVICE)) {
      type.addMethod(MethodSpec.methodBuilder("inputWait")
          .addJavadoc("How long the consumer has waited for a batch in device memory during the current\n"
              + "epoch: the part of its steps that is bound by input.\n")
          .addModifiers(Modifier.PUBLIC)
          .returns(Duration.class)
          .addStatement("return iterator.inputWait()")
          .build());
    }
    if (BuilderWriter.skipsBadRecords(pipeline)) {
      type.addMethod(MethodSpec.methodBuilder("skippedRecords")
          .addJavadoc("The bad records left out of every epoch, found when the pipeline was built;\n"
              + "each epoch that reaches its end logs them too.\n")
          .addModifiers(Modifier.PUBLIC)
          .returns(Names.SKIPPED_RECORDS)
          .addStatement("return iterator.skippedRecords()")
          .build());
    }
    if (generatedAvailable) {
      type.addAnnotation(AnnotationSpec.builder(Names.GENERATED)
          .addMember("value", "$S", PROCESSOR)
          .addMember("comments", "$S", "Generated by Feedline from " + pipeline.type().getQualifiedName())
          .build());
    }
    JavaFile.Builder file = JavaFile.builder(pipeline.generatedPackage(), type.build())
        .addStaticImport(Names.ELEMENT_SPEC, "component")
        .addStaticImport(Names.PIPELINE_INFO, pipeline.stages().stream()
            .map(PipelineWriter::stageFactory).distinct().sorted().toArray(String[]::new))
        .skipJavaLangImports(true);
    if (!generatedAvailable) {
      file.addFileComment("Generated by $L.", PROCESSOR);
    }
    return file.build();
  }

  private static CodeBlock classJavadoc(PipelineModel pipeline) {
    return CodeBlock.builder()
        .add("The tf.data input pipeline declared by {@link $T}, as TensorFlow graph code.\n\n",
            TypeName.get(pipeline.type().asType()))
        .add("<p>Stages, in order, with the element and its static shapes wherever they change\n"
            + "({@code ?} is a size known only at run time):\n\n")
        .add("<pre>{@code\n$L}</pre>\n\n", StagePlan.of(pipeline))
        .add("<p>Build it with {@link #builder()}, then consume it in graph mode through\n"
            + "{@link #output()} and {@link #steps}, or as tensors in Java through {@link #epoch}; close\n"
            + "it before its session.\n")
        .build();
  }

  private static FieldSpec pipelineInfo(PipelineModel pipeline) {
    List<CodeBlock> stages = new ArrayList<>();
    for (Stage stage : pipeline.stages()) {
      stages.add(CodeBlock.of("$L($S, $S)", stageFactory(stage), stage.name(),
          stage.kind().annotation()));
    }
    return FieldSpec.builder(Names.PIPELINE_INFO, GeneratedNames.PIPELINE,
            Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("The stages, for error messages that name the failing one, and a fingerprint of\n"
            + "the stage plan, which a checkpoint must match to be restored.\n")
        .initializer("new $T($S, $S, $L, $T.of(\n$>$>$L))$<$<", Names.PIPELINE_INFO,
            pipeline.type().getQualifiedName().toString(), definition(pipeline),
            pipeline.settings().ramBudget()
                .map(b -> CodeBlock.of("$LL /* ramBudget, $L */", b, SizeModel.bytes(b)))
                .orElse(CodeBlock.of("-1L /* no ramBudget */")),
            Names.LIST, CodeBlock.join(stages, ",\n"))
        .build();
  }

  /** The {@code PipelineInfo} factory, statically imported, that describes {@code stage}. */
  private static String stageFactory(Stage stage) {
    if (stage.isOnDevice()) {
      return "deviceStage";
    }
    return stage.kind() == StageKind.MAP && stage.booleanValue("random") ? "randomStage" : "stage";
  }

  /** The first 16 hex digits of the SHA-256 of the stage plan: stages, values and shapes. */
  static String definition(PipelineModel pipeline) {
    try {
      byte[] hash = MessageDigest.getInstance("SHA-256")
          .digest(StagePlan.of(pipeline).getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(hash, 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }

  /**
   * The options of every epoch: TensorFlow's defaults on. Each epoch's iterator is freed in the
   * background (runtime {@code EpochIterators}), so the autotune model costs no epoch a stall.
   */
  private static FieldSpec datasetOptions() {
    ClassName options = Names.DATASET_OPTIONS;
    return FieldSpec.builder(options.nestedClass("Options"), GeneratedNames.DATASET_OPTIONS,
            Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("tf.data options, set explicitly: the autotuner tunes every AUTO value, and the default\n"
            + "static optimizations (map parallelization, map and batch fusion, ...) stay on.\n")
        .initializer("$T.newBuilder()\n$>$>"
                + ".setAutotuneOptions($T.newBuilder().setEnabled(true))\n"
                + ".setOptimizationOptions($T.newBuilder().setApplyDefaultOptimizations(true))\n"
                + ".build()$<$<",
            options.nestedClass("Options"), options.nestedClass("AutotuneOptions"),
            options.nestedClass("OptimizationOptions"))
        .build();
  }

  private static MethodSpec constructor(ElementType output) {
    TypeName outputType = TypeName.get(output.type());
    List<CodeBlock> operands = new ArrayList<>();
    List<Component> components = output.components();
    for (int i = 0; i < components.size(); i++) {
      operands.add(CodeBlock.of("next.get($L).expect($T.class)", i,
          Names.dtype(components.get(i).dtype())));
    }
    MethodSpec.Builder constructor = MethodSpec.constructorBuilder()
        .addModifiers(Modifier.PRIVATE)
        .addParameter(Names.DATASET_ITERATOR, "iterator")
        .addStatement("this.iterator = iterator")
        .addStatement("$T<$T<?>> next = iterator.outputs()", Names.LIST, Names.OUTPUT);
    if (output.isRecord()) {
      constructor.addStatement("this.output = new $T(\n$L)", outputType,
          CodeBlock.join(operands, ",\n"));
    } else {
      constructor.addStatement("this.output = $L", operands.get(0));
    }
    return constructor.build();
  }

}

package dev.feedline.processor.writing;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import dev.feedline.processor.model.CostModel;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Writes the {@code dataset} method: one tf.data op per stage, in order, from TensorFlow Java's
 * raw data ops.
 */
final class DatasetWriter {
  private static final ClassName STRING = ClassName.get(String.class);
  /** The int64 constant tf.data reads as "tune this at run time". */
  private static final String AUTOTUNE = "-1L";

  private final PipelineModel pipeline;
  private final GeneratedNames names;

  DatasetWriter(PipelineModel pipeline, GeneratedNames names) {
    this.pipeline = pipeline;
    this.names = names;
  }

  /**
   * The run-time data of the dataset method: the source's file names or tensors (one per
   * component), then each file cache's path prefix.
   */
  static List<ParameterSpec> runTimeParameters(PipelineModel pipeline, GeneratedNames names) {
    Stage source = pipeline.stages().get(0);
    List<ParameterSpec> parameters = new ArrayList<>();
    if (source.kind() == StageKind.TFRECORD_SOURCE) {
      parameters.add(ParameterSpec.builder(ParameterizedTypeName.get(Names.LIST, STRING), "files").build());
    } else {
      source.output().components().forEach(
          c -> parameters.add(ParameterSpec.builder(Names.dtype(c.dtype()), c.name()).build()));
    }
    for (Stage cache : names.fileCaches(pipeline)) {
      parameters.add(ParameterSpec.builder(STRING, names.cacheFile(cache).orElseThrow()).build());
    }
    if (pipeline.has(StageKind.SHARD)) {
      parameters.add(ParameterSpec.builder(long.class, "workerIndex").build());
      parameters.add(ParameterSpec.builder(long.class, "workerCount").build());
    }
    return parameters;
  }

  MethodSpec datasetMethod() {
    MethodSpec.Builder method = MethodSpec.methodBuilder("dataset")
        .addJavadoc("Adds one dataset op per stage, in order, and returns the last.\n")
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(Names.anyDataset())
        .addParameter(Names.OPS, "tf")
        .addParameters(runTimeParameters(pipeline, names));
    for (Stage stage : pipeline.stages()) {
      method.addCode("\n// $L. $L $L\n", stage.position(), stage.name(), AnnotationText.of(stage));
      method.addCode(stageCode(stage));
    }
    Stage last = pipeline.last();
    method.addCode("\n// Keeps the autotuner and tf.data's default static optimizations on.\n");
    method.addStatement("return $T.withOptions(tf, dataset, $N, $N)",
        Names.DATASET_OPS, names.elementConstant(last), GeneratedNames.DATASET_OPTIONS);
    return method.build();
  }

  private CodeBlock stageCode(Stage stage) {
    String spec = names.elementConstant(stage);
    String types = spec + ".types()";
    String shapes = spec + ".shapes()";
    return switch (stage.kind()) {
      case TFRECORD_SOURCE -> CodeBlock.builder()
          .addStatement("$T dataset = tf.data.tensorSliceDataset(\n$T.of(tf.array(files.toArray(String[]::new))), $L)",
              Names.anyDataset(), Names.LIST, shapes)
          .build();
      case IN_MEMORY_SOURCE -> CodeBlock.builder()
          .addStatement("$T dataset = tf.data.tensorSliceDataset(\n$T.<$T<?>>of($L), $L)",
              Names.anyDataset(), Names.LIST, Names.OPERAND, constants(stage), shapes)
          .build();
      case INTERLEAVE -> interleave(stage, types, shapes);
      case DECODE, MAP -> map(stage, types, shapes);
      case FILTER -> withFunction(stage, CodeBlock.of(
          "dataset = tf.data.filterDataset(dataset, $T.of(), function, $L, $L)",
          Names.LIST, types, shapes));
      case SHUFFLE -> shuffle(stage, types, shapes);
      case CACHE -> CodeBlock.builder()
          .addStatement("dataset = tf.data.cacheDataset(dataset, $L, tf.dummyMemoryCache(),\n$L, $L)",
              names.cacheFile(stage).map(file -> CodeBlock.of("tf.constant($N) /* file prefix */", file))
                  .orElse(CodeBlock.of("tf.constant(\"\") /* in memory */")),
              types, shapes)
          .build();
      case PADDED_BATCH -> CodeBlock.builder()
          .addStatement("dataset = $T.paddedBatch(tf, dataset, $LL /* size */, $L /* dropRemainder */,\n$N, $N)",
              Names.DATASET_OPS, stage.longValue("size"), stage.booleanValue("dropRemainder"),
              names.elementConstant(pipeline.stages().get(stage.position() - 2)), spec)
          .build();
      case TAKE -> CodeBlock.builder()
          .addStatement("dataset = tf.data.takeDataset(dataset, tf.constant($LL) /* count */, $L, $L)",
              stage.longValue("count"), types, shapes)
          .build();
      case SKIP -> CodeBlock.builder()
          .addStatement("dataset = tf.data.skipDataset(dataset, tf.constant($LL) /* count */, $L, $L)",
              stage.longValue("count"), types, shapes)
          .build();
      case SHARD -> CodeBlock.builder()
          .add("// Element i goes to worker i % workerCount; a worker left without elements is an error.\n")
          .addStatement("dataset = tf.data.shardDataset(dataset, tf.constant(workerCount), tf.constant(workerIndex),\n"
                  + "$L, $L, $T.requireNonEmpty(true))", types, shapes, Names.SHARD)
          .build();
      case BATCH -> CodeBlock.builder()
          .addStatement("dataset = tf.data.batchDataset(dataset, tf.constant($LL) /* size */,\n"
              + "tf.constant($L) /* dropRemainder */, $L, $L)",
              stage.longValue("size"), stage.booleanValue("dropRemainder"), types, shapes)
          .build();
      case REPEAT -> CodeBlock.builder()
          .addStatement("dataset = tf.data.repeatDataset(dataset, tf.constant($LL) /* count */, $L, $L)",
              stage.longValue("count"), types, shapes)
          .build();
      case PREFETCH -> CodeBlock.builder()
          .addStatement("dataset = tf.data.prefetchDataset(dataset, tf.constant($LL) /* buffer */, $L, $L)",
              stage.longValue("value"), types, shapes)
          .build();
    };
  }

  private static String constants(Stage source) {
    return String.join(", ", source.output().components().stream()
        .map(c -> "tf.constantOf(" + c.name() + ")").toList());
  }

  private static CodeBlock interleave(Stage stage, String types, String shapes) {
    long cycle = stage.longValue("cycleLength");
    long block = stage.longValue("blockLength");
    CodeBlock.Builder code = CodeBlock.builder()
        .beginControlFlow("try ($T readFile = $T.tfRecordReader())",
            Names.CONCRETE_FUNCTION, Names.DATASET_OPS);
    if (stage.isParallel()) {
      code.addStatement("dataset = tf.data.parallelInterleaveDataset(dataset, $T.of(),\n"
              + "tf.constant($LL) /* cycleLength */, tf.constant($LL) /* blockLength */,\n"
              + "tf.constant($L) /* bufferOutputElements */, tf.constant($L) /* prefetchInputElements */,\n"
              + "tf.constant($LL) /* parallel */, readFile, $L, $L, $T.deterministic($S))",
          Names.LIST, cycle, block, AUTOTUNE, AUTOTUNE, stage.longValue("parallel"), types, shapes,
          Names.PARALLEL_INTERLEAVE, String.valueOf(stage.booleanValue("deterministic")));
    } else {
      code.addStatement("dataset = tf.data.interleaveDataset(dataset, $T.of(),\n"
          + "tf.constant($LL) /* cycleLength */, tf.constant($LL) /* blockLength */, readFile, $L, $L)",
          Names.LIST, cycle, block, types, shapes);
    }
    return code.endControlFlow().build();
  }

  private CodeBlock map(Stage stage, String types, String shapes) {
    if (stage.isParallel()) {
      return withFunction(stage, CodeBlock.of(
          "dataset = tf.data.parallelMapDataset(dataset, $T.of(), tf.constant($LL) /* parallel */,\n"
              + "function, $L, $L, $T.deterministic($S))",
          Names.LIST, stage.longValue("parallel"), types, shapes, Names.PARALLEL_MAP,
          String.valueOf(stage.booleanValue("deterministic"))));
    }
    return withFunction(stage, CodeBlock.of(
        "dataset = tf.data.mapDataset(dataset, $T.of(), function, $L, $L)", Names.LIST, types, shapes));
  }

  /** Traces the stage's graph function, attaches it to the dataset op, then frees its own graph. */
  private CodeBlock withFunction(Stage stage, CodeBlock statement) {
    CodeBlock.Builder code = CodeBlock.builder()
        .beginControlFlow("try ($T function = $T.create($T::$N))",
            Names.CONCRETE_FUNCTION, Names.CONCRETE_FUNCTION, names.generated(),
            names.functionMethod(stage));
    if (stage.kind() == StageKind.MAP && !CostModel.isExpensive(stage)) {
      code.add("// Checked as cheap at compile time: confirm its graph neither decodes nor parses.\n")
          .addStatement("$T.checkCheap($N, $S, function)", Names.COST_CHECK,
              GeneratedNames.PIPELINE, stage.name());
    }
    return code.addStatement(statement).endControlFlow().build();
  }

  private static CodeBlock shuffle(Stage stage, String types, String shapes) {
    long seed = stage.longValue("seed");
    String seeds = seed < 0 ? "tf.constant(0L), tf.constant(0L)"
        : "tf.constant(87654321L), tf.constant(" + seed + "L)";
    return CodeBlock.builder()
        .add(seed < 0
            ? "// Seeds (0, 0) let TensorFlow draw random seeds.\n"
            : "// A fixed seed pairs with tf.data's default graph seed, 87654321, as in Python.\n")
        .addStatement("dataset = tf.data.shuffleDataset(dataset, tf.constant($LL) /* buffer */, $L,\n"
                + "tf.random.dummySeedGenerator(), $L, $L, $T.reshuffleEachIteration(true))",
            stage.longValue("buffer"), seeds, types, shapes, Names.SHUFFLE)
        .build();
  }

  /** The graph-function methods of the stages that have one, in stage order. */
  List<MethodSpec> functionMethods() {
    List<MethodSpec> methods = new ArrayList<>();
    for (Stage stage : pipeline.stages()) {
      switch (stage.kind()) {
        case DECODE -> methods.add(FunctionWriter.decode(stage, names));
        case MAP, FILTER -> methods.add(FunctionWriter.body(pipeline, stage, names));
        default -> { }
      }
    }
    return methods;
  }
}

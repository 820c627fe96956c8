package dev.feedline.processor.writing;

import com.palantir.javapoet.ClassName;
import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.Input;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.ServingCut;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import dev.feedline.processor.model.kinds.*;
import dev.feedline.processor.planning.Plan;
import dev.feedline.processor.writing.spec.CodeBlock;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Every name the generated class declares, allocated once per scope so that none collides with
 * another or with a fixed name, whatever the stages and components are called. Each scope's
 * allocator starts with every fixed name the generated code uses in it.
 */
public final class GeneratedNames {
  static final String PIPELINE = "PIPELINE";
  /** The lambda parameter that traces a graph function which takes run-time values. */
  static final String FUNCTION_OPS = "functionTf";
  /** The pipeline's seed: the builder's member, a local of {@code build}, a dataset parameter. */
  static final String SEED = "seed";
  /** In a seeded map's function: the element's position in the stage's input. */
  static final String POSITION = "position";
  /** In a seeded map's function: the stage's seed for the epoch, a captured argument. */
  static final String STAGE_SEED = "stageSeed";
  /** The runtime's file caches and snapshots, a local of {@code build} and a dataset parameter. */
  static final String FILE_CACHES = "fileCaches";

  /** Members of every class, which a generated member must not shadow or override. */
  private static final List<String> OBJECT_MEMBERS = List.of("equals", "hashCode", "toString",
      "getClass", "wait", "notify", "notifyAll", "clone", "finalize");

  /**
   * The generated class's own members, those it inherits from the runtime's
   * {@code BuiltPipeline}, its nested types and the names it imports statically.
   */
  private static final List<String> CLASS_SCOPE = List.of(PIPELINE, "builder", "dataset",
      "cachedDataset", "onDevice", "output", "epoch", "steps", "checkpoint", "resume",
      "resumeSteps", "inputWait", "skippedRecords", "iterator", "seed", "close", "Builder",
      "component", "source", "elementWork", "vectorizedParse", "linesInOneThread", "randomWork",
      "seededWork", "batching", "stage", "deviceStage");

  /**
   * The builder's fields and methods, the locals of {@code build}, the parameters and locals
   * of the dataset methods and those of the graph-function methods: run-time values pass from one
   * to the next under one name.
   */
  private static final List<String> RUN_TIME_SCOPE = List.of("files", "data", "build", "worker",
      "ramBudget", "deviceBuffer", "graph", "tf", "resolved", "segments", "workerIndex",
      "workerCount", "cached", "epoch", "options", "dataset", "function", "readFile",
      "pathsOrGlobs", "bytes", "batches", "index", "count", "prefix", "ops", "device", "batch",
      "value", "file", FUNCTION_OPS, "in", "out", "keep", "record", "features", "image", "line",
      "values", "header", SEED, POSITION, STAGE_SEED, FILE_CACHES, "keepCaches", "newest",
      "asSource", "checked", "runs", DatasetWriter.STRICT_TOKENS_DATASET);

  /** The members of the tensors record besides its components. */
  private static final List<String> TENSORS_SCOPE = List.of("of", "close", "result");

  /*
   * Each scope's fixed names, allocated once and shared by every class: never changed after, so
   * processors running side by side may read them.
   */
  private static final Set<String> CLASS_NAMES = NameScope.fixed(concat(OBJECT_MEMBERS, CLASS_SCOPE));
  private static final Set<String> RUN_TIME_NAMES =
      NameScope.fixed(concat(OBJECT_MEMBERS, RUN_TIME_SCOPE));
  private static final Set<String> TENSORS_NAMES =
      NameScope.fixed(concat(OBJECT_MEMBERS, TENSORS_SCOPE));

  /** Every fixed name, for tests that name stages and components after them. */
  public static Set<String> reserved() {
    Set<String> all = new HashSet<>(OBJECT_MEMBERS);
    Stream.of(CLASS_SCOPE, RUN_TIME_SCOPE, TENSORS_SCOPE).forEach(all::addAll);
    return Set.copyOf(all);
  }

  private final ClassName generated;
  private final ClassName tensors;
  private final Map<Stage, String> elementConstants = new HashMap<>();
  private final Map<Stage, String> featureConstants = new HashMap<>();
  private final Map<Stage, String> functionMethods = new HashMap<>();
  private final Map<Stage, String> cacheFiles = new HashMap<>();
  private final Set<Stage> introducers = new HashSet<>();
  /** The stages whose elements are runs of a file to read: the runtime's file segments. */
  private final Set<Stage> fileSegments = new HashSet<>();
  private final Map<Component, String> sourceValues = new HashMap<>();
  private final Map<Stage, String> batchingConstants = new HashMap<>();
  /** The specs of a vectorized parse's batches: of records in, of parsed values out. */
  private final Map<Stage, String> recordBatchConstants = new HashMap<>();
  private final Map<Stage, String> parsedBatchConstants = new HashMap<>();
  /** The {@code PackedRows} constant of the rows a parse packs; null where none are packed. */
  private String packedRows;
  /** The {@code ShuffledWindows} constant of a text source's lines; null where none travel so. */
  private String chunkedLines;
  private final Map<Stage, String> csvColumns = new HashMap<>();
  private final Map<String, String> inputs = new HashMap<>();
  private final Map<Component, String> tensorComponents = new HashMap<>();
  /** The builder member, and dataset parameter, of a choice's indices; null without one. */
  private String choices;
  /** The local, and dataset parameter, holding the data the pipeline feeds; null without. */
  private String inMemoryData;
  /** The builder member, and dataset parameter, of a mix's weights; null without a mix. */
  private String mixWeights;
  /** The serving function's public method and the method that adds its ops; empty without. */
  private List<String> servingNames = List.of();
  /** The builder member, and dataset parameter, of each pipeline a source stage reads. */
  private final Map<String, String> sourcePipelines = new HashMap<>();
  private final Map<String, String> overPipelines = new LinkedHashMap<>();
  private final Map<String, String> statisticCaches = new HashMap<>();
  /** The local of {@code build} holding the statistics fitted over each pipeline. */
  private final Map<String, String> fittedStatistics = new HashMap<>();

  GeneratedNames(Plan plan) {
    PipelineModel pipeline = plan.pipeline();
    this.generated = ClassName.get(pipeline.generatedPackage(), pipeline.generatedSimpleName());
    NameScope members = scope(CLASS_NAMES, List.of(pipeline.generatedSimpleName()));
    Stage last = pipeline.last();
    String base = last.output().isRecord() ? last.output().displayName() : "Value";
    this.tensors = generated.nestedClass(members.newName(base + "Tensors"));
    NameScope tensorsScope = scope(TENSORS_NAMES, List.of());
    last.output().components()
        .forEach(c -> tensorComponents.put(c, tensorsScope.newName(c.name())));
    Stage previous = null;
    for (Stage stage : pipeline.stages()) {
      if (stage.readsFiles()
          || (fileSegments.contains(previous) && stage.kind() != InterleaveStage.KIND)) {
        fileSegments.add(stage);
      }
      if (previous == null || changesElement(previous, stage)) {
        elementConstants.put(stage, members.newName(upperSnake(stage.name()) + "_ELEMENT"));
        introducers.add(stage);
      } else {
        elementConstants.put(stage, elementConstants.get(previous));
      }
      // The constants StageConstants writes for the kinds that have one, in this order.
      StageDefinition definition = stage.definition();
      if (definition instanceof DecodeStage) {
        featureConstants.put(stage, members.newName(upperSnake(stage.name()) + "_FEATURES"));
      } else if (definition instanceof DecodeCsvStage) {
        featureConstants.put(stage, members.newName(upperSnake(stage.name()) + "_COLUMNS"));
      } else if (definition instanceof PaddedBatchStage) {
        batchingConstants.put(stage, members.newName(upperSnake(stage.name()) + "_PADDING"));
      } else if (definition instanceof BucketByLengthStage bucket) {
        batchingConstants.put(stage, members.newName(upperSnake(stage.name())
            + (bucket.sortsWindows() ? "_WINDOWS" : "_BUCKETS")));
      }
      if (plan.parsesVectorized(stage)) {
        recordBatchConstants.put(stage, members.newName(upperSnake(stage.name())
            + (stage.kind() == DecodeCsvStage.KIND ? "_LINES" : "_RECORDS")));
        parsedBatchConstants.put(stage, members.newName(upperSnake(stage.name()) + "_BATCH"));
      }
      if (plan.packedRows().filter(p -> p.parse() == stage).isPresent()) {
        packedRows = members.newName(upperSnake(stage.name()) + "_PACKED");
      }
      if (plan.windows().filter(w -> !w.packed() && w.chunked() == stage).isPresent()) {
        chunkedLines = members.newName(upperSnake(stage.name()) + "_CHUNKS");
      }
      if (stage.is(StageKind.Trait.RUNS_FUNCTION) && stage.kind() != InterleaveStage.KIND
          && !stage.isOnDevice()) {
        functionMethods.put(stage, members.newName(stage.name() + "Function"));
      }
      previous = stage;
    }
    // Run-time values are parameters and locals of the methods that read the class's constants:
    // one named like a constant would hide it there.
    List<String> constants = Stream.of(List.of(PIPELINE),
            elementConstants.values(), featureConstants.values(), batchingConstants.values(),
            recordBatchConstants.values(), parsedBatchConstants.values())
        .flatMap(java.util.Collection::stream).distinct().toList();
    NameScope runTime = scope(RUN_TIME_NAMES, constants);
    pipeline.inputs().forEach(input -> inputs.put(input.name(), runTime.newName(input.name())));
    for (Input input : pipeline.inputs()) {
      if (input.kind() == Input.Kind.STATISTIC) {
        statisticCaches.put(input.name(), runTime.newName(input.name() + "Cache"));
        PipelineModel over = input.statistic().over();
        overPipelines.computeIfAbsent(over.type().getQualifiedName().toString(),
            k -> runTime.newName(lowerCamel(over.simpleName())));
      }
    }
    // After every setter, so that a local never takes a name the builder's user sees.
    overPipelines.keySet().forEach(over -> fittedStatistics.put(over,
        runTime.newName(overPipelines.get(over).replaceAll("_+$", "") + "Statistics")));
    Stage source = pipeline.stages().get(0);
    if (source.kind() == InMemorySourceStage.KIND) {
      source.output().components().forEach(c -> sourceValues.put(c, runTime.newName(c.name())));
      inMemoryData = runTime.newName("elements");
    }
    if (source.definition() instanceof StageDefinition.Pipelines pipelines) {
      pipelines.of().forEach(p -> sourcePipelines.put(p.type().getQualifiedName().toString(),
          runTime.newName(lowerCamel(p.simpleName()))));
      if (pipelines instanceof MixStage) {
        mixWeights = runTime.newName("weights");
      }
      if (pipelines instanceof ChooseStage) {
        choices = runTime.newName("choices");
        inMemoryData = runTime.newName("fedChoices");
      }
    }
    if (ServingCut.declared(pipeline)) {
      servingNames = List.of(members.newName("serving"), members.newName("servingDataset"));
    }
    for (Stage stage : pipeline.stages()) {
      if (stage.kind() == DecodeCsvStage.KIND) {
        csvColumns.put(stage, runTime.newName(stage.name() + "Columns"));
      }
      if (stage.definition() instanceof CacheStage cache
          && cache.file().isPresent()) {
        cacheFiles.put(stage, runTime.newName(stage.name() + "File"));
      } else if (stage.kind() == SnapshotStage.KIND) {
        cacheFiles.put(stage, runTime.newName(stage.name() + "Path"));
      }
    }
  }

  /** A scope of a generated class: its {@code fixed} names, then {@code more} taken. */
  private static NameScope scope(Set<String> fixed, List<String> more) {
    NameScope scope = NameScope.startingWith(fixed);
    more.forEach(scope::newName);
    return scope;
  }

  private static List<String> concat(List<String> a, List<String> b) {
    return Stream.concat(a.stream(), b.stream()).toList();
  }

  /** Whether a stage's elements differ from its input's: another type, shape or meaning. */
  static boolean changesElement(Stage previous, Stage stage) {
    return stage.kind() == InterleaveStage.KIND // file names in, records out
        || !stage.output().sameTypeAs(previous.output())
        || !stage.outer().equals(previous.outer());
  }

  /** The generated class. */
  ClassName generated() {
    return generated;
  }

  /** The record of tensors an epoch hands out, nested in the generated class. */
  ClassName tensors() {
    return tensors;
  }

  /** The component of the tensors record that holds {@code component} of the last element. */
  String tensorComponent(Component component) {
    return tensorComponents.get(component);
  }

  /** The {@code ElementSpec} constant describing a stage's output, where it has its own. */
  String elementConstant(Stage stage) {
    return elementConstants.get(stage);
  }

  /**
   * The spec of a stage's output: its constant, or the runtime's file segments for a file source
   * and the stages on its file names.
   */
  CodeBlock elementSpec(Stage stage) {
    return fileSegments.contains(stage)
        ? CodeBlock.of("$T.FILE_SEGMENT", Names.DATASET_OPS)
        : CodeBlock.of("$N", elementConstants.get(stage));
  }

  /** Whether {@code stage} is the first whose output its element constant describes. */
  boolean introducesElement(Stage stage) {
    return introducers.contains(stage) && !fileSegments.contains(stage);
  }

  /** The {@code Padding} or {@code Buckets} constant of a padded batch or a bucketing. */
  String batchingConstant(Stage stage) {
    return batchingConstants.get(stage);
  }

  /** Whether a {@code @Decode} or {@code @DecodeCsv} parses batches ({@link VectorizedParse}). */
  boolean vectorizedParse(Stage decode) {
    return recordBatchConstants.containsKey(decode);
  }

  /** The {@code ElementSpec} of the batches of records a vectorized parse takes. */
  String recordBatchConstant(Stage decode) {
    return recordBatchConstants.get(decode);
  }

  /**
   * The {@code ElementSpec} of the batches of values a vectorized parse gives, before the unbatch.
   */
  String parsedBatchConstant(Stage decode) {
    return parsedBatchConstants.get(decode);
  }

  /** The {@code PackedRows} constant of the plan's packed rows ({@link Plan#packedRows}). */
  String packedRowsConstant() {
    return packedRows;
  }

  /**
   * The constant whose {@code windows}, {@code rebatch} and {@code chunks} the plan's shuffled
   * windows call ({@link Plan#windows}): the packed rows' {@code PackedRows}, or the lines'
   * {@code ShuffledWindows}.
   */
  String windowsConstant(Plan.Windows windows) {
    return windows.packed() ? packedRows : chunkedLines;
  }

  /** The run-time value holding the fields a {@code @DecodeCsv} stage takes, from the header. */
  String csvColumns(Stage decode) {
    return csvColumns.get(decode);
  }

  /** The builder member, and dataset parameter, of a pipeline input. */
  String input(String name) {
    return inputs.get(name);
  }

  /**
   * The constant of what a {@code @Decode} ({@code ExampleFeatures}) or {@code @DecodeCsv}
   * ({@code CsvColumns}) stage parses.
   */
  String featureConstant(Stage decode) {
    return featureConstants.get(decode);
  }

  /** The public method that returns a {@code @Serving} pipeline's serving function. */
  String servingMethod() {
    return servingNames.get(0);
  }

  /** The private method that adds the serving function's ops. */
  String servingDataset() {
    return servingNames.get(1);
  }

  /** The private method that builds a stage's graph function. */
  String functionMethod(Stage stage) {
    return functionMethods.get(stage);
  }

  /**
   * The builder member that holds the folder of a file cache, such as {@code cacheFile}, or of a
   * snapshot, such as {@code snapshotPath}; empty for an in-memory cache.
   */
  Optional<String> cacheFile(Stage cache) {
    return Optional.ofNullable(cacheFiles.get(cache));
  }

  /** The builder field, and parameter, holding an in-memory source's component. */
  String sourceValue(Component component) {
    return sourceValues.get(component);
  }

  /**
   * The local of {@code build} and {@code asSource}, and the dataset parameter, holding the data
   * the pipeline feeds, the runtime's {@code InMemoryData}: an in-memory source's elements, or the
   * indices a {@code @Choose} follows.
   */
  String inMemoryData() {
    return inMemoryData;
  }

  /** The builder member and setter of a pipeline that statistics are fitted over. */
  String overPipeline(PipelineModel pipeline) {
    return overPipelines.get(pipeline.type().getQualifiedName().toString());
  }

  /** The local that holds the statistics fitted over {@code pipeline}, in their order. */
  String fittedStatistics(PipelineModel pipeline) {
    return fittedStatistics.get(pipeline.type().getQualifiedName().toString());
  }

  /** The builder member and setter of the folder a {@code @Statistics} is kept in. */
  String statisticCache(String input) {
    return statisticCaches.get(input);
  }

  /**
   * The builder member, {@code asSource} local and dataset parameter that hold a pipeline a
   * source stage reads, such as {@code cityPhotos}.
   */
  String sourcePipeline(PipelineModel pipeline) {
    return sourcePipelines.get(pipeline.type().getQualifiedName().toString());
  }

  /** The builder member, and dataset parameter, holding the indices a {@code @Choose} follows. */
  String choices() {
    return choices;
  }

  /** The builder member, and dataset parameter, holding a mix's weights. */
  String mixWeights() {
    return mixWeights;
  }

  /** The stages with a file cache or a snapshot, in stage order. */
  List<Stage> fileCaches(PipelineModel pipeline) {
    return pipeline.stages().stream().filter(cacheFiles::containsKey).toList();
  }

  private static String lowerCamel(String name) {
    return Character.toLowerCase(name.charAt(0)) + name.substring(1);
  }

  /**
   * {@code decodeAndResize} as {@code DECODE_AND_RESIZE}: {@code _} before each capital that
   * follows a small letter or a digit.
   */
  static String upperSnake(String camel) {
    StringBuilder snake = new StringBuilder(camel.length() + 4);
    for (int i = 0; i < camel.length(); i++) {
      char c = camel.charAt(i);
      char before = i > 0 ? camel.charAt(i - 1) : ' ';
      boolean afterSmall = before >= 'a' && before <= 'z' || before >= '0' && before <= '9';
      if (c >= 'A' && c <= 'Z' && afterSmall) {
        snake.append('_');
      }
      snake.append(c);
    }
    return snake.toString().toUpperCase(Locale.ROOT);
  }
}

package dev.feedline.processor.writing;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import dev.feedline.Compression;
import dev.feedline.processor.base.JavaLiterals;
import dev.feedline.processor.model.CostModel;
import dev.feedline.processor.model.DType;
import dev.feedline.processor.model.Input;
import dev.feedline.processor.model.Parallelism;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.RandomAccess;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import dev.feedline.processor.model.StrictLookups;
import dev.feedline.processor.model.Tunable;
import dev.feedline.processor.model.kinds.*;
import dev.feedline.processor.planning.Plan;
import dev.feedline.processor.writing.spec.CodeBlock;
import dev.feedline.processor.writing.spec.MethodSpec;
import dev.feedline.processor.writing.spec.ParameterSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import javax.lang.model.element.Modifier;

/**
 * Writes the dataset-building methods: one tf.data op per stage, in order, from TensorFlow Java's
 * raw data ops.
 */
final class DatasetWriter {
  private static final ClassName STRING = ClassName.get(String.class);
  /** The int64 tf.data reads as "tune this at run time" ({@code tf.data.AUTOTUNE}). */
  private static final long AUTOTUNE = -1;

  /** Why a shuffle rebuilt every epoch does not reshuffle on its own. */
  private static final String RESHUFFLE_BY_SEEDS = "// reshuffleEachIteration(false): each epoch"
      + " builds this shuffle anew; its seeds set the order.\n";

  /** A stage's statements, and the types of the dataset ops they build, outermost first. */
  private record StageCode(CodeBlock code, List<ClassName> ops) {}

  private final PipelineModel pipeline;
  private final Plan plan;
  private final GeneratedNames names;
  private final Map<Stage, StageCode> code = new HashMap<>();

  DatasetWriter(Plan plan, GeneratedNames names) {
    this.pipeline = plan.pipeline();
    this.plan = plan;
    this.names = names;
    pipeline.hostStages().forEach(stage -> code.put(stage, stageCode(stage)));
    plan.recordShuffle().ifPresent(shuffle -> {
      StageCode read = code.get(shuffle.read());
      StageCode records = shuffledRecords(shuffle);
      // Every epoch's shuffle of the records is the shuffle stage's op; epoch 1's is the read's.
      code.put(shuffle.read(), new StageCode(read.code().toBuilder().add(records.code()).build(),
          shuffle.everyEpoch() ? read.ops() : concat(records.ops(), read.ops())));
    });
  }

  /** The position of the last {@code @Cache} or {@code @Snapshot}, 0 without one: the plan's. */
  private int lastCache() {
    return plan.lastCache();
  }

  /**
   * Whether the snapshot reads only this worker's shards: unless a {@code @Shard} stage splits the
   * elements between workers itself.
   */
  private boolean snapshotSplitsWorkers() {
    return !pipeline.has(ShardStage.KIND);
  }

  /** Whether the pipeline has a cached part, built once per session. */
  boolean hasCachedPart() {
    return plan.hasCachedPart();
  }

  /** Whether the epochs after the first run on one iterator, as the plan decided. */
  boolean runsEpochsAcrossOneIterator() {
    return plan.acrossEpochs();
  }

  /** Whether those epochs run without tf.data's autotune model, as the plan decided. */
  boolean runsEpochsAcrossUntuned() {
    return plan.untunedAcrossEpochs();
  }

  private List<Stage> cachedPart() {
    return plan.cachedPart();
  }

  private List<Stage> epochPart() {
    return plan.epochPart();
  }

  /**
   * The types of the dataset ops built for a stage, outermost first, then those inside its
   * function: what the runtime and the doctor look for in the graph and in errors. None for a
   * stage on the device, after the iterator.
   */
  List<ClassName> ops(Stage stage) {
    StageCode stageCode = code.get(stage);
    return stageCode == null ? List.of() : stageCode.ops();
  }

  /** The run-time data the stages of a part need: source data, cache prefixes, the worker. */
  private List<ParameterSpec> runTimeParameters(List<Stage> part) {
    List<ParameterSpec> parameters = new ArrayList<>();
    Set<Input> inputs = new LinkedHashSet<>();
    boolean keepsFiles = false;
    for (Stage stage : part) {
      inputs.addAll(stage.inputs());
      if (names.cacheFile(stage).isPresent() && !keepsFiles) {
        parameters.add(ParameterSpec.builder(Names.FILE_CACHES, GeneratedNames.FILE_CACHES)
            .build());
        keepsFiles = true;
      }
      // The kinds whose ops take values known only when the builder runs.
      StageDefinition definition = stage.definition();
      if (definition instanceof StageDefinition.Files) {
        parameters.add(ParameterSpec.builder(
            ParameterizedTypeName.get(Names.LIST, Names.FILE_SEGMENT), "segments").build());
      } else if (definition instanceof DecodeCsvStage) {
        parameters.add(ParameterSpec.builder(int[].class, names.csvColumns(stage)).build());
      } else if (definition instanceof InMemorySourceStage) {
        parameters.add(ParameterSpec.builder(Names.IN_MEMORY_DATA, names.inMemoryData()).build());
      } else if (definition instanceof StageDefinition.Pipelines sources) {
        sources.of().forEach(p -> parameters.add(ParameterSpec.builder(Names.SOURCE_DATASET,
            names.sourcePipeline(p)).build()));
        if (definition instanceof MixStage) {
          parameters.add(ParameterSpec.builder(double[].class, names.mixWeights()).build());
        }
        if (definition instanceof ChooseStage) {
          parameters.add(ParameterSpec.builder(Names.IN_MEMORY_DATA, names.inMemoryData())
              .build());
        }
      } else if (definition instanceof CacheStage) {
        names.cacheFile(stage).ifPresent(
            file -> parameters.add(ParameterSpec.builder(STRING, file).build()));
      } else if (definition instanceof SnapshotStage) {
        parameters.add(ParameterSpec.builder(STRING, names.cacheFile(stage).orElseThrow()).build());
        if (snapshotSplitsWorkers()) {
          parameters.add(ParameterSpec.builder(long.class, "workerIndex").build());
          parameters.add(ParameterSpec.builder(long.class, "workerCount").build());
        }
      } else if (definition instanceof ShardStage) {
        parameters.add(ParameterSpec.builder(long.class, "workerIndex").build());
        parameters.add(ParameterSpec.builder(long.class, "workerCount").build());
      }
    }
    inputs.forEach(input -> parameters.add(
        ParameterSpec.builder(InputTypes.javaType(input), names.input(input.name())).build()));
    if (part.stream().anyMatch(Stage::isSeeded)) {
      parameters.add(ParameterSpec.builder(long.class, GeneratedNames.SEED).build());
    }
    return parameters;
  }

  /** The arguments the builder passes for the run-time parameters of the cached part. */
  CodeBlock cachedArguments() {
    return arguments(runTimeParameters(cachedPart()));
  }

  /** The arguments the builder passes for the run-time parameters of the epoch part. */
  CodeBlock epochArguments() {
    return arguments(runTimeParameters(epochPart()));
  }

  private static CodeBlock arguments(List<ParameterSpec> parameters) {
    CodeBlock.Builder arguments = CodeBlock.builder();
    parameters.forEach(p -> arguments.add(", $N", p));
    return arguments.build();
  }

  /** The dataset-building methods: the cached part, if any, then the epoch part. */
  List<MethodSpec> datasetMethods() {
    List<MethodSpec> methods = new ArrayList<>();
    if (hasCachedPart()) {
      MethodSpec.Builder cached = MethodSpec.methodBuilder("cachedDataset")
          .addJavadoc(
              "Adds the dataset ops of stages 1 to $L, up to the last cache: built once per\n"
              + "session and kept, so later epochs read the cache.\n", lastCache())
          .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
          .returns(Names.anyDataset())
          .addParameter(Names.OPS, "tf")
          .addParameters(runTimeParameters(cachedPart()));
      cachedPart().forEach(stage -> addStage(cached, stage));
      methods.add(cached.addStatement("return dataset").build());
    }
    MethodSpec.Builder method = MethodSpec.methodBuilder("dataset")
        .addJavadoc(hasCachedPart()
            ? "Adds the dataset ops of the stages after the cache, again for every epoch: the\n"
                + "epoch's number seeds its shuffles; {@code options} are the epoch's tf.data"
                    + " options.\n"
            : "Adds one dataset op per stage, in order, again for every epoch: the epoch's number\n"
                + "seeds its shuffles; {@code options} are the epoch's tf.data options.\n")
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(Names.anyDataset())
        .addParameter(Names.OPS, "tf");
    if (hasCachedPart()) {
      method.addParameter(Names.anyDataset(), "cached")
          .addStatement("$T dataset = cached", Names.anyDataset());
    }
    method.addParameter(ParameterizedTypeName.get(Names.OPERAND, Names.dtype(DType.INT64)), "epoch")
        .addParameter(Names.DATASET_OPTIONS.nestedClass("Options"), "options")
        .addParameters(runTimeParameters(epochPart()));
    epochPart().forEach(stage -> addStage(method, stage));
    method.addStatement("return $T.withOptions(tf, dataset, $L, options)",
        Names.DATASET_OPS, names.elementSpec(pipeline.lastOnHost()));
    methods.add(method.build());
    return methods;
  }

  /**
   * The method that adds the stages from the source to the last map that looks up a strict
   * vocabulary, shuffles left out, over the runs of records it is given: what the runtime's
   * {@code StrictTokens} runs every element through at {@code build()}, when it can tell each
   * element's record. None for any other pipeline, whose code stays as it was.
   */
  Optional<MethodSpec> strictTokensMethod() {
    StrictLookups lookups = StrictLookups.of(pipeline);
    if (!lookups.traced()) {
      return Optional.empty();
    }
    List<Stage> checked = lookups.checked(pipeline);
    MethodSpec.Builder method = MethodSpec.methodBuilder(STRICT_TOKENS_DATASET)
        .addJavadoc("Adds the dataset ops of stages 1 to $L, without shuffles, over $L: each\n"
            + "element in its record's order, for the check at build that names the record of a\n"
            + "token not in a strict vocabulary.\n", lookups.last().position(),
            pipeline.stages().get(0).readsFiles() ? "{@code segments}" : "the data")
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(Names.anyDataset())
        .addParameter(Names.OPS, "tf")
        .addParameters(runTimeParameters(checked));
    for (Stage stage : checked) {
      method.addCode("\n// $L. $L $L\n", stage.position(), stage.name(), AnnotationText.of(stage));
      method.addCode(stageCode(stage).code());
    }
    return Optional.of(method.addStatement("return dataset").build());
  }

  /** The name of {@link #strictTokensMethod}'s method. */
  static final String STRICT_TOKENS_DATASET = "strictTokensDataset";

  /**
   * The arguments the builder passes to {@link #strictTokensMethod}'s method, with the runs of
   * records given as {@code runs}.
   */
  CodeBlock strictTokensArguments() {
    CodeBlock.Builder arguments = CodeBlock.builder();
    runTimeParameters(StrictLookups.of(pipeline).checked(pipeline)).forEach(p -> arguments.add(
        ", $N", p.name().equals("segments") ? "runs" : p.name()));
    return arguments.build();
  }

  private void addStage(MethodSpec.Builder method, Stage stage) {
    method.addCode("\n// $L. $L $L\n", stage.position(), stage.name(), AnnotationText.of(stage));
    method.addCode(code.get(stage).code());
  }

  private StageCode stageCode(Stage stage) {
    return stage.definition().accept(new Coder(stage));
  }

  /** One stage's tf.data code, by kind. */
  private final class Coder implements StageCoder<StageCode> {
    private final Stage stage;
    private final CodeBlock spec;
    private final CodeBlock types;
    private final CodeBlock shapes;

    Coder(Stage stage) {
      this.stage = stage;
      Optional<Plan.Windows> windows = plan.windows().filter(w -> w.holds(stage));
      this.spec = windows.isPresent()
          ? CodeBlock.of("$N.chunks()", names.windowsConstant(windows.get()))
          : plan.packedRows().filter(p -> p.holds(stage)).isPresent()
              ? CodeBlock.of("$N.rows()", names.packedRowsConstant())
              : names.elementSpec(stage);
      this.types = CodeBlock.of("$L.types()", spec);
      this.shapes = CodeBlock.of("$L.shapes()", spec);
    }

    @Override
    public StageCode tfRecordSource(TFRecordSourceStage source) {
      return fileSegments();
    }

    @Override
    public StageCode textLineSource(TextLineSourceStage source) {
      return fileSegments();
    }

    private StageCode fileSegments() {
      return new StageCode(CodeBlock.builder()
          .addStatement("$T dataset = $T.fileSegments(tf, segments)",
              Names.anyDataset(), Names.DATASET_OPS)
          .build(), List.of(Names.dataOp("TensorSliceDataset")));
    }

    @Override
    public StageCode inMemorySource(InMemorySourceStage source) {
      return new StageCode(CodeBlock.builder()
          .addStatement("$T dataset = tf.data.tensorSliceDataset(\n$N.values(), $L)",
              Names.anyDataset(), names.inMemoryData(), shapes)
          .build(), List.of(Names.dataOp("TensorSliceDataset")));
    }

    @Override
    public StageCode mix(MixStage mix) {
      return pipelines(stage, spec);
    }

    @Override
    public StageCode concatenate(ConcatenateStage concatenate) {
      return pipelines(stage, spec);
    }

    @Override
    public StageCode zip(ZipStage zip) {
      return pipelines(stage, spec);
    }

    @Override
    public StageCode choose(ChooseStage choose) {
      return pipelines(stage, spec);
    }

    @Override
    public StageCode interleave(InterleaveStage interleave) {
      StageCode lines = DatasetWriter.this.interleave(stage, interleave, types, shapes);
      Optional<Plan.Windows> windows = plan.windows().filter(w -> w.chunked() == stage);
      if (windows.isEmpty()) {
        return lines;
      }
      Plan.Windows chunked = windows.get();
      return new StageCode(lines.code().toBuilder()
          .add("// In chunks of $L lines, never one by one, to stage $L, $L, which cuts them from"
                  + " the\n// shuffled windows of stage $L, $L"
                  + " (docs/performance.md#shuffled-windows).\n",
              chunked.chunkRows(), chunked.batch().position(), chunked.batch().name(),
              chunked.shuffle().position(), chunked.shuffle().name())
          .addStatement("dataset = $N.chunk(tf, dataset, $LL /* lines */)",
              names.windowsConstant(chunked), chunked.chunkRows())
          .build(), concat(List.of(Names.dataOp("BatchDataset")), lines.ops()));
    }

    @Override
    public StageCode decode(DecodeStage decode) {
      return parse();
    }

    @Override
    public StageCode decodeJpeg(DecodeJpegStage decode) {
      return parse();
    }

    @Override
    public StageCode decodeCsv(DecodeCsvStage decode) {
      return parse();
    }

    @Override
    public StageCode map(MapStage map) {
      return parse();
    }

    private StageCode parse() {
      return plan.vectorizedParses().contains(stage)
          ? vectorizedParse(stage, types, shapes) : DatasetWriter.this.map(stage, types, shapes);
    }

    @Override
    public StageCode flatMap(FlatMapStage flatMap) {
      return new StageCode(withFunction(stage, CodeBlock.of(
          "dataset = tf.data.flatMapDataset(dataset, $T.of(), function, $L, $L)",
          Names.LIST, types, shapes)), List.of(Names.dataOp("FlatMapDataset")));
    }

    @Override
    public StageCode window(WindowStage window) {
      return new StageCode(CodeBlock.builder()
          .add("// Each window is a dataset per component; a flat map stacks it into one"
              + " element.\n")
          .addStatement("dataset = $T.windows(tf, dataset, $LL /* size */, $LL /* shift */,\n"
                  + "$LL /* stride */, $L /* dropRemainder */, $L, $L)", Names.WINDOWS,
              window.size(), window.shift(), window.stride(), window.dropRemainder(),
              names.elementSpec(pipeline.previous(stage)), spec)
          .build(), List.of(Names.dataOp("FlatMapDataset"), Names.dataOp("WindowDataset")));
    }

    @Override
    public StageCode filter(FilterStage filter) {
      return new StageCode(withFunction(stage, CodeBlock.of(
          "dataset = tf.data.filterDataset(dataset, $T.of(), function, $L, $L)",
          Names.LIST, types, shapes)), List.of(Names.dataOp("FilterDataset")));
    }

    @Override
    public StageCode shuffle(ShuffleStage shuffle) {
      return DatasetWriter.this.shuffle(stage, shuffle, types, shapes);
    }

    @Override
    public StageCode cache(CacheStage cache) {
      return new StageCode(names.cacheFile(stage)
          .map(file -> CodeBlock.builder()
              .add("// In $N/<key>/: the key covers the graph up to here, the files read and\n"
                  + "// TensorFlow's version, so a cache of other data or code is never read.\n",
                  file)
              .addStatement("dataset = $N.cache(tf, $S, $N, dataset, $L)",
                  GeneratedNames.FILE_CACHES,
                  stage.name(), file, spec))
          .orElseGet(() -> CodeBlock.builder()
              .addStatement(
                  "dataset = tf.data.cacheDataset(dataset, tf.constant(\"\") /* in memory */,"
                  + " tf.dummyMemoryCache(),\n$L, $L)", types, shapes))
          .build(), List.of(Names.dataOp("CacheDataset")));
    }

    @Override
    public StageCode snapshot(SnapshotStage snapshot) {
      return DatasetWriter.this.snapshot(stage, snapshot, spec);
    }

    @Override
    public StageCode paddedBatch(PaddedBatchStage batch) {
      return new StageCode(CodeBlock.builder()
          .addStatement(
              "dataset = $N.batch(tf, dataset, $LL /* size */, $L /* dropRemainder */,\n$L, $L)",
              names.batchingConstant(stage), batch.size(), batch.dropRemainder(),
              names.elementSpec(pipeline.previous(stage)), spec)
          .build(), List.of(Names.dataOp("PaddedBatchDataset")));
    }

    @Override
    public StageCode bucketByLength(BucketByLengthStage bucket) {
      return DatasetWriter.this.bucketByLength(stage, bucket, spec);
    }

    @Override
    public StageCode unbatch(UnbatchStage unbatch) {
      return new StageCode(CodeBlock.builder()
          .addStatement("dataset = tf.data.unbatchDataset(dataset, $L, $L)", types, shapes)
          .build(), List.of(Names.dataOp("UnbatchDataset")));
    }

    @Override
    public StageCode take(TakeStage take) {
      return new StageCode(CodeBlock.builder()
          .addStatement(
              "dataset = tf.data.takeDataset(dataset, tf.constant($LL) /* count */, $L, $L)",
              take.count(), types, shapes)
          .build(), List.of(Names.dataOp("TakeDataset")));
    }

    @Override
    public StageCode skip(SkipStage skip) {
      return new StageCode(CodeBlock.builder()
          .addStatement(
              "dataset = tf.data.skipDataset(dataset, tf.constant($LL) /* count */, $L, $L)",
              skip.count(), types, shapes)
          .build(), List.of(Names.dataOp("SkipDataset")));
    }

    @Override
    public StageCode shard(ShardStage shard) {
      return new StageCode(CodeBlock.builder()
          .add("// Element i goes to worker i % workerCount; a worker left without elements is"
              + " an error.\n")
          .addStatement(
              "dataset = tf.data.shardDataset(dataset, tf.constant(workerCount),"
              + " tf.constant(workerIndex),\n"
                  + "$L, $L, $T.requireNonEmpty(true))", types, shapes, Names.SHARD)
          .build(), List.of(Names.SHARD));
    }

    @Override
    public StageCode batch(BatchStage batch) {
      Optional<Plan.Windows> windows = plan.windows().filter(w -> w.batch() == stage);
      if (windows.isPresent()) {
        boolean packed = windows.get().packed();
        return new StageCode(CodeBlock.builder()
            .add(packed ? "// Cut from the shuffled windows, across them, and unpacked into the"
                + " element's components.\n" : "// Cut from the shuffled windows, across them.\n")
            .addStatement("dataset = $N.rebatch(tf, dataset, $LL /* size */,"
                + " $L /* dropRemainder */,\n$L)", names.windowsConstant(windows.get()),
                batch.size(), batch.dropRemainder(), spec)
            .build(), packed
                ? List.of(Names.dataOp("MapDataset"), Names.dataOp("RebatchDatasetV2"))
                : List.of(Names.dataOp("RebatchDatasetV2")));
      }
      if (plan.packedRows().filter(p -> p.batch() == stage).isPresent()) {
        return new StageCode(CodeBlock.builder()
            .add("// Unpacked: each batch of packed rows back into the element's components.\n")
            .addStatement("dataset = $N.batch(tf, dataset, $LL /* size */, $L /* dropRemainder */,"
                + "\n$L)", names.packedRowsConstant(), batch.size(), batch.dropRemainder(), spec)
            .build(), List.of(Names.dataOp("MapDataset"), Names.dataOp("BatchDataset")));
      }
      return new StageCode(CodeBlock.builder()
          .addStatement("dataset = tf.data.batchDataset(dataset, tf.constant($LL) /* size */,\n"
              + "tf.constant($L) /* dropRemainder */, $L, $L)",
              batch.size(), batch.dropRemainder(), types, shapes)
          .build(), List.of(Names.dataOp("BatchDataset")));
    }

    @Override
    public StageCode repeat(RepeatStage repeat) {
      OptionalLong count = repeat.count();
      return new StageCode(CodeBlock.builder()
          .addStatement("dataset = tf.data.repeatDataset(dataset, $L, $L, $L)",
              count.isPresent() ? CodeBlock.of("tf.constant($LL) /* count */", count.getAsLong())
                  : CodeBlock.of("tf.constant(-1L) /* forever */"), types, shapes)
          .build(), List.of(Names.dataOp("RepeatDataset")));
    }

    @Override
    public StageCode prefetch(PrefetchStage prefetch) {
      return new StageCode(CodeBlock.builder()
          .addStatement("dataset = tf.data.prefetchDataset(dataset, $L, $L, $L)",
              constant(tunable(prefetch.value()), "buffer"), types, shapes)
          .build(), List.of(Names.dataOp("PrefetchDataset")));
    }

    @Override
    public StageCode rebatch(RebatchStage rebatch) {
      return new StageCode(CodeBlock.builder()
          .addStatement("dataset = tf.data.rebatchDatasetV2(dataset,\n"
                  + "tf.constant(new long[] {$LL}) /* batchSizes */, tf.constant($L) /*"
                      + " dropRemainder */,"
                  + "\n$L, $L)", rebatch.size(), rebatch.dropRemainder(), types, shapes)
          .build(), List.of(Names.dataOp("RebatchDatasetV2")));
    }

    @Override
    public StageCode split(SplitStage split) {
      CodeBlock.Builder code = CodeBlock.builder();
      CodeBlock key;
      List<ClassName> ops;
      if (split.key().isPresent()) {
        int index = stage.input().components().indexOf(
            stage.input().component(split.key().get()).orElseThrow());
        code.add("// Keeps the $L side: the elements whose key '$L' hashes (SipHash, seed $L)\n"
            + "// to a bucket $L of 100, the same in every epoch and run, whatever is shuffled.\n",
            split.evaluation() ? "evaluation" : "training", split.key().get(), split.seed(),
            buckets(split));
        key = CodeBlock.of("$L /* key: $L */", index, split.key().get());
        ops = List.of(Names.dataOp("FilterDataset"));
      } else {
        code.add("// Keeps the $L side: the elements whose position in the order before this\n"
            + "// hashes (SipHash, seed $L) to a bucket $L of 100; that order is the same every\n"
            + "// epoch and run.\n", split.evaluation() ? "evaluation" : "training",
            split.seed(), buckets(split));
        key = CodeBlock.of("$T.BY_POSITION", Names.SPLITS);
        ops = List.of(Names.dataOp("MapDataset"), Names.dataOp("FilterDataset"),
            Names.dataOp("ZipDataset"));
      }
      return new StageCode(code
          .addStatement("dataset = new $T($L, $LL /* evalPercent */, $LL /* seed */,"
                  + " $L /* evaluation */)\n.keep(tf, dataset, $L)", Names.SPLITS, key,
              split.evalPercent(), split.seed(), split.evaluation(),
              names.elementSpec(pipeline.previous(stage)))
          .build(), ops);
    }

    private static String buckets(SplitStage split) {
      return split.evaluation() ? "0 to " + (split.evalPercent() - 1)
          : split.evalPercent() + " to 99";
    }

    @Override
    public StageCode prefetchToDevice(PrefetchToDeviceStage toDevice) {
      throw new IllegalStateException("a device stage is not in tf.data");
    }
  }

  /**
   * A snapshot: written by the first run in its folder's sub-folder of its key, read by the later
   * ones; each worker reads its share of the shards, unless a {@code @Shard} stage splits the
   * elements.
   */
  private StageCode snapshot(Stage stage, SnapshotStage snapshot, CodeBlock spec) {
    String path = names.cacheFile(stage).orElseThrow();
    CodeBlock workers = snapshotSplitsWorkers() ? CodeBlock.of("workerIndex, workerCount")
        : CodeBlock.of("0L, 1L /* @Shard splits the elements */");
    return new StageCode(CodeBlock.builder()
        .add("// Written once in $N/<key>/, sharded and compressed, and read by every later run;\n"
            + "// the key covers the graph up to here, the files read and TensorFlow's version.\n",
            path)
        .addStatement("dataset = $N.snapshot(tf, $S, $N, dataset, $L,\n$L /* shards */, $T.$L, $L)",
            GeneratedNames.FILE_CACHES, stage.name(), path, spec, snapshot.shards(),
            Names.SNAPSHOT_CODEC, snapshot.compression(), workers)
        .build(), List.of(Names.PARALLEL_MAP, Names.dataOp("SnapshotDataset")));
  }

  /**
   * A source that reads pipelines: each adds its own stages through its generated class, with
   * this epoch's number, or epoch 0 when the source is in the part kept across epochs.
   */
  private StageCode pipelines(Stage stage, CodeBlock spec) {
    boolean perEpoch = stage.position() > lastCache();
    CodeBlock epoch = perEpoch ? CodeBlock.of("epoch") : CodeBlock.of("tf.constant(0L)");
    CodeBlock options = perEpoch ? CodeBlock.of("options")
        : CodeBlock.of("$T.EPOCH_OPTIONS", Names.DATASET_OPS);
    List<CodeBlock> datasets = stage.as(StageDefinition.Pipelines.class).orElseThrow().of().stream()
        .map(p -> CodeBlock.of("$N.dataset($L, $L)", names.sourcePipeline(p), epoch, options))
        .toList();
    CodeBlock list = CodeBlock.of("$T.of(\n$>$>$L)$<$<", Names.LIST,
        CodeBlock.join(datasets, ",\n"));
    if (stage.definition() instanceof MixStage mix) {
      return new StageCode(CodeBlock.builder()
          .add(mix.seed().isPresent()
              ? "// A fixed seed moved by the epoch's number: new draws every epoch, the same on"
                  + " every run.\n"
              : "// No seed: TensorFlow draws random seeds each time an epoch builds this.\n")
          .addStatement("$T dataset = $T.sample(tf, $L,\n$N, $L,\n"
                  + "$L, $L /* stop when one ends */, $L)",
              Names.anyDataset(), Names.MIXING, list, names.mixWeights(),
              mix.seed().isPresent()
                  ? CodeBlock.of("$T.of($LL)", OptionalLong.class, mix.seed().getAsLong())
                  : CodeBlock.of("$T.empty()", OptionalLong.class),
              epoch, mix.onEmpty() == dev.feedline.OnEmpty.STOP, spec)
          .build(), List.of(Names.dataOp("DirectedInterleaveDataset")));
    }
    if (stage.definition() instanceof ChooseStage choose) {
      return new StageCode(CodeBlock.builder()
          .addStatement(
              "$T dataset = $T.choose(tf, $L,\n$N /* indices */, $L /* stop when"
              + " one ends */, $L)",
              Names.anyDataset(), Names.MIXING, list, names.inMemoryData(),
              choose.onEmpty() == dev.feedline.OnEmpty.STOP, spec)
          .build(), List.of(Names.dataOp("DirectedInterleaveDataset")));
    }
    boolean zip = stage.kind() == ZipStage.KIND;
    if (zip) {
      List<PipelineModel> zipped = stage.as(StageDefinition.Pipelines.class).orElseThrow().of();
      return new StageCode(CodeBlock.builder()
          .addStatement(
              "$T dataset = $T.zip(tf, $S, $T.of($L), $L,\nnew int[] {$L} /* components of each"
              + " */, $L)",
              Names.anyDataset(), Names.MIXING, stage.name(), Names.LIST,
              String.join(", ", zipped.stream().map(p -> JavaLiterals.quoted(p.simpleName()))
                  .toList()),
              list, String.join(", ", zipped.stream()
                  .map(p -> String.valueOf(p.last().output().components().size())).toList()),
              spec)
          .build(), List.of(Names.dataOp("MapDataset")));
    }
    return new StageCode(CodeBlock.builder()
        .addStatement("$T dataset = $T.$L(tf, $L, $L)", Names.anyDataset(), Names.MIXING,
            zip ? "zip" : "concatenate", list, spec)
        .build(), List.of(Names.dataOp(zip ? "ZipDataset" : "ConcatenateDataset")));
  }

  /** A size tf.data takes as an int64: the autotune value, or the fixed count. */
  private static long tunable(Tunable value) {
    return value.isAuto() ? AUTOTUNE : value.value();
  }

  private static long parallelism(Parallelism parallel) {
    return parallel.isAuto() ? AUTOTUNE : parallel.value();
  }

  /** {@code tf.constant(value) /* label *}{@code /}, the label saying AUTOTUNE for -1. */
  private static String constant(long value, String label) {
    return "tf.constant(" + value + "L) /* " + label + (value == AUTOTUNE ? ": AUTOTUNE" : "")
        + " */";
  }

  private StageCode interleave(Stage stage, InterleaveStage interleave,
      CodeBlock types, CodeBlock shapes) {
    Stage source = pipeline.stages().get(0);
    StageDefinition.Files files = (StageDefinition.Files) source.definition();
    CodeBlock compression = CodeBlock.of("$T.$L", Names.COMPRESSION, files.compression());
    CodeBlock reader;
    ClassName readerOp;
    if (files instanceof TextLineSourceStage text && text.recordDelimiter().isPresent()) {
      reader = CodeBlock.of("$T.delimitedRecordReader($L,\n$L /* recordDelimiter */)",
          Names.DATASET_OPS, compression, JavaLiterals.quoted(text.recordDelimiter().get()));
      readerOp = Names.dataOp("TensorSliceDataset");
    } else if (files instanceof TextLineSourceStage) {
      reader = CodeBlock.of("$T.textLineReader($L)", Names.DATASET_OPS, compression);
      readerOp = Names.dataOp("TextLineDataset");
    } else {
      reader = files.compression() == Compression.NONE
          ? CodeBlock.of("$T.tfRecordReader()", Names.DATASET_OPS)
          : CodeBlock.of("$T.tfRecordReader($L)", Names.DATASET_OPS, compression);
      readerOp = Names.dataOp("TfRecordDataset");
    }
    CodeBlock.Builder code = CodeBlock.builder();
    boolean inOneThread = plan.readsLinesInOneThread(stage);
    if (inOneThread) {
      code.add("// In one thread: a line costs less to read than to hand from a reader thread to"
          + " the next\n"
          + "// stage, one at a time (docs/performance.md#lines-in-one-thread); the order is the"
          + " same.\n");
    }
    code.beginControlFlow("try ($T readFile = $L)", Names.CONCRETE_FUNCTION, reader);
    boolean parallel = stage.isParallel() && !inOneThread;
    if (parallel) {
      code.addStatement("dataset = tf.data.parallelInterleaveDataset(dataset, $T.of(),\n"
              + "$L, tf.constant($LL) /* blockLength */,\n"
              + "tf.constant($LL) /* bufferOutputElements: AUTOTUNE */,"
              + " tf.constant($LL) /* prefetchInputElements: AUTOTUNE */,\n"
              + "$L, readFile, $L, $L, $T.deterministic($S))",
          Names.LIST, constant(tunable(interleave.cycleLength()), "cycleLength"),
          interleave.blockLength(), AUTOTUNE, AUTOTUNE,
          constant(parallelism(interleave.parallel()), "parallel"), types, shapes,
          Names.PARALLEL_INTERLEAVE, String.valueOf(interleave.deterministic()));
    } else {
      code.addStatement("dataset = tf.data.interleaveDataset(dataset, $T.of(),\n"
          + "$L, tf.constant($LL) /* blockLength */, readFile, $L, $L)", Names.LIST,
          constant(tunable(interleave.cycleLength()), "cycleLength"), interleave.blockLength(),
          types, shapes);
    }
    return new StageCode(code.endControlFlow().build(),
        List.of(parallel ? Names.PARALLEL_INTERLEAVE : Names.INTERLEAVE, readerOp));
  }

  private StageCode map(Stage stage, CodeBlock types, CodeBlock shapes) {
    StageDefinition.Parallel parallel = (StageDefinition.Parallel) stage.definition();
    // A seeded map's one captured argument: its seed for the epoch, computed when the epoch starts.
    CodeBlock captured = stage.isSeeded() ? CodeBlock.of("\n$L", stageSeed(stage))
        : CodeBlock.of("");
    List<ClassName> numbering = stage.isSeeded()
        ? List.of(Names.dataOp("ZipDataset"), Names.dataOp("RangeDataset")) : List.of();
    StageCode mapped;
    if (stage.isParallel()) {
      mapped = new StageCode(withFunction(stage, CodeBlock.of(
          "dataset = tf.data.parallelMapDataset(dataset, $T.of($L), $L,\n"
              + "function, $L, $L, $T.deterministic($S))",
          Names.LIST, captured, constant(parallelism(parallel.parallel()), "parallel"), types,
          shapes,
          Names.PARALLEL_MAP, String.valueOf(parallel.deterministic()))),
          concat(List.of(Names.PARALLEL_MAP), numbering));
    } else {
      mapped = new StageCode(withFunction(stage, CodeBlock.of(
          "dataset = tf.data.mapDataset(dataset, $T.of($L), function, $L, $L)", Names.LIST,
          captured, types, shapes)), concat(List.of(Names.dataOp("MapDataset")), numbering));
    }
    if (!stage.isSeeded()) {
      return mapped;
    }
    CodeBlock numbered = CodeBlock.builder()
        .add("// Each element is numbered by its position in this stage's input, and seeded from"
            + " the\n"
            + "// pipeline's seed, the epoch, the stage and that number: the same values at any\n"
            + "// parallelism, on every run, and after a restore.\n")
        .addStatement("dataset = $T.numbered(tf, dataset, $L)", Names.ELEMENT_SEEDS,
            names.elementSpec(pipeline.previous(stage)))
        .build();
    return new StageCode(numbered.toBuilder().add(mapped.code()).build(), mapped.ops());
  }

  /**
   * A {@code @Decode} or {@code @DecodeCsv} that parses {@link VectorizedParse#batch} records or
   * lines at a time: the records
   * batched, the parse mapped over the batches as the stage's map would be over the records, and
   * the values unbatched, so that the next stage gets the same elements in the same order.
   */
  private StageCode vectorizedParse(Stage stage, CodeBlock types, CodeBlock shapes) {
    String records = names.recordBatchConstant(stage);
    String batches = names.parsedBatchConstant(stage);
    StageCode parse = map(stage, CodeBlock.of("$N.types()", batches),
        CodeBlock.of("$N.shapes()", batches));
    CodeBlock.Builder code = CodeBlock.builder()
        .add(VectorizedParse.comment(stage))
        .addStatement("dataset = tf.data.batchDataset(dataset, tf.constant($LL) /* $L */,\n"
                + "tf.constant(false) /* dropRemainder */, $N.types(), $N.shapes())",
            VectorizedParse.batch(stage), VectorizedParse.unit(stage), records, records)
        .add(parse.code());
    List<ClassName> unbatch = List.of(Names.dataOp("UnbatchDataset"));
    Optional<Plan.PackedRows> packed = plan.packedRows().filter(p -> p.parse() == stage);
    boolean inChunks = plan.windows().filter(w -> w.chunked() == stage).isPresent();
    if (packed.isPresent() && inChunks) {
      code.add(VectorizedParse.packedComment(packed.get(), true))
          .addStatement("dataset = $N.pack(tf, dataset, $N)", names.packedRowsConstant(),
              batches);
      unbatch = List.of(Names.dataOp("MapDataset"));
    } else if (packed.isPresent()) {
      code.add(VectorizedParse.packedComment(packed.get(), false))
          .addStatement("dataset = $N.unbatch(tf, dataset, $N)", names.packedRowsConstant(),
              batches);
      unbatch = List.of(Names.dataOp("UnbatchDataset"), Names.dataOp("MapDataset"));
    } else {
      code.addStatement("dataset = tf.data.unbatchDataset(dataset, $L, $L)", types, shapes);
    }
    return new StageCode(code.build(), concat(concat(unbatch, parse.ops()),
        List.of(Names.dataOp("BatchDataset"))));
  }

  /**
   * The seed of a seeded map for the epoch: in the cached part, built once per session, that of
   * the epoch that fills the cache, 0.
   */
  private CodeBlock stageSeed(Stage stage) {
    CodeBlock epoch = stage.position() > lastCache() ? CodeBlock.of("epoch")
        : CodeBlock.of("tf.constant(0L) /* built once: the epoch that fills the cache */");
    return CodeBlock.of("$T.stageSeed(tf, $N, $L, $LL /* stage */)", Names.ELEMENT_SEEDS,
        GeneratedNames.SEED, epoch, stage.position());
  }

  private static List<ClassName> concat(List<ClassName> first, List<ClassName> then) {
    List<ClassName> all = new ArrayList<>(first);
    all.addAll(then);
    return List.copyOf(all);
  }

  /** Traces the stage's graph function, attaches it to the dataset op, then frees its own graph. */
  private CodeBlock withFunction(Stage stage, CodeBlock statement) {
    List<CodeBlock> arguments = new ArrayList<>();
    if (stage.kind() == DecodeCsvStage.KIND) {
      arguments.add(CodeBlock.of("$N", names.csvColumns(stage)));
    }
    stage.inputs().forEach(input -> arguments.add(CodeBlock.of("$N", names.input(input.name()))));
    CodeBlock trace = arguments.isEmpty()
        ? CodeBlock.of("$T::$N", names.generated(), names.functionMethod(stage))
        : CodeBlock.of("$N -> $N($N, $L)", GeneratedNames.FUNCTION_OPS,
            names.functionMethod(stage), GeneratedNames.FUNCTION_OPS,
            CodeBlock.join(arguments, ", "));
    CodeBlock.Builder code = CodeBlock.builder()
        .beginControlFlow("try ($T function = $T.create($L))",
            Names.CONCRETE_FUNCTION, Names.CONCRETE_FUNCTION, trace);
    if (stage.kind() == MapStage.KIND && !CostModel.isExpensive(stage)) {
      code.add(
          "// Checked as cheap at compile time: confirm its graph neither decodes nor parses.\n")
          .addStatement("$T.checkCheap($N, $S, function)", Names.COST_CHECK,
              GeneratedNames.PIPELINE, stage.name());
    }
    if (stage.isSeeded()) {
      code.add("// Seeded per element: refuse a stateful random op, which would break that.\n")
          .addStatement("$T.requireSeeded($N, $S, function)", Names.STATEFUL_RANDOM_CHECK,
              GeneratedNames.PIPELINE, stage.name());
    } else if (pipeline.settings().reproducible() && stage.kind().form() == StageKind.Form.BODY
        && !stage.isRandom()) {
      code.add(
          "// A reproducible pipeline's map that is not random: refuse a stateful random op.\n")
          .addStatement("$T.requireDeterministic($N, $S, function)", Names.STATEFUL_RANDOM_CHECK,
              GeneratedNames.PIPELINE, stage.name());
    }
    return code.addStatement(statement).endControlFlow().build();
  }

  /**
   * A shuffle after the cache is rebuilt every epoch: its seeds are the declared seed and the
   * epoch's number, so each epoch draws its own order, the same on every run and after a restore.
   * A shuffle before the cache lives as long as the session, and TensorFlow reshuffles it itself.
   */
  private StageCode shuffle(Stage stage, ShuffleStage shuffle, CodeBlock types,
      CodeBlock shapes) {
    boolean perEpoch = stage.position() > lastCache();
    boolean reshuffle = shuffle.reshuffleEachEpoch();
    Optional<Plan.RecordShuffle> records =
        plan.recordShuffle().filter(f -> f.shuffle() == stage);
    if (records.isPresent() && records.get().everyEpoch()) {
      return new StageCode(CodeBlock.of("// Shuffled as read, after stage $L: there.\n",
          records.get().read().position()), List.of(Names.SHUFFLE));
    }
    CodeBlock.Builder code = CodeBlock.builder();
    CodeBlock seeds = seeds(code, shuffle, perEpoch, CodeBlock.of("epoch"));
    CodeBlock buffer = CodeBlock.of("tf.constant($LL) /* buffer */", shuffle.buffer());
    if (plan.globalShuffles().contains(stage)) {
      ClassName global = Names.dataOp("GlobalShuffleDataset");
      code.add("// Global, no buffer: the stages before it give random access to their elements,"
              + " so\n"
              + "// TensorFlow hands out a permutation of their indices computed from the seeds and"
              + " the\n"
              + "// position alone: every order is equally likely, the declared buffer of $L is"
              + " not\n"
              + "// allocated, and a checkpoint records a position"
              + " (docs/performance.md#global-shuffle).\n",
          shuffle.buffer());
      code.addStatement("dataset = $T.create(tf.scope(), dataset,\n$L,\n"
              + "tf.random.dummySeedGenerator(), $L, $L, $T.reshuffleEachIteration($L))",
          global, seeds, types, shapes, global, reshuffle && !perEpoch);
      return new StageCode(code.build(), List.of(global));
    }
    Optional<Stage> blocking = RandomAccess.firstWithout(pipeline, stage);
    if (RandomAccess.couldShuffleGlobally(pipeline, stage) && blocking.isPresent()) {
      code.add("// A buffer, not a global shuffle: $N (@$L) before it\n"
              + "// gives no random access to its elements in TensorFlow 2.18\n"
              + "// (docs/performance.md#global-shuffle).\n",
          blocking.get().name(), blocking.get().kind().annotation());
    }
    Optional<Plan.Windows> windows = plan.windows().filter(w -> w.shuffle() == stage);
    if (windows.isPresent()) {
      Plan.Windows chunked = windows.get();
      code.add("// A window at a time: the chunks of $L $L from stage $L pass through a"
              + " buffer of\n"
              + "// $L chunks, are cut into windows of $L $L, and each window's $L are put in"
              + " a random\n"
              + "// order drawn from the seeds and the window's number, once a window instead of"
              + " once a $L\n"
              + "// (docs/performance.md#shuffled-windows measures it).\n",
          chunked.chunkRows(), chunked.unit(), chunked.chunked().position(),
          chunked.bufferChunks(), shuffle.buffer(), chunked.unit(), chunked.unit(),
          chunked.unit().substring(0, chunked.unit().length() - 1));
      code.addStatement("dataset = $N.windows(tf, dataset, $LL /* $L a window */,"
              + " $LL /* chunks in the buffer */,\n$L, $L)", names.windowsConstant(chunked),
          shuffle.buffer(), chunked.unit(), chunked.bufferChunks(), seeds, reshuffle && !perEpoch);
      return new StageCode(code.build(), List.of(Names.dataOp("MapDataset"),
          Names.dataOp("ZipDataset"), Names.dataOp("RebatchDatasetV2"), Names.SHUFFLE));
    }
    if (records.isPresent()) {
      code.add("// Epoch 1 (number 0) shuffled its records as they were read (stage $L): here a"
          + " buffer\n// of 1 passes its elements on as they come.\n",
          records.get().read().position());
      buffer = CodeBlock.of("tf.select(tf.math.equal(epoch, tf.constant(0L)), tf.constant(1L),\n"
          + "tf.constant($LL)) /* buffer; 1 in epoch 1 */", shuffle.buffer());
    }
    code.addStatement("dataset = tf.data.shuffleDataset(dataset, $L,\n$L,\n"
            + "tf.random.dummySeedGenerator(), $L, $L, $T.reshuffleEachIteration($L))",
        buffer, seeds, types, shapes, Names.SHUFFLE, reshuffle && !perEpoch);
    return new StageCode(code.build(), List.of(Names.SHUFFLE));
  }

  /**
   * The seeds of a shuffle, with the comment that says why: {@code epoch} is the epoch's number
   * where a shuffle after the cache draws a new order every epoch.
   */
  private static CodeBlock seeds(CodeBlock.Builder code, ShuffleStage shuffle, boolean perEpoch,
      CodeBlock epoch) {
    boolean reshuffle = shuffle.reshuffleEachEpoch();
    if (shuffle.seed().isEmpty() && (reshuffle || !perEpoch)) {
      code.add(perEpoch
          ? "// Seeds (0, 0): TensorFlow draws new random seeds each time an epoch builds this.\n"
          : "// Seeds (0, 0) let TensorFlow draw random seeds.\n");
      if (perEpoch) {
        code.add(RESHUFFLE_BY_SEEDS);
      }
      return CodeBlock.of("tf.constant(0L), tf.constant(0L)");
    } else if (shuffle.seed().isEmpty()) {
      code.add("// One random seed for this run: the same order in every epoch.\n");
      return CodeBlock.of("tf.constant($T.GRAPH_SEED), tf.constant($T.RUN_SEED)",
          Names.SHUFFLE_SEEDS, Names.SHUFFLE_SEEDS);
    } else if (perEpoch && reshuffle) {
      code.add(
          "// The seed moved by the epoch's number: a new order every epoch, the same on every"
          + " run.\n");
      code.add(RESHUFFLE_BY_SEEDS);
      return CodeBlock.of("tf.constant($T.GRAPH_SEED), $T.ofEpoch(tf, $LL, $L)",
          Names.SHUFFLE_SEEDS, Names.SHUFFLE_SEEDS, shuffle.seed().getAsLong(), epoch);
    }
    code.add("// A fixed seed: the same order on every run.\n");
    return CodeBlock.of("tf.constant($T.GRAPH_SEED), tf.constant($LL)", Names.SHUFFLE_SEEDS,
        shuffle.seed().getAsLong());
  }

  /**
   * The shuffle of the records as read ({@link Plan#recordShuffle}), with the shuffle stage's
   * buffer and seeds: in every epoch of a pipeline without a cache, with the epoch's number, or
   * in epoch 1 before a memory cache, kept with the cached part, with epoch number 0.
   */
  private StageCode shuffledRecords(Plan.RecordShuffle records) {
    Stage stage = records.shuffle();
    ShuffleStage shuffle = (ShuffleStage) stage.definition();
    CodeBlock spec = names.elementSpec(records.read());
    CodeBlock.Builder code = CodeBlock.builder();
    CodeBlock seeds;
    if (records.everyEpoch()) {
      code.add("\n// Stage $L's shuffle ($L) of the records as read: the stages up to it map each"
              + " record\n// to one element, in order, so the order is the one it gives after them,"
              + " and its buffer\n// holds $L records instead of elements made from them, which it"
              + " would write to memory\n// and read back"
              + " (docs/performance.md#records-shuffled-as-read-every-epoch).\n",
          stage.position(), stage.name(), shuffle.buffer());
      seeds = seeds(code, shuffle, true, CodeBlock.of("epoch"));
    } else {
      code.add("\n// Epoch 1's shuffle (stage $L, $L) of the records as read: the stages up to"
              + " the cache map\n// each record to one element, in order, so the order is the one a"
              + " shuffle after the cache\n// gives, and the first element no longer waits for $L"
              + " decoded ones to fill the buffer\n// (docs/performance.md#first-batch). Later"
              + " epochs shuffle the cache.\n",
          stage.position(), stage.name(), shuffle.buffer());
      seeds = seeds(CodeBlock.builder(), shuffle, true, CodeBlock.of("tf.constant(0L)"));
    }
    code.addStatement(
        "dataset = tf.data.shuffleDataset(dataset, tf.constant($LL) /* buffer */,\n$L,\n"
            + "tf.random.dummySeedGenerator(), $L.types(), $L.shapes(),"
            + " $T.reshuffleEachIteration(false))",
        shuffle.buffer(), seeds, spec, spec, Names.SHUFFLE);
    return new StageCode(code.build(), List.of(Names.SHUFFLE));
  }

  /**
   * A bucketing as the plan chose it: sorted windows, whose batch shuffle is seeded like the
   * shuffle before it, or groups by bucket, with the reason the windows do not apply.
   */
  private StageCode bucketByLength(Stage stage, BucketByLengthStage bucket, CodeBlock spec) {
    CodeBlock input = names.elementSpec(pipeline.previous(stage));
    if (!bucket.sortsWindows()) {
      return new StageCode(CodeBlock.builder()
          .add("// Grouped by bucket (GroupByWindow, about 6 times the CPU an element of a padded\n"
              + "// batch): $L, so sorted windows do not apply (docs/performance.md#bucketing).\n",
              bucket.padToBoundary() ? "each bucket pads to its boundary"
                  : "the buckets' batch sizes differ")
          .addStatement("dataset = $N.batch(tf, dataset, $L, $L)", names.batchingConstant(stage),
              input, spec)
          .build(), List.of(Names.dataOp("GroupByWindowDataset")));
    }
    CodeBlock.Builder code = CodeBlock.builder()
        .add("// Sorted windows: every bucket batches $L, so $L batches at a time are padded"
            + " together,\n"
            + "// ordered by the length of $L and cut into batches in one step, each trimmed to its\n"
            + "// longest, and the batches shuffled; no dataset per bucket, as tf.data's"
            + " GroupByWindow\n"
            + "// makes (docs/performance.md#bucketing).\n", bucket.batchSizes().get(0),
            Plan.SORTED_WINDOW_BATCHES, bucket.component());
    Optional<ShuffleStage> before = pipeline.hostStages().stream()
        .filter(s -> s.position() < stage.position())
        .flatMap(s -> s.as(ShuffleStage.class).stream())
        .reduce((first, second) -> second);
    boolean perEpoch = stage.position() > lastCache();
    CodeBlock seeds;
    if (before.isEmpty() || before.get().seed().isEmpty()) {
      code.add("// Seeds (0, 0): no seeded shuffle before it, so TensorFlow draws the batches'"
          + " order.\n");
      seeds = CodeBlock.of("tf.constant(0L), tf.constant(0L)");
    } else if (perEpoch && before.get().reshuffleEachEpoch()) {
      code.add("// The batches' shuffle is seeded as the shuffle before it: a new order every"
          + " epoch.\n");
      seeds = CodeBlock.of("tf.constant($T.GRAPH_SEED), $T.ofEpoch(tf, $LL, epoch)",
          Names.SHUFFLE_SEEDS, Names.SHUFFLE_SEEDS, before.get().seed().getAsLong());
    } else {
      code.add("// The batches' shuffle is seeded as the shuffle before it: the same order every"
          + " run.\n");
      seeds = CodeBlock.of("tf.constant($T.GRAPH_SEED), tf.constant($LL)", Names.SHUFFLE_SEEDS,
          before.get().seed().getAsLong());
    }
    code.addStatement("dataset = $N.batch(tf, dataset, $L, $L,\n$L)", names.batchingConstant(stage),
        input, spec, seeds);
    return new StageCode(code.build(), List.of(Names.SHUFFLE, Names.dataOp("MapDataset"),
        Names.dataOp("UnbatchDataset"), Names.dataOp("PaddedBatchDataset")));
  }

  /** The graph-function methods of the stages that have one, in stage order. */
  List<MethodSpec> functionMethods() {
    List<MethodSpec> methods = new ArrayList<>();
    for (Stage stage : pipeline.hostStages()) {
      StageDefinition definition = stage.definition();
      if (definition instanceof DecodeStage) {
        methods.add(FunctionWriter.decode(stage, names));
      } else if (definition instanceof DecodeJpegStage) {
        methods.add(FunctionWriter.decodeJpeg(stage, names));
      } else if (definition instanceof DecodeCsvStage) {
        methods.add(FunctionWriter.decodeCsv(stage, names));
      } else if (stage.kind().form() == StageKind.Form.BODY) { // map, filter, flat map
        methods.add(FunctionWriter.body(pipeline, stage, names));
      }
    }
    return methods;
  }
}

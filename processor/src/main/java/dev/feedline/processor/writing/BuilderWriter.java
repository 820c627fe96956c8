package dev.feedline.processor.writing;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import dev.feedline.BadRecords;
import dev.feedline.Compression;
import dev.feedline.processor.base.JavaLiterals;
import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.Input;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.Statistic;
import dev.feedline.processor.model.StrictLookups;
import dev.feedline.processor.model.kinds.CacheStage;
import dev.feedline.processor.model.kinds.ChooseStage;
import dev.feedline.processor.model.kinds.DecodeCsvStage;
import dev.feedline.processor.model.kinds.DecodeStage;
import dev.feedline.processor.model.kinds.InMemorySourceStage;
import dev.feedline.processor.model.kinds.MapStage;
import dev.feedline.processor.model.kinds.MixStage;
import dev.feedline.processor.model.kinds.PrefetchToDeviceStage;
import dev.feedline.processor.model.kinds.ShardStage;
import dev.feedline.processor.model.kinds.ShuffleStage;
import dev.feedline.processor.model.kinds.SnapshotStage;
import dev.feedline.processor.model.kinds.StageDefinition;
import dev.feedline.processor.model.kinds.TFRecordSourceStage;
import dev.feedline.processor.model.kinds.TextLineSourceStage;
import dev.feedline.processor.planning.Plan;
import dev.feedline.processor.writing.spec.CodeBlock;
import dev.feedline.processor.writing.spec.FieldSpec;
import dev.feedline.processor.writing.spec.MethodSpec;
import dev.feedline.processor.writing.spec.ParameterSpec;
import dev.feedline.processor.writing.spec.TypeSpec;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.Modifier;

/** Writes the nested {@code Builder}: the source's run-time data, then {@code build(Graph)}. */
final class BuilderWriter {
  private static final ClassName STRING = ClassName.get(String.class);

  private BuilderWriter() {}

  static TypeSpec write(Plan plan, GeneratedNames names, DatasetWriter dataset) {
    PipelineModel pipeline = plan.pipeline();
    ClassName builder = names.generated().nestedClass("Builder");
    Stage source = pipeline.stages().get(0);
    TypeSpec.Builder type = TypeSpec.classBuilder(builder)
        .addJavadoc(
            "Collects the data the source reads; {@link #build} adds the pipeline to a graph.\n")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    MethodSpec.Builder build = MethodSpec.methodBuilder("build")
        .addJavadoc(buildJavadoc(source))
        .addModifiers(Modifier.PUBLIC)
        .returns(names.generated())
        .addParameter(Names.GRAPH, "graph");
    // What build(graph) and asSource(tf) both do first: check and resolve the data.
    CodeBlock.Builder prelude = CodeBlock.builder();
    if (source.readsFiles()) {
      addFiles(type, builder, source, prelude, pipeline, names);
    } else if (source.definition() instanceof StageDefinition.Pipelines pipelines) {
      addPipelines(type, builder, pipelines, prelude, pipeline, names);
    } else {
      addDataSetter(type, builder, source, prelude, names);
      requireElements(plan, prelude, names);
    }
    List<Stage> fileCaches = names.fileCaches(pipeline);
    for (Stage cache : fileCaches) {
      String field = names.cacheFile(cache).orElseThrow();
      boolean snapshot = cache.kind() == SnapshotStage.KIND;
      String prefix = snapshot ? cache.as(SnapshotStage.class).orElseThrow().path()
          : cache.as(CacheStage.class).orElseThrow().file().orElseThrow();
      type.addField(FieldSpec.builder(STRING, field, Modifier.PRIVATE)
          .initializer(StageConstants.text(prefix)).build());
      type.addMethod(MethodSpec.methodBuilder(field)
          .addJavadoc("Sets the folder of stage $L's $L, instead of {@code $L}. Each is kept in a\n"
              + "sub-folder named by its key, a fingerprint of the graph up to the stage, the"
                  + " files\n"
              + "read and the TensorFlow version: a run reads the one written for its key, never\n"
              + "one of other data or other code.\n", cache.name(),
              snapshot ? "snapshots" : "file caches", JavaLiterals.inComment(prefix))
          .addModifiers(Modifier.PUBLIC)
          .returns(builder)
          .addParameter(STRING, "prefix")
          .addStatement("this.$N = prefix", field)
          .addStatement("return this")
          .build());
    }
    if (!fileCaches.isEmpty()) {
      addKeepCaches(type, builder);
    }
    if (pipeline.has(ShardStage.KIND) || pipeline.has(SnapshotStage.KIND)) {
      addWorker(type, builder, pipeline.has(ShardStage.KIND));
      pipeline.stages().stream()
          .filter(s -> s.kind() == ShardStage.KIND && pipeline.betweenFileSourceAndReader(s))
          .findFirst()
          .ifPresent(shard -> prelude.addStatement(
              "$T.checkShare($N, $S, segments, workerIndex, workerCount)",
              Names.DATA_FILES, GeneratedNames.PIPELINE, shard.name()));
    }
    build.addCode(prelude.build());
    build.addStatement("$T tf = $T.create(graph).withSubScope($S)",
        Names.OPS, Names.OPS, pipeline.simpleName());
    CodeBlock sources = sourcePipelines(source, names);
    build.addCode(sources);
    List<String> tables = addInputs(type, builder, build, pipeline, names);
    List<String> statistics = addStatistics(type, builder, pipeline, names);
    CodeBlock fits = fitStatistics(pipeline, names);
    build.addCode(fits);
    build.addCode(checkStrictTokens(pipeline, names, dataset));
    List<String> checked = new ArrayList<>(tables);
    checked.addAll(statistics);
    List<String> initialized = new ArrayList<>(tables);
    pipeline.inputs().stream().filter(BuilderWriter::isFittedVocabulary)
        .forEach(input -> initialized.add(names.input(input.name())));
    if (pipeline.isSeeded()) {
      addSeed(type, builder, build, pipeline);
    }
    if (memoryGuard(plan, names, build)) {
      addRamBudget(type, builder);
    }
    build.addCode(copyInMemoryData(source, names));
    if (!fileCaches.isEmpty()) {
      build.addStatement("$T $N = $T.of($N, $L, keepCaches)", Names.FILE_CACHES,
          GeneratedNames.FILE_CACHES, Names.FILE_CACHES, GeneratedNames.PIPELINE,
          source.readsFiles() ? CodeBlock.of("resolved.identities()") : reads(pipeline, names));
    }
    CodeBlock.Builder iterator = CodeBlock.builder()
        .add("$T.builder(tf, $N, $L, $T.EPOCH_OPTIONS)", Names.DATASET_ITERATOR,
            GeneratedNames.PIPELINE, names.elementSpec(pipeline.lastOnHost()), Names.DATASET_OPS);
    if (dataset.hasCachedPart()) {
      iterator.add("\n.kept(cachedDataset(tf$L))", dataset.cachedArguments());
    }
    if (dataset.hasCachedPart() && dataset.epochArguments().isEmpty()) {
      iterator.add("\n.perEpoch($T::dataset)", names.generated()); // the lambda would only forward
    } else {
      iterator.add("\n.perEpoch((ops, cached, epoch, options) -> dataset(ops$L, epoch, options$L))",
          dataset.hasCachedPart() ? ", cached" : "", dataset.epochArguments());
    }
    if (dataset.runsEpochsAcrossUntuned()) {
      iterator.add("\n// Nothing after the cache to tune, so no autotune model timing every element.")
          .add("\n.acrossEpochs($T.UNTUNED_EPOCH_OPTIONS)", Names.DATASET_OPS);
    } else if (dataset.runsEpochsAcrossOneIterator()) {
      iterator.add("\n.acrossEpochs($T.EPOCH_OPTIONS)", Names.DATASET_OPS);
    }
    if (!fileCaches.isEmpty()) {
      iterator.add("\n.fileCaches($N)", GeneratedNames.FILE_CACHES);
    }
    if (pipeline.deviceStages().stream().anyMatch(s -> s.kind() == MapStage.KIND)) {
      iterator.add("\n.deviceStages($T::onDevice)", names.generated());
    }
    pipeline.deviceStages().stream()
        .filter(s -> s.kind() == PrefetchToDeviceStage.KIND).findFirst()
        .ifPresent(stage -> {
          addDeviceBuffer(type, builder, stage);
          iterator.add("\n.deviceBuffer(deviceBuffer)");
        });
    if (pipeline.isSeeded()) {
      iterator.add("\n.seed($N)", GeneratedNames.SEED);
    }
    if (!initialized.isEmpty()) {
      iterator.add("\n.initializing($L)", CodeBlock.join(initialized.stream()
          .map(table -> CodeBlock.of("$N.initializer()", table)).toList(), ", "));
    }
    iterator.add("\n.reading($L$L)", reads(pipeline, names), checked.isEmpty()
        ? CodeBlock.of("") : CodeBlock.of(".and($L)", String.join(", ", checked)));
    CodeBlock kept = CodeBlock.join(ServingWriter.keptColumns(pipeline).stream()
        .map(csv -> CodeBlock.of(",\n$N /* for serving() */", names.csvColumns(csv))).toList(), "");
    build.addStatement("return new $T($L\n.build()$L)", names.generated(), iterator.build(), kept);
    type.addMethod(build.build());
    if (canBeSource(pipeline)) {
      type.addMethod(asSource(pipeline, names, dataset, prelude.build(), sources, fits));
    }
    return type.build();
  }

  /**
   * Whether another pipeline can read this one as a source: every stage runs in tf.data, no table
   * needs initializing, and no cache would have to outlive an epoch of the reading pipeline's
   * iterator. The processor reports a source stage that names any other pipeline.
   */
  private static boolean canBeSource(PipelineModel pipeline) {
    return pipeline.deviceStages().isEmpty()
        && pipeline.inputs().stream().noneMatch(i -> i.kind() == Input.Kind.VOCABULARY
            || isFittedVocabulary(i))
        && !pipeline.has(CacheStage.KIND) && !pipeline.has(SnapshotStage.KIND);
  }

  /** Whether {@code input} is a {@code FittedVocabulary}, whose table the iterator fills. */
  static boolean isFittedVocabulary(Input input) {
    return input.kind() == Input.Kind.STATISTIC
        && input.statistic().type() == Statistic.Type.VOCABULARY;
  }

  /**
   * {@code asSource(tf)}: the data checked and resolved as {@code build(graph)} does, and this
   * pipeline's dataset ops for the pipeline that reads it, every stage of them in each epoch.
   */
  private static MethodSpec asSource(PipelineModel pipeline, GeneratedNames names,
      DatasetWriter dataset, CodeBlock prelude, CodeBlock sources, CodeBlock fits) {
    MethodSpec.Builder method = MethodSpec.methodBuilder("asSource")
        .addJavadoc("This pipeline as a source of another ({@code @Mix}, {@code @Zip},"
            + " {@code @Concatenate}): checks\nand resolves the data as {@link #build} does; the"
            + " result adds the dataset ops, under\n{@code tf}, where the reading pipeline builds"
            + " its own.\n")
        .addModifiers(Modifier.PUBLIC)
        .returns(Names.SOURCE_DATASET)
        .addParameter(Names.OPS, "tf")
        .addCode(prelude)
        .addCode(sources);
    if (pipeline.stages().get(0).readsFiles()) {
      method.addComment("The reading pipeline's iterator feeds only its own files' counts:"
              + " these go in the graph")
          .addStatement("resolved.writeCountsIntoGraph()");
    }
    method.addCode(fits);
    for (Input input : pipeline.inputs()) {
      if (input.kind() == Input.Kind.STATISTIC) {
        continue; // fitted above
      }
      String name = names.input(input.name());
      method.beginControlFlow("if ($N == null)", name)
          .addStatement("throw new $T($S)", IllegalStateException.class, "Pipeline "
              + pipeline.simpleName() + ": call " + name + "(value) before asSource(tf)")
          .endControlFlow();
    }
    method.addCode(copyInMemoryData(pipeline.stages().get(0), names));
    CodeBlock epochDataset = dataset.hasCachedPart()
        ? CodeBlock.of("dataset(tf, cachedDataset(tf$L), epoch, options$L)",
            dataset.cachedArguments(), dataset.epochArguments())
        : CodeBlock.of("dataset(tf, epoch, options$L)", dataset.epochArguments());
    return method.addStatement("return $T.reading($L,\n(epoch, options) -> $L)",
        Names.SOURCE_DATASET, reads(pipeline, names), epochDataset).build();
  }

  /**
   * The pipeline's own copy of the data it was given, fed to every run that makes an iterator:
   * an in-memory source's elements, or the indices a {@code @Choose} follows; nothing for any
   * other source.
   */
  private static CodeBlock copyInMemoryData(Stage source, GeneratedNames names) {
    List<CodeBlock> given;
    if (source.kind() == InMemorySourceStage.KIND) {
      given = source.output().components().stream()
          .map(c -> CodeBlock.of("$N", names.sourceValue(c))).toList();
    } else if (source.definition() instanceof ChooseStage) {
      given = List.of(CodeBlock.of("$N", names.choices()));
    } else {
      return CodeBlock.of("");
    }
    return CodeBlock.builder()
        .add("// Fed when an iterator is made, not written into the graph: TensorFlow's graph"
            + " optimizer\n// would copy a constant of the data for every new run"
            + " (docs/performance.md#in-memory-data-fed).\n")
        .addStatement("$T $N = $T.copied(tf, $N, $T.of($L))", Names.IN_MEMORY_DATA,
            names.inMemoryData(), Names.IN_MEMORY_DATA, GeneratedNames.PIPELINE, Names.LIST,
            CodeBlock.join(given, ", "))
        .build();
  }

  /**
   * What the pipeline's source reads, as a {@code DataSource}: its files, its in-memory data, or
   * the inputs of the pipelines it reads and the values given at run time that steer them.
   */
  private static CodeBlock reads(PipelineModel pipeline, GeneratedNames names) {
    Stage source = pipeline.stages().get(0);
    if (source.readsFiles()) {
      return dataSource(pipeline, names);
    }
    if (!(source.definition() instanceof StageDefinition.Pipelines pipelines)) {
      return CodeBlock.of("$T.inMemory($N)", Names.DATA_SOURCE, names.inMemoryData());
    }
    CodeBlock read = CodeBlock.of("$T.of($L)", Names.LIST, String.join(", ",
        pipelines.of().stream().map(names::sourcePipeline).toList()));
    if (pipelines instanceof MixStage) {
      return CodeBlock.of("$T.mixed($L, $N)", Names.DATA_SOURCE, read, names.mixWeights());
    }
    if (pipelines instanceof ChooseStage) {
      return CodeBlock.of("$T.chosen($L, $N, $N)", Names.DATA_SOURCE, read, names.choices(),
          names.inMemoryData());
    }
    return CodeBlock.of("$T.of($L)", Names.DATA_SOURCE, read);
  }

  /** Each pipeline a source stage reads, resolved under a name scope of its own. */
  private static CodeBlock sourcePipelines(Stage source, GeneratedNames names) {
    CodeBlock.Builder code = CodeBlock.builder();
    if (source.definition() instanceof StageDefinition.Pipelines pipelines) {
      for (PipelineModel read : pipelines.of()) {
        String name = names.sourcePipeline(read);
        code.addStatement("$T $N = this.$N.asSource(tf.withSubScope($S))", Names.SOURCE_DATASET,
            name, name, read.simpleName());
      }
    }
    return code.build();
  }

  /**
   * The setters of the builders of the pipelines a source stage reads, one per pipeline, and the
   * check in {@code build} that each was given.
   */
  private static void addPipelines(TypeSpec.Builder type, ClassName builder,
      StageDefinition.Pipelines pipelines, CodeBlock.Builder prelude, PipelineModel pipeline,
      GeneratedNames names) {
    for (PipelineModel read : pipelines.of()) {
      String name = names.sourcePipeline(read);
      ClassName readBuilder = ClassName.get(read.generatedPackage(), read.generatedSimpleName())
          .nestedClass("Builder");
      type.addField(FieldSpec.builder(readBuilder, name, Modifier.PRIVATE).build());
      type.addMethod(MethodSpec.methodBuilder(name)
          .addJavadoc("Sets the pipeline {@link $T} is read from, with its data set: its builder,"
              + "\nwhich {@link #build} resolves and adds to this pipeline's graph.\n",
              ClassName.get(read.type()))
          .addModifiers(Modifier.PUBLIC)
          .returns(builder)
          .addParameter(readBuilder, "value")
          .addStatement("this.$N = value", name)
          .addStatement("return this")
          .build());
      prelude.beginControlFlow("if ($N == null)", name)
          .addStatement("throw new $T($S)", IllegalStateException.class, "Pipeline "
              + pipeline.simpleName() + ": call " + name + "(" + read.generatedSimpleName()
              + ".builder()...) before building")
          .endControlFlow();
    }
    if (pipelines instanceof MixStage mix) {
      addWeights(type, builder, pipeline.stages().get(0), mix, names);
    }
    if (pipelines instanceof ChooseStage) {
      addChoices(type, builder, pipeline, prelude, names);
    }
  }

  /** The indices a {@code @Choose} follows: required, each checked against the pipelines. */
  private static void addChoices(TypeSpec.Builder type, ClassName builder, PipelineModel pipeline,
      CodeBlock.Builder prelude, GeneratedNames names) {
    Stage stage = pipeline.stages().get(0);
    String field = names.choices();
    TypeName indices = Names.dtype(dev.feedline.processor.model.DType.INT64);
    type.addField(FieldSpec.builder(indices, field, Modifier.PRIVATE).build());
    type.addMethod(MethodSpec.methodBuilder(field)
        .addJavadoc(
            "Sets the indices stage {@code $L} follows, a vector: element {@code i} of an epoch\n"
            + "comes from pipeline {@code indices[i]} of {@code of} (0 the first); the epoch"
                + " ends with\n"
            + "them. {@link #build} copies them, and the pipeline frees its copy when closed;"
                + " the\ncaller still owns and closes these.\n",
            stage.name())
        .addModifiers(Modifier.PUBLIC)
        .returns(builder)
        .addParameter(indices, "indices")
        .addStatement("this.$N = indices", field)
        .addStatement("return this")
        .build());
    int count = stage.as(StageDefinition.Pipelines.class).orElseThrow().of().size();
    prelude.addStatement("$T.checkChoices($N, $S, $L, $N)", Names.MIXING, GeneratedNames.PIPELINE,
        stage.name(), count, field);
  }

  /** The mix's weights, as declared unless the builder is given others. */
  private static void addWeights(TypeSpec.Builder type, ClassName builder, Stage stage,
      MixStage mix, GeneratedNames names) {
    String field = names.mixWeights();
    String declared = mix.weights().stream().map(String::valueOf)
        .collect(java.util.stream.Collectors.joining(", "));
    type.addField(FieldSpec.builder(double[].class, field, Modifier.PRIVATE)
        .initializer("{$L}", declared).build());
    type.addMethod(MethodSpec.methodBuilder(field)
        .addJavadoc(
            "Sets the weights with which stage {@code $L} draws from its pipelines, one per\n"
            + "pipeline in the order of {@code of}, instead of {@code {$L}}: each is drawn with\n"
            + "probability weight / sum.\n\n"
            + "@throws IllegalArgumentException when a weight is not a positive, finite number,"
                + " or\n"
            + "    their number is not the number of pipelines\n", stage.name(), declared)
        .addModifiers(Modifier.PUBLIC)
        .returns(builder)
        .addParameter(double[].class, "values")
        .varargs()
        .addStatement("this.$N = $T.weights($N, $S, $T.of($L), values)", field, Names.MIXING,
            GeneratedNames.PIPELINE, stage.name(), Names.LIST, CodeBlock.join(mix.of().stream()
                .map(p -> CodeBlock.of("$S", p.simpleName())).toList(), ", "))
        .addStatement("return this")
        .build());
  }

  /**
   * The files setters and their resolution in {@code build}: each file checked, or its check
   * recalled, and for CSV the columns found in its header.
   */
  private static void addFiles(TypeSpec.Builder type, ClassName builder, Stage source,
      CodeBlock.Builder build, PipelineModel pipeline, GeneratedNames names) {
    String what = source.kind() == TextLineSourceStage.KIND ? "text" : "TFRecord";
    type.addField(FieldSpec.builder(ParameterizedTypeName.get(Names.LIST, STRING), "files",
            Modifier.PRIVATE, Modifier.FINAL)
        .initializer("new $T<>()", Names.ARRAY_LIST).build());
    type.addMethod(MethodSpec.methodBuilder("files")
        .addJavadoc("Adds $L files to read: paths, or glob patterns such as\n"
            + "{@code data/train-*.$L}. Every pattern must match a file.\n", what,
            source.kind() == TextLineSourceStage.KIND ? "csv" : "tfrecord")
        .addModifiers(Modifier.PUBLIC)
        .returns(builder)
        .addParameter(ParameterizedTypeName.get(ClassName.get(Collection.class), STRING),
            "pathsOrGlobs")
        .addStatement("files.addAll(pathsOrGlobs)")
        .addStatement("return this")
        .build());
    type.addMethod(MethodSpec.methodBuilder("files")
        .addJavadoc("Adds $L files to read: paths, or glob patterns.\n", what)
        .addModifiers(Modifier.PUBLIC)
        .returns(builder)
        .addParameter(ArrayTypeName.of(STRING), "pathsOrGlobs")
        .varargs()
        .addStatement("return files($T.of(pathsOrGlobs))", Names.LIST)
        .build());
    StageDefinition.Files files = (StageDefinition.Files) source.definition();
    if (files instanceof TextLineSourceStage text) {
      Optional<Stage> rows = Plan.rowsParsedAsRead(pipeline);
      if (text.recordDelimiter().isPresent()) {
        build.add("// Reads every line now, decompressed, and counts the records that lines"
                + " $L end.\n", JavaLiterals.inComment(text.recordDelimiter().get()))
            .addStatement("$T.Resolved resolved = $T.resolveText($N, this.files,\n"
                + "$T.delimited($T.$L, $T.$L, $T.$L,\n$L /* recordDelimiter */),\n"
                + "null /* records are not parsed as they are read */)", Names.DATA_FILES,
                Names.DATA_FILES, GeneratedNames.PIPELINE, Names.TEXT_FORMAT, Names.COMPRESSION,
                files.compression(), Names.BLANK_LINES, text.blankLines(), Names.BAD_RECORDS,
                text.badRecords(), JavaLiterals.quoted(text.recordDelimiter().get()));
      } else {
        build.add(rows.isPresent()
                ? "// Reads every line now, decompressed, and checks each row against the columns.\n"
                : "// Reads every line now, decompressed, and counts them.\n")
            .addStatement("$T.Resolved resolved = $T.resolveText($N, this.files,\n"
                + "new $T($L /* header */, $T.$L, $T.$L, $T.$L),\n$L)", Names.DATA_FILES,
                Names.DATA_FILES,
                GeneratedNames.PIPELINE, Names.TEXT_FORMAT, text.header(), Names.COMPRESSION,
                files.compression(), Names.BLANK_LINES, text.blankLines(), Names.BAD_RECORDS,
                text.badRecords(), rows.map(csv -> CodeBlock.of("$N", names.featureConstant(csv)))
                    .orElse(CodeBlock.of("null /* lines are not parsed as they are read */")));
      }
      for (Stage csv : pipeline.stagesOf(DecodeCsvStage.KIND)) {
        build.add(text.header()
                ? "// Each column is taken by its name in the header, which every file must have.\n"
                : "// The files have no header: the columns are the first fields, in order.\n")
            .addStatement("int[] $N = $N.select($N, resolved.files(), $L /* header */, $T.$L)",
                names.csvColumns(csv), names.featureConstant(csv), GeneratedNames.PIPELINE,
                text.header(), Names.COMPRESSION, files.compression());
      }
    } else if (skipsBadRecords(pipeline)) {
      build.add("// Checks every record now, and leaves the bad ones out of every epoch.\n")
          .addStatement("$T.Resolved resolved = $T.resolveSkippingBadRecords($N, this.files,\n$L)",
              Names.DATA_FILES, Names.DATA_FILES, GeneratedNames.PIPELINE,
              features(pipeline, names).orElse(CodeBlock.of("null /* records are not parsed */")));
    } else if (files.compression() != Compression.NONE) {
      build.addStatement("$T.Resolved resolved = $T.resolve($N, this.files, $T.$L)",
          Names.DATA_FILES, Names.DATA_FILES, GeneratedNames.PIPELINE, Names.COMPRESSION,
          files.compression());
    } else {
      build.addStatement("$T.Resolved resolved = $T.resolve($N, this.files)",
          Names.DATA_FILES, Names.DATA_FILES, GeneratedNames.PIPELINE);
    }
    if (!checksRecords(pipeline)) { // else the check of strict vocabularies makes them
      build.addStatement("$T<$T> segments = resolved.segments()", Names.LIST, Names.FILE_SEGMENT);
    }
  }

  /**
   * Whether {@code build} runs every line or record of the files through the maps that look up
   * strict vocabularies.
   */
  private static boolean checksRecords(PipelineModel pipeline) {
    return StrictLookups.of(pipeline).traced() && pipeline.stages().get(0).readsFiles();
  }

  /**
   * The check at {@code build} of the maps that look up strict vocabularies, when it can tell
   * each element's record: every element through them, in a graph of its own.
   */
  private static CodeBlock checkStrictTokens(PipelineModel pipeline, GeneratedNames names,
      DatasetWriter dataset) {
    StrictLookups lookups = StrictLookups.of(pipeline);
    if (!lookups.traced()) {
      return CodeBlock.of("");
    }
    Stage last = lookups.last();
    List<CodeBlock> tables = new ArrayList<>();
    for (Stage map : lookups.maps()) {
      for (Input input : map.inputs()) {
        if (input.strict()) {
          tables.add(CodeBlock.of("new $T.Lookup($N, $S)", Names.STRICT_TOKENS,
              names.input(input.name()), map.name()));
        }
      }
    }
    CodeBlock.Builder code = CodeBlock.builder();
    if (checksRecords(pipeline)) {
      Stage source = pipeline.stages().get(0);
      boolean text = source.kind() == TextLineSourceStage.KIND;
      boolean skip = text
          ? source.as(TextLineSourceStage.class).orElseThrow().badRecords() == BadRecords.SKIP
          : skipsBadRecords(pipeline);
      String noun = text ? "line" : "record";
      code.add("// Runs every $L through stage $L, $L, now: a token not in a strict vocabulary"
              + " is $L.\n", noun, last.position(), last.name(), skip
              ? "left out with its " + noun + ", and counted"
              : "an error naming its file and " + noun)
          .addStatement("$T.Resolved checked = $T.$L($N, resolved, $L,$L\n$L,"
                  + " (ops, runs) -> $N(ops$L),\n$L)", Names.DATA_FILES, Names.STRICT_TOKENS,
              text ? "checkLines" : "checkRecords", GeneratedNames.PIPELINE,
              skip ? "true /* badRecords = SKIP */" : "false /* badRecords = FAIL */",
              text ? CodeBlock.of("") : CodeBlock.of(" $T.$L,", Names.COMPRESSION,
                  ((StageDefinition.Files) source.definition()).compression()),
              names.elementSpec(last), DatasetWriter.STRICT_TOKENS_DATASET,
              dataset.strictTokensArguments(), CodeBlock.join(tables, ",\n"))
          .addStatement("$T<$T> segments = checked.segments()", Names.LIST, Names.FILE_SEGMENT);
    } else {
      code.add("// Runs every element through stage $L, $L, now: a token not in a strict"
              + " vocabulary is an error naming its index.\n", last.position(), last.name())
          .addStatement("$T.checkElements($N, $L, $T.of($L),\n(ops, $N) -> $N(ops$L),\n$L)",
              Names.STRICT_TOKENS, GeneratedNames.PIPELINE, names.elementSpec(last), Names.LIST,
              CodeBlock.join(pipeline.stages().get(0).output().components().stream()
                  .map(c -> CodeBlock.of("$N", names.sourceValue(c))).toList(), ", "),
              names.inMemoryData(), DatasetWriter.STRICT_TOKENS_DATASET,
              dataset.strictTokensArguments(), CodeBlock.join(tables, ",\n"));
    }
    return code.build();
  }

  /**
   * The setters of the pipeline's vocabularies and run-time values, and their checks and tables
   * in {@code build}; returns the locals holding the tables, which the iterator fills.
   */
  private static List<String> addInputs(TypeSpec.Builder type, ClassName builder,
      MethodSpec.Builder build, PipelineModel pipeline, GeneratedNames names) {
    List<String> tables = new ArrayList<>();
    for (Input input : pipeline.inputs()) {
      if (input.kind() == Input.Kind.STATISTIC) {
        continue; // fitted, not given: addStatistics
      }
      String name = names.input(input.name());
      boolean vocabulary = input.kind() == Input.Kind.VOCABULARY;
      type.addField(FieldSpec.builder(InputTypes.builderType(input), name, Modifier.PRIVATE)
          .build());
      type.addMethod(MethodSpec.methodBuilder(name)
          .addJavadoc(vocabulary
              ? "Sets the file of vocabulary {@code $L}: one token per line, token {@code i}"
                  + " (from 0)\n"
                  + "mapped to id {@code i}; $L.\n"
              : "Sets run-time value {@code $L}, a constant of the graph functions that take"
                  + " it.$L\n",
              input.name(), vocabulary ? input.strict()
                  ? StrictLookups.of(pipeline).traced()
                      ? "a token not in it is an error at build naming its record, or its record"
                          + " is left out\nunder the source's badRecords = SKIP"
                      : "a token not in it is an error, naming the token"
                  : input.oovBuckets() == 0
                  ? "a token not in it maps to -1"
                  : "a token not in it maps to one of " + input.oovBuckets() + " ids after them"
                  : "")
          .addModifiers(Modifier.PUBLIC)
          .returns(builder)
          .addParameter(vocabulary ? Names.PATH : InputTypes.javaType(input), "value")
          .addStatement("this.$N = value", name)
          .addStatement("return this")
          .build());
      if (!vocabulary) {
        build.beginControlFlow("if ($N == null)", name)
            .addStatement("throw new $T($S)", IllegalStateException.class, "Pipeline "
                + pipeline.simpleName() + ": call " + name + "(value) before build(graph)")
            .endControlFlow();
      }
    }
    for (Input input : pipeline.inputs()) { // after the values' checks: a table grows the graph
      if (input.kind() == Input.Kind.VOCABULARY) {
        String name = names.input(input.name());
        if (input.strict()) {
          build.addStatement("$T $N = $T.loadStrict(tf, $N, $S, this.$N)",
              Names.VOCABULARY_TABLE, name, Names.VOCABULARY_TABLE, GeneratedNames.PIPELINE,
              name, name);
        } else {
          build.addStatement("$T $N = $T.load(tf, $N, $S, this.$N, $LL /* oovBuckets */)",
              Names.VOCABULARY_TABLE, name, Names.VOCABULARY_TABLE, GeneratedNames.PIPELINE,
              name, name, input.oovBuckets());
        }
        tables.add(name);
      }
    }
    return tables;
  }

  /**
   * The setters of the pipeline's statistics: the builder of each pipeline they are fitted over,
   * and each statistic's cache folder; returns the locals {@link #fitStatistics} makes.
   */
  private static List<String> addStatistics(TypeSpec.Builder type, ClassName builder,
      PipelineModel pipeline, GeneratedNames names) {
    List<String> locals = new ArrayList<>();
    Set<String> overs = new HashSet<>();
    for (Input input : pipeline.inputs()) {
      if (input.kind() != Input.Kind.STATISTIC) {
        continue;
      }
      Statistic statistic = input.statistic();
      locals.add(names.input(input.name()));
      String cache = names.statisticCache(input.name());
      type.addField(FieldSpec.builder(STRING, cache, Modifier.PRIVATE)
          .initializer(StageConstants.text(statistic.cache())).build());
      type.addMethod(MethodSpec.methodBuilder(cache)
          .addJavadoc("Sets the folder statistics {@code $L} are kept in, instead of $L, as\n"
              + "{@code $L-<key>.stats}: the key covers the graph of $L, its files and the\n"
              + "TensorFlow version, so a build reads the values fitted for its key, never those"
              + " of\n"
              + "other data or other code. Empty: fitted at every build.\n", input.name(),
              statistic.cache().isEmpty() ? "none"
                  : "{@code " + JavaLiterals.inComment(statistic.cache()) + "}",
              input.name(), statistic.over().simpleName())
          .addModifiers(Modifier.PUBLIC)
          .returns(builder)
          .addParameter(STRING, "folder")
          .addStatement("this.$N = folder", cache)
          .addStatement("return this")
          .build());
      PipelineModel over = statistic.over();
      String name = names.overPipeline(over);
      if (!overs.add(name)) {
        continue;
      }
      ClassName overBuilder = ClassName.get(over.generatedPackage(), over.generatedSimpleName())
          .nestedClass("Builder");
      type.addField(FieldSpec.builder(overBuilder, name, Modifier.PRIVATE).build());
      type.addMethod(MethodSpec.methodBuilder(name)
          .addJavadoc("Sets the pipeline {@link $T}, with its data set, that statistics $L are\n"
              + "fitted over: its builder, which {@link #build} builds into a graph of its own"
              + " and\n"
              + "runs for one epoch, unless every one of them is in its cache.\n",
              ClassName.get(over.type()), String.join(", ", pipeline.inputs().stream()
                  .filter(i -> i.kind() == Input.Kind.STATISTIC
                      && i.statistic().over().type().equals(over.type()))
                  .map(i -> "{@code " + i.name() + "}").toList()))
          .addModifiers(Modifier.PUBLIC)
          .returns(builder)
          .addParameter(overBuilder, "value")
          .addStatement("this.$N = value", name)
          .addStatement("return this")
          .build());
    }
    return locals;
  }

  /**
   * Fits the statistics in {@code build}: one {@code StatisticsFit.fit} per pipeline they are
   * fitted over, which reads them from their caches or runs that pipeline once for all of them.
   */
  private static CodeBlock fitStatistics(PipelineModel pipeline, GeneratedNames names) {
    // By the over pipeline's name: each statistic read it on its own.
    Map<String, List<Input>> byOver = new LinkedHashMap<>();
    for (Input input : pipeline.inputs()) {
      if (input.kind() == Input.Kind.STATISTIC) {
        byOver.computeIfAbsent(input.statistic().over().type().getQualifiedName().toString(),
            k -> new ArrayList<>()).add(input);
      }
    }
    CodeBlock.Builder code = CodeBlock.builder();
    for (Map.Entry<String, List<Input>> entry : byOver.entrySet()) {
      PipelineModel over = entry.getValue().get(0).statistic().over();
      String name = names.overPipeline(over);
      code.beginControlFlow("if ($N == null)", name)
          .addStatement("throw new $T($S)", IllegalStateException.class, "Pipeline "
              + pipeline.simpleName() + ": call " + name + "(" + over.generatedSimpleName()
              + ".builder()...) with the data its statistics are fitted over before building")
          .endControlFlow();
      List<CodeBlock> requests = new ArrayList<>();
      for (Input input : entry.getValue()) {
        Statistic statistic = input.statistic();
        CodeBlock vocabulary = isFittedVocabulary(input)
            ? CodeBlock.of("$LL /* minCount */, $L /* topK */, $LL /* oovBuckets */, ",
                statistic.minCount(), statistic.topK(), statistic.oovBuckets())
            : CodeBlock.of("");
        requests.add(CodeBlock.of("new $T($S, $T.$L, $S, $L, $L, $L, $L$N)",
            Names.STATISTIC_REQUEST, input.name(),
            Names.STATISTIC_REQUEST.nestedClass("Kind"), statistic.type().name(),
            statistic.component().name(), statistic.index(), ElementSpecs.shape(statistic.shape()),
            statistic.buckets(), vocabulary, names.statisticCache(input.name())));
      }
      String fitted = names.fittedStatistics(over);
      code.add("// Read from their caches, or fitted in one epoch of $L.\n", over.simpleName());
      code.addStatement("$T<$T> $N = $T.fit($N, $S, this.$N::build, $T.of(\n$>$>$L))$<$<",
          Names.LIST, Names.FITTED_STATISTIC, fitted, Names.STATISTICS_FIT,
          GeneratedNames.PIPELINE, over.simpleName(), name, Names.LIST,
          CodeBlock.join(requests, ",\n"));
      for (int i = 0; i < entry.getValue().size(); i++) {
        Input input = entry.getValue().get(i);
        TypeName statisticType = InputTypes.javaType(input);
        if (isFittedVocabulary(input)) {
          code.addStatement("$T $N = (($T) $N.get($L)).inGraph(tf)", statisticType,
              names.input(input.name()), statisticType, fitted, i);
        } else {
          code.addStatement("$T $N = ($T) $N.get($L)", statisticType, names.input(input.name()),
              statisticType, fitted, i);
        }
      }
    }
    return code.build();
  }

  /**
   * The seed setter of a pipeline whose maps draw from per-element seeds, and the seed in
   * {@code build}: the builder's, or, unless the pipeline is reproducible, one drawn for the build.
   */
  private static void addSeed(TypeSpec.Builder type, ClassName builder, MethodSpec.Builder build,
      PipelineModel pipeline) {
    List<String> seeded = pipeline.stages().stream().filter(Stage::isSeeded)
        .map(s -> s.position() + " (" + s.name() + ")").toList();
    boolean reproducible = pipeline.settings().reproducible();
    type.addField(FieldSpec.builder(ClassName.get(Long.class), GeneratedNames.SEED,
        Modifier.PRIVATE).build());
    type.addMethod(MethodSpec.methodBuilder(GeneratedNames.SEED)
        .addJavadoc("Sets the seed that stage$L $L draw$L random values from: with the same seed,\n"
                + "every epoch's elements are the same on every run, at any parallelism, and"
                    + " after\n"
                + "a restore. $L\n", seeded.size() == 1 ? "" : "s", String.join(", ", seeded),
            seeded.size() == 1 ? "s" : "", reproducible
                ? "The pipeline is reproducible: {@link #build} needs it."
                : "Without it, each build draws a seed of its own.")
        .addModifiers(Modifier.PUBLIC)
        .returns(builder)
        .addParameter(long.class, "value")
        .addStatement("this.$N = value", GeneratedNames.SEED)
        .addStatement("return this")
        .build());
    if (reproducible) {
      build.beginControlFlow("if (this.$N == null)", GeneratedNames.SEED)
          .addStatement("throw new $T($S)", IllegalStateException.class, "Pipeline "
              + pipeline.simpleName() + ": call seed(value) before build(graph): the pipeline is"
              + " reproducible, and its random stages draw from that seed")
          .endControlFlow()
          .addStatement("long $N = this.$N", GeneratedNames.SEED, GeneratedNames.SEED);
    } else {
      build.addCode(
          "// Without a seed, this build draws one: its random values differ from run to run.\n")
          .addStatement("long $N = this.$N != null ? this.$N : $T.drawn()", GeneratedNames.SEED,
              GeneratedNames.SEED, GeneratedNames.SEED, Names.ELEMENT_SEEDS);
    }
  }

  private static CodeBlock buildJavadoc(Stage source) {
    CodeBlock.Builder doc = CodeBlock.builder()
        .add("Adds the pipeline's dataset and iterator ops to {@code graph}.\n\n");
    return source.readsFiles()
        ? doc.add("@throws $T naming the file, pattern or stage when a source file is missing or\n"
            + "    damaged, or when a cache or shuffle buffer would exceed the RAM budget\n",
            Names.FEEDLINE_EXCEPTION).build()
        : doc.add("@throws $T naming the stage when a cache or shuffle buffer would exceed the\n"
            + "    RAM budget\n", Names.FEEDLINE_EXCEPTION).build();
  }

  /**
   * Checks, before the first element, that caches and shuffle buffers fit the RAM budget with the
   * real number of elements: the compile-time checks know only the declared hints.
   */
  private static boolean memoryGuard(Plan plan, GeneratedNames names, MethodSpec.Builder build) {
    if (plan.memoryGuard().isEmpty()) {
      return false; // nothing to guard, or the pipelines a source reads count their own elements
    }
    List<CodeBlock> buffers = new ArrayList<>();
    for (Plan.Guarded guarded : plan.memoryGuard()) {
      Stage stage = guarded.stage();
      if (stage.definition() instanceof ShuffleStage shuffle) {
        // A shuffle of the records as read every epoch holds records, not its own elements.
        Stage holds = plan.recordShuffle().filter(r -> r.everyEpoch() && r.shuffle() == stage)
            .map(Plan.RecordShuffle::read).orElse(stage);
        CodeBlock capacity = plan.windows().filter(w -> w.shuffle() == stage)
            .map(w -> CodeBlock.of("$LL /* buffer: $L chunks of $L rows, and a window */",
                w.bufferChunks() * w.chunkRows() + shuffle.buffer(), w.bufferChunks(),
                w.chunkRows()))
            .orElse(CodeBlock.of("$LL /* buffer */", shuffle.buffer()));
        buffers.add(CodeBlock.of("$T.shuffle($S, $L, $L, $L)", Names.MEMORY_GUARD,
            stage.name(), names.elementSpec(holds), capacity,
            seesEvery(guarded.seesEverySourceElement())));
      } else {
        buffers.add(CodeBlock.of("$T.cache($S, $L, $L)", Names.MEMORY_GUARD, stage.name(),
            names.elementSpec(stage), seesEvery(guarded.seesEverySourceElement())));
      }
    }
    Stage source = plan.pipeline().stages().get(0);
    CodeBlock elements = source.readsFiles()
        ? CodeBlock.of("resolved.records()")
        : CodeBlock.of("$N.shape().get(0)", names.sourceValue(source.output().components().get(0)));
    build.addCode(
        "// Caches and shuffle buffers must fit the RAM budget, counted with the real elements.\n")
        .addStatement("$T.check($N, ramBudget, $L, $T.of(\n$>$>$L))$<$<", Names.MEMORY_GUARD,
            GeneratedNames.PIPELINE, elements, Names.LIST, CodeBlock.join(buffers, ",\n"));
    return true;
  }

  private static CodeBlock seesEvery(boolean everyElement) {
    return CodeBlock.of(everyElement ? "true /* every source element reaches it */"
        : "false /* a stage before it drops or groups elements */");
  }

  /** The depth of {@code @PrefetchToDevice}, declared, or set per build to compare it with none. */
  private static void addDeviceBuffer(TypeSpec.Builder type, ClassName builder, Stage toDevice) {
    int buffer = toDevice.as(PrefetchToDeviceStage.class).orElseThrow().buffer();
    type.addField(FieldSpec.builder(TypeName.INT, "deviceBuffer", Modifier.PRIVATE)
        .initializer("$L", buffer).build());
    type.addMethod(MethodSpec.methodBuilder("deviceBuffer")
        .addJavadoc(
            "Sets how many batches stage $L, {@code @PrefetchToDevice}, keeps in device memory,\n"
            + "instead of $L; 0 turns it off, for a side-by-side comparison: the iterator then"
                + " feeds\n"
            + "each step directly.\n", toDevice.name(), buffer)
        .addModifiers(Modifier.PUBLIC)
        .returns(builder)
        .addParameter(TypeName.INT, "batches")
        .beginControlFlow("if (batches < 0)")
        .addStatement("throw new $T($S + batches)", IllegalArgumentException.class,
            "a device buffer holds 0 or more batches, not ")
        .endControlFlow()
        .addStatement("this.deviceBuffer = batches")
        .addStatement("return this")
        .build());
  }

  /** The run-time RAM budget: this machine's, which the compile-time declaration cannot know. */
  private static void addRamBudget(TypeSpec.Builder type, ClassName builder) {
    type.addField(FieldSpec.builder(long.class, "ramBudget", Modifier.PRIVATE).initializer("-1")
        .build());
    type.addMethod(MethodSpec.methodBuilder("ramBudget")
        .addJavadoc("Sets the memory, in bytes, that caches and shuffle buffers may hold on this\n"
            + "machine, instead of {@code @Pipeline(ramBudget)} or half of the machine's memory.\n")
        .addModifiers(Modifier.PUBLIC)
        .returns(builder)
        .addParameter(long.class, "bytes")
        .beginControlFlow("if (bytes <= 0)")
        .addStatement("throw new $T(\"a RAM budget is a positive number of bytes, not \" + bytes)",
            IllegalArgumentException.class)
        .endControlFlow()
        .addStatement("this.ramBudget = bytes")
        .addStatement("return this")
        .build());
  }

  /** What the TFRecord source reads, so that data errors can name their file and record. */
  private static CodeBlock dataSource(PipelineModel pipeline, GeneratedNames names) {
    if (pipeline.stages().get(0).kind() == TextLineSourceStage.KIND) {
      return CodeBlock.of("$T.textLines($L)", Names.DATA_SOURCE,
          checksRecords(pipeline) ? "checked" : "resolved");
    }
    String resolved = checksRecords(pipeline) ? "checked" : "resolved";
    return features(pipeline, names)
        .map(features -> CodeBlock.of("$T.tfRecords($L, $L)", Names.DATA_SOURCE, resolved,
            features))
        .orElse(CodeBlock.of("$T.tfRecords($L)", Names.DATA_SOURCE, resolved));
  }

  /** The constant of the features the pipeline's {@code @Decode} parses, if it has one. */
  private static Optional<CodeBlock> features(PipelineModel pipeline, GeneratedNames names) {
    return pipeline.stages().stream()
        .filter(s -> s.kind() == DecodeStage.KIND)
        .findFirst()
        .map(decode -> CodeBlock.of("$N", names.featureConstant(decode)));
  }

  /** Whether the pipeline's source is declared {@code badRecords = SKIP}. */
  static boolean skipsBadRecords(PipelineModel pipeline) {
    Stage source = pipeline.stages().get(0);
    return source.kind() == TFRecordSourceStage.KIND
        && source.as(TFRecordSourceStage.class).orElseThrow().badRecords() == BadRecords.SKIP;
  }

  /** How many complete caches the folder of each file cache and snapshot keeps. */
  private static void addKeepCaches(TypeSpec.Builder type, ClassName builder) {
    type.addField(FieldSpec.builder(int.class, "keepCaches", Modifier.PRIVATE).initializer("0")
        .build());
    type.addMethod(MethodSpec.methodBuilder("keepCaches")
        .addJavadoc(
            "Keeps the {@code newest} most recently used complete caches in the folder of each\n"
            + "file cache and snapshot: once this run writes a new one, older ones beyond that\n"
            + "number are removed. 0, the default, keeps all; {@code ./feedline cache list}"
                + " shows them.\n")
        .addModifiers(Modifier.PUBLIC)
        .returns(builder)
        .addParameter(int.class, "newest")
        .beginControlFlow("if (newest < 0)")
        .addStatement("throw new $T(\"keep the newest \" + newest + \" caches? 1 or more, or 0 for"
            + " all\")", IllegalArgumentException.class)
        .endControlFlow()
        .addStatement("this.keepCaches = newest")
        .addStatement("return this")
        .build());
  }

  private static void addWorker(TypeSpec.Builder type, ClassName builder, boolean shard) {
    type.addField(FieldSpec.builder(long.class, "workerIndex", Modifier.PRIVATE).initializer("0")
        .build());
    type.addField(FieldSpec.builder(long.class, "workerCount", Modifier.PRIVATE).initializer("1")
        .build());
    type.addMethod(MethodSpec.methodBuilder("worker")
        .addJavadoc(shard
            ? "Names this worker among {@code count} that read the same data, for the @Shard"
                + " stage;\n"
                + "each reads its share. Without it the pipeline runs as the only worker.\n"
            : "Names this worker among {@code count} that read the same snapshot: each reads its"
                + " share\n"
                + "of its shards, and refuses to start without a complete one. Without it the"
                    + " pipeline\n"
                + "runs as the only worker, which writes the snapshot when there is none.\n")
        .addModifiers(Modifier.PUBLIC)
        .returns(builder)
        .addParameter(int.class, "index")
        .addParameter(int.class, "count")
        .beginControlFlow("if (count < 1 || index < 0 || index >= count)")
        .addStatement("throw new $T(\"worker index \" + index + \" of \" + count\n"
            + "+ \": the count must be 1 or more, and the index in [0, count)\")",
            IllegalArgumentException.class)
        .endControlFlow()
        .addStatement("this.workerIndex = index")
        .addStatement("this.workerCount = count")
        .addStatement("return this")
        .build());
  }

  /** A global shuffle needs an element to shuffle: TensorFlow's own message names no stage. */
  private static void requireElements(Plan plan, CodeBlock.Builder build, GeneratedNames names) {
    Stage source = plan.pipeline().stages().get(0);
    for (Stage shuffle : plan.globalShuffles()) {
      build.addStatement("$T.requireElements($N, $S, $N.shape().get(0))", Names.IN_MEMORY_DATA,
          GeneratedNames.PIPELINE, shuffle.name(),
          names.sourceValue(source.output().components().get(0)));
    }
  }

  private static void addDataSetter(TypeSpec.Builder type, ClassName builder, Stage source,
      CodeBlock.Builder build, GeneratedNames names) {
    List<Component> components = source.output().components();
    MethodSpec.Builder data = MethodSpec.methodBuilder("data")
        .addJavadoc(
            "Sets the elements: one tensor per component, each with the element count as its\n"
            + "leading dimension. {@link #build} copies them, and the pipeline frees its copy"
                + " when\n"
            + "closed; the caller still owns and closes these.\n")
        .addModifiers(Modifier.PUBLIC)
        .returns(builder);
    for (Component c : components) {
      TypeName dtype = Names.dtype(c.dtype());
      String name = names.sourceValue(c);
      type.addField(dtype, name, Modifier.PRIVATE);
      data.addParameter(ParameterSpec.builder(dtype, name).build());
      data.addStatement("this.$N = $N", name, name);
    }
    type.addMethod(data.addStatement("return this").build());
    build.beginControlFlow("if ($N == null)", names.sourceValue(components.get(0)))
        .addStatement("throw new $T($S)", IllegalStateException.class,
            "Call data(...) with the elements before build(graph)")
        .endControlFlow()
        .addStatement("$T.check($N, $L, $T.of($L))", Names.IN_MEMORY_DATA,
            GeneratedNames.PIPELINE, names.elementSpec(source), Names.LIST,
            CodeBlock.join(components.stream()
                .map(c -> CodeBlock.of("$N", names.sourceValue(c))).toList(), ", "));
  }
}

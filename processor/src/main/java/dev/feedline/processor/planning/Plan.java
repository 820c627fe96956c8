package dev.feedline.processor.planning;

import dev.feedline.processor.model.kinds.PrefetchStage;
import dev.feedline.processor.model.kinds.RepeatStage;
import dev.feedline.processor.model.kinds.SkipStage;
import dev.feedline.processor.model.kinds.TakeStage;
import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.DType;
import dev.feedline.processor.model.Input;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.RandomAccess;
import dev.feedline.processor.model.ShuffledRecords;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import dev.feedline.processor.model.kinds.BatchStage;
import dev.feedline.processor.model.kinds.CacheStage;
import dev.feedline.processor.model.kinds.DecodeCsvStage;
import dev.feedline.processor.model.kinds.DecodeStage;
import dev.feedline.processor.model.kinds.InterleaveStage;
import dev.feedline.processor.model.kinds.PrefetchToDeviceStage;
import dev.feedline.processor.model.kinds.ShuffleStage;
import dev.feedline.processor.model.kinds.SnapshotStage;
import dev.feedline.processor.model.kinds.StageDefinition;
import dev.feedline.processor.model.kinds.TextLineSourceStage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * How a checked pipeline is generated, decided once between validation and writing: the writers
 * render it, and the review report prints it. Nothing here is a check; every decision follows
 * from the model and the kinds' definitions.
 *
 * @param lastCache the position of the last {@code @Cache} or {@code @Snapshot}, 0 without one:
 *     the stages up to it are built once per session and kept, the others again every epoch
 * @param acrossEpochs whether the epochs after the one that fills the cache run one after another
 *     on one iterator
 * @param untunedAcrossEpochs whether those epochs run without tf.data's autotune model, which has
 *     nothing to tune there ({@link #nothingToTuneAfter(PipelineModel, int)})
 * @param vectorizedParses the {@code @Decode} and {@code @DecodeCsv} stages that parse their
 *     records or lines in batches
 * @param memoryGuard the caches and shuffle buffers the run-time memory guard checks, in order;
 *     empty where it checks none
 * @param recordShuffle the shuffle whose records are shuffled as they are read instead of its
 *     elements: in the first epoch before a memory cache, or in every epoch of a pipeline without
 *     a cache ({@link #recordShuffle(PipelineModel, int)}); empty where none
 * @param globalShuffles the {@code @Shuffle} stages that shuffle indices over random-access
 *     elements instead of filling a buffer ({@link RandomAccess})
 * @param packedRows where a vectorized parse's rows travel packed to the batch; empty where none
 * @param linesInOneThread the {@code @Interleave} that reads a text source's lines in the thread
 *     that asks for them, though it may run in parallel ({@link #linesInOneThread(PipelineModel)});
 *     empty where none
 */
public record Plan(PipelineModel pipeline, int lastCache, boolean acrossEpochs,
    boolean untunedAcrossEpochs, List<Stage> vectorizedParses, List<Guarded> memoryGuard,
    Optional<RecordShuffle> recordShuffle, List<Stage> globalShuffles,
    Optional<PackedRows> packedRows, Optional<Windows> windows, Optional<Stage> linesInOneThread) {

  /** Records a vectorized parse batches: the measured batch (docs/performance.md). */
  public static final long PARSE_RECORDS = 32;
  /**
   * Lines a vectorized CSV parse batches: the measured batch (docs/performance.md#tables-and-text).
   */
  public static final long PARSE_LINES = 256;

  /**
   * Batches a sorted window of a {@code @BucketByLength} holds: 16 of 64 words leave 5.9% of the
   * text example's positions padded (docs/performance.md#bucketing).
   */
  public static final long SORTED_WINDOW_BATCHES = 16;

  /**
   * Stages that pass elements on whole, never looking into a component: between the lines and a
   * {@code @DecodeCsv}, they leave the lines as they are; between a parse and a batch, they can
   * hold packed rows.
   */
  private static final Set<StageKind> PASS_WHOLE = Set.of(ShuffleStage.KIND, SkipStage.KIND,
      TakeStage.KIND, RepeatStage.KIND, PrefetchStage.KIND, CacheStage.KIND);

  /**
   * A memory cache or shuffle buffer the run-time guard counts.
   *
   * @param seesEverySourceElement whether every source element reaches it, so that the source's
   *     count is its count
   */
  public record Guarded(Stage stage, boolean seesEverySourceElement) {}

  /**
   * A shuffle whose records are shuffled as they are read, with its buffer and seeds.
   *
   * @param shuffle the shuffle: after a memory cache, it passes the first epoch's elements on as
   *     they come; without a cache, it builds nothing of its own
   * @param read the stage after which the records are shuffled
   * @param everyEpoch whether every epoch shuffles the records (a pipeline without a cache), or
   *     only the first, which fills the cache
   */
  public record RecordShuffle(Stage shuffle, Stage read, boolean everyEpoch) {}

  /**
   * A vectorized parse whose rows travel to a {@code @Batch} packed, one tensor per dtype (the
   * runtime's {@code PackedRows}): the unbatch after the parse, the stages between and the batch
   * each handle one tensor a row per dtype instead of one per component, and the memory cache keeps
   * that many; the batch unpacks them into the element's components again.
   *
   * @param parse the vectorized parse, which packs each batch it parses
   * @param batch the batch, which unpacks each batch it makes
   */
  public record PackedRows(Stage parse, Stage batch) {
    /** Whether {@code stage} holds packed rows: it comes after the parse and before the batch. */
    public boolean holds(Stage stage) {
      return stage.position() > parse.position() && stage.position() < batch.position();
    }
  }

  /**
   * Rows that travel in chunks to a {@code @Batch}, never one by one, shuffled a window at a time
   * (the runtime's {@code ShuffledWindows}): where the stages between are caches and then one
   * shuffle, the shuffle takes the chunks through a buffer, cuts them into windows of its
   * buffer's rows and puts each window's rows in a random order, and the batch cuts the windows
   * into batches. The chunks are a vectorized parse's batches, its rows packed, or a text file's
   * lines in batches of {@link #PARSE_LINES}. Each step works once a chunk, a window or a batch
   * instead of once a row: a table's cached epochs ran 1.3 to 3.1 times the rows a second in raw
   * tf.data on 2 cores, and the tables benchmark's 1.39 to 1.46 times the hand-written packed
   * pipeline's, against 1.11 before (docs/performance.md#shuffled-windows).
   *
   * @param chunked the stage whose rows travel in chunks: the packing parse, or the lines
   * @param shuffle the shuffle that shuffles the chunks a window at a time
   * @param batch the batch that cuts the windows
   */
  public record Windows(Stage chunked, Stage shuffle, Stage batch) {
    /** Whether {@code stage} holds chunks: it comes after the chunked stage and before the batch. */
    public boolean holds(Stage stage) {
      return stage.position() > chunked.position() && stage.position() < batch.position();
    }

    /** Whether the chunks are a vectorized parse's packed batches, not lines. */
    public boolean packed() {
      return chunked.kind() != InterleaveStage.KIND;
    }

    /** Rows a chunk holds: the parse's batch, or {@link #PARSE_LINES} lines. */
    public long chunkRows() {
      return packed() ? parseBatch(chunked) : PARSE_LINES;
    }

    /** What a chunk holds: "rows" of a parse, or "lines". */
    public String unit() {
      return packed() ? "rows" : "lines";
    }

    /** Chunks the shuffle's buffer holds: as many as hold its declared buffer of rows. */
    public long bufferChunks() {
      long rows = shuffle.as(ShuffleStage.class).orElseThrow().buffer();
      return (rows + chunkRows() - 1) / chunkRows();
    }
  }

  public Plan {
    if (untunedAcrossEpochs && !acrossEpochs) {
      throw new IllegalArgumentException("untuned epochs across no iterator");
    }
    vectorizedParses = List.copyOf(vectorizedParses);
    if (packedRows.isPresent() && !vectorizedParses.contains(packedRows.get().parse())) {
      throw new IllegalArgumentException("packs the rows of a parse not vectorized: " + packedRows);
    }
    memoryGuard = List.copyOf(memoryGuard);
    globalShuffles = List.copyOf(globalShuffles);
  }

  public static Plan of(PipelineModel pipeline) {
    int lastCache = pipeline.stages().stream()
        .filter(s -> s.definition() instanceof CacheStage
            || s.definition() instanceof SnapshotStage)
        .mapToInt(Stage::position).max().orElse(0);
    List<Stage> vectorized =
        pipeline.hostStages().stream().filter(s -> canParseVectorized(pipeline, s)).toList();
    boolean across = acrossEpochs(pipeline, lastCache);
    Optional<RecordShuffle> records = recordShuffle(pipeline, lastCache);
    Optional<PackedRows> packed =
        vectorized.stream().flatMap(parse -> packedRows(pipeline, parse).stream()).findFirst();
    return new Plan(pipeline, lastCache, across,
        across && nothingToTuneAfter(pipeline, lastCache), vectorized,
        memoryGuard(pipeline), records, pipeline.stages().stream()
            .filter(s -> RandomAccess.shufflesGlobally(pipeline, s)).toList(),
        packed, windows(pipeline, packed, records), linesInOneThread(pipeline));
  }

  /**
   * The {@code @Interleave(parallel = AUTO)} over a text source's uncompressed files, which reads
   * their lines in the thread that asks for them instead of in reader threads of its own. Each of
   * its elements is one line (or one delimited record), which costs less to read from a file the
   * build has just read whole than a parallel interleave spends handing it from a reader thread
   * to the stage after it, through a buffer and a condition variable, line by line. Measured on
   * the tables and text benchmarks, 2 cores: 1.2 to 1.7 times the rows a second in epoch 1, on 7
   * to 35% less CPU (docs/performance.md#lines-in-one-thread). The order is the same: a
   * deterministic parallel interleave hands its elements out in the sequential one's order. Not
   * for compressed files, whose decompression is work that more cores share, nor for a
   * parallelism the user fixed.
   */
  private static Optional<Stage> linesInOneThread(PipelineModel pipeline) {
    if (!(pipeline.stages().get(0).definition() instanceof TextLineSourceStage text)
        || !text.linesCheaperInOneThread()) {
      return Optional.empty();
    }
    return pipeline.stagesOf(InterleaveStage.KIND).stream().filter(s -> s.isParallel()
        && s.as(InterleaveStage.class).orElseThrow().parallel().isAuto()).findFirst();
  }

  /**
   * Where {@code parse}'s rows can travel packed to a {@code @Batch}: packing at least halves the
   * tensors a row (a table's 13 float columns become one tensor; where it saves less, the maps
   * that pack and unpack each batch are not worth their keep), every component has a fully known
   * shape, and every stage between the parse and the batch passes elements on whole, on the host,
   * none of them a global shuffle. Measured on the tables benchmark, two runs: 1.4 to 1.6 times the
   * rows a second in epoch 1 and 2.4 to 2.6 times in cached epochs of the same parse unpacked
   * (docs/performance.md#packed-rows).
   */
  private static Optional<PackedRows> packedRows(PipelineModel pipeline, Stage parse) {
    List<Component> components = parse.output().components();
    long tensors = components.stream().map(Component::dtype).distinct().count();
    if (2 * tensors > components.size()
        || !components.stream().allMatch(c -> parse.shapeOf(c).isFullyKnown())) {
      return Optional.empty();
    }
    List<Stage> host = pipeline.hostStages();
    for (int i = host.indexOf(parse) + 1; i < host.size(); i++) {
      Stage stage = host.get(i);
      if (stage.definition() instanceof BatchStage) {
        return Optional.of(new PackedRows(parse, stage));
      }
      if (!PASS_WHOLE.contains(stage.kind()) || RandomAccess.shufflesGlobally(pipeline, stage)) {
        break;
      }
    }
    return Optional.empty();
  }

  /**
   * Where rows travel in chunks to a {@code @Batch}, shuffled a window at a time ({@link
   * Windows}): from the packing parse, or else from a text source's lines (a scalar each), when
   * the stages between them and the batch are caches and then one shuffle, which counts rows
   * nowhere (no skip, take or repeat between), whose buffer holds at least one chunk, and whose
   * records are not shuffled as they are read.
   */
  private static Optional<Windows> windows(PipelineModel pipeline, Optional<PackedRows> packed,
      Optional<RecordShuffle> records) {
    List<Stage> host = pipeline.hostStages();
    Stage chunked;
    if (packed.isPresent()) {
      chunked = packed.get().parse();
    } else if (pipeline.stages().get(0).definition() instanceof TextLineSourceStage
        && host.size() > 1 && host.get(1).kind() == InterleaveStage.KIND
        && host.get(1).output().components().stream()
            .allMatch(c -> host.get(1).shapeOf(c).isFullyKnown())) {
      chunked = host.get(1);
    } else {
      return Optional.empty();
    }
    int from = host.indexOf(chunked) + 1;
    int batch = from;
    while (batch < host.size() && !(host.get(batch).definition() instanceof BatchStage)) {
      batch++;
    }
    if (records.isPresent() || batch == host.size() || batch == from) {
      return Optional.empty();
    }
    List<Stage> between = host.subList(from, batch);
    Stage last = between.get(between.size() - 1);
    boolean cachesBefore = between.subList(0, between.size() - 1).stream()
        .allMatch(s -> s.definition() instanceof CacheStage);
    Windows windows = new Windows(chunked, last, host.get(batch));
    return last.definition() instanceof ShuffleStage shuffle && cachesBefore
        && !RandomAccess.shufflesGlobally(pipeline, last)
        && shuffle.buffer() >= windows.chunkRows() ? Optional.of(windows) : Optional.empty();
  }

  /**
   * Where a shuffle takes the records as they are read instead of the elements the stages before
   * it make ({@link ShuffledRecords}): in every epoch of a pipeline without a cache; with one, in
   * the first epoch of a shuffle that reshuffles every epoch right after the last stage kept, a
   * memory cache, whose stages from the files' reader to the cache each map one record to one
   * element, without randomness and unbatched. There the first epoch's order is the same either way (a shuffle
   * draws its positions from its seeds and its buffer's count alone, and the stages keep the
   * records' order), but its first element no longer waits for a buffer of decoded elements:
   * records are read far faster than they are decoded (docs/performance.md#first-batch). Later
   * epochs shuffle the cache as before. Not where the same order is meant every epoch (no
   * reshuffle): the cache would then hold an order that the later epochs shuffle again.
   */
  private static Optional<RecordShuffle> recordShuffle(PipelineModel pipeline, int lastCache) {
    List<Stage> host = pipeline.hostStages();
    if (lastCache == 0) {
      return pipeline.stages().stream().filter(s -> s.definition() instanceof ShuffleStage)
          .findFirst().flatMap(shuffle -> ShuffledRecords.everyEpoch(pipeline, shuffle)
              .map(read -> new RecordShuffle(shuffle, read, true)));
    }
    Optional<Stage> reader = ShuffledRecords.reader(pipeline);
    if (reader.isEmpty() || lastCache >= host.size()
        || !(pipeline.stages().get(lastCache - 1).definition() instanceof CacheStage cache)
        || cache.file().isPresent()
        || !(host.get(lastCache).definition() instanceof ShuffleStage shuffle)
        || !shuffle.reshuffleEachEpoch()) {
      return Optional.empty();
    }
    Stage read = reader.get();
    List<Stage> between = pipeline.stages().subList(read.position(), lastCache - 1);
    return ShuffledRecords.oneForOne(between)
        ? Optional.of(new RecordShuffle(host.get(lastCache), read, false)) : Optional.empty();
  }

  /**
   * Whether the epochs after the one that fills the cache may run on one iterator, one after
   * another: the last cache is in memory, and every stage after it keeps the epoch's length and is
   * built from the cache, the epoch's number and Java values alone (a vocabulary's table is found
   * by its shared name, in any function), so that the runtime can build the stages in a graph
   * function of their own, and end each epoch after the elements the first one handed out. Not with
   * {@code @PrefetchToDevice}, whose thread reads on to the end of each epoch.
   */
  private static boolean acrossEpochs(PipelineModel pipeline, int lastCache) {
    if (lastCache == 0 || pipeline.deviceStages().stream()
        .anyMatch(s -> s.definition() instanceof PrefetchToDeviceStage)) {
      return false;
    }
    Stage cache = pipeline.stages().get(lastCache - 1);
    List<Stage> host = pipeline.hostStages();
    return cache.definition() instanceof CacheStage memory && memory.file().isEmpty()
        && host.subList(lastCache, host.size()).stream()
            .allMatch(s -> s.definition().keepsEpochLength() && s.inputs().stream()
                .allMatch(i -> i.kind() != Input.Kind.VALUE));
  }

  /**
   * Whether no stage after the last cache runs a function of the pipeline's or has a parallelism:
   * tf.data's autotune model would then tune only the prefetch buffer, and would time every
   * element of every stage and count the bytes each buffer holds to do it
   * (docs/performance.md#epochs-after-the-first-without-autotuning). A map after the cache keeps
   * the model, which may raise its parallelism past tf.data's starting value (the cores, at most
   * 16), or lower it where stages share the cores. The runtime's own functions there (unpacking
   * packed rows, a bucket's key) are a few ops an element.
   */
  private static boolean nothingToTuneAfter(PipelineModel pipeline, int lastCache) {
    List<Stage> host = pipeline.hostStages();
    return host.subList(lastCache, host.size()).stream()
        .map(s -> s.definition().traits())
        .noneMatch(traits -> traits.contains(StageKind.Trait.RUNS_FUNCTION)
            || traits.contains(StageKind.Trait.PARALLEL));
  }

  /**
   * Whether a {@code @Decode} or {@code @DecodeCsv} stage parses its input {@link #parseBatch} at a
   * time, with one {@code ParseExample} or {@code DecodeCSV} a batch between a batch and an
   * unbatch. For Examples only where that gives the same elements: not SequenceExamples; every
   * feature of a fixed shape, since the batched parse pads a variable-length one to the batch's
   * longest list, which the unbatch would keep; no {@code @LengthOf}, which would measure the
   * batch; one record an element. For CSV only the {@code @DecodeCsv} that parses the lines as they
   * are read ({@link #rowsParsedAsRead}), whose every row the runtime checks at build, so that no
   * batch of a local file's lines meets a bad row; after a filter or a map on the lines, a bad row
   * would fail its whole batch, and TensorFlow's message would number it within the batch.
   */
  private static boolean canParseVectorized(PipelineModel pipeline, Stage stage) {
    boolean csv = stage.definition() instanceof DecodeCsvStage;
    if (!(stage.definition() instanceof DecodeStage) && !csv || !stage.outer().isEmpty()
        || stage.input().components().size() != 1) {
      return false;
    }
    Component input = stage.input().components().get(0);
    if (stage.shapeOf(input).rank() != 0) {
      return false;
    }
    if (csv) {
      return input.dtype() == DType.STRING
          && rowsParsedAsRead(pipeline).equals(Optional.of(stage));
    }
    return stage.output().components().stream().allMatch(c ->
        c.source() == Component.Source.FEATURE && stage.innerShapeOf(c).isFullyKnown());
  }

  /** Inputs a vectorized parse takes at a time: {@link #PARSE_LINES} for CSV, else records. */
  public static long parseBatch(Stage stage) {
    return stage.definition() instanceof DecodeCsvStage ? PARSE_LINES : PARSE_RECORDS;
  }

  /**
   * The {@code @DecodeCsv} that parses a text source's lines as they are read, whose columns every
   * row is checked against at build: none when another stage (a filter, a map) comes between.
   */
  public static Optional<Stage> rowsParsedAsRead(PipelineModel pipeline) {
    List<Stage> stages = pipeline.stages();
    int interleave = stages.indexOf(pipeline.stagesOf(InterleaveStage.KIND).stream().findFirst()
        .orElse(null));
    for (int i = interleave + 1; interleave >= 0 && i < stages.size(); i++) {
      if (stages.get(i).kind() == DecodeCsvStage.KIND) {
        return Optional.of(stages.get(i));
      }
      if (!PASS_WHOLE.contains(stages.get(i).kind())) {
        break;
      }
    }
    return Optional.empty();
  }

  /**
   * The memory caches and shuffle buffers (not on file names, not global), each with whether
   * every source element reaches it; none where the source reads pipelines, which count their
   * own elements.
   */
  private static List<Guarded> memoryGuard(PipelineModel pipeline) {
    if (pipeline.stages().get(0).definition() instanceof StageDefinition.Pipelines) {
      return List.of();
    }
    List<Guarded> guarded = new ArrayList<>();
    boolean everyElement = true;
    for (Stage stage : pipeline.stages()) {
      if (stage.definition() instanceof CacheStage cache && cache.file().isEmpty()
          || stage.definition() instanceof ShuffleStage
              && !pipeline.betweenFileSourceAndReader(stage)
              && !RandomAccess.shufflesGlobally(pipeline, stage)) {
        guarded.add(new Guarded(stage, everyElement));
      }
      everyElement &= stage.definition().passesEverySourceElement();
    }
    return guarded;
  }

  /** Whether the plan parses {@code stage} vectorized: one of {@link #vectorizedParses}. */
  public boolean parsesVectorized(Stage stage) {
    return vectorizedParses.contains(stage);
  }

  /** Whether the plan reads {@code stage}'s lines in one thread: it is {@link #linesInOneThread}. */
  public boolean readsLinesInOneThread(Stage stage) {
    return linesInOneThread.filter(s -> s == stage).isPresent();
  }

  public boolean hasCachedPart() {
    return lastCache > 0;
  }

  /** The stages built once per session and kept: up to the last cache. */
  public List<Stage> cachedPart() {
    return pipeline.stages().subList(0, lastCache);
  }

  /** The stages built again for every epoch, on the host. */
  public List<Stage> epochPart() {
    return pipeline.hostStages().subList(lastCache, pipeline.hostStages().size());
  }

  /** Whether the stage is built again for every epoch, after the last cache. */
  public boolean perEpoch(Stage stage) {
    return stage.position() > lastCache;
  }

  /** The plan in a few lines, for the review report. */
  public List<String> describe() {
    List<String> lines = new ArrayList<>();
    lines.add(hasCachedPart()
        ? String.format(Locale.ROOT, "Cached part: stages 1 to %d, built once per session and"
            + " kept; epoch part: stages %d to %d, built again every epoch.", lastCache,
            lastCache + 1, pipeline.hostStages().size())
        : "No cached part: every stage is built again every epoch.");
    lines.add(!acrossEpochs ? "Each epoch has an iterator of its own."
        : untunedAcrossEpochs ? "Epochs after the first run one after another on one iterator"
            + " (acrossEpochs), without tf.data's autotuning: nothing after the cache to tune."
        : "Epochs after the first run one after another on one iterator (acrossEpochs).");
    lines.add(vectorizedParses.isEmpty() ? "No vectorized parse."
        : "Vectorized parse: " + String.join(", ", vectorizedParses.stream()
            .map(s -> "`" + s.name() + "` (" + parseBatch(s)
                + (s.definition() instanceof DecodeCsvStage
                ? " lines" : " records") + " a parse)").toList()) + ".");
    recordShuffle.ifPresent(f -> lines.add(f.everyEpoch()
        ? "Every epoch shuffles the records after `" + f.read().name() + "` with `"
            + f.shuffle().name() + "`'s buffer and seeds, in place of `" + f.shuffle().name() + "`."
        : "Epoch 1 shuffles the records after `" + f.read().name() + "` with `"
            + f.shuffle().name() + "`'s buffer and seeds; its `" + f.shuffle().name()
            + "` after the cache passes elements on as they come."));
    lines.add(memoryGuard.isEmpty() ? "Memory guard: checks nothing."
        : "Memory guard, before the first element: " + String.join(", ", memoryGuard.stream()
            .map(g -> "`" + g.stage().name() + "` (" + (g.seesEverySourceElement()
                ? "every source element" : "fewer than the source's elements") + ")")
            .toList()) + ".");
    lines.add(packedRows.map(p -> "Packed rows: `" + p.parse().name() + "` packs each row into one"
        + " tensor per dtype, `" + p.batch().name() + "` unpacks the batches.")
        .orElse("No packed rows."));
    lines.add(windows.map(w -> "Shuffled windows: the " + w.unit() + " of `" + w.chunked().name()
        + "` travel"
        + " in chunks of " + w.chunkRows() + " to `" + w.batch().name() + "`, `"
        + w.shuffle().name() + "` shuffles them a window at a time, " + w.bufferChunks()
        + " chunks in its buffer.").orElse("No shuffled windows."));
    lines.add(linesInOneThread.map(s -> "Lines read in one thread: `" + s.name() + "` reads the"
        + " files' lines in the thread that asks for them, not in reader threads.")
        .orElse("No lines read in one thread."));
    lines.add(globalShuffles.isEmpty() ? "No global shuffle."
        : "Global shuffle, no buffer: " + String.join(", ", globalShuffles.stream()
            .map(s -> "`" + s.name() + "`").toList()) + ".");
    return lines;
  }
}

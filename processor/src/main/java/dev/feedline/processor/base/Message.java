package dev.feedline.processor.base;

import java.util.Locale;

/**
 * Every message the processor prints: the rule it belongs to, its severity, and its wording. A
 * message names the stages involved and ends with the fix; it prints as
 * {@code [feedline:<rule id>] <text>}.
 */
public enum Message {
  // Declarations
  PIPELINE_NOT_INTERFACE(Rule.PIPELINE_NOT_INTERFACE, Severity.ERROR,
      "@Pipeline %s must be an interface; declare it as `interface %s`."),
  PIPELINE_NOT_ACCESSIBLE(Rule.PIPELINE_NOT_ACCESSIBLE, Severity.ERROR,
      "@Pipeline %s is private, so the generated %s cannot call it; make it package-private or"
          + " public."),
  PIPELINE_GENERIC(Rule.PIPELINE_GENERIC, Severity.ERROR,
      "@Pipeline %s has type parameters, but a pipeline's element types are fixed; remove them."),
  ELEMENT_NOT_RECORD(Rule.ELEMENT_NOT_RECORD, Severity.ERROR,
      "@Element %s must be a record; declare it as `record %s(...)`."),
  ELEMENT_INVALID(Rule.ELEMENT_INVALID, Severity.ERROR, "%s"),
  STAGE_SIGNATURE(Rule.STAGE_SIGNATURE, Severity.ERROR, "%s"),
  CONFLICTING_STAGE_ANNOTATIONS(Rule.CONFLICTING_STAGE_ANNOTATIONS, Severity.ERROR,
      "Method '%s' carries both @%s and @%s; a method is one stage: keep one annotation."),
  INHERITED_STAGE(Rule.INHERITED_STAGE, Severity.ERROR,
      "Stage method '%s' is inherited from %s; stages must be declared in the @Pipeline interface"
          + " itself, in order: redeclare it in %s."),
  STAGE_OUTSIDE_PIPELINE(Rule.STAGE_OUTSIDE_PIPELINE, Severity.ERROR,
      "@%s on '%s' has no effect because %s is not a @Pipeline interface; annotate %s with"
          + " @Pipeline or remove the stage annotation."),
  UNRESOLVED_TYPE(Rule.UNRESOLVED_TYPE, Severity.ERROR,
      "Pipeline %s was not generated because type %s could not be resolved; if another"
          + " annotation processor generates it, check its errors above."),
  GENERATED_FILE_NOT_WRITTEN(Rule.GENERATED_FILE_NOT_WRITTEN, Severity.ERROR,
      "Could not write %s for pipeline %s: %s; if a type of that name already exists in package"
          + " %s, rename one of them."),
  INTERNAL_ERROR(Rule.INTERNAL_ERROR, Severity.ERROR,
      "The Feedline processor failed on %s; please report it with this trace: %s"),
  MISSING_SOURCE(Rule.MISSING_SOURCE, Severity.ERROR,
      "Pipeline %s has no source stage; add @TFRecordSource or @InMemorySource as its first"
          + " stage."),
  SOURCE_NOT_FIRST(Rule.SOURCE_NOT_FIRST, Severity.ERROR,
      "@%s '%s' is a source but follows stage '%s'; a pipeline has one source and it comes first:"
          + " move it to the top or remove it."),
  CHAIN_TYPE_MISMATCH(Rule.CHAIN_TYPE_MISMATCH, Severity.ERROR,
      "@%s '%s' takes %s but the previous stage @%s '%s' produces %s; change the parameter to %s"
          + " or insert a @Map from %s to %s."),
  BUILT_IN_CHANGES_TYPE(Rule.BUILT_IN_CHANGES_TYPE, Severity.ERROR,
      "@%s '%s' returns %s but takes %s; @%s keeps the element type, so return %s."),
  INTERLEAVE_WITHOUT_FILES(Rule.INTERLEAVE_WITHOUT_FILES, Severity.ERROR,
      "@Interleave '%s' reads TFRecord files but follows @%s '%s'; place it right after the"
          + " @TFRecordSource, or after a @Shard that follows it."),
  FILES_NOT_READ(Rule.FILES_NOT_READ, Severity.ERROR,
      "@TFRecordSource '%s' yields file names, not records; follow it with @Interleave to read"
          + " the files."),
  DECODE_UNSUPPORTED_COMPONENT(Rule.DECODE_UNSUPPORTED_COMPONENT, Severity.ERROR,
      "@Decode '%s' cannot parse component '%s' of %s: %s; a tf.train.Example feature is TString,"
          + " TInt64 or TFloat32 with a fully known @Shape, so decode to that and convert in a"
          + " @Map."),
  INVALID_PARAMETER(Rule.INVALID_PARAMETER, Severity.ERROR, "@%s '%s' has %s = %s, but %s; %s."),
  DEVICE_STAGE_BEFORE_HOST_STAGE(Rule.DEVICE_STAGE_PLACEMENT, Severity.ERROR,
      "%s runs on the device after the iterator, but %s after it runs in tf.data; move %s before"
          + " the device stages, or run it on the device too."),
  DEVICE_STAGE_BEFORE_PREFETCH(Rule.DEVICE_STAGE_PLACEMENT, Severity.ERROR,
      "%s runs on the device, on batches the iterator hands out, but no @Batch and @Prefetch come"
          + " before it in tf.data; batch and prefetch first: `@Batch(size = ...)`,"
          + " `@Prefetch(AUTO)`."),
  PREFETCH_TO_DEVICE_NOT_LAST(Rule.DEVICE_STAGE_PLACEMENT, Severity.ERROR,
      "@PrefetchToDevice '%s' copies finished batches to the device, so it must be the last stage,"
          + " but %s follows it; move '%s' to the end."),
  DEVICE_STAGE_NOT_VECTORIZED(Rule.DEVICE_STAGE_NOT_VECTORIZED, Severity.ERROR,
      "@Map '%s' runs on the device, on whole batches, but is not vectorized; declare `vectorized"
          + " = true` if every op in it accepts the leading batch dimension, else keep it in"
          + " tf.data before @Batch."),

  // Checks
  UNANNOTATED_METHOD(Rule.UNANNOTATED_METHOD, Severity.WARNING,
      "Abstract method '%s' has no stage annotation, so it is not part of pipeline %s; annotate"
          + " it (@Cache, @Batch, ...) or remove it."),
  PREFETCH_MISSING(Rule.TERMINAL_PREFETCH_AUTOTUNE, Severity.WARNING,
      "Pipeline %s ends with @%s '%s' instead of @Prefetch, so input preparation cannot overlap"
          + " the training step; append `@Prefetch(AUTO) %s prefetch(%s batch);`."),
  PREFETCH_FIXED(Rule.TERMINAL_PREFETCH_AUTOTUNE, Severity.NOTE,
      "@Prefetch '%s' has a fixed buffer size, %d; use @Prefetch(AUTO) so the autotuner sizes"
          + " it, unless %d was measured to be better."),
  PREFETCH_BEFORE_BATCH(Rule.PREFETCH_BEFORE_BATCH, Severity.WARNING,
      "@Prefetch '%s' buffers elements before @%s '%s', so it prefetches single examples, not"
          + " batches; move @Prefetch(AUTO) after '%s'."),
  MAP_NOT_PARALLEL(Rule.MAP_NOT_PARALLEL, Severity.WARNING,
      "@%s '%s' is sequential and runs one element at a time on one core; set `parallel ="
          + " AUTO`."),
  FILE_READ_SEQUENTIAL(Rule.FILE_READ_NOT_PARALLEL, Severity.WARNING,
      "@Interleave '%s' reads its files one after another; set `parallel = AUTO` to read several"
          + " at once."),
  CYCLE_EXCEEDS_FILES(Rule.FILE_READ_NOT_PARALLEL, Severity.NOTE,
      "@Interleave '%s' has cycleLength = %d but each worker reads at most %d files, so reader"
          + " slots stay idle while their buffers cost memory; use cycleLength = AUTO or at most"
          + " %d."),
  INTERLEAVE_PARALLELISM_EXCEEDS_CYCLE(Rule.INTERLEAVE_PARALLELISM_EXCEEDS_CYCLE, Severity.ERROR,
      "@Interleave '%s' has parallel = %d but cycleLength = %d, which TensorFlow rejects when the"
          + " iterator starts; use parallel = AUTO or at most %d."),
  DETERMINISTIC_WITHOUT_PARALLELISM(Rule.DETERMINISTIC_WITHOUT_PARALLELISM, Severity.WARNING,
      "@%s '%s' sets deterministic = %s, which has no effect on a sequential stage; add `parallel"
          + " = AUTO` or remove deterministic."),
  PER_EXAMPLE_MAP_AFTER_BATCH(Rule.PER_EXAMPLE_MAP_AFTER_BATCH, Severity.ERROR,
      "@%s '%s' works on single elements but follows @%s '%s', so it receives whole batches;"
          + " move it before '%s', or declare `vectorized = true` if every op in it accepts a"
          + " batch."),
  VECTORIZABLE_MAP_BEFORE_BATCH(Rule.VECTORIZABLE_MAP_BEFORE_BATCH, Severity.NOTE,
      "@Map '%s' is vectorized and cheap, so calling it once per element only adds scheduling"
          + " overhead; move it after @%s '%s' to run it once per batch."),
  CACHE_BEFORE_EXPENSIVE_MAP(Rule.CACHE_BEFORE_EXPENSIVE_MAP, Severity.ERROR,
      "@Cache '%s' comes before the expensive @%s '%s', so '%s' is recomputed every epoch; move"
          + " @Cache after '%s'."),
  CACHE_BEFORE_EXPANDING_MAP(Rule.CACHE_BEFORE_EXPENSIVE_MAP, Severity.NOTE,
      "@Cache '%s' comes before the expensive @%s '%s', which is right here: cached after it,"
          + " elements would need ≈%s against a RAM budget of %s; keep it, or cache '%s' to a"
          + " file."),
  CACHE_AFTER_SHUFFLE(Rule.CACHE_AFTER_SHUFFLE, Severity.WARNING,
      "@Cache '%s' stores the order @Shuffle '%s' drew in the first epoch and replays it every"
          + " epoch; move the shuffle after '%s'."),
  CACHE_AFTER_RANDOM_MAP(Rule.CACHE_AFTER_RANDOM_MAP, Severity.WARNING,
      "@Cache '%s' freezes the output of random @Map '%s', so every epoch sees the same"
          + " augmentation; move '%s' after the cache, or split it into a deterministic part"
          + " before and a random part after."),
  CACHE_PARTIALLY_CONSUMED(Rule.CACHE_PARTIALLY_CONSUMED, Severity.WARNING,
      "@Cache '%s' is followed by @Take '%s', so the first epoch never reads the cache's input to"
          + " its end and TensorFlow discards the partial cache every epoch; move @Take before"
          + " '%s'."),
  CACHE_AFTER_INFINITE_REPEAT(Rule.CACHE_AFTER_INFINITE_REPEAT, Severity.ERROR,
      "@Cache '%s' follows @Repeat '%s', which repeats forever, so the cache never completes and"
          + " grows until memory or disk runs out; move '%s' before the repeat."),
  CACHE_OVER_BUDGET(Rule.CACHE_EXCEEDS_RAM, Severity.ERROR,
      "@Cache '%s' needs ≈%s (%s per element × %s elements), more than the RAM budget of %s, so"
          + " it will swap or fail and epoch 2 will be slower than epoch 1; cache to a file with"
          + " @Cache(file = ...), cache smaller elements earlier, or drop the cache."),
  CACHE_NEAR_BUDGET(Rule.CACHE_EXCEEDS_RAM, Severity.WARNING,
      "@Cache '%s' needs ≈%s (%s per element × %s elements), %d%% of the RAM budget of %s,"
          + " leaving little for the rest; cache to a file with @Cache(file = ...), cache smaller"
          + " elements earlier, or raise the budget if the machine has the memory."),
  CACHE_SIZE_UNKNOWN(Rule.CACHE_EXCEEDS_RAM, Severity.NOTE,
      "@Cache '%s' cannot be checked against memory because %s; %s."),
  CACHE_FILE_SHARED(Rule.CACHE_FILE_PATH, Severity.ERROR,
      "@Cache '%s' writes under \"%s\" like @Cache '%s', and two caches on one prefix collide"
          + " ('There appears to be a concurrent caching iterator running'); give each its own"
          + " prefix."),
  CACHE_FILE_PERSISTS(Rule.CACHE_FILE_PATH, Severity.NOTE,
      "@Cache '%s' writes files under \"%s\" that a later run reads back, even after the stages"
          + " before it change; put a version in the prefix, or set one per run with the"
          + " builder's %s(...)."),
  SHUFFLE_AFTER_BATCH(Rule.SHUFFLE_AFTER_BATCH, Severity.WARNING,
      "@Shuffle '%s' follows @%s '%s', so it reorders whole batches and every epoch groups the"
          + " same elements together; shuffle elements before '%s'."),
  SHUFFLE_NO_OP(Rule.SHUFFLE_BUFFER_TOO_SMALL, Severity.WARNING,
      "@Shuffle '%s' has buffer = %d, so it does not reorder anything; use a buffer of thousands"
          + " of elements."),
  SHUFFLE_SMALLER_THAN_BATCH(Rule.SHUFFLE_BUFFER_TOO_SMALL, Severity.WARNING,
      "@Shuffle '%s' has buffer = %d, fewer than the %d elements of @%s '%s', so each batch is"
          + " drawn from barely more than its own elements; use a buffer well above the batch"
          + " size."),
  SHUFFLE_SMALLER_THAN_FILE(Rule.SHUFFLE_BUFFER_TOO_SMALL, Severity.WARNING,
      "@Shuffle '%s' has buffer = %d, fewer than the ≈%d records of one file, and @Interleave"
          + " '%s' reads one file at a time, so each stretch of elements comes from one or two"
          + " files; read more files at once (cycleLength) or raise the buffer."),
  SHUFFLE_OVER_BUDGET(Rule.SHUFFLE_BUFFER_MEMORY, Severity.ERROR,
      "@Shuffle '%s' holds ≈%s (%s elements of %s), more than the RAM budget of %s; shuffle"
          + " smaller elements earlier (before decoding), or use a smaller buffer."),
  SHUFFLE_NEAR_BUDGET(Rule.SHUFFLE_BUFFER_MEMORY, Severity.WARNING,
      "@Shuffle '%s' holds ≈%s (%s elements of %s), %d%% of the RAM budget of %s, and must fill"
          + " before the first element comes out; shuffle smaller elements earlier (before"
          + " decoding), or use a smaller buffer."),
  SHUFFLE_SIZE_UNKNOWN(Rule.SHUFFLE_BUFFER_MEMORY, Severity.NOTE,
      "@Shuffle '%s' cannot be checked against memory because %s; %s."),
  SHUFFLE_SPLIT_LEAK(Rule.SHUFFLE_SPLIT_LEAK, Severity.WARNING,
      "@%s '%s' splits the elements after @Shuffle '%s', which reshuffles every epoch, so the"
          + " split changes each epoch and a pipeline taking the other part overlaps this one;"
          + " set `reshuffleEachEpoch = false` and a seed on '%s'."),
  REPEAT_BLURS_EPOCHS(Rule.REPEAT_BLURS_EPOCHS, Severity.NOTE,
      "@Repeat '%s' comes before @%s '%s', so %s; repeat after '%s', or run epochs with the"
          + " generated epoch()."),
  SHARD_AFTER_UNSEEDED_SHUFFLE(Rule.SHARD_AFTER_RANDOMNESS, Severity.ERROR,
      "@Shard '%s' follows @Shuffle '%s', which has no seed, so every worker shards a different"
          + " order and elements are read twice or never; shard before any shuffle."),
  SHARD_AFTER_SEEDED_SHUFFLE(Rule.SHARD_AFTER_RANDOMNESS, Severity.WARNING,
      "@Shard '%s' follows @Shuffle '%s'; its seed keeps workers consistent, but every worker"
          + " still shuffles everything before dropping most of it; shard before any shuffle."),
  SHARD_LATE(Rule.SHARD_LATE, Severity.WARNING,
      "@Shard '%s' comes after @%s '%s', so every worker %s the whole data set and drops all but"
          + " its share; shard the file names right after @TFRecordSource."),
  TOO_FEW_FILES(Rule.TOO_FEW_FILES_FOR_WORKERS, Severity.ERROR,
      "@TFRecordSource '%s' declares %d files for the %d workers of @Shard '%s', so some workers"
          + " get no file; write at least %d shards, 10 per worker for even loads."),
  FEW_FILES_PER_WORKER(Rule.TOO_FEW_FILES_FOR_WORKERS, Severity.WARNING,
      "@TFRecordSource '%s' declares %d files for the %d workers of @Shard '%s', fewer than 10"
          + " per worker, so workers finish unevenly; write at least %d shards."),
  MANY_SMALL_FILES(Rule.MANY_SMALL_FILES, Severity.WARNING,
      "@TFRecordSource '%s' declares files of ≈%s, and opening a file costs more than reading"
          + " one that small; pack the data into shards of 100 MB or more."),
  BATCH_VARIABLE_SHAPE(Rule.BATCH_VARIABLE_SHAPE, Severity.ERROR,
      "@Batch '%s' stacks component '%s' of shape %s, whose unknown sizes can differ between"
          + " elements and fail at run time with 'Cannot batch tensors with different shapes';"
          + " use @PaddedBatch, or resize to a fixed shape first."),
  BATCH_DIM_NOT_STATIC(Rule.BATCH_DIM_NOT_STATIC, Severity.WARNING,
      "Pipeline %s needs static shapes, but @%s '%s' keeps a smaller last batch, so the batch"
          + " dimension is unknown; set `dropRemainder = true`."),
  FILTER_AFTER_BATCH(Rule.FILTER_AFTER_BATCH, Severity.WARNING,
      "@Filter '%s' follows @%s '%s', so it keeps or drops whole batches and its predicate must"
          + " return one scalar; filter before '%s'."),
  BUFFER_AFTER_EXPANDING_MAP(Rule.BUFFER_AFTER_SIZE_EXPANDING_MAP, Severity.NOTE,
      "@Map '%s' grows elements %s× (%s to %s) before @%s '%s' buffers them; buffer before '%s',"
          + " and cast to wider types after batching."),
  IN_FLIGHT_OVER_BUDGET(Rule.IN_FLIGHT_MEMORY_BUDGET, Severity.ERROR,
      "Buffers of pipeline %s hold ≈%s at steady state (%s), more than the RAM budget of %s; use"
          + " AUTO buffer sizes, which the autotuner keeps within its budget, or lower the fixed"
          + " ones."),
  IN_FLIGHT_NEAR_BUDGET(Rule.IN_FLIGHT_MEMORY_BUDGET, Severity.WARNING,
      "Buffers of pipeline %s hold ≈%s at steady state (%s), %d%% of the RAM budget of %s; use"
          + " AUTO buffer sizes, which the autotuner keeps within its budget, or lower the fixed"
          + " ones."),
  NOT_DETERMINISTIC(Rule.REPRODUCIBILITY_CONFLICT, Severity.NOTE,
      "Pipeline %s is reproducible, but @%s '%s' sets deterministic = false, which lets elements"
          + " come out in any order; set deterministic = true."),
  UNSEEDED_SHUFFLE(Rule.REPRODUCIBILITY_CONFLICT, Severity.NOTE,
      "Pipeline %s is reproducible, but @Shuffle '%s' has no seed, so its order differs on every"
          + " run; set a seed."),
  PARALLEL_RANDOM_MAP(Rule.REPRODUCIBILITY_CONFLICT, Severity.NOTE,
      "Pipeline %s is reproducible, but random @Map '%s' runs in parallel, so its random values"
          + " depend on which thread gets which element; use stateless random ops seeded per"
          + " element, or drop parallel."),
  UNHEALTHY_ORDER(Rule.HEALTHY_ORDER, Severity.NOTE,
      "Pipeline %s deviates from the recommended order: '%s' (@%s) comes before '%s' (@%s);"
          + " suggested: %s.");

  private final Rule rule;
  private final Severity severity;
  private final String format;

  Message(Rule rule, Severity severity, String format) {
    this.rule = rule;
    this.severity = severity;
    this.format = format;
  }

  public Rule rule() {
    return rule;
  }

  public Severity severity() {
    return severity;
  }

  /** The text, prefixed with the rule id. */
  public String format(Object... args) {
    return "[feedline:" + rule.id() + "] " + String.format(Locale.ROOT, format, args);
  }
}

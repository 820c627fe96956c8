package dev.feedline.processor.base;

import java.util.Locale;

/**
 * The rules the processor checks, each with a stable kebab-case id. The wording of each finding,
 * with its severity, is in {@link Message}; docs/rules.md explains every rule with its source.
 *
 * <p>{@link Category#DECLARATION} rules find declarations that cannot be generated: always errors.
 * {@link Category#CHECK} rules judge a pipeline that can be generated: a build can change their
 * severity with {@code -Afeedline.<optionName>=error|warning|note|off}, and their warnings and
 * notes can be silenced with {@code @SuppressWarnings("feedline:<id>")} on the stage method or the
 * pipeline. (javac accepts only identifiers in option keys, so the option spells the id in camel
 * case: {@code -Afeedline.cacheBeforeExpensiveMap=warning}.)
 */
public enum Rule {
  // Declarations the processor cannot turn into a pipeline.
  PIPELINE_NOT_INTERFACE(Category.DECLARATION),
  PIPELINE_NOT_ACCESSIBLE(Category.DECLARATION),
  PIPELINE_GENERIC(Category.DECLARATION),
  ELEMENT_NOT_RECORD(Category.DECLARATION),
  ELEMENT_INVALID(Category.DECLARATION),
  STAGE_SIGNATURE(Category.DECLARATION),
  CONFLICTING_STAGE_ANNOTATIONS(Category.DECLARATION),
  INHERITED_STAGE(Category.DECLARATION),
  STAGE_GROUP_INVALID(Category.DECLARATION),
  SHARED_STAGE_TWICE(Category.DECLARATION),
  SHARED_SOURCE_NOT_FIRST(Category.DECLARATION),
  STAGE_OVERRIDE_MISMATCH(Category.DECLARATION),
  STAGE_OUTSIDE_PIPELINE(Category.DECLARATION),
  UNRESOLVED_TYPE(Category.DECLARATION),
  GENERATED_FILE_NOT_WRITTEN(Category.DECLARATION),
  INTERNAL_ERROR(Category.DECLARATION),
  MISSING_SOURCE(Category.DECLARATION),
  SOURCE_NOT_FIRST(Category.DECLARATION),
  CHAIN_TYPE_MISMATCH(Category.DECLARATION),
  BUILT_IN_CHANGES_TYPE(Category.DECLARATION),
  INTERLEAVE_WITHOUT_FILES(Category.DECLARATION),
  FILES_NOT_READ(Category.DECLARATION),
  DECODE_UNSUPPORTED_COMPONENT(Category.DECLARATION),
  UNWRITABLE_ELEMENT(Category.DECLARATION),
  PARSE_WRONG_SOURCE(Category.DECLARATION),
  RECORD_DELIMITER_CONFLICT(Category.DECLARATION),
  PADDING_INVALID(Category.DECLARATION),
  BUCKETING_INVALID(Category.DECLARATION),
  UNBATCH_WITHOUT_BATCH(Category.DECLARATION),
  REBATCH_WITHOUT_BATCH(Category.DECLARATION),
  SPLIT_KEY_INVALID(Category.DECLARATION),
  INVALID_PARAMETER(Category.DECLARATION),
  STRICT_VOCABULARY_BUCKETS(Category.DECLARATION),
  DEVICE_STAGE_PLACEMENT(Category.DECLARATION),
  DEVICE_STAGE_NOT_VECTORIZED(Category.DECLARATION),
  ELEMENT_RANDOM_INVALID(Category.DECLARATION),
  SOURCE_PIPELINES(Category.DECLARATION),
  MIXED_ELEMENT_TYPES(Category.DECLARATION),
  MIX_WEIGHTS(Category.DECLARATION),
  SERVING_UNSUPPORTED(Category.DECLARATION),
  STATISTIC_OVER(Category.DECLARATION),
  STATISTIC_COMPONENT(Category.DECLARATION),

  // Checks on a valid pipeline; numbers refer to the rule catalogue (docs/rules.md).
  UNANNOTATED_METHOD(Category.CHECK),
  TERMINAL_PREFETCH_AUTOTUNE(Category.CHECK), // 1
  PREFETCH_BEFORE_BATCH(Category.CHECK), // 2
  MAP_NOT_PARALLEL(Category.CHECK), // 3
  FILE_READ_NOT_PARALLEL(Category.CHECK), // 4
  INTERLEAVE_PARALLELISM_EXCEEDS_CYCLE(Category.CHECK), // 5
  DETERMINISTIC_WITHOUT_PARALLELISM(Category.CHECK), // 6
  PER_EXAMPLE_MAP_AFTER_BATCH(Category.CHECK), // 9
  VECTORIZABLE_MAP_BEFORE_BATCH(Category.CHECK), // 10
  CACHE_BEFORE_EXPENSIVE_MAP(Category.CHECK), // 11
  CACHE_AFTER_SHUFFLE(Category.CHECK), // 12
  CACHE_AFTER_RANDOM_MAP(Category.CHECK), // 13
  CACHE_PARTIALLY_CONSUMED(Category.CHECK), // 14
  CACHE_AFTER_INFINITE_REPEAT(Category.CHECK), // 15
  CACHE_EXCEEDS_RAM(Category.CHECK), // 16
  CACHE_FILE_PATH(Category.CHECK), // 17
  CACHE_WIDENED_VALUES(Category.CHECK), // Feedline's: issue 16
  SHUFFLE_AFTER_BATCH(Category.CHECK), // 18
  SHUFFLE_BUFFER_TOO_SMALL(Category.CHECK), // 19
  SHUFFLE_BUFFER_MEMORY(Category.CHECK), // 20
  SHUFFLE_SPLIT_LEAK(Category.CHECK), // 21
  REPEAT_BLURS_EPOCHS(Category.CHECK), // 22
  SHARD_AFTER_RANDOMNESS(Category.CHECK), // 23
  SHARD_LATE(Category.CHECK), // 24
  TOO_FEW_FILES_FOR_WORKERS(Category.CHECK), // 25
  MANY_SMALL_FILES(Category.CHECK), // 26
  BATCH_VARIABLE_SHAPE(Category.CHECK), // 27
  BATCH_DIM_NOT_STATIC(Category.CHECK), // 29
  FILTER_AFTER_BATCH(Category.CHECK), // 30
  BUFFER_AFTER_SIZE_EXPANDING_MAP(Category.CHECK), // 31
  IN_FLIGHT_MEMORY_BUDGET(Category.CHECK), // 32
  REPRODUCIBILITY_CONFLICT(Category.CHECK), // 34
  HEALTHY_ORDER(Category.CHECK), // 35
  MIX_INFINITE_SOURCE(Category.CHECK), // 36
  SHARD_AFTER_MIX(Category.CHECK), // 37
  MIX_PROPORTIONS_LOST(Category.CHECK), // 38
  ZIP_RECORD_COUNTS(Category.CHECK), // 39
  BUCKETING_COSTS_MORE(Category.CHECK), // Feedline's: issue 28
  // Train/eval splits (@Split): issue 27.
  SPLIT_ORDER_DEPENDENT(Category.CHECK),
  SPLIT_MISMATCH(Category.CHECK),
  STATISTIC_OVER_EVALUATION(Category.CHECK),
  STATISTIC_OVER_PADDING(Category.CHECK),
  // The serving function of a @Serving pipeline (docs/serving.md).
  SERVING_LEFT_OUT(Category.CHECK),
  SERVING_FILTER(Category.CHECK),
  SERVING_CHANGE_AFTER_CUT(Category.CHECK),
  SERVING_BATCH_DEPENDENT(Category.CHECK),
  // A strict vocabulary's unknown tokens under the skip policy (docs/text.md): issue 27.
  STRICT_VOCABULARY_UNTRACED(Category.CHECK);

  /** Whether a rule finds declarations that cannot be generated or judges valid ones. */
  public enum Category {
    DECLARATION,
    CHECK
  }

  private final Category category;

  Rule(Category category) {
    this.category = category;
  }

  /** The stable kebab-case id, such as {@code cache-before-expensive-map}. */
  public String id() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /**
   * The id in camel case, as javac requires in {@code -A} keys: {@code cacheBeforeExpensiveMap}.
   */
  public String optionName() {
    StringBuilder name = new StringBuilder();
    for (String word : id().split("-")) {
      name.append(name.length() == 0 ? word : Character.toUpperCase(word.charAt(0))
          + word.substring(1));
    }
    return name.toString();
  }

  public Category category() {
    return category;
  }

  /** Whether {@code -Afeedline.<optionName>} may change the severity: checks only. */
  public boolean configurable() {
    return category == Category.CHECK;
  }
}

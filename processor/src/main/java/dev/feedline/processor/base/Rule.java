package dev.feedline.processor.base;

import java.util.Locale;

/**
 * Every diagnostic the processor reports, with its stable id and default severity. Messages name
 * the stages involved and end with the fix; they print as {@code [feedline:<id>] <message>}.
 *
 * <p>{@link Category#DECLARATION} rules find declarations that cannot be generated: always errors.
 * {@link Category#CHECK} rules judge a pipeline that can be generated: a build can change their
 * severity with {@code -Afeedline.<optionName>=error|warning|note|off}, and their warnings and notes
 * can be silenced with {@code @SuppressWarnings("feedline:<id>")} on the stage method or the
 * pipeline. (javac accepts only identifiers in option keys, so the option spells the id in camel
 * case: {@code -Afeedline.cacheBeforeExpensiveMap=warning}.)
 */
public enum Rule {
  // Declarations the processor cannot turn into a pipeline.
  PIPELINE_NOT_INTERFACE(declaration("@Pipeline %s must be an interface; declare it as `interface %s`.")),
  PIPELINE_NOT_ACCESSIBLE(
      declaration(
          "@Pipeline %s is private, so the generated %s cannot call it; make it package-private or"
              + " public.")),
  ELEMENT_NOT_RECORD(declaration("@Element %s must be a record; declare it as `record %s(...)`.")),
  ELEMENT_INVALID(declaration("%s")),
  STAGE_SIGNATURE(declaration("%s")),
  CONFLICTING_STAGE_ANNOTATIONS(
      declaration("Method '%s' carries both @%s and @%s; a method is one stage: keep one annotation.")),
  INHERITED_STAGE(
      declaration(
          "Stage method '%s' is inherited from %s; stages must be declared in the @Pipeline interface"
              + " itself, in order: redeclare it in %s.")),
  STAGE_OUTSIDE_PIPELINE(
      declaration(
          "@%s on '%s' has no effect because %s is not a @Pipeline interface; annotate %s with"
              + " @Pipeline or remove the stage annotation.")),
  UNRESOLVED_TYPE(
      declaration(
          "Pipeline %s was not generated because type %s could not be resolved; if another"
              + " annotation processor generates it, check its errors above.")),
  GENERATED_FILE_NOT_WRITTEN(
      declaration(
          "Could not write %s for pipeline %s: %s; if a type of that name already exists in"
              + " package %s, rename one of them.")),
  INTERNAL_ERROR(
      declaration("The Feedline processor failed on %s; please report it with this trace: %s")),

  // The stage chain.
  MISSING_SOURCE(
      declaration(
          "Pipeline %s has no source stage; add @TFRecordSource or @InMemorySource as its first"
              + " stage.")),
  SOURCE_NOT_FIRST(
      declaration(
          "@%s '%s' is a source but follows stage '%s'; a pipeline has one source and it comes"
              + " first: move it to the top or remove it.")),
  CHAIN_TYPE_MISMATCH(
      declaration(
          "@%s '%s' takes %s but the previous stage @%s '%s' produces %s; change the parameter to %s"
              + " or insert a @Map from %s to %s.")),
  BUILT_IN_CHANGES_TYPE(
      declaration(
          "@%s '%s' returns %s but takes %s; @%s keeps the element type, so return %s.")),
  INTERLEAVE_WITHOUT_FILES(
      declaration(
          "@Interleave '%s' reads TFRecord files but follows @%s '%s'; place it right after the"
              + " @TFRecordSource.")),
  FILES_NOT_READ(
      declaration(
          "@TFRecordSource '%s' yields file names, not records; follow it with @Interleave to read"
              + " the files.")),
  DECODE_UNSUPPORTED_COMPONENT(
      declaration(
          "@Decode '%s' cannot parse component '%s' of %s: %s; a tf.train.Example feature is"
              + " TString, TInt64 or TFloat32 with a fully known @Shape, so decode to that and"
              + " convert in a @Map.")),
  INVALID_PARAMETER(declaration("@%s '%s' has %s = %s, but %s; %s.")),

  // Checks on stage order and configuration.
  UNANNOTATED_METHOD(
      check(
          Severity.WARNING,
          "Abstract method '%s' has no stage annotation, so it is not part of pipeline %s;"
              + " annotate it (@Cache, @Batch, ...) or remove it.")),
  CACHE_BEFORE_EXPENSIVE_MAP(
      check(
          Severity.ERROR,
          "@Cache '%s' comes before the expensive @%s '%s', so '%s' is recomputed every epoch;"
              + " move @Cache after '%s'.")),
  TERMINAL_PREFETCH_AUTOTUNE(
      check(
          Severity.WARNING,
          "Pipeline %s ends with @%s '%s' instead of @Prefetch, so input preparation cannot overlap"
              + " the training step; append `@Prefetch(AUTO) %s prefetch(%s batch);`.")),
  MAP_NOT_PARALLEL(
      check(
          Severity.WARNING,
          "@%s '%s' is sequential and runs one element at a time on one core; set"
              + " `parallel = AUTO`."));

  /** Whether a rule finds declarations that cannot be generated or judges valid ones. */
  public enum Category {
    DECLARATION,
    CHECK
  }

  private record Definition(Category category, Severity severity, String format) {}

  private final Definition definition;

  Rule(Definition definition) {
    this.definition = definition;
  }

  private static Definition declaration(String format) {
    return new Definition(Category.DECLARATION, Severity.ERROR, format);
  }

  private static Definition check(Severity severity, String format) {
    return new Definition(Category.CHECK, severity, format);
  }

  /** The stable kebab-case id, such as {@code cache-before-expensive-map}. */
  public String id() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** The id in camel case, as javac requires in {@code -A} keys: {@code cacheBeforeExpensiveMap}. */
  public String optionName() {
    StringBuilder name = new StringBuilder();
    for (String word : id().split("-")) {
      name.append(name.length() == 0 ? word : Character.toUpperCase(word.charAt(0)) + word.substring(1));
    }
    return name.toString();
  }

  public Category category() {
    return definition.category();
  }

  public Severity defaultSeverity() {
    return definition.severity();
  }

  /** Whether {@code -Afeedline.<optionName>} may change the severity: checks only. */
  public boolean configurable() {
    return definition.category() == Category.CHECK;
  }


  /** The message, prefixed with the id. */
  public String message(Object... args) {
    return "[feedline:" + id() + "] " + String.format(Locale.ROOT, definition.format(), args);
  }
}

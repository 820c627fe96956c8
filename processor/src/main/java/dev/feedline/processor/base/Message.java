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
      "@Pipeline %1$s must be an interface; declare it as `interface %1$s`."),
  PIPELINE_NOT_ACCESSIBLE(Rule.PIPELINE_NOT_ACCESSIBLE, Severity.ERROR,
      "@Pipeline %s is private, so the generated %s cannot call it; make it package-private or"
          + " public."),
  ELEMENT_NOT_ACCESSIBLE(Rule.PIPELINE_NOT_ACCESSIBLE, Severity.ERROR,
      "Pipeline %1$s, in %2$s, passes @Element %3$s through stage '%4$s' of %5$s, but %3$s is not"
          + " public outside %6$s, so the generated %7$s cannot name it; make %3$s public, or"
          + " declare %1$s in %6$s."),
  PIPELINE_GENERIC(Rule.PIPELINE_GENERIC, Severity.ERROR,
      "@Pipeline %s has type parameters, but a pipeline's element types are fixed; remove them."),
  ELEMENT_NOT_RECORD(Rule.ELEMENT_NOT_RECORD, Severity.ERROR,
      "@Element %1$s must be a record; declare it as `record %1$s(...)`."),
  ELEMENT_GENERIC(Rule.ELEMENT_INVALID, Severity.ERROR,
      "@Element %s is generic; an element's dtypes are fixed, so remove its type parameters."),
  ELEMENT_PRIVATE(Rule.ELEMENT_INVALID, Severity.ERROR,
      "@Element %s is private, so generated code cannot construct it; make it package-private or"
          + " public."),
  ELEMENT_EMPTY(Rule.ELEMENT_INVALID, Severity.ERROR,
      "@Element %s has no components; declare one Operand component per tensor."),
  COMPONENT_NOT_TENSOR(Rule.ELEMENT_INVALID, Severity.ERROR,
      "Component '%s' of %s has type %s; an element component is one tensor: declare it as"
          + " Operand<TFloat32>, Operand<TInt64>, Operand<TString> or another TensorFlow dtype."),
  COMPONENT_WITHOUT_SHAPE(Rule.ELEMENT_INVALID, Severity.ERROR,
      "Component '%s' of %s has no @Shape; declare its static shape, such as @Shape({224, 224,"
          + " 3}), or @Shape({}) for a scalar."),
  SHAPE_DIMENSION_INVALID(Rule.ELEMENT_INVALID, Severity.ERROR,
      "@Shape of component '%s' of %s has dimension %s; a dimension is a size of 0 or more, or -1"
          + " (Feedline.UNKNOWN) when only known at run time."),
  FEATURE_EMPTY(Rule.ELEMENT_INVALID, Severity.ERROR,
      "@Feature on component '%1$s' of %2$s is empty; give the tf.train.Example feature key, or"
          + " remove @Feature to use '%1$s'."),
  FEATURE_DUPLICATE(Rule.ELEMENT_INVALID, Severity.ERROR,
      "Component '%s' of %s reads feature %s like component '%s'; a tf.train.Example holds one"
          + " value list per key, so give each component its own key with @Feature."),
  LENGTH_OF_TYPE(Rule.ELEMENT_INVALID, Severity.ERROR,
      "Component '%s' of %s is @LengthOf(%s), so it holds a length: declare it"
          + " `@Shape({}) Operand<TInt32>`."),
  LENGTH_OF_TARGET(Rule.ELEMENT_INVALID, Severity.ERROR,
      "Component '%1$s' of %2$s is @LengthOf(%3$s), but %2$s has no component of that name whose"
          + " first dimension varies; name a component of @Shape({-1, ...})."),
  LENGTH_OF_CONFLICT(Rule.ELEMENT_INVALID, Severity.ERROR,
      "Component '%s' of %s is @LengthOf, which a parse computes rather than reads, so it cannot"
          + " be %s too; remove one."),
  FEATURE_LIST_SHAPE(Rule.ELEMENT_INVALID, Severity.ERROR,
      "Component '%s' of %s is a @FeatureList, one row per step, so its @Shape starts with -1"
          + " (Feedline.UNKNOWN), such as @Shape(%s); it is %s."),
  DEFAULT_VALUE_MEMBER(Rule.ELEMENT_INVALID, Severity.ERROR,
      "@DefaultValue of component '%s' of %s must give `%s`, and nothing else, for its dtype %s."),
  DEFAULT_VALUE_SEQUENCE(Rule.ELEMENT_INVALID, Severity.ERROR,
      "Component '%s' of %s varies in length, and a missing sequence is read as empty; remove its"
          + " @DefaultValue."),
  DEFAULT_VALUE_COUNT(Rule.ELEMENT_INVALID, Severity.ERROR,
      "@DefaultValue of component '%s' of %s gives %d values for shape %s, which holds %d; give"
          + " one value, or one per value."),
  STAGE_GENERIC(Rule.STAGE_SIGNATURE, Severity.ERROR,
      "%s is generic; a stage has fixed element types, so remove its type parameters."),
  VALUE_NOT_CONSTANT(Rule.STAGE_SIGNATURE, Severity.ERROR,
      "%s has a value for '%s' that cannot be evaluated at compile time; use a constant."),
  SOURCE_FORM(Rule.STAGE_SIGNATURE, Severity.ERROR,
      "%s is a source: declare it abstract, without parameters and body, such as"
          + " `Operand<TString> files();`."),
  BUILT_IN_WITH_BODY(Rule.STAGE_SIGNATURE, Severity.ERROR,
      "%s is built in and takes no body; declare it abstract, such as `Photo %s(Photo in);`."),
  BUILT_IN_PARAMETERS(Rule.STAGE_SIGNATURE, Severity.ERROR,
      "%s takes the previous stage's element as its one parameter, but declares %d."),
  BODY_FORM(Rule.STAGE_SIGNATURE, Severity.ERROR,
      "%s needs a body that builds graph ops: declare it `static %s %s(Ops tf, In element) {"
          + " ... }`."),
  BODY_PRIVATE(Rule.STAGE_SIGNATURE, Severity.ERROR,
      "%s is private, so the generated pipeline class cannot call it; remove `private`."),
  BODY_THROWS(Rule.STAGE_SIGNATURE, Severity.ERROR,
      "%s declares `throws %s`, but the generated graph function cannot throw a checked"
          + " exception; handle it in the body, or throw an unchecked exception."),
  INPUT_FORM(Rule.STAGE_SIGNATURE, Severity.ERROR,
      "%s declares a value given to the builder at run time: declare it abstract, without"
          + " parameters, as `%s`%s."),
  INPUT_UNKNOWN(Rule.STAGE_SIGNATURE, Severity.ERROR,
      "%1$s takes '%2$s' after its element, but pipeline %3$s declares no @Vocabulary or"
          + " @RunTimeValue '%2$s'; declare one, such as `@RunTimeValue %4$s %2$s();`%5$s, or"
          + " remove the parameter."),
  INPUT_UNKNOWN_STATISTIC(Rule.STAGE_SIGNATURE, Severity.ERROR,
      "%1$s takes %2$s '%3$s' after its element, but pipeline %4$s declares no @Statistics"
          + " '%3$s'; declare it as `@Statistics(over = ..., component = ...) %2$s %3$s();`%5$s,"
          + " or remove the parameter."),
  INPUT_UNKNOWN_VOCABULARY(Rule.STAGE_SIGNATURE, Severity.ERROR,
      "%1$s takes VocabularyTable '%2$s' after its element, but pipeline %3$s declares no"
          + " @Vocabulary '%2$s'; declare it as `@Vocabulary VocabularyTable %2$s();`%4$s, or"
          + " remove the parameter."),
  INPUT_TYPE(Rule.STAGE_SIGNATURE, Severity.ERROR,
      "%1$s takes '%2$s' as %3$s, but the pipeline declares '%2$s' as %4$s; take it as %4$s."),
  FILTER_RESULT(Rule.STAGE_SIGNATURE, Severity.ERROR,
      "%s returns %s; a filter returns the keep decision as a scalar Operand<TBool>."),
  ELEMENT_TYPE_OPERAND(Rule.STAGE_SIGNATURE, Severity.ERROR,
      "The element type of %s is %s; only Operand<TString> (a file name or a serialized record)"
          + " stands alone as an element: put other tensors in an @Element record with their"
          + " @Shape."),
  ELEMENT_TYPE_UNANNOTATED(Rule.STAGE_SIGNATURE, Severity.ERROR,
      "The element type of %1$s is %2$s, which is neither an @Element record nor"
          + " Operand<TString>; annotate record %2$s with @Element."),
  ELEMENT_TYPE_UNSUPPORTED(Rule.STAGE_SIGNATURE, Severity.ERROR,
      "The element type of %s is %s, which is neither an @Element record nor Operand<TString>;"
          + " declare the element as an @Element record of Operand components."),
  SOURCE_YIELDS_FILE_NAMES(Rule.STAGE_SIGNATURE, Severity.ERROR,
      "%s yields file names: declare it `Operand<TString> %s();`."),
  INTERLEAVE_YIELDS_RECORDS(Rule.STAGE_SIGNATURE, Severity.ERROR,
      "%s yields %s: declare it `Operand<TString> %s(Operand<TString> file);` and parse them with"
          + " %s."),
  DECODE_INPUT_NOT_RECORDS(Rule.STAGE_SIGNATURE, Severity.ERROR,
      "%s parses serialized tf.train.Example records: its parameter is Operand<TString>, not %s."),
  DECODE_OUTPUT_NOT_RECORD(Rule.STAGE_SIGNATURE, Severity.ERROR,
      "%s parses records into an @Element record: return one, not %s."),
  DECODE_JPEG_INPUT(Rule.STAGE_SIGNATURE, Severity.ERROR,
      "%s decodes a JPEG into an image: its input %s needs exactly one scalar Operand<TString>"
          + " component, the JPEG; it has %d."),
  DECODE_JPEG_OUTPUT(Rule.STAGE_SIGNATURE, Severity.ERROR,
      "%s decodes a JPEG into an image: its output %s needs exactly one Operand<TFloat32>"
          + " or Operand<TUint8> component of shape [height, width, channels]; it has %d."),
  DECODE_JPEG_SIZE_UNKNOWN(Rule.STAGE_SIGNATURE, Severity.ERROR,
      "%s decodes a JPEG into an image: the image's shape %s must be fully known: it is the size"
          + " the JPEG is resized to."),
  DECODE_JPEG_CHANNELS(Rule.STAGE_SIGNATURE, Severity.ERROR,
      "%s decodes a JPEG into an image: the image has %d channels; a JPEG decodes to 1"
          + " (grayscale) or 3 (RGB)."),
  DECODE_JPEG_PASS_THROUGH(Rule.STAGE_SIGNATURE, Severity.ERROR,
      "%1$s decodes a JPEG into an image: output component '%2$s' is passed through, so %3$s"
          + " needs a component '%2$s' of the same dtype and shape."),
  CONFLICTING_STAGE_ANNOTATIONS(Rule.CONFLICTING_STAGE_ANNOTATIONS, Severity.ERROR,
      "Method '%s' carries both @%s and @%s; a method is one stage: keep one annotation."),
  INHERITED_STAGE(Rule.INHERITED_STAGE, Severity.ERROR,
      "Stage method '%1$s' is inherited from %2$s, which is neither a @StageGroup nor a @Pipeline,"
          + " so it has no place in the chain of %3$s; annotate %2$s with @StageGroup, or"
          + " redeclare the stage in %3$s."),
  STAGE_OUTSIDE_PIPELINE(Rule.STAGE_OUTSIDE_PIPELINE, Severity.ERROR,
      "@%1$s on '%2$s' has no effect because %3$s is neither a @Pipeline nor a @StageGroup"
          + " interface; annotate %3$s with one of them or remove the stage annotation."),
  GROUP_NOT_INTERFACE(Rule.STAGE_GROUP_INVALID, Severity.ERROR,
      "@StageGroup %1$s must be an interface for pipelines to extend; declare it as `interface"
          + " %1$s`."),
  GROUP_GENERIC(Rule.STAGE_GROUP_INVALID, Severity.ERROR,
      "@StageGroup %s has type parameters, but a stage's element types are fixed; remove them."),
  GROUP_PRIVATE(Rule.STAGE_GROUP_INVALID, Severity.ERROR,
      "@StageGroup %s is private, so the classes generated for the pipelines that extend it"
          + " cannot call its stages; make it package-private or public."),
  GROUP_AND_PIPELINE(Rule.STAGE_GROUP_INVALID, Severity.ERROR,
      "%s is both a @Pipeline and a @StageGroup; other pipelines can extend a pipeline as they"
          + " extend a group, so remove @StageGroup."),
  STAGE_REACHED_TWICE(Rule.SHARED_STAGE_TWICE, Severity.ERROR,
      "%1$s reaches stage '%2$s' of %3$s twice, through %4$s and %5$s, but a stage runs once in"
          + " a chain; take %3$s through one of them only."),
  INPUT_DECLARED_TWICE(Rule.SHARED_STAGE_TWICE, Severity.ERROR,
      "%1$s inherits two inputs named '%2$s' that differ, %3$s and %4$s, but its builder takes"
          + " one '%2$s' for both; declare them alike, or rename one."),
  STAGE_NAME_DECLARED_TWICE(Rule.SHARED_STAGE_TWICE, Severity.ERROR,
      "%1$s declares two stages named '%2$s'; overloads are legal Java, but a stage's method name"
          + " is its name in the chain, in diagnostics, in the doctor's report and in run-time"
          + " errors, so each stage has a name of its own; rename one."),
  STAGE_NAME_INHERITED_TWICE(Rule.SHARED_STAGE_TWICE, Severity.ERROR,
      "%1$s inherits two stages named '%2$s', from %3$s and from %4$s, but a chain names each"
          + " stage once; rename one of them."),
  SHARED_SOURCE_NOT_FIRST(Rule.SHARED_SOURCE_NOT_FIRST, Severity.ERROR,
      "%1$s extends %2$s after %3$s, but %2$s starts with source '%4$s', and a chain's source"
          + " comes first; list %2$s first after `extends`."),
  SHARED_SOURCES_TWICE(Rule.SHARED_SOURCE_NOT_FIRST, Severity.ERROR,
      "%1$s extends %2$s, which starts with source '%3$s', and %4$s, which starts with source"
          + " '%5$s', but a chain has one source, first; extend one of them, or a group of the"
          + " other's stages without its source."),
  OVERRIDE_CHANGES_KIND(Rule.STAGE_OVERRIDE_MISMATCH, Severity.ERROR,
      "@%1$s '%2$s' replaces @%3$s '%2$s' inherited from %4$s, but a replacement keeps the"
          + " stage's kind; declare it @%3$s, or give it a name of its own to add a stage after"
          + " the inherited ones."),
  OVERRIDE_CHANGES_TYPES(Rule.STAGE_OVERRIDE_MISMATCH, Severity.ERROR,
      "@%1$s '%2$s' takes %3$s and returns %4$s, but replaces the stage inherited from %5$s,"
          + " which takes %6$s and returns %7$s; a replacement keeps the element types, so that"
          + " the stages around it still fit."),
  OVERRIDE_WITHOUT_STAGE(Rule.STAGE_OVERRIDE_MISMATCH, Severity.ERROR,
      "Method '%1$s' of %2$s has the name of @%3$s '%1$s' inherited from %4$s but no stage"
          + " annotation, so it neither replaces nor adds a stage; annotate it to replace '%1$s',"
          + " or rename it."),
  UNRESOLVED_TYPE(Rule.UNRESOLVED_TYPE, Severity.ERROR,
      "Pipeline %s was not generated because type %s could not be resolved; if another"
          + " annotation processor generates it, check its errors above."),
  GENERATED_FILE_NOT_WRITTEN(Rule.GENERATED_FILE_NOT_WRITTEN, Severity.ERROR,
      "Could not write %s for pipeline %s: %s; if a type of that name already exists in package"
          + " %s, rename one of them."),
  WRITER_FILE_NOT_WRITTEN(Rule.GENERATED_FILE_NOT_WRITTEN, Severity.ERROR,
      "Could not write %s for @Element %s: %s; if a type of that name already exists in package"
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
      "@%1$s '%2$s' takes %3$s but the previous stage @%4$s '%5$s' produces %6$s; change the"
          + " parameter to %6$s or insert a @Map from %6$s to %3$s."),
  BUILT_IN_CHANGES_TYPE(Rule.BUILT_IN_CHANGES_TYPE, Severity.ERROR,
      "@%1$s '%2$s' returns %3$s but takes %4$s; @%1$s keeps the element type, so return %4$s."),
  INTERLEAVE_WITHOUT_FILES(Rule.INTERLEAVE_WITHOUT_FILES, Severity.ERROR,
      "@Interleave '%s' reads files but follows @%s '%s'; place it right after the"
          + " @TFRecordSource or @TextLineSource, or after the stages on its file names (@Shard,"
          + " @Shuffle, ...)."),
  FILES_NOT_READ(Rule.FILES_NOT_READ, Severity.ERROR,
      "@%s '%s' yields file names, not records; follow it with @Interleave to read the files."),
  DECODE_COMPONENT_DTYPE(Rule.DECODE_UNSUPPORTED_COMPONENT, Severity.ERROR,
      "@Decode '%s' cannot parse component '%s' of %s: its dtype is %s; a tf.train.Example"
          + " feature is TString, TInt64 or TFloat32, so decode to that and convert in a @Map."),
  DECODE_COMPONENT_SHAPE(Rule.DECODE_UNSUPPORTED_COMPONENT, Severity.ERROR,
      "@Decode '%s' cannot parse component '%s' of %s: its shape %s has an unknown dimension"
          + " after the first; a feature is one flat list of values, so only its first dimension"
          + " can vary (-1); fix the others, or parse it flat and reshape it in a @Map."),
  WRITER_COMPONENT_DTYPE(Rule.UNWRITABLE_ELEMENT, Severity.ERROR,
      "@Writable %s cannot write component '%s': its dtype is %s, and a tf.train.Example feature"
          + " holds TString, TInt64 or TFloat32 only; declare it as one of those and convert in a"
          + " @Map after @Decode, or remove @Writable."),
  WRITER_COMPONENT_SHAPE(Rule.UNWRITABLE_ELEMENT, Severity.ERROR,
      "@Writable %s cannot write component '%s': its shape %s has an unknown dimension after the"
          + " first, so a reader could not tell its rows apart; fix the others, or declare it"
          + " flat, such as @Shape({-1}), and reshape it in a @Map."),
  WRITER_NOT_ELEMENT(Rule.UNWRITABLE_ELEMENT, Severity.ERROR,
      "@Writable on %1$s has no effect because %1$s is not an @Element record; annotate it with"
          + " @Element, or remove @Writable."),
  DECODE_CSV_COMPONENT(Rule.DECODE_UNSUPPORTED_COMPONENT, Severity.ERROR,
      "@DecodeCsv '%s' cannot parse component '%s' of %s: it is %s of shape %s; a CSV field is"
          + " one scalar TString, TInt64, TInt32, TFloat32 or TFloat64, so parse to that and"
          + " convert in a @Map."),
  DECODE_CSV_COLUMNS_SHAPE(Rule.DECODE_UNSUPPORTED_COMPONENT, Severity.ERROR,
      "@DecodeCsv '%s' reads @Columns into component '%s' of %s, of shape %s, but @Columns fills"
          + " a vector of one value per column: declare @Shape({n}), n the number of columns."),
  DECODE_CSV_COLUMNS_COUNT(Rule.DECODE_UNSUPPORTED_COMPONENT, Severity.ERROR,
      "@DecodeCsv '%1$s' reads %2$s columns %3$s into component '%4$s' of %5$s, of shape %6$s;"
          + " name one column per value, or declare @Shape({%2$s})."),
  DECODE_CSV_COLUMNS_INVALID(Rule.DECODE_UNSUPPORTED_COMPONENT, Severity.ERROR,
      "@Columns on component '%s' of %s has %s; name the columns, or a range with both from and"
          + " to, not both."),
  DECODE_CSV_COMPUTED(Rule.DECODE_UNSUPPORTED_COMPONENT, Severity.ERROR,
      "@DecodeCsv '%s' cannot fill component '%s' of %s: it is %s, which only @Decode reads;"
          + " remove the annotation, or fill the component in a @Map."),
  DECODE_CSV_INPUT_NOT_LINES(Rule.STAGE_SIGNATURE, Severity.ERROR,
      "%s parses lines of text: its parameter is Operand<TString>, not %s."),
  PARSE_WITHOUT_RECORDS(Rule.PARSE_WRONG_SOURCE, Severity.ERROR,
      "@Decode '%s' parses serialized tf.train.Example records, but @%s '%s' yields lines of"
          + " text; parse them with @DecodeCsv, or read TFRecord files with @TFRecordSource."),
  PARSE_WITHOUT_LINES(Rule.PARSE_WRONG_SOURCE, Severity.ERROR,
      "@DecodeCsv '%s' parses lines of text, but the pipeline reads from @%s '%s'; read text"
          + " files with @TextLineSource."),
  RECORD_DELIMITER_WITH_HEADER(Rule.RECORD_DELIMITER_CONFLICT, Severity.ERROR,
      "@TextLineSource '%s' has recordDelimiter = %s and header = true, but a header is a CSV"
          + " file's first line and a delimited file's records are not rows; drop header = true,"
          + " or the record delimiter."),
  RECORD_DELIMITER_WITH_CSV(Rule.RECORD_DELIMITER_CONFLICT, Severity.ERROR,
      "@DecodeCsv '%s' parses one line a row, but @TextLineSource '%s' has recordDelimiter = %s,"
          + " whose records may hold several lines; read the rows one a line (leave"
          + " recordDelimiter out), or cut each record into what you need in a @Map."),
  DECODE_CSV_COLUMNS_WITHOUT_HEADER(Rule.PARSE_WRONG_SOURCE, Severity.ERROR,
      "@DecodeCsv '%1$s' reads component '%2$s' of %3$s from @Columns by header names, but"
          + " @TextLineSource '%4$s' has no header, so no column has a name; set `header = true` on"
          + " '%4$s' if the files start with a header line, or read the columns in order into"
          + " scalar components."),
  DECODE_CSV_FEATURE_WITHOUT_HEADER(Rule.PARSE_WRONG_SOURCE, Severity.ERROR,
      "@DecodeCsv '%1$s' names columns by @Feature on components %2$s of %3$s, but"
          + " @TextLineSource '%4$s' has no header, so the components would take the first"
          + " columns in order and the names be ignored; set `header = true` on '%4$s' if the"
          + " files start with a header line, or remove the @Feature names and order the"
          + " components as the columns."),
  PAD_UNKNOWN_COMPONENT(Rule.PADDING_INVALID, Severity.ERROR,
      "@%s '%s' pads component '%s', but %s has no component of that name; name one of: %s."),
  PAD_TWICE(Rule.PADDING_INVALID, Severity.ERROR,
      "@%s '%s' pads component '%s' twice; keep one @Pad for it."),
  PAD_VALUE_TYPE(Rule.PADDING_INVALID, Severity.ERROR,
      "@%s '%s' pads component '%s', of dtype %s, with %s, which that dtype cannot hold; %s."),
  PAD_TRUNCATE_WITHOUT_LENGTH(Rule.PADDING_INVALID, Severity.ERROR,
      "@%s '%s' truncates component '%s' but gives no length to cut it to; set `length`."),
  PAD_LENGTH_FIXED(Rule.PADDING_INVALID, Severity.ERROR,
      "@%s '%s' pads component '%s' to length = %d, but its shape %s does not vary in length;"
          + " only a first dimension declared -1 (Feedline.UNKNOWN) is padded to a length, so"
          + " remove `length`."),
  BUCKET_COMPONENT(Rule.BUCKETING_INVALID, Severity.ERROR,
      "@BucketByLength '%s' groups elements by the length of component '%s', but %s has no"
          + " component of that name whose first dimension varies; name one of: %s."),
  BUCKET_BOUNDARIES(Rule.BUCKETING_INVALID, Severity.ERROR,
      "@BucketByLength '%s' has boundaries = %s, but boundaries are lengths of 1 or more, in"
          + " ascending order, each given once."),
  BUCKET_BATCH_SIZES(Rule.BUCKETING_INVALID, Severity.ERROR,
      "@BucketByLength '%s' has batchSizes = %s for %d boundaries, but each of the %d buckets"
          + " needs a batch size of 1 or more: give one size more than there are boundaries."),
  UNBATCH_WITHOUT_BATCH(Rule.UNBATCH_WITHOUT_BATCH, Severity.ERROR,
      "@Unbatch '%s' splits batches into their elements, but the elements of %s it receives are"
          + " not batches: no @Batch, @PaddedBatch, @BucketByLength or @Window has batched them"
          + " since the stage that made them, or an @Unbatch already split them; remove it."),
  SPLIT_KEY_MISSING(Rule.SPLIT_KEY_INVALID, Severity.ERROR,
      "@Split '%s' hashes component '%s', but %s has no component of that name; name one of its"
          + " scalar string or integer components: %s."),
  SPLIT_KEY_NOT_SCALAR(Rule.SPLIT_KEY_INVALID, Severity.ERROR,
      "@Split '%s' hashes component '%s' of %s, of dtype %s and shape %s here, but a key is one"
          + " string or integer per element that identifies it; name a scalar string or integer"
          + " component (an id, a file name), or split before the stage that batches the"
          + " elements."),
  REBATCH_WITHOUT_BATCH(Rule.REBATCH_WITHOUT_BATCH, Severity.ERROR,
      "@Rebatch '%s' regroups the rows of batches, but the elements of %s it receives are not"
          + " batches: no @Batch, @PaddedBatch, @BucketByLength or @Window has batched them since"
          + " the stage that made them, or an @Unbatch already split them; batch them before"
          + " it."),
  INPUT_ON_DEVICE(Rule.DEVICE_STAGE_PLACEMENT, Severity.ERROR,
      "@Map '%s' runs on the device, after the iterator, where run-time values are not passed,"
          + " but it takes '%s'; use it in a map before the iterator, or drop onDevice."),
  ELEMENT_RANDOM_NOT_MAP(Rule.ELEMENT_RANDOM_INVALID, Severity.ERROR,
      "%s takes an ElementRandom, '%s', but only a @Map draws from per-element seeds; draw the"
          + " random values in a @Map(random = true) before it, or remove the parameter."),
  ELEMENT_RANDOM_NOT_DECLARED(Rule.ELEMENT_RANDOM_INVALID, Severity.ERROR,
      "@Map '%s' takes an ElementRandom, so its values change from epoch to epoch, but it is not"
          + " declared random; set `random = true`, so that the checks keep it after any cache."),
  ELEMENT_RANDOM_TWICE(Rule.ELEMENT_RANDOM_INVALID, Severity.ERROR,
      "@Map '%s' takes an ElementRandom twice, '%s' and '%s'; take one: every draw from it has a"
          + " seed of its own."),
  ELEMENT_RANDOM_ON_DEVICE(Rule.ELEMENT_RANDOM_INVALID, Severity.ERROR,
      "@Map '%s' runs on the device, after the iterator, where elements have no position to"
          + " seed from, but it takes an ElementRandom, '%s'; draw in a map before the iterator,"
          + " or drop onDevice."),
  // Values TensorFlow would reject: each "@Kind 'stage' has member = value, but ...".
  SKIP_COMPRESSED(Rule.INVALID_PARAMETER, Severity.ERROR,
      "@TFRecordSource '%s' has badRecords = SKIP and compression = %s, but a compressed file is"
          + " read from its start, so a bad record cannot be stepped over; store the files"
          + " uncompressed, or drop badRecords = SKIP."),
  INVALID_CYCLE_LENGTH(Rule.INVALID_PARAMETER, Severity.ERROR,
      "@%s '%s' has %s = %s, but a cycle length is AUTO (-1) or at least 1 file; use AUTO or a"
          + " file count."),
  INVALID_BLOCK_LENGTH(Rule.INVALID_PARAMETER, Severity.ERROR,
      "@%s '%s' has %s = %s, but a block holds at least 1 record; use 1 or more."),
  INVALID_PARALLELISM(Rule.INVALID_PARAMETER, Severity.ERROR,
      "@%s '%s' has %s = %s, but parallelism is AUTO (-1), SEQUENTIAL (0) or a thread count; use"
          + " parallel = AUTO."),
  INVALID_SOURCE_SIDE(Rule.INVALID_PARAMETER, Severity.ERROR,
      "@%s '%s' has %s = %s, but a source side is 0 (unknown) or a number of pixels; use the"
          + " smallest side, or 0."),
  INVALID_SHUFFLE_BUFFER(Rule.INVALID_PARAMETER, Severity.ERROR,
      "@%s '%s' has %s = %s, but a shuffle buffer holds at least 1 element; use a buffer of 1 or"
          + " more elements."),
  INVALID_SEED(Rule.INVALID_PARAMETER, Severity.ERROR,
      "@%s '%s' has %s = %s, but a seed is 0 or more, or -1 (Shuffle.RANDOM_SEED); use a seed of"
          + " 0 or more."),
  INVALID_EVAL_PERCENT(Rule.INVALID_PARAMETER, Severity.ERROR,
      "@%s '%s' has %s = %s, but the evaluation side holds from 1 to 99 percent of the elements;"
          + " use a percent from 1 to 99."),
  INVALID_SPLIT_SEED(Rule.INVALID_PARAMETER, Severity.ERROR,
      "@%s '%s' has %s = %s, but a split's seed is 0 or more; use a seed of 0 or more."),
  INVALID_BATCH_SIZE(Rule.INVALID_PARAMETER, Severity.ERROR,
      "@%s '%s' has %s = %s, but a batch holds at least 1 element; use a size of 1 or more."),
  INVALID_WINDOW(Rule.INVALID_PARAMETER, Severity.ERROR,
      "@%s '%s' has %s = %s; a window's size and stride are 1 or more, its shift 1 or more, or"
          + " SAME_AS_SIZE (0)."),
  INVALID_COUNT(Rule.INVALID_PARAMETER, Severity.ERROR,
      "@%s '%s' has %s = %s, but a count of elements is 0 or more; use a count of 0 or more."),
  INVALID_WORKERS(Rule.INVALID_PARAMETER, Severity.ERROR,
      "@%s '%s' has %s = %s, but a worker count is 0 (unknown) or more; use the usual number of"
          + " workers, or 0."),
  INVALID_SIZE_HINT(Rule.INVALID_PARAMETER, Severity.ERROR,
      "@%s '%s' has %s = %s, but a size hint is 0 (unknown) or more; use the size, or 0 when it"
          + " is unknown."),
  INVALID_REPEAT(Rule.INVALID_PARAMETER, Severity.ERROR,
      "@%s '%s' has %s = %s, but a repeat is FOREVER (-1) or at least 1 pass; use FOREVER or a"
          + " count of 1 or more."),
  INVALID_SNAPSHOT_SHARDS(Rule.INVALID_PARAMETER, Severity.ERROR,
      "@%s '%s' has %s = %s, but a snapshot is spread over at least 1 shard; use as many as the"
          + " workers that read it, or a multiple."),
  INVALID_SNAPSHOT_PATH(Rule.INVALID_PARAMETER, Severity.ERROR,
      "@%s '%s' has %s = \"\", but a snapshot needs a folder to live in; give one, such as"
          + " \"target/snapshots/%2$s\"."),
  INVALID_PREFETCH_BUFFER(Rule.INVALID_PARAMETER, Severity.ERROR,
      "@%s '%s' has %s = %s, but a prefetch buffer is AUTO (-1) or at least 1 element; use AUTO."),
  INVALID_DEVICE_BUFFER(Rule.INVALID_PARAMETER, Severity.ERROR,
      "@%s '%s' has %s = %s, but a device buffer holds at least 1 batch; use 1 or more, or drop"
          + " @PrefetchToDevice."),
  INVALID_DELIMITER(Rule.INVALID_PARAMETER, Severity.ERROR,
      "@%s '%s' has %s = %s, but TensorFlow takes a delimiter of one byte in UTF-8, one ASCII"
          + " character; use one, such as \",\"."),
  EMPTY_RECORD_DELIMITER(Rule.INVALID_PARAMETER, Severity.ERROR,
      "@%s '%s' has %s = \"\", but a record delimiter is a line's text, and an empty one would"
          + " make every empty line a delimiter, which blankLines decides; write the text of the"
          + " lines that end records, such as \"%%\", or leave the member out for one record a"
          + " line."),
  RECORD_DELIMITER_LINE_BREAK(Rule.INVALID_PARAMETER, Severity.ERROR,
      "@%s '%s' has %s = %s, but a record delimiter other than \"\\n\" is the text of a whole"
          + " line, which holds no line break: no line would ever equal it; write the line without"
          + " its line end, %s (a CRLF file's carriage returns are left out of its lines)."),
  INVALID_PAD_LENGTH(Rule.INVALID_PARAMETER, Severity.ERROR,
      "@%s '%s' pads component '%s' to length = %d, but a padded length is at least 1, or -1"
          + " (Feedline.UNKNOWN) for the longest of the batch; use one of them."),
  INVALID_OOV_BUCKETS(Rule.INVALID_PARAMETER, Severity.ERROR,
      "@%s '%s' has %s = %d, but out-of-vocabulary buckets are 0 or more; use 0 to map unknown"
          + " tokens to -1, or 1 or more."),
  STRICT_VOCABULARY_BUCKETS(Rule.STRICT_VOCABULARY_BUCKETS, Severity.ERROR,
      "@Vocabulary '%s' is strict but has oovBuckets = %d: a strict vocabulary refuses a token"
          + " not in its file, so no bucket would ever be used; remove oovBuckets, or remove"
          + " strict to give unknown tokens bucket ids."),
  STRICT_VOCABULARY_UNTRACED(Rule.STRICT_VOCABULARY_UNTRACED, Severity.ERROR,
      "@%s '%s' skips bad records, but %s '%s' stands between it and @Map '%s', which looks up"
          + " strict vocabulary '%s': build() cannot tell which record an element with an unknown"
          + " token came from to leave it out, so the epoch would fail at it; move '%s' after"
          + " '%s', or drop badRecords = SKIP."),
  INVALID_RAM_BUDGET(Rule.INVALID_PARAMETER, Severity.ERROR,
      "@%s '%s' has %s = %s, but a budget is a positive size in bytes: a number and one of the"
          + " units %s, such as \"8GiB\" or \"512MB\"."),
  DEVICE_STAGE_BEFORE_HOST_STAGE(Rule.DEVICE_STAGE_PLACEMENT, Severity.ERROR,
      "%1$s runs on the device after the iterator, but %2$s after it runs in tf.data; move %2$s"
          + " before the device stages, or run it on the device too."),
  DEVICE_STAGE_BEFORE_PREFETCH(Rule.DEVICE_STAGE_PLACEMENT, Severity.ERROR,
      "%s runs on the device, on batches the iterator hands out, but no @Batch and @Prefetch come"
          + " before it in tf.data; batch and prefetch first: `@Batch(size = ...)`,"
          + " `@Prefetch(AUTO)`."),
  PREFETCH_TO_DEVICE_NOT_LAST(Rule.DEVICE_STAGE_PLACEMENT, Severity.ERROR,
      "@PrefetchToDevice '%1$s' copies finished batches to the device, so it must be the last"
          + " stage, but %2$s follows it; move '%1$s' to the end."),
  DEVICE_STAGE_NOT_VECTORIZED(Rule.DEVICE_STAGE_NOT_VECTORIZED, Severity.ERROR,
      "@Map '%s' runs on the device, on whole batches, but is not vectorized; declare `vectorized"
          + " = true` if every op in it accepts the leading batch dimension, else keep it in"
          + " tf.data before @Batch."),

  // Checks
  UNANNOTATED_METHOD(Rule.UNANNOTATED_METHOD, Severity.WARNING,
      "Abstract method '%s' has no stage annotation, so it is not part of pipeline %s; annotate"
          + " it (@Cache, @Batch, ...) or remove it."),
  PREFETCH_MISSING(Rule.TERMINAL_PREFETCH_AUTOTUNE, Severity.WARNING,
      "Pipeline %1$s ends with @%2$s '%3$s' instead of @Prefetch, so input preparation cannot"
          + " overlap the training step; append `@Prefetch(AUTO) %4$s prefetch(%4$s batch);`."),
  PREFETCH_FIXED(Rule.TERMINAL_PREFETCH_AUTOTUNE, Severity.NOTE,
      "@Prefetch '%1$s' has a fixed buffer size, %2$d; use @Prefetch(AUTO) so the autotuner sizes"
          + " it, unless %2$d was measured to be better."),
  PREFETCH_BEFORE_BATCH(Rule.PREFETCH_BEFORE_BATCH, Severity.WARNING,
      "@Prefetch '%1$s' buffers elements before @%2$s '%3$s', so it prefetches single examples,"
          + " not batches; move @Prefetch(AUTO) after '%3$s'."),
  MAP_NOT_PARALLEL(Rule.MAP_NOT_PARALLEL, Severity.WARNING,
      "@%s '%s' is sequential and runs one element at a time on one core; set `parallel ="
          + " AUTO`."),
  FILE_READ_SEQUENTIAL(Rule.FILE_READ_NOT_PARALLEL, Severity.WARNING,
      "@Interleave '%s' reads its files one after another; set `parallel = AUTO` to read several"
          + " at once."),
  CYCLE_EXCEEDS_FILES(Rule.FILE_READ_NOT_PARALLEL, Severity.NOTE,
      "@Interleave '%1$s' has cycleLength = %2$d but each worker reads at most %3$d files, so"
          + " reader slots stay idle while their buffers cost memory; use cycleLength = AUTO or at"
          + " most %3$d."),
  INTERLEAVE_PARALLELISM_EXCEEDS_CYCLE(Rule.INTERLEAVE_PARALLELISM_EXCEEDS_CYCLE, Severity.ERROR,
      "@Interleave '%1$s' has parallel = %2$d but cycleLength = %3$d, which TensorFlow rejects"
          + " when the iterator starts; use parallel = AUTO or at most %3$d."),
  DETERMINISTIC_WITHOUT_PARALLELISM(Rule.DETERMINISTIC_WITHOUT_PARALLELISM, Severity.WARNING,
      "@%s '%s' sets deterministic = %s, which has no effect on a sequential stage; add `parallel"
          + " = AUTO` or remove deterministic."),
  PER_EXAMPLE_MAP_AFTER_BATCH(Rule.PER_EXAMPLE_MAP_AFTER_BATCH, Severity.ERROR,
      "@%1$s '%2$s' works on single elements but follows @%3$s '%4$s', so it receives whole"
          + " batches; move it before '%4$s', or declare `vectorized = true` if every op in it"
          + " accepts a batch."),
  VECTORIZABLE_MAP_BEFORE_BATCH(Rule.VECTORIZABLE_MAP_BEFORE_BATCH, Severity.NOTE,
      "@Map '%s' is vectorized and cheap, so calling it once per element only adds scheduling"
          + " overhead; move it after @%s '%s' to run it once per batch."),
  CACHE_BEFORE_EXPENSIVE_MAP(Rule.CACHE_BEFORE_EXPENSIVE_MAP, Severity.ERROR,
      "@%4$s '%1$s' comes before the expensive @%2$s '%3$s', so '%3$s' is recomputed every"
          + " epoch; move @%4$s after '%3$s'."),
  CACHE_BEFORE_EXPANDING_MAP(Rule.CACHE_BEFORE_EXPENSIVE_MAP, Severity.NOTE,
      "@Cache '%1$s' comes before the expensive @%2$s '%3$s', which is right here: cached after"
          + " it, elements would need ≈%4$s against a RAM budget of %5$s; keep it, or cache"
          + " '%3$s' to a file."),
  CACHE_AFTER_SHUFFLE(Rule.CACHE_AFTER_SHUFFLE, Severity.WARNING,
      "@%3$s '%1$s' stores the order @Shuffle '%2$s' drew in the first epoch and replays it"
          + " every epoch; move the shuffle after '%1$s'."),
  CACHE_AFTER_RANDOM_MAP(Rule.CACHE_AFTER_RANDOM_MAP, Severity.WARNING,
      "@%3$s '%1$s' freezes the output of random @Map '%2$s', so every epoch sees the same"
          + " augmentation; move '%2$s' after '%1$s', or split it into a deterministic part"
          + " before and a random part after."),
  CACHE_PARTIALLY_CONSUMED(Rule.CACHE_PARTIALLY_CONSUMED, Severity.WARNING,
      "@%3$s '%1$s' is followed by @Take '%2$s', so the first epoch never reads the %4$s's"
          + " input to its end and the partial %4$s is discarded every epoch; move @Take"
          + " before '%1$s'."),
  CACHE_AFTER_INFINITE_REPEAT(Rule.CACHE_AFTER_INFINITE_REPEAT, Severity.ERROR,
      "@%3$s '%1$s' follows @Repeat '%2$s', which repeats forever, so the %4$s never completes"
          + " and grows until memory or disk runs out; move '%1$s' before the repeat."),
  CACHE_OVER_BUDGET(Rule.CACHE_EXCEEDS_RAM, Severity.ERROR,
      "@Cache '%s' needs ≈%s (%s per element × %s elements), more than the RAM budget of %s, so"
          + " it will swap or fail and epoch 2 will be slower than epoch 1; cache to a file with"
          + " @Cache(file = ...), cache smaller elements earlier, or drop the cache."),
  CACHE_NEAR_BUDGET(Rule.CACHE_EXCEEDS_RAM, Severity.WARNING,
      "@Cache '%s' needs ≈%s (%s per element × %s elements), %d%% of the RAM budget of %s,"
          + " leaving little for the rest; cache to a file with @Cache(file = ...), cache smaller"
          + " elements earlier, or raise the budget if the machine has the memory."),
  CACHE_COUNT_UNKNOWN(Rule.CACHE_EXCEEDS_RAM, Severity.NOTE,
      "@Cache '%s' cannot be checked against memory because its number of elements is unknown;"
          + " declare `records = ...` on the source."),
  CACHE_STRING_SIZE_UNKNOWN(Rule.CACHE_EXCEEDS_RAM, Severity.NOTE,
      "@Cache '%s' cannot be checked against memory because component '%s' is a string, whose"
          + " size the declarations do not fix; declare `files`, `records` and `bytesPerFile` on"
          + " the @TFRecordSource, which bound the strings of its records."),
  CACHE_SHAPE_UNKNOWN(Rule.CACHE_EXCEEDS_RAM, Severity.NOTE,
      "@Cache '%s' cannot be checked against memory because component '%s' has the unknown"
          + " dimensions of %s; a stage with fixed shapes can be sized."),
  CACHE_NO_BUDGET(Rule.CACHE_EXCEEDS_RAM, Severity.NOTE,
      "@Cache '%s' cannot be checked against memory because no RAM budget is set; set a budget,"
          + " such as @Pipeline(ramBudget = \"8GiB\") or -Afeedline.ramBudget=8GiB."),
  CACHE_FILE_SHARED(Rule.CACHE_FILE_PATH, Severity.WARNING,
      "@%1$s '%2$s' keeps its files under %3$s like @%4$s '%5$s': their keys differ, but"
          + " pruning the folder to the newest caches, with the builder's keepCaches(n) or"
          + " `./feedline cache prune`, counts both together and removes one's to keep the"
          + " other's; give each a folder of its own."),
  CACHE_WIDENED_VALUES(Rule.CACHE_WIDENED_VALUES, Severity.NOTE,
      "@%1$s '%2$s' keeps component '%3$s' as %4$s, which @Map '%5$s' widened from %6$s '%7$s' of"
          + " the same shape: %8$s an element, where %6$s would take %9$s%10$s; cache the %6$s"
          + " values and convert them after '%2$s' (after the batch, or on the device)."),
  SHUFFLE_AFTER_BATCH(Rule.SHUFFLE_AFTER_BATCH, Severity.WARNING,
      "@Shuffle '%1$s' follows @%2$s '%3$s', so it reorders whole batches and every epoch groups"
          + " the same elements together; shuffle elements before '%3$s'."),
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
  SHUFFLE_STRING_SIZE_UNKNOWN(Rule.SHUFFLE_BUFFER_MEMORY, Severity.NOTE,
      "@Shuffle '%s' cannot be checked against memory because component '%s' is a string, whose"
          + " size the declarations do not fix; declare `files`, `records` and `bytesPerFile` on"
          + " the @TFRecordSource, which bound the strings of its records."),
  SHUFFLE_SHAPE_UNKNOWN(Rule.SHUFFLE_BUFFER_MEMORY, Severity.NOTE,
      "@Shuffle '%s' cannot be checked against memory because component '%s' has the unknown"
          + " dimensions of %s; shuffling elements of fixed shapes can be sized."),
  SHUFFLE_NO_BUDGET(Rule.SHUFFLE_BUFFER_MEMORY, Severity.NOTE,
      "@Shuffle '%s' cannot be checked against memory because no RAM budget is set; set a budget,"
          + " such as @Pipeline(ramBudget = \"8GiB\") or -Afeedline.ramBudget=8GiB."),
  SHUFFLE_SPLIT_LEAK(Rule.SHUFFLE_SPLIT_LEAK, Severity.ERROR,
      "@%1$s '%2$s' splits the elements after @Shuffle '%3$s', which reshuffles every epoch, so"
          + " the split changes each epoch and a pipeline taking the other part shares elements"
          + " with this one; set `reshuffleEachEpoch = false` and a seed on '%3$s', or split"
          + " before the shuffle."),
  SHUFFLE_SPLIT_UNSEEDED(Rule.SHUFFLE_SPLIT_LEAK, Severity.ERROR,
      "@%1$s '%2$s' splits the elements after @Shuffle '%3$s', which has no seed, so every"
          + " pipeline built shuffles in another order and a pipeline taking the other part"
          + " shares elements with this one; set a seed on '%3$s', or split before the"
          + " shuffle."),
  REPEAT_BEFORE_SHUFFLE(Rule.REPEAT_BLURS_EPOCHS, Severity.NOTE,
      "@Repeat '%1$s' comes before @Shuffle '%2$s', so the shuffle mixes elements of consecutive"
          + " epochs; repeat after '%2$s', or run epochs with the generated epoch()."),
  REPEAT_BEFORE_BATCH(Rule.REPEAT_BLURS_EPOCHS, Severity.NOTE,
      "@Repeat '%1$s' comes before @%2$s '%3$s', so batches straddle the boundary between epochs;"
          + " repeat after '%3$s', or run epochs with the generated epoch()."),
  SPLIT_AFTER_SHUFFLE(Rule.SPLIT_ORDER_DEPENDENT, Severity.ERROR,
      "@Split '%1$s' has no key, so it hashes each element's position, but @Shuffle '%2$s' before"
          + " it %3$s, so a position holds other elements in other epochs or runs and the two sides"
          + " share elements; declare `key = \"...\"` naming a component that identifies an"
          + " element (an id, a file name), or split before '%2$s'."),
  SPLIT_AFTER_NONDETERMINISTIC(Rule.SPLIT_ORDER_DEPENDENT, Severity.ERROR,
      "@Split '%1$s' has no key, so it hashes each element's position, but @%2$s '%3$s' before"
          + " it runs in parallel with deterministic = false, so elements may come in another"
          + " order each epoch and the two sides share elements; declare `key = \"...\"` naming a"
          + " component that identifies an element, or set deterministic = true on '%3$s'."),
  SPLIT_MISMATCH(Rule.SPLIT_MISMATCH, Severity.ERROR,
      "@Split '%1$s' of pipeline %2$s declares %3$s, but @Split '%1$s' of pipeline %4$s, over the"
          + " same %5$s, declares %6$s, so their sides overlap or leave elements out; declare the"
          + " same evalPercent, seed and key in both (declare the split once in a shared"
          + " @StageGroup and override only its side)."),
  SHARD_AFTER_UNSEEDED_SHUFFLE(Rule.SHARD_AFTER_RANDOMNESS, Severity.ERROR,
      "@Shard '%s' follows @Shuffle '%s', which has no seed, so every worker shards a different"
          + " order and elements are read twice or never; shard before any shuffle, or set a"
          + " seed on '%2$s'."),
  SHARD_AFTER_SEEDED_SHUFFLE(Rule.SHARD_AFTER_RANDOMNESS, Severity.WARNING,
      "@Shard '%s' follows @Shuffle '%s'; its seed keeps workers consistent, but every worker"
          + " still shuffles everything before dropping most of it; shard before any shuffle."),
  SHARD_AFTER_READ(Rule.SHARD_LATE, Severity.WARNING,
      "@Shard '%s' comes after @%s '%s', so every worker reads the whole data set and drops all"
          + " but its share; shard the file names right after @TFRecordSource."),
  SHARD_AFTER_WORK(Rule.SHARD_LATE, Severity.WARNING,
      "@Shard '%s' comes after @%s '%s', so every worker reads and processes the whole data set"
          + " and drops all but its share; shard the file names right after @TFRecordSource."),
  TOO_FEW_FILES(Rule.TOO_FEW_FILES_FOR_WORKERS, Severity.ERROR,
      "@%s '%s' declares %d files for the %d workers of @Shard '%s', so some workers"
          + " get no file; write at least %d shards, 10 per worker for even loads."),
  FEW_FILES_PER_WORKER(Rule.TOO_FEW_FILES_FOR_WORKERS, Severity.WARNING,
      "@%s '%s' declares %d files for the %d workers of @Shard '%s', fewer than 10"
          + " per worker, so workers finish unevenly; write at least %d shards."),
  MANY_SMALL_FILES(Rule.MANY_SMALL_FILES, Severity.WARNING,
      "@%s '%s' declares %d files of ≈%s, ≈%s in all, and opening a file costs more than"
          + " reading one that small; pack the data into %s."),
  BATCH_VARIABLE_SHAPE(Rule.BATCH_VARIABLE_SHAPE, Severity.ERROR,
      "@Batch '%s' stacks component '%s' of shape %s, whose unknown sizes can differ between"
          + " elements and fail at run time with 'Cannot batch tensors with different shapes';"
          + " use @PaddedBatch, or resize to a fixed shape first."),
  BATCH_DIM_NOT_STATIC(Rule.BATCH_DIM_NOT_STATIC, Severity.WARNING,
      "Pipeline %s needs static shapes, but @%s '%s' keeps a smaller last batch, so the batch"
          + " dimension is unknown; set `dropRemainder = true`."),
  FILTER_AFTER_BATCH(Rule.FILTER_AFTER_BATCH, Severity.WARNING,
      "@Filter '%1$s' follows @%2$s '%3$s', so it keeps or drops whole batches and its predicate"
          + " must return one scalar; filter before '%3$s'."),
  BUFFER_AFTER_EXPANDING_MAP(Rule.BUFFER_AFTER_SIZE_EXPANDING_MAP, Severity.NOTE,
      "@Map '%1$s' grows elements %2$s× (%3$s to %4$s) before @%5$s '%6$s' buffers them; buffer"
          + " before '%1$s', and cast to wider types after batching."),
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
          + " depend on which thread gets which element; take an ElementRandom after the element"
          + " and draw from it, or drop parallel."),
  STATISTIC_OVER_EVALUATION(Rule.STATISTIC_OVER_EVALUATION, Severity.ERROR,
      "%s is fitted over pipeline %s, whose @Split '%s' keeps the evaluation side, so the"
          + " held-out rows would shape what the model trains on; fit it over the pipeline that"
          + " keeps the training side (side = SplitSide.TRAIN)."),
  STATISTIC_OVER_PADDING(Rule.STATISTIC_OVER_PADDING, Severity.ERROR,
      "%s pools every value of component '%s', but pipeline %s pads it (%s '%s'), so its padding"
          + " would count as values; fit it over a pipeline that ends before the padding, whose"
          + " elements hold only the data."),
  STATISTIC_OVER_NOT_PIPELINE(Rule.STATISTIC_OVER, Severity.ERROR,
      "%s is fitted over %s, which is not a @Pipeline interface; name in 'over' the @Pipeline"
          + " whose elements it is fitted over, the training split."),
  STATISTIC_OVER_CYCLE(Rule.STATISTIC_OVER, Severity.ERROR,
      "%s of pipeline %s is fitted over pipeline %s, which needs %s to be built first; fit it"
          + " over a pipeline that does not need this one."),
  STATISTIC_OVER_INVALID(Rule.STATISTIC_OVER, Severity.ERROR,
      "%s is fitted over pipeline %s, which has errors of its own; fix them first."),
  STATISTIC_COMPONENT_MISSING(Rule.STATISTIC_COMPONENT, Severity.ERROR,
      "%s is fitted over component '%s', but the elements of pipeline %s (%s) have no such"
          + " component; name one of %s."),
  STATISTIC_COMPONENT_DTYPE(Rule.STATISTIC_COMPONENT, Severity.ERROR,
      "%s is fitted over component '%s' of pipeline %s, which holds %s values; %s is fitted"
          + " over numbers: float32, float64, int32 or int64."),
  STATISTIC_COMPONENT_NOT_STRING(Rule.STATISTIC_COMPONENT, Severity.ERROR,
      "%s is fitted over component '%s' of pipeline %s, which holds %s values; a FittedVocabulary"
          + " counts tokens, strings: name a string component, such as the tokens a @Map splits"
          + " a text into (Text.words)."),
  STATISTIC_COMPONENT_SHAPE(Rule.STATISTIC_COMPONENT, Severity.ERROR,
      "%s is fitted over component '%s' of pipeline %s, whose shape in one element, %s, is not"
          + " fixed; %s has one value per position, so declare a fixed @Shape (or fit Quantiles,"
          + " which pool every position)."),
  STATISTIC_BUCKETS_MISSING(Rule.INVALID_PARAMETER, Severity.ERROR,
      "%s returns Quantiles with buckets = %d; quantiles cut the values into 2 or more buckets of"
          + " equal count: give buckets = 4 for quartiles, 10 for deciles."),
  STATISTIC_BUCKETS_UNUSED(Rule.INVALID_PARAMETER, Severity.ERROR,
      "%s returns %s, which takes no buckets, but has buckets = %d; only Quantiles take"
          + " buckets: leave it out, or return Quantiles."),
  STATISTIC_VOCABULARY_ONLY(Rule.INVALID_PARAMETER, Severity.ERROR,
      "%s returns %s, which keeps no tokens, but has %s = %d; only FittedVocabulary takes"
          + " minCount, topK and oovBuckets: leave it out, or return FittedVocabulary."),
  INVALID_MIN_COUNT(Rule.INVALID_PARAMETER, Severity.ERROR,
      "%s has minCount = %d, but a vocabulary keeps the tokens seen at least minCount times, 1"
          + " or more; use 1 (the default) to keep every token seen."),
  INVALID_TOP_K(Rule.INVALID_PARAMETER, Severity.ERROR,
      "%s has topK = %d, but topK is the most tokens a vocabulary keeps, 1 or more, or 0 (the"
          + " default) for no limit."),
  SOURCE_NOT_PIPELINE(Rule.SOURCE_PIPELINES, Severity.ERROR,
      "%s reads %s, which is not a @Pipeline interface; list only @Pipeline interfaces in 'of'."),
  SOURCES_TOO_FEW(Rule.SOURCE_PIPELINES, Severity.ERROR,
      "%s reads %d pipeline(s); list two or more in 'of'."),
  SOURCE_LISTED_TWICE(Rule.SOURCE_PIPELINES, Severity.ERROR,
      "%s lists pipeline %s twice; list each pipeline once."),
  SOURCE_CYCLE(Rule.SOURCE_PIPELINES, Severity.ERROR,
      "%s reads pipeline %s, which reads %s in turn; a pipeline cannot read itself."),
  SOURCE_INVALID(Rule.SOURCE_PIPELINES, Severity.ERROR,
      "%s reads pipeline %s, which has errors of its own; fix them first."),
  SOURCE_ON_DEVICE(Rule.SOURCE_PIPELINES, Severity.ERROR,
      "%1$s reads pipeline %2$s, whose stage '%3$s' runs on the training device after the"
          + " iterator; a pipeline read by another ends in tf.data: move '%3$s' to %4$s."),
  SOURCE_VOCABULARY(Rule.SOURCE_PIPELINES, Severity.ERROR,
      "%1$s reads pipeline %2$s, which declares @Vocabulary '%3$s', whose table a pipeline read"
          + " by another cannot initialize; look the tokens up in %4$s instead."),
  SOURCE_CACHE(Rule.SOURCE_PIPELINES, Severity.ERROR,
      "%1$s reads pipeline %2$s, whose @%6$s '%3$s' would not outlive an epoch inside %4$s: a"
          + " memory cache would start empty every epoch, and a file cache or snapshot is keyed,"
          + " written and sealed by %2$s's own iterator; cache after '%5$s' in %4$s."),
  MIXED_ELEMENT_TYPE(Rule.MIXED_ELEMENT_TYPES, Severity.ERROR,
      "%1$s returns %2$s, but pipeline %3$s hands out %4$s; every pipeline it reads must hand out"
          + " %2$s."),
  MIXED_BATCHING(Rule.MIXED_ELEMENT_TYPES, Severity.ERROR,
      "%1$s reads pipeline %2$s, whose elements have batch dimensions %3$s, and pipeline %4$s,"
          + " whose elements have %5$s; batch them alike, or batch after '%6$s'."),
  ZIP_COMPONENTS(Rule.MIXED_ELEMENT_TYPES, Severity.ERROR,
      "%s returns %s, whose components must be those of %s, in order: %s; it has %s."),
  MIX_WEIGHT_NOT_POSITIVE(Rule.MIX_WEIGHTS, Severity.ERROR,
      "@Mix '%s' gives pipeline %s the weight %s; a weight is a positive, finite number."),
  MIX_WEIGHT_COUNT(Rule.MIX_WEIGHTS, Severity.ERROR,
      "@Mix '%s' gives %d weights for %d pipelines; give one per pipeline in 'of', in order, or"
          + " none for equal weights."),
  MIX_INFINITE_SOURCE(Rule.MIX_INFINITE_SOURCE, Severity.WARNING,
      "@Mix '%1$s' goes on when a pipeline runs out (onEmpty = CONTINUE), but pipeline %2$s"
          + " repeats forever: once the others end, every element comes from %2$s and the epoch"
          + " never ends; set onEmpty = STOP, or repeat after '%1$s'."),
  SHARD_AFTER_UNSEEDED_MIX(Rule.SHARD_AFTER_MIX, Severity.ERROR,
      "@Shard '%s' follows @Mix '%s', which has no seed, so each worker draws its own sequence and"
          + " workers repeat and miss elements; shard each pipeline it reads, before the mix."),
  SHARD_AFTER_MIX(Rule.SHARD_AFTER_MIX, Severity.WARNING,
      "@Shard '%1$s' follows @%2$s '%3$s', so every worker reads all of every pipeline and keeps"
          + " one element in N; shard each pipeline it reads, before '%3$s'."),
  MIX_OF_BATCHES(Rule.MIX_PROPORTIONS_LOST, Severity.WARNING,
      "@Mix '%1$s' reads pipeline %2$s, which batches at '%3$s': the mix draws whole batches, so"
          + " each batch comes from one pipeline and the weights hold only across batches; batch"
          + " after '%1$s'."),
  SHUFFLE_AFTER_CONCATENATE(Rule.MIX_PROPORTIONS_LOST, Severity.WARNING,
      "@Shuffle '%1$s' holds %2$d elements, fewer than the %3$d records of pipeline %4$s, which"
          + " @Concatenate '%5$s' reads first, so elements of the later pipelines come only after"
          + " those of %4$s; use @Mix to interleave them, or a buffer of %3$d or more."),
  CACHE_AFTER_MIX(Rule.MIX_PROPORTIONS_LOST, Severity.WARNING,
      "@Cache '%1$s' follows @Mix '%2$s', so every epoch replays the first epoch's draw instead"
          + " of drawing again with the weights; cache in the pipelines it reads, with a file, or"
          + " remove '%1$s'."),
  ZIP_RECORD_COUNTS(Rule.ZIP_RECORD_COUNTS, Severity.NOTE,
      "@Zip '%1$s' reads pipeline %2$s, declared with %3$d records, and pipeline %4$s, with %5$d:"
          + " each epoch ends with the shorter, and the other's last %6$d elements are never"
              + " read."),
  BUCKETING_GROUPED(Rule.BUCKETING_COSTS_MORE, Severity.NOTE,
      "@BucketByLength '%1$s' groups by bucket with tf.data's GroupByWindow, about 6 times the"
          + " CPU an element of a padded batch, because %2$s; one batch size for every bucket and"
          + " no padToBoundary let it batch sorted windows, which pad as little at a fraction of"
          + " that cost (docs/performance.md#bucketing)."),
  BUCKETING_FIXED_LENGTH(Rule.BUCKETING_COSTS_MORE, Severity.WARNING,
      "@BucketByLength '%1$s' pads '%2$s' to a fixed length, %3$d, so every batch holds %3$d"
          + " positions whatever its bucket: bucketing saves no padding and costs more than a"
          + " batch; use @PaddedBatch with the same padding."),
  BUCKETING_ONE_BATCH(Rule.BUCKETING_COSTS_MORE, Severity.WARNING,
      "@BucketByLength '%1$s' takes %2$s elements an epoch, no more than one batch of %3$d, so"
          + " its one sorted window makes one batch padded to its longest, as @PaddedBatch's"
          + " would be: bucketing saves no padding and costs a sort; use @PaddedBatch(size ="
          + " %3$d)."),
  SERVING_UNSUPPORTED(Rule.SERVING_UNSUPPORTED, Severity.ERROR,
      "@Serving pipeline %s cannot have a serving function: %s; remove @Serving."),
  SERVING_LEFT_OUT(Rule.SERVING_LEFT_OUT, Severity.NOTE,
      "The serving function of pipeline %1$s leaves @%2$s '%3$s' out (%4$s), so the model is"
          + " served inputs without it; mark it @TrainingOnly to say that is meant."),
  SERVING_FILTER(Rule.SERVING_FILTER, Severity.ERROR,
      "@Filter '%1$s' is on the serving path of pipeline %2$s, but a request's record cannot be"
          + " dropped: the model would get fewer outputs than the request has inputs; mark it"
          + " @TrainingOnly if serving may see what it drops."),
  SERVING_CHANGE_AFTER_CUT(Rule.SERVING_CHANGE_AFTER_CUT, Severity.WARNING,
      "@%1$s '%2$s' changes values after the serving cut at @%3$s '%4$s', so pipeline %5$s's"
          + " serving function, which ends before '%4$s', serves other inputs than training gives;"
          + " move '%2$s' before '%4$s', or mark it @TrainingOnly."),
  SERVING_BATCH_DEPENDENT(Rule.SERVING_BATCH_DEPENDENT, Severity.ERROR,
      "@%1$s '%2$s' works on the batches of @%3$s '%4$s', so its values may depend on the other"
          + " elements of a batch, which pipeline %5$s's serving function cannot reproduce for a"
          + " request; make it a per-element map before '%4$s', or mark it @TrainingOnly."),
  UNSEEDED_MIX(Rule.REPRODUCIBILITY_CONFLICT, Severity.NOTE,
      "Pipeline %s is reproducible, but @Mix '%s' has no seed, so it draws its pipelines in a new"
          + " order on every run; set a seed."),
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

  /** The wording with its {@code %s} placeholders, as {@link #format} fills them. */
  public String wording() {
    return format;
  }

  /** The text, prefixed with the rule id. */
  public String format(Object... args) {
    return "[feedline:" + rule.id() + "] " + String.format(Locale.ROOT, format, args);
  }
}

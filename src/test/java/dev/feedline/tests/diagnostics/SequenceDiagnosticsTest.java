package dev.feedline.tests.diagnostics;

import static dev.feedline.tests.support.Diagnostics.assertOnly;
import static dev.feedline.tests.support.Diagnostics.columnOf;
import static dev.feedline.tests.support.Diagnostics.feedline;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import dev.feedline.tests.support.Sources;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One test per diagnostic of variable-length and text data: a good pipeline of reviews (a
 * sequence with its length and a default, padded and truncated) or of CSV purchases, with one
 * line of its pipeline or of its records replaced, reports exactly that diagnostic, on that line.
 */
class SequenceDiagnosticsTest {
  private static final Diagnostic.Kind ERROR = Diagnostic.Kind.ERROR;

  private static final List<String> RECORDS = List.of(
      "final class Sequences {",
      "  private Sequences() {}",
      "}",
      "@Element record Review(@Shape({-1}) Operand<TInt64> tokens,",
      "    @LengthOf(\"tokens\") @Shape({}) Operand<TInt32> length,",
      "    @DefaultValue(floats = 3) @Shape({}) Operand<TFloat32> rating) {}",
      "@Element record Purchase(@Shape({}) Operand<TString> item, @Shape({}) Operand<TInt64> qty) {}");

  private static final List<String> REVIEWS = List.of(
      "  @Vocabulary dev.feedline.runtime.VocabularyTable words();",
      "  @RunTimeValue Operand<TInt64> longest();",
      "  @TFRecordSource(records = 1000) Operand<TString> files();",
      "  @Interleave(parallel = AUTO) Operand<TString> read(Operand<TString> file);",
      "  @Decode(parallel = AUTO) Review parse(Operand<TString> record);",
      "  @Cache Review cache(Review review);",
      "  @Shuffle(buffer = 100) Review shuffle(Review review);",
      "  @PaddedBatch(size = 4, padding = @Pad(component = \"tokens\", value = -1, length = 8,"
          + " truncate = true)) Review batch(Review review);",
      "  @Prefetch(AUTO) Review prefetch(Review batch);");

  private static final List<String> PURCHASES = List.of(
      "  @TextLineSource(header = true) Operand<TString> files();",
      "  @Interleave(parallel = AUTO) Operand<TString> lines(Operand<TString> file);",
      "  @DecodeCsv(parallel = AUTO) Purchase parse(Operand<TString> line);",
      "  @Batch(size = 4) Purchase batch(Purchase purchase);",
      "  @Prefetch(AUTO) Purchase prefetch(Purchase batch);");

  private static final String UNBATCH = "  @Unbatch Review split(Review review);";
  private static final String CLIP =
      "  @Map(parallel = AUTO) static Review clip(Ops tf, Review r) { return r; }";
  private static final String FLAT_MAP_ROWS =
      "  @FlatMap static Review rows(Ops tf, Review batch) { return batch; }";
  private static final String BATCH_AGAIN = "  @Batch(size = 4) Review again(Review review);";

  /**
   * Pipelines that un-batch, batch again, window and pad: the static model follows the element
   * through each stage, so none of them is told that it works on batches, shuffles batches or
   * stacks a shape that varies.
   */
  private static final List<List<String>> FOLLOWED = List.of(
      // split again: per-element work and a shuffle of single elements
      replaced(REVIEWS, "@Prefetch", List.of(UNBATCH, CLIP,
          "  @Shuffle(buffer = 100) Review again(Review review);",
          "  @Prefetch(AUTO) Review prefetch(Review batch);")),
      // padded to a fixed length and split again: a plain batch stacks the padded shape [8]
      replaced(REVIEWS, "@Prefetch", List.of(UNBATCH,
          "  @Shuffle(buffer = 100) Review mixed(Review review);", BATCH_AGAIN,
          "  @Prefetch(AUTO) Review prefetch(Review batch);")),
      // a flat map over batches makes single elements again
      replaced(REVIEWS, "@Prefetch", List.of(FLAT_MAP_ROWS, CLIP,
          "  @Shuffle(buffer = 100) Review again(Review review);",
          "  @Prefetch(AUTO) Review prefetch(Review batch);")),
      // a rebatch of batches, an unbatch of windows
      replaced(REVIEWS, "@Prefetch", List.of("  @Rebatch(size = 2) Review rows(Review review);",
          UNBATCH, CLIP, "  @Prefetch(AUTO) Review prefetch(Review batch);")),
      // a window's leading dimension varies in length, so it may be padded to a length
      replaced(PURCHASES, "@Batch", List.of(
          "  @Window(size = 3) Purchase windows(Purchase p);",
          "  @PaddedBatch(size = 4, padding = @Pad(component = \"qty\", length = 4))"
              + " Purchase batch(Purchase purchase);")));

  @Test
  void theModelFollowsTheElementThroughEveryUnbatchingStage() {
    JavaFileObject records = Sources.source("Sequences", RECORDS.toArray(String[]::new));
    int i = 0;
    for (List<String> good : FOLLOWED) {
      Compilation compilation = Sources.compile(Sources.pipeline("Followed" + i++, good), records);
      assertEquals(Compilation.Status.SUCCESS, compilation.status(), good + ": "
          + compilation.diagnostics());
      for (Diagnostic<? extends JavaFileObject> d : feedline(compilation)) {
        assertEquals(Diagnostic.Kind.NOTE, d.getKind(), good + ": " + d.getMessage(null));
        String message = d.getMessage(null);
        for (String rule : List.of("per-example-map-after-batch", "shuffle-after-batch",
            "batch-variable-shape", "padding-invalid", "unbatch-without-batch",
            "rebatch-without-batch", "filter-after-batch", "healthy-order")) {
          assertTrue(!message.contains("[feedline:" + rule + "]"), good + ": " + message);
        }
      }
    }
  }

  /**
   * The reference order batches once: after an unbatch the stages are ranked again among
   * themselves, so a shuffle after padded batch → unbatch is in order (it was noted as out of
   * order before), while a deviation before the unbatch is still noted, with a suggestion that
   * keeps each stage on its side of the unbatch.
   */
  @Test
  void theOrderStartsAgainAfterAnUnbatch() {
    JavaFileObject records = Sources.source("Sequences", RECORDS.toArray(String[]::new));
    List<String> afterUnbatch = List.of(UNBATCH,
        "  @Shuffle(buffer = 100) Review again(Review review);", CLIP,
        "  @Prefetch(AUTO) Review prefetch(Review batch);");
    Compilation healthy = Sources.compile(Sources.pipeline("Healthy",
        replaced(REVIEWS, "@Prefetch", afterUnbatch)), records);
    assertEquals(Compilation.Status.SUCCESS, healthy.status(), healthy.diagnostics().toString());
    assertEquals(List.of(), feedline(healthy).stream().map(d -> d.getMessage(null))
        .filter(m -> m.contains("[feedline:healthy-order]")).toList());

    List<String> uncached = new ArrayList<>(REVIEWS);
    uncached.remove("  @Cache Review cache(Review review);");
    JavaFileObject source = Sources.pipeline("Unhealthy",
        replaced(uncached, "@Prefetch", afterUnbatch));
    assertOnly(Sources.compile(source, records), Diagnostic.Kind.NOTE,
        "[feedline:healthy-order] Pipeline Unhealthy deviates from the recommended order: 'parse'"
            + " (@Decode) comes before 'shuffle' (@Shuffle); suggested: files → read → shuffle →"
            + " parse → batch → again → clip → prefetch.",
        source, "@Pipeline");
  }

  /**
   * @param base the good pipeline's stage lines
   * @param inRecords whether the replaced line, and the diagnostic, are in the records' file
   * @param find the good line to replace
   * @param replacement the bad lines; none removes the line
   * @param line text of the line the diagnostic is on
   * @param token the value token it is anchored at, or null
   */
  record Case(String name, List<String> base, boolean inRecords, String find,
      List<String> replacement, String message, String line, String token) {
    @Override
    public String toString() {
      return name;
    }
  }

  /** A map takes the vocabulary whose value is bad: one error, at the value, and no other. */
  @Test
  void aBadVocabularyValueIsReportedOnceNotAgainWhereAMapTakesIt() {
    List<String> lines = new ArrayList<>(REVIEWS);
    lines.set(0, "  @Vocabulary(oovBuckets = -1) dev.feedline.runtime.VocabularyTable words();");
    lines.add(lines.indexOf("  @Cache Review cache(Review review);"), "  @Map(parallel = AUTO)"
        + " static Review look(Ops tf, Review r, dev.feedline.runtime.VocabularyTable words) {"
        + " return r; }");
    JavaFileObject source = Sources.pipeline("Bad", lines);
    JavaFileObject records = Sources.source("Sequences", RECORDS.toArray(String[]::new));
    assertOnly(Sources.compile(source, records), Diagnostic.Kind.ERROR,
        "[feedline:invalid-parameter] @Vocabulary 'words' has oovBuckets = -1, but"
            + " out-of-vocabulary buckets are 0 or more; use 0 to map unknown tokens to -1, or 1"
            + " or more.",
        source, "@Vocabulary");
  }

  /**
   * Without a header the columns are taken in order, so a {@code @Feature} name would be ignored:
   * an error naming the components and both fixes; with a header, the same record compiles.
   */
  @Test
  void featureNamesOnAHeaderlessCsvAreAnError() {
    List<String> records = new ArrayList<>(RECORDS);
    records.add("@Element record Wine(@Feature(\"malic_acid\") @Shape({}) Operand<TFloat32> malicAcid,"
        + " @Shape({}) Operand<TFloat32> ash, @Feature(\"class\") @Shape({}) Operand<TInt64> label) {}");
    JavaFileObject recordsFile = Sources.source("Sequences", records.toArray(String[]::new));
    List<String> headerless = List.of(
        "  @TextLineSource Operand<TString> files();",
        "  @Interleave(parallel = AUTO) Operand<TString> lines(Operand<TString> file);",
        "  @DecodeCsv(parallel = AUTO) Wine parse(Operand<TString> line);",
        "  @Batch(size = 4) Wine batch(Wine wine);",
        "  @Prefetch(AUTO) Wine prefetch(Wine batch);");
    JavaFileObject bad = Sources.pipeline("Bad", headerless);
    assertOnly(Sources.compile(bad, recordsFile), Diagnostic.Kind.ERROR,
        "[feedline:parse-wrong-source] @DecodeCsv 'parse' names columns by @Feature on components"
            + " 'malicAcid' (@Feature(\"malic_acid\")), 'label' (@Feature(\"class\")) of Wine,"
            + " but @TextLineSource 'files' has no header, so the components would take the first"
            + " columns in order and the names be ignored; set `header = true` on 'files' if the"
            + " files start with a header line, or remove the @Feature names and order the"
            + " components as the columns.",
        bad, "@DecodeCsv");
    List<String> withHeader = new ArrayList<>(headerless);
    withHeader.set(0, "  @TextLineSource(header = true) Operand<TString> files();");
    assertEquals(List.of(), feedline(Sources.compile(Sources.pipeline("Good", withHeader),
        recordsFile)));
  }

  private static Case stage(String name, List<String> base, String find, String replacement,
      String message, String line, String token) {
    return new Case(name, base, false, find, List.of(replacement), message, line, token);
  }

  private static Case record(String name, List<String> base, String find, String replacement,
      String message, String line, String token) {
    return new Case(name, base, true, find, List.of(replacement), message, line, token);
  }

  private static List<String> replaced(List<String> lines, String find, List<String> replacement) {
    List<String> out = new ArrayList<>();
    boolean found = false;
    for (String line : lines) {
      if (!found && line.contains(find)) {
        out.addAll(replacement);
        found = true;
      } else {
        out.add(line);
      }
    }
    if (!found) {
      throw new IllegalArgumentException("no line contains " + find);
    }
    return out;
  }

  static Stream<Arguments> cases() {
    return Stream.of(
        record("length-of-type", REVIEWS, "@LengthOf",
            "    @LengthOf(\"tokens\") @Shape({}) Operand<TInt64> length,",
            "[feedline:element-invalid] Component 'length' of Review is @LengthOf(\"tokens\"), so it"
                + " holds a length: declare it `@Shape({}) Operand<TInt32>`.",
            "@LengthOf", "@LengthOf"),
        record("length-of-target", REVIEWS, "@LengthOf",
            "    @LengthOf(\"rating\") @Shape({}) Operand<TInt32> length,",
            "[feedline:element-invalid] Component 'length' of Review is @LengthOf(\"rating\"), but"
                + " Review has no component of that name whose first dimension varies; name a component"
                + " of @Shape({-1, ...}).",
            "@LengthOf", null),
        record("length-of-type-line-terminator", REVIEWS, "@LengthOf",
            "    @LengthOf(\"tokens\\u2029\") @Shape({}) Operand<TInt64> length,",
            "[feedline:element-invalid] Component 'length' of Review is @LengthOf(\"tokens\\u2029\"),"
                + " so it holds a length: declare it `@Shape({}) Operand<TInt32>`.",
            "@LengthOf", "@LengthOf"),
        record("length-of-target-line-terminator", REVIEWS, "@LengthOf",
            "    @LengthOf(\"tok\\nens\") @Shape({}) Operand<TInt32> length,",
            "[feedline:element-invalid] Component 'length' of Review is @LengthOf(\"tok\\nens\"), but"
                + " Review has no component of that name whose first dimension varies; name a"
                + " component of @Shape({-1, ...}).",
            "@LengthOf", null),
        record("length-of-conflict", REVIEWS, "@LengthOf",
            "    @LengthOf(\"tokens\") @DefaultValue(longs = 0) @Shape({}) Operand<TInt32> length,",
            "[feedline:element-invalid] Component 'length' of Review is @LengthOf, which a parse"
                + " computes rather than reads, so it cannot be @DefaultValue too; remove one.",
            "@LengthOf", "@DefaultValue"),
        record("feature-list-shape", REVIEWS, "@Shape({-1}) Operand<TInt64> tokens",
            "@Element record Review(@FeatureList @Shape({4}) Operand<TInt64> tokens,",
            "[feedline:element-invalid] Component 'tokens' of Review is a @FeatureList, one row per"
                + " step, so its @Shape starts with -1 (Feedline.UNKNOWN), such as @Shape({-1, 4});"
                + " it is [4].",
            "@FeatureList", "@FeatureList"),
        record("default-value-member", REVIEWS, "@DefaultValue",
            "    @DefaultValue(longs = 3) @Shape({}) Operand<TFloat32> rating) {}",
            "[feedline:element-invalid] @DefaultValue of component 'rating' of Review must give"
                + " `floats`, and nothing else, for its dtype TFloat32.",
            "@DefaultValue", null),
        record("default-value-sequence", REVIEWS, "@Shape({-1}) Operand<TInt64> tokens",
            "@Element record Review(@DefaultValue(longs = 0) @Shape({-1}) Operand<TInt64> tokens,",
            "[feedline:element-invalid] Component 'tokens' of Review varies in length, and a missing"
                + " sequence is read as empty; remove its @DefaultValue.",
            "Operand<TInt64> tokens", "@DefaultValue"),
        record("default-value-count", REVIEWS, "@DefaultValue",
            "    @DefaultValue(floats = {1, 2}) @Shape({3}) Operand<TFloat32> rating) {}",
            "[feedline:element-invalid] @DefaultValue of component 'rating' of Review gives 2 values"
                + " for shape [3], which holds 3; give one value, or one per value.",
            "@DefaultValue", null),
        record("decode-csv-component", PURCHASES, "record Purchase",
            "@Element record Purchase(@Shape({2}) Operand<TString> item, @Shape({}) Operand<TInt64>"
                + " qty) {}",
            "[feedline:decode-unsupported-component] @DecodeCsv 'parse' cannot parse component"
                + " 'item' of Purchase: it is TString of shape [2]; a CSV field is one scalar"
                + " TString, TInt64, TInt32, TFloat32 or TFloat64, so parse to that and convert in a"
                + " @Map.",
            "!@DecodeCsv", null),
        record("decode-csv-computed", PURCHASES, "record Purchase",
            "@Element record Purchase(@FeatureList @Shape({-1}) Operand<TString> item,"
                + " @Shape({}) Operand<TInt64> qty) {}",
            "[feedline:decode-unsupported-component] @DecodeCsv 'parse' cannot fill component"
                + " 'item' of Purchase: it is a @FeatureList, which only @Decode reads; remove the"
                + " annotation, or fill the component in a @Map.",
            "!@DecodeCsv", null),
        stage("input-form", REVIEWS, "@RunTimeValue",
            "  @RunTimeValue Operand<TInt64> longest(int x);",
            "[feedline:stage-signature] @RunTimeValue 'longest' declares a value given to the"
                + " builder at run time: declare it abstract, without parameters, as"
                + " `Operand<TInt64> longest();`.",
            "@RunTimeValue", null),
        stage("input-form dtype", REVIEWS, "@RunTimeValue",
            "  @RunTimeValue Operand<TUint8> longest();",
            "[feedline:stage-signature] @RunTimeValue 'longest' declares a value given to the"
                + " builder at run time: declare it abstract, without parameters, as"
                + " `Operand<TFloat32> longest();`, a scalar of TFloat32, TFloat64, TInt32, TInt64,"
                + " TString or TBool.",
            "@RunTimeValue", null),
        stage("input-form vocabulary", REVIEWS, "@Vocabulary",
            "  @Vocabulary Operand<TString> words();",
            "[feedline:stage-signature] @Vocabulary 'words' declares a value given to the builder"
                + " at run time: declare it abstract, without parameters, as"
                + " `VocabularyTable words();`.",
            "@Vocabulary", null),
        stage("input-unknown", REVIEWS, "@Cache",
            "  @Map(parallel = AUTO) static Review cut(Ops tf, Review r, Operand<TInt64> shortest)"
                + " { return r; }",
            "[feedline:stage-signature] @Map 'cut' takes 'shortest' after its element, but pipeline"
                + " Bad declares no @Vocabulary or @RunTimeValue 'shortest'; declare one, such as"
                + " `@RunTimeValue Operand<TInt64> shortest();`, rename the parameter to one it"
                + " declares (longest), or remove the parameter.",
            "Operand<TInt64> shortest", "shortest"),
        // A misnamed vocabulary: the advice is a @Vocabulary, or the one the pipeline has.
        stage("input-unknown vocabulary", REVIEWS, "@Cache",
            "  @Map(parallel = AUTO) static Review cut(Ops tf, Review r,"
                + " dev.feedline.runtime.VocabularyTable vocab) { return r; }",
            "[feedline:stage-signature] @Map 'cut' takes VocabularyTable 'vocab' after its element,"
                + " but pipeline Bad declares no @Vocabulary 'vocab'; declare it as `@Vocabulary"
                + " VocabularyTable vocab();`, rename the parameter to one it declares (words), or"
                + " remove the parameter.",
            "VocabularyTable vocab", "vocab"),
        stage("input-type", REVIEWS, "@Cache",
            "  @Map(parallel = AUTO) static Review cut(Ops tf, Review r, Operand<TInt32> longest)"
                + " { return r; }",
            "[feedline:stage-signature] @Map 'cut' takes 'longest' as Operand<TInt32>, but the"
                + " pipeline declares 'longest' as Operand<TInt64>; take it as Operand<TInt64>.",
            "Operand<TInt32> longest", "longest"),
        stage("input-on-device", REVIEWS, "@Prefetch",
            "  @Map(onDevice = true, vectorized = true) static Review cut(Ops tf, Review r,"
                + " Operand<TInt64> longest) { return r; }",
            "[feedline:device-stage-placement] @Map 'cut' runs on the device, after the iterator,"
                + " where run-time values are not passed, but it takes 'longest'; use it in a map"
                + " before the iterator, or drop onDevice.",
            "onDevice = true", "true"),
        stage("invalid-delimiter", PURCHASES, "@DecodeCsv",
            "  @DecodeCsv(parallel = AUTO, delimiter = \";;\") Purchase parse(Operand<TString> line);",
            "[feedline:invalid-parameter] @DecodeCsv 'parse' has delimiter = \";;\", but"
                + " TensorFlow takes a delimiter of one byte in UTF-8, one ASCII character; use"
                + " one, such as \",\".",
            "@DecodeCsv", "\";;\""),
        // One Java char, but two bytes in UTF-8: DecodeCSV says "field_delim should be only 1 char".
        stage("invalid-delimiter-bytes", PURCHASES, "@DecodeCsv",
            "  @DecodeCsv(parallel = AUTO, delimiter = \"é\") Purchase parse(Operand<TString> line);",
            "[feedline:invalid-parameter] @DecodeCsv 'parse' has delimiter = \"é\", but TensorFlow"
                + " takes a delimiter of one byte in UTF-8, one ASCII character; use one, such as"
                + " \",\".",
            "@DecodeCsv", "\"é\""),
        stage("invalid-pad-length", REVIEWS, "@PaddedBatch",
            "  @PaddedBatch(size = 4, padding = @Pad(component = \"tokens\", length = 0))"
                + " Review batch(Review review);",
            "[feedline:invalid-parameter] @PaddedBatch 'batch' pads component 'tokens' to length ="
                + " 0, but a padded length is at least 1, or -1 (Feedline.UNKNOWN) for the longest"
                + " of the batch; use one of them.",
            "@PaddedBatch", "@Pad("),
        stage("invalid-oov-buckets", REVIEWS, "@Vocabulary",
            "  @Vocabulary(oovBuckets = -1) dev.feedline.runtime.VocabularyTable words();",
            "[feedline:invalid-parameter] @Vocabulary 'words' has oovBuckets = -1, but"
                + " out-of-vocabulary buckets are 0 or more; use 0 to map unknown tokens to -1, or 1"
                + " or more.",
            "@Vocabulary", "-1"),
        stage("parse-without-records", PURCHASES, "@DecodeCsv",
            "  @Decode(parallel = AUTO) Purchase parse(Operand<TString> line);",
            "[feedline:parse-wrong-source] @Decode 'parse' parses serialized tf.train.Example"
                + " records, but @TextLineSource 'files' yields lines of text; parse them with"
                + " @DecodeCsv, or read TFRecord files with @TFRecordSource.",
            "@Decode", null),
        stage("parse-without-lines", PURCHASES, "@TextLineSource",
            "  @TFRecordSource Operand<TString> files();",
            "[feedline:parse-wrong-source] @DecodeCsv 'parse' parses lines of text, but the"
                + " pipeline reads from @TFRecordSource 'files'; read text files with"
                + " @TextLineSource.",
            "@DecodeCsv", null),
        new Case("decode-csv-input", PURCHASES, false, "@DecodeCsv", List.of(
            "  @Map(parallel = AUTO) static Purchase early(Ops tf, Operand<TString> line) {"
                + " return null; }",
            "  @DecodeCsv(parallel = AUTO) Purchase parse(Purchase line);"),
            "[feedline:stage-signature] @DecodeCsv 'parse' parses lines of text: its parameter is"
                + " Operand<TString>, not Purchase.",
            "@DecodeCsv", null),
        stage("pad-unknown-component", REVIEWS, "@PaddedBatch",
            "  @PaddedBatch(size = 4, padding = @Pad(component = \"token\", value = -1))"
                + " Review batch(Review review);",
            "[feedline:padding-invalid] @PaddedBatch 'batch' pads component 'token', but Review has"
                + " no component of that name; name one of: tokens, length, rating.",
            "@PaddedBatch", "@Pad("),
        stage("pad-twice", REVIEWS, "@PaddedBatch",
            "  @PaddedBatch(size = 4, padding = {@Pad(component = \"tokens\", value = -1),"
                + " @Pad(component = \"tokens\", length = 3)}) Review batch(Review review);",
            "[feedline:padding-invalid] @PaddedBatch 'batch' pads component 'tokens' twice; keep"
                + " one @Pad for it.",
            "@PaddedBatch", "{@Pad"),
        stage("pad-value-type", REVIEWS, "@PaddedBatch",
            "  @PaddedBatch(size = 4, padding = @Pad(component = \"tokens\", value = 0.5))"
                + " Review batch(Review review);",
            "[feedline:padding-invalid] @PaddedBatch 'batch' pads component 'tokens', of dtype"
                + " TInt64, with value = 0.5, which that dtype cannot hold; give a value within its"
                + " range, a whole number.",
            "@PaddedBatch", "@Pad("),
        stage("pad-text-for-number", REVIEWS, "@PaddedBatch",
            "  @PaddedBatch(size = 4, padding = @Pad(component = \"length\", text = \"-\"))"
                + " Review batch(Review review);",
            "[feedline:padding-invalid] @PaddedBatch 'batch' pads component 'length', of dtype"
                + " TInt32, with text = \"-\", which that dtype cannot hold; give the padding number"
                + " as `value`.",
            "@PaddedBatch", "@Pad("),
        // A declared string is quoted as a Java literal: its line terminators cannot break the line.
        stage("pad-text-line-terminator", REVIEWS, "@PaddedBatch",
            "  @PaddedBatch(size = 4, padding = @Pad(component = \"length\", text = \"a\\u2028b\\nc\"))"
                + " Review batch(Review review);",
            "[feedline:padding-invalid] @PaddedBatch 'batch' pads component 'length', of dtype"
                + " TInt32, with text = \"a\\u2028b\\nc\", which that dtype cannot hold; give the"
                + " padding number as `value`.",
            "@PaddedBatch", "@Pad("),
        stage("pad-truncate-without-length", REVIEWS, "@PaddedBatch",
            "  @PaddedBatch(size = 4, padding = @Pad(component = \"tokens\", truncate = true))"
                + " Review batch(Review review);",
            "[feedline:padding-invalid] @PaddedBatch 'batch' truncates component 'tokens' but gives"
                + " no length to cut it to; set `length`.",
            "@PaddedBatch", "@Pad("),
        stage("pad-length-fixed", REVIEWS, "@PaddedBatch",
            "  @PaddedBatch(size = 4, padding = @Pad(component = \"rating\", length = 2))"
                + " Review batch(Review review);",
            "[feedline:padding-invalid] @PaddedBatch 'batch' pads component 'rating' to length = 2,"
                + " but its shape [] does not vary in length; only a first dimension declared -1"
                + " (Feedline.UNKNOWN) is padded to a length, so remove `length`.",
            "@PaddedBatch", "@Pad("),
        stage("bucket-component", REVIEWS, "@PaddedBatch",
            "  @BucketByLength(component = \"rating\", boundaries = {4}, batchSizes = {8, 4})"
                + " Review batch(Review review);",
            "[feedline:bucketing-invalid] @BucketByLength 'batch' groups elements by the length of"
                + " component 'rating', but Review has no component of that name whose first"
                + " dimension varies; name one of: tokens.",
            "@BucketByLength", "\"rating\""),
        stage("bucket-boundaries", REVIEWS, "@PaddedBatch",
            "  @BucketByLength(component = \"tokens\", boundaries = {8, 4}, batchSizes = {8, 4, 2})"
                + " Review batch(Review review);",
            "[feedline:bucketing-invalid] @BucketByLength 'batch' has boundaries = {8, 4}, but"
                + " boundaries are lengths of 1 or more, in ascending order, each given once.",
            "@BucketByLength", "{8, 4}"),
        stage("bucket-batch-sizes", REVIEWS, "@PaddedBatch",
            "  @BucketByLength(component = \"tokens\", boundaries = {4, 8}, batchSizes = {8, 4})"
                + " Review batch(Review review);",
            "[feedline:bucketing-invalid] @BucketByLength 'batch' has batchSizes = {8, 4} for 2"
                + " boundaries, but each of the 3 buckets needs a batch size of 1 or more: give one"
                + " size more than there are boundaries.",
            "@BucketByLength", "{8, 4}"),
        stage("unbatch-without-batch", REVIEWS, "@Cache", "  @Unbatch Review split(Review review);",
            "[feedline:unbatch-without-batch] @Unbatch 'split' splits batches into their elements,"
                + " but the elements of Review it receives are not batches: no @Batch,"
                + " @PaddedBatch, @BucketByLength or @Window has batched them since the stage that"
                + " made them, or an @Unbatch already split them; remove it.",
            "@Unbatch", null),
        new Case("per-example-map-after-a-batch-after-flat-map", REVIEWS, false, "@Prefetch",
            List.of(FLAT_MAP_ROWS,
                "  @PaddedBatch(size = 2, padding = @Pad(component = \"tokens\", value = -1))"
                    + " Review pairs(Review review);",
                CLIP, "  @Prefetch(AUTO) Review prefetch(Review batch);"),
            "[feedline:per-example-map-after-batch] @Map 'clip' works on single elements but"
                + " follows @PaddedBatch 'pairs', so it receives whole batches; move it before"
                + " 'pairs', or declare `vectorized = true` if every op in it accepts a batch.",
            "static Review clip", null),
        new Case("batch-variable-shape-after-unbatch", REVIEWS, false, "@PaddedBatch",
            List.of("  @PaddedBatch(size = 4, padding = @Pad(component = \"tokens\", value = -1))"
                    + " Review batch(Review review);", UNBATCH, BATCH_AGAIN),
            "[feedline:batch-variable-shape] @Batch 'again' stacks component 'tokens' of shape [?],"
                + " whose unknown sizes can differ between elements and fail at run time with"
                + " 'Cannot batch tensors with different shapes'; use @PaddedBatch, or resize to a"
                + " fixed shape first.",
            "@Batch", null),
        new Case("unbatch-after-flat-map", REVIEWS, false, "@Prefetch",
            List.of(FLAT_MAP_ROWS, UNBATCH, "  @Prefetch(AUTO) Review prefetch(Review batch);"),
            "[feedline:unbatch-without-batch] @Unbatch 'split' splits batches into their elements,"
                + " but the elements of Review it receives are not batches: no @Batch,"
                + " @PaddedBatch, @BucketByLength or @Window has batched them since the stage that"
                + " made them, or an @Unbatch already split them; remove it.",
            "@Unbatch", null),
        new Case("rebatch-without-batch", REVIEWS, false, "@PaddedBatch",
            List.of("  @Rebatch(size = 2) Review rows(Review review);"),
            "[feedline:rebatch-without-batch] @Rebatch 'rows' regroups the rows of batches, but"
                + " the elements of Review it receives are not batches: no @Batch, @PaddedBatch,"
                + " @BucketByLength or @Window has batched them since the stage that made them, or"
                + " an @Unbatch already split them; batch them before it.",
            "@Rebatch", null),
        new Case("rebatch-after-unbatch", REVIEWS, false, "@Prefetch",
            List.of(UNBATCH, "  @Rebatch(size = 2) Review rows(Review review);",
                "  @Prefetch(AUTO) Review prefetch(Review batch);"),
            "[feedline:rebatch-without-batch] @Rebatch 'rows' regroups the rows of batches, but"
                + " the elements of Review it receives are not batches: no @Batch, @PaddedBatch,"
                + " @BucketByLength or @Window has batched them since the stage that made them, or"
                + " an @Unbatch already split them; batch them before it.",
            "@Rebatch", null),
        new Case("pad-length-fixed-after-window", PURCHASES, false, "@Batch",
            List.of("  @Window(size = 3, dropRemainder = true) Purchase windows(Purchase p);",
                "  @PaddedBatch(size = 4, padding = @Pad(component = \"qty\", length = 2))"
                    + " Purchase batch(Purchase purchase);"),
            "[feedline:padding-invalid] @PaddedBatch 'batch' pads component 'qty' to length = 2,"
                + " but its shape [3] does not vary in length; only a first dimension declared -1"
                + " (Feedline.UNKNOWN) is padded to a length, so remove `length`.",
            "@PaddedBatch", "@Pad("),
        stage("skip-compressed", REVIEWS, "@TFRecordSource",
            "  @TFRecordSource(badRecords = BadRecords.SKIP, compression = Compression.GZIP)"
                + " Operand<TString> files();",
            "[feedline:invalid-parameter] @TFRecordSource 'files' has badRecords = SKIP and"
                + " compression = GZIP, but a compressed file is read from its start, so a bad"
                + " record cannot be stepped over; store the files uncompressed, or drop"
                + " badRecords = SKIP.",
            "@TFRecordSource", ".GZIP"))
        .map(Arguments::of);
  }

  @Test
  void theGoodPipelinesGenerateWithNotesOnlyOnTheSizesThatLengthsHide() {
    JavaFileObject records = Sources.source("Sequences", RECORDS.toArray(String[]::new));
    for (List<String> good : List.of(REVIEWS, PURCHASES)) {
      Compilation compilation = Sources.compile(Sources.pipeline("Good", good), records);
      assertEquals(Compilation.Status.SUCCESS, compilation.status(), compilation.diagnostics()
          .toString());
      for (Diagnostic<? extends JavaFileObject> d : feedline(compilation)) {
        assertEquals(Diagnostic.Kind.NOTE, d.getKind(), d.getMessage(null));
        String message = d.getMessage(null);
        assertTrue(message.contains("cannot be checked against memory because component 'tokens'"
            + " has the unknown dimensions of [?]"), message);
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void reportsExactlyThisDiagnosticOnItsLine(Case bad) {
    List<String> records = bad.inRecords() ? replaced(RECORDS, bad.find(), bad.replacement())
        : RECORDS;
    List<String> stages = bad.inRecords() ? bad.base()
        : replaced(bad.base(), bad.find(), bad.replacement());
    JavaFileObject recordsFile = Sources.source("Sequences", records.toArray(String[]::new));
    JavaFileObject source = Sources.pipeline("Bad", stages);
    Compilation compilation = Sources.compile(source, recordsFile);
    // A line starting with '!' is in the pipeline although the records changed.
    boolean inRecords = bad.inRecords() && !bad.line().startsWith("!");
    String line = bad.line().replaceFirst("^!", "");
    JavaFileObject file = inRecords ? recordsFile : source;
    Diagnostic<? extends JavaFileObject> reported =
        assertOnly(compilation, ERROR, bad.message(), file, line);
    if (bad.token() != null) {
      assertEquals(columnOf(file, line, bad.token()), reported.getColumnNumber(),
          "anchored at " + bad.token());
    }
    assertEquals(Compilation.Status.FAILURE, compilation.status());
  }
}

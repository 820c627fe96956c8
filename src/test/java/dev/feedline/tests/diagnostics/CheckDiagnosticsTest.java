package dev.feedline.tests.diagnostics;

import static dev.feedline.tests.support.Diagnostics.assertAt;
import static dev.feedline.tests.support.Diagnostics.assertOnly;
import static dev.feedline.tests.support.Diagnostics.feedline;
import static dev.feedline.tests.support.Diagnostics.warningsAndErrors;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import dev.feedline.tests.support.Sources;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** The checks on valid pipelines: cache placement, suppression and severity options. */
class CheckDiagnosticsTest {
  private static final String CACHE_BEFORE_DECODE =
      "[feedline:cache-before-expensive-map] @Cache 'early' comes before the expensive @Map"
          + " 'decode', so 'decode' is recomputed every epoch; move @Cache after 'decode'.";

  /** The good pipeline with its cache moved before the JPEG-like decode map. */
  private static List<String> cacheBeforeDecode(String cacheLine) {
    List<String> stages = new ArrayList<>(Sources.goodWith("@Cache"));
    stages.add(3, cacheLine);
    return stages;
  }

  @Test
  void aCacheBeforeAMapThatTurnsStringsIntoImagesIsAnError() {
    JavaFileObject source = Sources.pipeline("Bad", cacheBeforeDecode("  @Cache Encoded early(Encoded e);"));
    Compilation compilation = Sources.compile(source);
    assertOnly(compilation, Diagnostic.Kind.ERROR, CACHE_BEFORE_DECODE, source, "@Cache Encoded early");
    assertEquals(Compilation.Status.FAILURE, compilation.status());
  }

  @Test
  void aCacheBeforeAMapDeclaredExpensiveIsAnError() {
    List<String> stages = Sources.goodWith("@Cache",
        "  @Cache Image early(Image image);",
        "  @Map(parallel = AUTO, cost = Cost.EXPENSIVE) static Image blur(Ops tf, Image in) { return in; }");
    JavaFileObject source = Sources.pipeline("Bad", stages);
    assertOnly(Sources.compile(source), Diagnostic.Kind.ERROR,
        "[feedline:cache-before-expensive-map] @Cache 'early' comes before the expensive @Map"
            + " 'blur', so 'blur' is recomputed every epoch; move @Cache after 'blur'.",
        source, "@Cache Image early");
  }

  @Test
  void aCacheOfEncodedRecordsBeforeADecodeThatWouldNotFitIsANote() {
    // 10 files of 100 MB hold 10,000 records of about 100 KB: 1 GB cached; decoded, 31.5 GB.
    JavaFileObject source = Sources.pipeline("@Pipeline(ramBudget = \"4GiB\")", "Cached", List.of(
        "  @TFRecordSource(files = 10, records = 10000, bytesPerFile = 100000000)"
            + " Operand<TString> files();",
        "  @Interleave(parallel = AUTO) Operand<TString> read(Operand<TString> file);",
        "  @Decode(parallel = AUTO) Encoded parse(Operand<TString> record);",
        "  @Cache Encoded cache(Encoded encoded);",
        "  @Map(parallel = AUTO) static Big decode(Ops tf, Encoded in) { return null; }",
        "  @Batch(size = 4) Big batch(Big big);",
        "  @Prefetch(AUTO) Big prefetch(Big batch);"));
    assertOnly(Sources.compile(source), Diagnostic.Kind.NOTE,
        "[feedline:cache-before-expensive-map] @Cache 'cache' comes before the expensive @Map"
            + " 'decode', which is right here: cached after it, elements would need ≈29.3 GiB"
            + " against a RAM budget of 4.00 GiB; keep it, or cache 'decode' to a file.",
        source, "@Cache Encoded cache");
  }

  @Test
  void aCacheBeforeACheapMapIsFine() {
    List<String> stages = Sources.goodWith("@Cache",
        "  @Cache Image early(Image image);",
        "  @Map(parallel = AUTO) static Image brighter(Ops tf, Image in) { return in; }",
        "  @Map(parallel = AUTO, cost = Cost.CHEAP) static Image labelled(Ops tf, Image in) { return in; }");
    Compilation compilation = Sources.compile(Sources.pipeline("Good", stages));
    assertEquals(List.of(), warningsAndErrors(compilation));
  }

  @Test
  void aDecodeMapDeclaredCheapIsNotFlagged() {
    JavaFileObject source = Sources.pipeline("Good", cacheBeforeDecode("  @Cache Encoded early(Encoded e);")
        .stream()
        .map(line -> line.replace("@Map(parallel = AUTO) static Image decode",
            "@Map(parallel = AUTO, cost = Cost.CHEAP) static Image decode"))
        .toList());
    assertEquals(List.of(), warningsAndErrors(Sources.compile(source)));
  }

  @Test
  void theSeverityOfACheckCanBeChangedForABuild() {
    JavaFileObject source = Sources.pipeline("Bad", cacheBeforeDecode("  @Cache Encoded early(Encoded e);"));
    Compilation warned = Sources.compile(List.of("-Afeedline.cacheBeforeExpensiveMap=warning"), source);
    assertOnly(warned, Diagnostic.Kind.WARNING, CACHE_BEFORE_DECODE, source, "@Cache Encoded early");
    assertEquals(Compilation.Status.SUCCESS, warned.status(), "generated despite the finding");

    Compilation off = Sources.compile(List.of("-Afeedline.cacheBeforeExpensiveMap=off"), source);
    assertEquals(List.of(), warningsAndErrors(off));

    JavaFileObject sequential = Sources.pipeline("Slow",
        Sources.goodWith("@Decode", "  @Decode Encoded parse(Operand<TString> record);"));
    Compilation raised = Sources.compile(List.of("-Afeedline.mapNotParallel=error"), sequential);
    assertOnly(raised, Diagnostic.Kind.ERROR,
        "[feedline:map-not-parallel] @Decode 'parse' is sequential and runs one element at a time"
            + " on one core; set `parallel = AUTO`.",
        sequential, "@Decode Encoded");
    assertEquals(Compilation.Status.FAILURE, raised.status());
  }

  @Test
  void badOptionsAreReportedAndIgnored() {
    JavaFileObject good = Sources.pipeline("Good", Sources.GOOD_STAGES);
    Compilation compilation = Sources.compile(List.of("-Afeedline.noSuchRule=off",
        "-Afeedline.mapNotParallel=loud", "-Afeedline.chainTypeMismatch=off"), good);
    List<String> messages = compilation.diagnostics().stream()
        .filter(d -> d.getKind() == Diagnostic.Kind.WARNING)
        .map(d -> d.getMessage(Locale.ROOT))
        .filter(m -> m.startsWith("[feedline]"))
        .sorted()
        .toList();
    assertEquals(List.of(
        "[feedline] -Afeedline.chainTypeMismatch is ignored: chainTypeMismatch finds declarations"
            + " that cannot be generated and is always an error.",
        "[feedline] -Afeedline.mapNotParallel=loud is not a severity; use error, warning, note or off.",
        "[feedline] Unknown option -Afeedline.noSuchRule; options name a rule id in camel case, such"
            + " as -Afeedline.mapNotParallel=error (docs/rules.md)."), messages);
    assertEquals(Compilation.Status.SUCCESS, compilation.status());
  }

  @Test
  void warningsAreSuppressedOnTheStageOrOnThePipeline() {
    JavaFileObject onStage = Sources.pipeline("OnStage", Sources.goodWith("@Decode",
        "  @SuppressWarnings(\"feedline:map-not-parallel\")",
        "  @Decode Encoded parse(Operand<TString> record);"));
    assertEquals(List.of(), warningsAndErrors(Sources.compile(onStage)));

    JavaFileObject onPipeline = Sources.source("OnPipeline",
        "@SuppressWarnings({\"feedline:map-not-parallel\", \"feedline:terminal-prefetch-autotune\"})",
        "@Pipeline interface OnPipeline {",
        "  @InMemorySource Encoded samples();",
        "  @Map static Image decode(Ops tf, Encoded in) { return null; }",
        "}");
    assertEquals(List.of(), warningsAndErrors(Sources.compile(onPipeline)));

    JavaFileObject otherKey = Sources.pipeline("OtherKey", Sources.goodWith("@Decode",
        "  @SuppressWarnings(\"feedline:cache-before-expensive-map\")",
        "  @Decode Encoded parse(Operand<TString> record);"));
    assertEquals(1, feedline(Sources.compile(otherKey)).size(), "only its own key silences a rule");
  }

  @Test
  void errorsCannotBeSuppressed() {
    List<String> stages = new ArrayList<>(cacheBeforeDecode("  @Cache Encoded early(Encoded e);"));
    stages.add(3, "  @SuppressWarnings(\"feedline:cache-before-expensive-map\")");
    JavaFileObject source = Sources.pipeline("Bad", stages);
    assertOnly(Sources.compile(source), Diagnostic.Kind.ERROR, CACHE_BEFORE_DECODE, source,
        "@Cache Encoded early");
  }

  @Test
  void anErrorInOnePipelineDoesNotStopTheOthersAndNothingIsReportedTwice() {
    JavaFileObject bad = Sources.pipeline("Bad", Sources.goodWith("@Batch", "  @Batch(size = -1) Image batch(Image image);"));
    JavaFileObject good = Sources.pipeline("Good", Sources.GOOD_STAGES);
    JavaFileObject warned = Sources.pipeline("Warned", Sources.goodWith("@Prefetch"));
    Compilation compilation = Sources.compile(bad, good, warned);

    List<Diagnostic<? extends JavaFileObject>> reported = feedline(compilation);
    assertEquals(2, reported.size(), reported.toString());
    assertAt(reported.get(0), Diagnostic.Kind.ERROR,
        "[feedline:invalid-parameter] @Batch 'batch' has size = -1, but a batch holds at least 1"
            + " element; use a size of 1 or more.",
        bad, "@Batch(size = -1)");
    assertAt(reported.get(1), Diagnostic.Kind.WARNING,
        "[feedline:terminal-prefetch-autotune] Pipeline Warned ends with @Batch 'batch' instead of"
            + " @Prefetch, so input preparation cannot overlap the training step; append"
            + " `@Prefetch(AUTO) Image prefetch(Image batch);`.",
        warned, "@Batch");
    assertEquals(1, compilation.errors().size(), "javac saw one error in all");
  }
}

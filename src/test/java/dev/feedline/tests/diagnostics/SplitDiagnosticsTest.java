package dev.feedline.tests.diagnostics;

import static dev.feedline.tests.support.Diagnostics.assertOnly;
import static dev.feedline.tests.support.Diagnostics.columnOf;
import static dev.feedline.tests.support.Diagnostics.feedline;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import dev.feedline.tests.support.Sources;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The {@code @Split} diagnostics that are not one pipeline's chain (those are in
 * {@link RuleCatalogueTest}): a key that is no scalar string or integer component, values out of
 * range, and two pipelines whose sides of one split hash otherwise, each on its line and value.
 */
class SplitDiagnosticsTest {
  private static final Diagnostic.Kind ERROR = Diagnostic.Kind.ERROR;
  private static final String SAMPLES = "  @InMemorySource(records = 600) Sample samples();";
  private static final String BATCH = "  @Batch(size = 4) Sample batch(Sample s);";
  private static final String PREFETCH = "  @Prefetch(AUTO) Sample prefetch(Sample b);";

  private static void assertReported(String split, String message, String token,
      String... stages) {
    List<String> lines = stages.length > 0 ? List.of(stages) : List.of(SAMPLES, split, BATCH,
        PREFETCH);
    JavaFileObject source = Sources.pipeline("Bad", lines);
    Diagnostic<? extends JavaFileObject> d =
        assertOnly(Sources.compile(source), ERROR, message, source, split);
    assertEquals(columnOf(source, split, token), d.getColumnNumber(), "anchored at " + token);
  }

  @Test
  void aKeyThatNamesNoComponentListsTheScalarOnes() {
    assertReported("  @Split(side = SplitSide.EVAL, evalPercent = 10, key = \"name\") Sample"
            + " split(Sample s);",
        "[feedline:split-key-invalid] @Split 'split' hashes component 'name', but Sample has no"
            + " component of that name; name one of its scalar string or integer components: id.",
        "\"name\"");
  }

  @Test
  void aKeyThatIsAVectorOrAFloatIsNotAKey() {
    assertReported("  @Split(side = SplitSide.EVAL, evalPercent = 10, key = \"xy\") Sample"
            + " split(Sample s);",
        "[feedline:split-key-invalid] @Split 'split' hashes component 'xy' of Sample, of dtype"
            + " float32 and shape [2] here, but a key is one string or integer per element that"
            + " identifies it; name a scalar string or integer component (an id, a file name), or"
            + " split before the stage that batches the elements.",
        "\"xy\"");
  }

  @Test
  void aKeyAfterTheBatchIsABatchOfKeys() {
    String split = "  @Split(side = SplitSide.EVAL, evalPercent = 10, key = \"id\") Sample"
        + " split(Sample s);";
    assertReported(split,
        "[feedline:split-key-invalid] @Split 'split' hashes component 'id' of Sample, of dtype"
            + " int64 and shape [?] here, but a key is one string or integer per element that"
            + " identifies it; name a scalar string or integer component (an id, a file name), or"
            + " split before the stage that batches the elements.",
        "\"id\"", SAMPLES, "  @Batch(size = 4) Sample batch(Sample s);", split, PREFETCH);
  }

  @Test
  void aPercentOutsideOneTo99AndANegativeSeedAreInvalid() {
    for (int percent : new int[] {0, 100}) {
      assertReported("  @Split(side = SplitSide.TRAIN, evalPercent = " + percent + ") Sample"
              + " split(Sample s);",
          "[feedline:invalid-parameter] @Split 'split' has evalPercent = " + percent + ", but the"
              + " evaluation side holds from 1 to 99 percent of the elements; use a percent from 1"
              + " to 99.",
          Integer.toString(percent));
    }
    assertReported("  @Split(side = SplitSide.TRAIN, evalPercent = 20, seed = -3) Sample"
            + " split(Sample s);",
        "[feedline:invalid-parameter] @Split 'split' has seed = -3, but a split's seed is 0 or"
            + " more; use a seed of 0 or more.",
        "-3");
  }

  /** A group with the training side; a training pipeline; an evaluation one overriding it. */
  private static JavaFileObject trainAndEval(String evalAnnotation, String evalSplit) {
    return Sources.source("Splits",
        "@StageGroup interface SplitSamples {",
        SAMPLES,
        "  @Split(side = SplitSide.TRAIN, evalPercent = 20, key = \"id\") Sample split(Sample s);",
        BATCH,
        PREFETCH,
        "}",
        "@Pipeline(ramBudget = \"1GiB\") interface TrainSamples extends SplitSamples {}",
        evalAnnotation + " interface EvalSamples extends SplitSamples {",
        evalSplit,
        "}");
  }

  private static final String EVAL_MISMATCHED =
      "  @Split(side = SplitSide.EVAL, evalPercent = 25, key = \"id\") Sample split(Sample s);";
  private static final String MISMATCH = "[feedline:split-mismatch] @Split 'split' of pipeline"
      + " EvalSamples declares evalPercent = 25, seed = 0, key = \"id\", but @Split 'split' of"
      + " pipeline TrainSamples, over the same Sample, declares evalPercent = 20, seed = 0, key ="
      + " \"id\", so their sides overlap or leave elements out; declare the same evalPercent, seed"
      + " and key in both (declare the split once in a shared @StageGroup and override only its"
      + " side).";

  @Test
  void twoSidesOfOneSplitThatHashOtherwiseAreAnErrorNamingBoth() {
    JavaFileObject source = trainAndEval("@Pipeline(ramBudget = \"1GiB\")", EVAL_MISMATCHED);
    assertOnly(Sources.compile(source), ERROR, MISMATCH, source, EVAL_MISMATCHED);
  }

  @Test
  void twoSidesThatDifferOnlyInTheSideAgree() {
    Compilation compilation = Sources.compile(trainAndEval("@Pipeline(ramBudget = \"1GiB\")",
        "  @Split(side = SplitSide.EVAL, evalPercent = 20, key = \"id\") Sample split(Sample s);"));
    assertEquals(Compilation.Status.SUCCESS, compilation.status(), compilation.diagnostics()
        .toString());
    assertEquals(List.of(), feedline(compilation).stream()
        .filter(d -> d.getMessage(Locale.ROOT).startsWith("[feedline:split-")).toList());
  }

  @Test
  void aMismatchLoweredToAWarningIsSuppressedOnThePipeline() {
    JavaFileObject source = trainAndEval(
        "@SuppressWarnings(\"feedline:split-mismatch\") @Pipeline(ramBudget = \"1GiB\")",
        EVAL_MISMATCHED);
    Compilation compilation = Sources.compile(List.of("-Afeedline.splitMismatch=warning"), source);
    assertEquals(Compilation.Status.SUCCESS, compilation.status(), compilation.diagnostics()
        .toString());
    assertEquals(List.of(), feedline(compilation).stream()
        .filter(d -> d.getMessage(Locale.ROOT).startsWith("[feedline:split-")).toList());
  }
}

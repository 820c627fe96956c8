package dev.feedline.tests.diagnostics;

import static dev.feedline.tests.support.Diagnostics.assertAt;
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
 * Declarations of {@code @Statistics} that cannot be generated: the pipeline they are fitted over
 * ({@code statistic-over}), the component there ({@code statistic-component}), the buckets of
 * quantiles and a vocabulary's minCount, topK and oovBuckets ({@code invalid-parameter}), and the method's form and the maps that take them
 * ({@code stage-signature}); each on its line, at the value to blame. Each is an error, which
 * {@code @SuppressWarnings} does not silence.
 */
class StatisticsDiagnosticsTest {
  private static final Diagnostic.Kind ERROR = Diagnostic.Kind.ERROR;

  /** The pipelines a statistic may be fitted over, and a record of strings. */
  private static final JavaFileObject OVER = Sources.source("Over",
      "final class Over {",
      "  private Over() {}",
      "}",
      "@Element record Named(@Shape({}) Operand<TString> name) {}",
      "@Pipeline interface Train { @InMemorySource(records = 600) Sample samples();"
          + " @Batch(size = 10) Sample batch(Sample sample);"
          + " @Prefetch(AUTO) Sample prefetch(Sample batch); }",
      "@Pipeline interface Words { @InMemorySource(records = 600) Tokens tokens();"
          + " @Prefetch(AUTO) Tokens prefetch(Tokens tokens); }",
      "@Pipeline interface Names { @InMemorySource(records = 600) Named names();"
          + " @Prefetch(AUTO) Named prefetch(Named named); }");

  /** A pipeline with an error of its own. */
  private static final JavaFileObject BROKEN = Sources.source("Broken",
      "@Pipeline interface Broken { @InMemorySource(records = 600) Sample samples();"
          + " @Batch(size = 0) Sample batch(Sample sample); }");

  /** Pipeline {@code Fitting}: {@code inputs}, then samples scaled by {@code map}. */
  private static JavaFileObject fittingWith(String annotations, String map, String... inputs) {
    List<String> lines = new java.util.ArrayList<>();
    lines.add(annotations + "@Pipeline(ramBudget = \"1GiB\") interface Fitting {");
    lines.addAll(List.of(inputs));
    lines.add("  @InMemorySource(records = 600) Sample samples();");
    lines.add(map);
    lines.add("  @Batch(size = 4) Sample batch(Sample sample);");
    lines.add("  @Prefetch(AUTO) Sample prefetch(Sample batch);");
    lines.add("}");
    return Sources.source("Fitting", lines.toArray(String[]::new));
  }

  private static JavaFileObject fitting(String... inputs) {
    return fittingWith("", "  @Map(parallel = AUTO) static Sample scale(Ops tf, Sample s,"
        + " dev.feedline.runtime.Moments xy) { return s; }", inputs);
  }

  /**
   * Asserts that the compilation reports {@code message} once, as an error on the line holding
   * {@code line}, at {@code token} (null: the annotation), and no other error of the fitting
   * pipeline.
   */
  private static void assertReports(String message, String line, String token,
      JavaFileObject source) {
    Compilation compilation = Sources.compile(source, OVER, BROKEN);
    List<Diagnostic<? extends JavaFileObject>> errors = feedline(compilation).stream()
        .filter(d -> d.getKind() == ERROR && d.getSource() != null
            && d.getSource().toUri().equals(source.toUri()))
        .toList();
    assertEquals(1, errors.size(), "one error in Fitting: " + errors);
    Diagnostic<? extends JavaFileObject> reported = assertAt(errors.get(0), ERROR, message,
        source, line);
    if (token != null) {
      // javac places a class literal at its dot, ecj at its start.
      long column = columnOf(source, line, token) + Math.max(0, token.indexOf(".class"));
      assertEquals(column, reported.getColumnNumber(), "anchored at " + token);
    }
  }

  @Test
  void aStatisticOverAPipelineWithTheNumericFixedComponentCompiles() {
    Compilation compilation = Sources.compile(fitting(
        "  @Statistics(over = Train.class, component = \"xy\") dev.feedline.runtime.Moments xy();",
        "  @Statistics(over = Words.class, component = \"ids\", buckets = 4)"
            + " dev.feedline.runtime.Quantiles ids();"), OVER);
    assertEquals(Compilation.Status.SUCCESS, compilation.status(), compilation.diagnostics()
        .toString());
    assertEquals(List.of(), feedline(compilation).stream()
        .filter(d -> d.getKind() != Diagnostic.Kind.NOTE).toList());
  }

  @Test
  void aComponentTheOverPipelineDoesNotHave() {
    assertReports("[feedline:statistic-component] @Statistics 'xy' is fitted over component 'z',"
            + " but the elements of pipeline Train (Sample) have no such component; name one of"
            + " 'id', 'xy'.",
        "component = \"z\"", "\"z\"",
        fitting("  @Statistics(over = Train.class, component = \"z\")"
            + " dev.feedline.runtime.Moments xy();"));
  }

  @Test
  void aComponentOfStrings() {
    assertReports("[feedline:statistic-component] @Statistics 'xy' is fitted over component 'name'"
            + " of pipeline Names, which holds string values; Moments is fitted over numbers:"
            + " float32, float64, int32 or int64.",
        "component = \"name\"", "\"name\"",
        fitting("  @Statistics(over = Names.class, component = \"name\")"
            + " dev.feedline.runtime.Moments xy();"));
  }

  @Test
  void aComponentWhoseShapeVariesHasNoMomentsPerPosition() {
    assertReports("[feedline:statistic-component] @Statistics 'xy' is fitted over component 'ids'"
            + " of pipeline Words, whose shape in one element, [?], is not fixed; Moments has one"
            + " value per position, so declare a fixed @Shape (or fit Quantiles, which pool every"
            + " position).",
        "component = \"ids\"", "\"ids\"",
        fitting("  @Statistics(over = Words.class, component = \"ids\")"
            + " dev.feedline.runtime.Moments xy();"));
  }

  @Test
  void aClassThatIsNotAPipeline() {
    assertReports("[feedline:statistic-over] @Statistics 'xy' is fitted over Records, which is not"
            + " a @Pipeline interface; name in 'over' the @Pipeline whose elements it is fitted"
            + " over, the training split.",
        "Records.class", "Records.class",
        fitting("  @Statistics(over = Records.class, component = \"xy\")"
            + " dev.feedline.runtime.Moments xy();"));
  }

  @Test
  void aPipelineFittedOverItself() {
    assertReports("[feedline:statistic-over] @Statistics 'xy' of pipeline Fitting is fitted over"
            + " pipeline Fitting, which needs Fitting to be built first; fit it over a pipeline"
            + " that does not need this one.",
        "Fitting.class", "Fitting.class",
        fitting("  @Statistics(over = Fitting.class, component = \"xy\")"
            + " dev.feedline.runtime.Moments xy();"));
  }

  @Test
  void aPipelineWithErrorsOfItsOwn() {
    assertReports("[feedline:statistic-over] @Statistics 'xy' is fitted over pipeline Broken,"
            + " which has errors of its own; fix them first.",
        "Broken.class", "Broken.class",
        fitting("  @Statistics(over = Broken.class, component = \"xy\")"
            + " dev.feedline.runtime.Moments xy();"));
  }

  @Test
  void quantilesWithoutBuckets() {
    assertReports("[feedline:invalid-parameter] @Statistics 'xy' returns Quantiles with buckets ="
            + " 0; quantiles cut the values into 2 or more buckets of equal count: give buckets ="
            + " 4 for quartiles, 10 for deciles.",
        "@Statistics", null,
        fittingWith("", "  @Map(parallel = AUTO) static Sample scale(Ops tf, Sample s,"
            + " dev.feedline.runtime.Quantiles xy) { return s; }",
            "  @Statistics(over = Train.class, component = \"xy\")"
                + " dev.feedline.runtime.Quantiles xy();"));
  }

  @Test
  void bucketsForMoments() {
    assertReports("[feedline:invalid-parameter] @Statistics 'xy' returns Moments, which takes no"
            + " buckets, but has buckets = 4; only Quantiles take buckets: leave it out, or return"
            + " Quantiles.",
        "buckets = 4", "4",
        fitting("  @Statistics(over = Train.class, component = \"xy\", buckets = 4)"
            + " dev.feedline.runtime.Moments xy();"));
  }

  /** Pipeline {@code Fitting} with {@code vocabulary}, which its map takes as {@code names}. */
  private static JavaFileObject vocabulary(String vocabulary) {
    return fittingWith("", "  @Map(parallel = AUTO) static Sample scale(Ops tf, Sample s,"
        + " dev.feedline.runtime.FittedVocabulary names) { return s; }", vocabulary);
  }

  @Test
  void aVocabularyOverAStringComponentCompiles() {
    Compilation compilation = Sources.compile(vocabulary("  @Statistics(over = Names.class,"
        + " component = \"name\", minCount = 2, topK = 100, oovBuckets = 0)"
        + " dev.feedline.runtime.FittedVocabulary names();"), OVER);
    assertEquals(Compilation.Status.SUCCESS, compilation.status(), compilation.diagnostics()
        .toString());
    assertEquals(List.of(), feedline(compilation).stream()
        .filter(d -> d.getKind() != Diagnostic.Kind.NOTE).toList());
  }

  @Test
  void aVocabularyOfNumbers() {
    assertReports("[feedline:statistic-component] @Statistics 'names' is fitted over component"
            + " 'ids' of pipeline Words, which holds int32 values; a FittedVocabulary counts"
            + " tokens, strings: name a string component, such as the tokens a @Map splits a text"
            + " into (Text.words).",
        "component = \"ids\"", "\"ids\"",
        vocabulary("  @Statistics(over = Words.class, component = \"ids\")"
            + " dev.feedline.runtime.FittedVocabulary names();"));
  }

  @Test
  void aVocabularyWithMinCountZero() {
    assertReports("[feedline:invalid-parameter] @Statistics 'names' has minCount = 0, but a"
            + " vocabulary keeps the tokens seen at least minCount times, 1 or more; use 1 (the"
            + " default) to keep every token seen.",
        "minCount = 0", "0",
        vocabulary("  @Statistics(over = Names.class, component = \"name\", minCount = 0)"
            + " dev.feedline.runtime.FittedVocabulary names();"));
  }

  @Test
  void aVocabularyWithANegativeTopK() {
    assertReports("[feedline:invalid-parameter] @Statistics 'names' has topK = -5, but topK is"
            + " the most tokens a vocabulary keeps, 1 or more, or 0 (the default) for no limit.",
        "topK = -5", "-5",
        vocabulary("  @Statistics(over = Names.class, component = \"name\", topK = -5)"
            + " dev.feedline.runtime.FittedVocabulary names();"));
  }

  @Test
  void aVocabularyWithNegativeBuckets() {
    assertReports("[feedline:invalid-parameter] @Statistics 'names' has oovBuckets = -1, but"
            + " out-of-vocabulary buckets are 0 or more; use 0 to map unknown tokens to -1, or 1"
            + " or more.",
        "oovBuckets = -1", "-1",
        vocabulary("  @Statistics(over = Names.class, component = \"name\", oovBuckets = -1)"
            + " dev.feedline.runtime.FittedVocabulary names();"));
  }

  @Test
  void topKForMoments() {
    assertReports("[feedline:invalid-parameter] @Statistics 'xy' returns Moments, which keeps no"
            + " tokens, but has topK = 10; only FittedVocabulary takes minCount, topK and"
            + " oovBuckets: leave it out, or return FittedVocabulary.",
        "topK = 10", "10",
        fitting("  @Statistics(over = Train.class, component = \"xy\", topK = 10)"
            + " dev.feedline.runtime.Moments xy();"));
  }

  @Test
  void aReturnTypeThatIsNoStatistic() {
    assertReports("[feedline:stage-signature] @Statistics 'xy' declares a value given to the"
            + " builder at run time: declare it abstract, without parameters, as `Moments xy();`,"
            + " a Moments, MinMax, Quantiles or FittedVocabulary.",
        "@Statistics", null,
        fittingWith("", "  @Map(parallel = AUTO) static Sample scale(Ops tf, Sample s) { return s; }",
            "  @Statistics(over = Train.class, component = \"xy\") Operand<TFloat32> xy();"));
  }

  @Test
  void aMapThatTakesAStatisticThePipelineDoesNotDeclare() {
    assertReports("[feedline:stage-signature] @Map 'scale' takes Moments 'xy' after its element,"
            + " but pipeline Fitting declares no @Statistics 'xy'; declare it as"
            + " `@Statistics(over = ..., component = ...) Moments xy();`, rename the parameter to"
            + " one it declares (moments), or remove the parameter.",
        "Moments xy)", "xy)",
        fitting("  @Statistics(over = Train.class, component = \"xy\")"
            + " dev.feedline.runtime.Moments moments();"));
  }

  @Test
  void suppressingTheRuleLeavesTheErrorInPlace() {
    JavaFileObject source = fittingWith("@SuppressWarnings(\"feedline:statistic-component\") ",
        "  @Map(parallel = AUTO) static Sample scale(Ops tf, Sample s,"
            + " dev.feedline.runtime.Moments xy) { return s; }",
        "  @Statistics(over = Train.class, component = \"z\") dev.feedline.runtime.Moments xy();");
    Compilation compilation = Sources.compile(source, OVER);
    assertEquals(Compilation.Status.FAILURE, compilation.status());
    assertEquals(1, feedline(compilation).stream()
        .filter(d -> d.getMessage(Locale.ROOT).startsWith("[feedline:statistic-component]"))
        .count(), "a declaration that cannot be generated is an error, suppressed or not");
  }
}

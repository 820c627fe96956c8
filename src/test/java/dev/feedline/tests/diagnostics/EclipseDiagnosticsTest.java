package dev.feedline.tests.diagnostics;

import static dev.feedline.tests.support.Diagnostics.assertOnly;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.feedline.tests.support.Diagnostics;
import dev.feedline.tests.support.Sources;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The diagnostic tests again under the Eclipse compiler (ecj 3.40), which Eclipse users compile
 * with: the same message on the same line. ecj anchors a bad annotation value at its whole
 * {@code name = value} pair where javac points at the value, so columns are not compared.
 */
class EclipseDiagnosticsTest {
  @TempDir Path dir;

  static java.util.stream.Stream<RuleCatalogueTest.Case> catalogue() {
    return RuleCatalogueTest.cases();
  }

  static java.util.stream.Stream<StageDiagnosticsTest.Case> stages() {
    return StageDiagnosticsTest.cases().map(a -> (StageDiagnosticsTest.Case) a.get()[0]);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("catalogue")
  void everyCatalogueRuleOnTheSameLine(RuleCatalogueTest.Case c) {
    Sources.EclipseRun run = Sources.compileWithEclipse(dir, c.bad().options(), c.bad().source("Bad"));
    assertOnly(run.compilation(), c.kind(), c.message(), run.files().get(0), c.line());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("stages")
  void everyStageDiagnosticOnTheSameLine(StageDiagnosticsTest.Case bad) {
    Sources.EclipseRun run = Sources.compileWithEclipse(dir, List.of(), Sources.pipeline("Bad",
        bad.replacement().isEmpty()
            ? Sources.goodWith(bad.find())
            : Sources.goodWith(bad.find(), bad.replacement())));
    assertOnly(run.compilation(), bad.kind(), bad.message(), run.files().get(0), bad.line());
  }

  /**
   * ecj runs processors over declarations javac stops at: an annotation value that is not a
   * constant reaches the processor, which says so instead of failing.
   */
  @Test
  void aValueThatIsNotAConstant() {
    Sources.EclipseRun run = Sources.compileWithEclipse(dir, List.of(),
        Sources.pipeline("Bad", Sources.goodWith("@Batch",
            "  @Batch(size = Sizes.N) Image batch(Image image);")),
        Sources.source("Sizes", "class Sizes { static long N = 4; }"));
    List<String> feedline = Diagnostics.feedline(run.compilation()).stream()
        .map(d -> d.getMessage(Locale.ROOT)).toList();
    assertEquals(List.of("[feedline:stage-signature] @Batch 'batch' has a value for 'size' that"
        + " cannot be evaluated at compile time; use a constant."), feedline);
  }

  /** A group's stage is reported in the group's file, naming the pipeline, under ecj as well. */
  @Test
  void aStageOfAGroupOnItsOwnLineNamingThePipeline() {
    Sources.EclipseRun run = Sources.compileWithEclipse(dir, List.of(),
        Sources.source("Decoding",
            "@StageGroup interface Decoding {",
            "  @TFRecordSource(records = 1000) Operand<TString> files();",
            "  @Interleave(parallel = AUTO) Operand<TString> read(Operand<TString> file);",
            "  @Decode(parallel = AUTO) Encoded parse(Operand<TString> record);",
            "  @Map static Image decode(Ops tf, Encoded in) { return null; }",
            "}"),
        Sources.source("Train",
            "@Pipeline(ramBudget = \"1GiB\") interface Train extends Decoding {",
            "  @Batch(size = 4) Image batch(Image image);",
            "  @Prefetch(AUTO) Image prefetch(Image batch);",
            "}"));
    assertOnly(run.compilation(), javax.tools.Diagnostic.Kind.WARNING,
        "[feedline:map-not-parallel] @Map 'decode' is sequential and runs one element at a time on"
            + " one core; set `parallel = AUTO`. [in pipeline Train, inherited from Decoding]",
        run.files().get(0), "@Map static Image decode");
  }
}

package dev.feedline.tests.diagnostics;

import static dev.feedline.tests.support.Diagnostics.assertAt;
import static dev.feedline.tests.support.Diagnostics.assertOnly;
import static dev.feedline.tests.support.Diagnostics.columnOf;
import static dev.feedline.tests.support.Diagnostics.feedline;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import dev.feedline.tests.support.Sources;
import java.util.ArrayList;
import java.util.List;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Declarations of sources that read other pipelines ({@code @Mix}, {@code @Concatenate},
 * {@code @Zip}) that cannot be generated: what they read, and how it fits together; and of the
 * stages that make several elements of one ({@code @Window}).
 */
class SourcesDiagnosticsTest {
  private static final Diagnostic.Kind ERROR = Diagnostic.Kind.ERROR;

  /** Pipeline {@code Bad} with the pipelines it may read nested in it, then {@code stages}. */
  private static JavaFileObject bad(String... stages) {
    List<String> lines = new ArrayList<>();
    lines.add("@Pipeline(ramBudget = \"1GiB\") interface Bad {");
    lines.addAll(Sources.READ_PIPELINES);
    lines.addAll(List.of(stages));
    lines.add("  @Batch(size = 4) Image batch(Image image);");
    lines.add("  @Prefetch(AUTO) Image prefetch(Image batch);");
    lines.add("}");
    return Sources.source("Bad", lines.toArray(String[]::new));
  }

  private static void assertReports(String message, String line, String token,
      JavaFileObject source) {
    Diagnostic<? extends JavaFileObject> reported =
        assertOnly(Sources.compile(source), ERROR, message, source, line);
    if (token != null) {
      // javac places a class literal at its dot, ecj at its start.
      long column = columnOf(source, line, token) + Math.max(0, token.indexOf(".class"));
      assertEquals(column, reported.getColumnNumber(), "anchored at " + token);
    }
  }

  @Test
  void aClassThatIsNotAPipeline() {
    assertReports("[feedline:source-pipelines] @Mix 'mixed' reads Records, which is not a @Pipeline"
            + " interface; list only @Pipeline interfaces in 'of'.",
        "Records.class", "Records.class",
        bad("  @Mix(of = {Left.class, Records.class}) Image mixed();"));
  }

  @Test
  void oneSourceOnly() {
    assertReports("[feedline:source-pipelines] @Concatenate 'all' reads 1 pipeline(s); list two or"
            + " more in 'of'.",
        "@Concatenate", "Left.class",
        bad("  @Concatenate(of = Left.class) Image all();"));
  }

  @Test
  void aPipelineListedTwice() {
    assertReports("[feedline:source-pipelines] @Mix 'mixed' lists pipeline Left twice; list each"
            + " pipeline once.",
        "@Mix", null,
        bad("  @Mix(of = {Left.class, Right.class, Left.class}, seed = 1) Image mixed();"));
  }

  @Test
  void pipelinesThatReadEachOther() {
    JavaFileObject source = Sources.source("Loop",
        "final class Loop {",
        "  private Loop() {}",
        String.join("\n", Sources.READ_PIPELINES),
        "  @Pipeline interface A { @Concatenate(of = {Left.class, B.class}) Image all();"
            + " @Prefetch(AUTO) Image prefetch(Image image); }",
        "  @Pipeline interface B { @Concatenate(of = {Right.class, A.class}) Image all();"
            + " @Prefetch(AUTO) Image prefetch(Image image); }",
        "}");
    List<Diagnostic<? extends JavaFileObject>> reported = feedline(Sources.compile(source));
    assertEquals(2, reported.size(), reported.toString());
    assertAt(reported.get(0), ERROR, "[feedline:source-pipelines] @Concatenate 'all' reads"
        + " pipeline B, which reads A in turn; a pipeline cannot read itself.", source, "interface A {");
    assertAt(reported.get(1), ERROR, "[feedline:source-pipelines] @Concatenate 'all' reads"
        + " pipeline A, which reads B in turn; a pipeline cannot read itself.", source, "interface B {");
  }

  @Test
  void aPipelineWithErrorsOfItsOwn() {
    JavaFileObject source = Sources.source("Broken",
        "final class Broken {",
        "  private Broken() {}",
        String.join("\n", Sources.READ_PIPELINES),
        "  @Pipeline interface NoSource { @Prefetch(AUTO) Image prefetch(Image image); }",
        "  @Pipeline interface Reading { @Concatenate(of = {Left.class, NoSource.class}) Image all();"
            + " @Prefetch(AUTO) Image prefetch(Image image); }",
        "}");
    List<Diagnostic<? extends JavaFileObject>> reported = feedline(Sources.compile(source));
    assertEquals(2, reported.size(), reported.toString());
    assertAt(reported.get(1), ERROR, "[feedline:source-pipelines] @Concatenate 'all' reads"
        + " pipeline NoSource, which has errors of its own; fix them first.", source,
        "interface Reading");
  }

  @Test
  void aPipelineWithADeviceStage() {
    assertReports("[feedline:source-pipelines] @Mix 'mixed' reads pipeline OnDevice, whose stage"
            + " 'toDevice' runs on the training device after the iterator; a pipeline read by"
            + " another ends in tf.data: move 'toDevice' to Bad.",
        "@Mix", "OnDevice.class",
        bad("  @Pipeline interface OnDevice { @InMemorySource(records = 600) Image images();"
                + " @Batch(size = 4) Image batch(Image image); @Prefetch(AUTO) Image prefetch(Image b);"
                + " @PrefetchToDevice Image toDevice(Image b); }",
            "  @Mix(of = {Left.class, OnDevice.class}, seed = 1) Image mixed();"));
  }

  @Test
  void aPipelineWithAVocabulary() {
    assertReports("[feedline:source-pipelines] @Concatenate 'all' reads pipeline Words, which"
            + " declares @Vocabulary 'words', whose table a pipeline read by another cannot"
            + " initialize; look the tokens up in Bad instead.",
        "@Concatenate", "Words.class",
        bad("  @Pipeline interface Words {",
            "    @Vocabulary dev.feedline.runtime.VocabularyTable words();",
            "    @InMemorySource(records = 600) Image images();",
            "    @Map(parallel = AUTO) static Image look(Ops tf, Image in, dev.feedline.runtime.VocabularyTable words)"
                + " { return in; }",
            "    @Prefetch(AUTO) Image prefetch(Image image); }",
            "  @Concatenate(of = {Left.class, Words.class}) Image all();"));
  }

  @Test
  void aPipelineWithAMemoryCache() {
    assertReports("[feedline:source-pipelines] @Zip 'both' reads pipeline Cached, whose @Cache"
            + " 'cache' would not outlive an epoch inside Bad: a memory cache would start empty"
            + " every epoch, and a file cache or snapshot is keyed, written and sealed by Cached's"
            + " own iterator; cache after 'both' in Bad.",
        "@Zip", "Cached.class",
        bad("  @Pipeline interface Cached { @InMemorySource(records = 500) Sample samples();"
                + " @Cache Sample cache(Sample sample); @Prefetch(AUTO) Sample prefetch(Sample s); }",
            "  @Zip(of = {Left.class, Cached.class}) ImageSample both();",
            "  @Map(parallel = AUTO) static Image image(Ops tf, ImageSample in) {"
                + " return new Image(in.pixels(), in.label()); }"));
  }

  @Test
  void aPipelineWithAFileCache() {
    assertReports("[feedline:source-pipelines] @Zip 'both' reads pipeline Cached, whose @Cache"
            + " 'cache' would not outlive an epoch inside Bad: a memory cache would start empty"
            + " every epoch, and a file cache or snapshot is keyed, written and sealed by Cached's"
            + " own iterator; cache after 'both' in Bad.",
        "@Zip", "Cached.class",
        bad("  @Pipeline interface Cached { @InMemorySource(records = 500) Sample samples();"
                + " @Cache(file = \"target/c\") Sample cache(Sample sample);"
                + " @Prefetch(AUTO) Sample prefetch(Sample s); }",
            "  @Zip(of = {Left.class, Cached.class}) ImageSample both();",
            "  @Map(parallel = AUTO) static Image image(Ops tf, ImageSample in) {"
                + " return new Image(in.pixels(), in.label()); }"));
  }

  @Test
  void pipelinesOfAnotherElementType() {
    assertReports("[feedline:mixed-element-types] @Mix 'mixed' returns Image, but pipeline Samples"
            + " hands out Sample; every pipeline it reads must hand out Image.",
        "@Mix", null,
        bad("  @Mix(of = {Left.class, Samples.class}, seed = 1) Image mixed();"));
  }

  /** Two records named Image: the message names each by its qualified name. */
  @Test
  void pipelinesOfAnotherElementTypeOfTheSameSimpleName() {
    assertReports("[feedline:mixed-element-types] @Concatenate 'all' returns test.Image, but"
            + " pipeline Other hands out test.Bad.Other.Image; every pipeline it reads must hand"
            + " out test.Image.",
        "@Concatenate", null,
        bad("  @Pipeline interface Other {"
                + " @Element record Image(@Shape({}) Operand<TInt64> id) {}"
                + " @InMemorySource(records = 600) Image images();"
                + " @Prefetch(AUTO) Image prefetch(Image image); }",
            "  @Concatenate(of = {Left.class, Other.class}) Image all();"));
  }

  @Test
  void aChoiceOfPipelinesOfAnotherElementType() {
    assertReports("[feedline:mixed-element-types] @Choose 'chosen' returns Image, but pipeline"
            + " Samples hands out Sample; every pipeline it reads must hand out Image.",
        "@Choose", null,
        bad("  @Choose(of = {Samples.class, Left.class}) Image chosen();"));
  }

  @Test
  void pipelinesBatchedUnalike() {
    assertReports("[feedline:mixed-element-types] @Concatenate 'all' reads pipeline Left, whose"
            + " elements have batch dimensions [], and pipeline Batched, whose elements have [-1];"
            + " batch them alike, or batch after 'all'.",
        "@Concatenate", null,
        bad("  @Concatenate(of = {Left.class, Batched.class}) Image all();"));
  }

  @Test
  void aZipWhoseRecordDoesNotTakeTheComponentsInOrder() {
    assertReports("[feedline:mixed-element-types] @Zip 'both' returns Sample, whose components"
            + " must be those of Left, then Samples, in order: pixels float32[8,8,3], label int64[],"
            + " id int64[], xy float32[2]; it has id int64[], xy float32[2].",
        "@Zip", null,
        bad("  @Zip(of = {Left.class, Samples.class}) Sample both();",
            "  @Map(parallel = AUTO) static Image image(Ops tf, Sample in) { return null; }"));
  }

  @Test
  void aWeightThatIsNotPositive() {
    assertReports("[feedline:mix-weights] @Mix 'mixed' gives pipeline Right the weight 0.0; a"
            + " weight is a positive, finite number.",
        "@Mix", "0.0",
        bad("  @Mix(of = {Left.class, Right.class}, weights = {0.5, 0.0}, seed = 1) Image mixed();"));
  }

  @Test
  void weightsThatDoNotMatchThePipelines() {
    assertReports("[feedline:mix-weights] @Mix 'mixed' gives 3 weights for 2 pipelines; give one"
            + " per pipeline in 'of', in order, or none for equal weights.",
        "@Mix", "{1, 2, 3}",
        bad("  @Mix(of = {Left.class, Right.class}, weights = {1, 2, 3}, seed = 1) Image mixed();"));
  }

  @Test
  void aWindowWithoutElements() {
    JavaFileObject source = Sources.pipeline("Bad", Sources.goodWith("@Batch",
        "  @Window(size = 4, stride = 0) Image windows(Image image);"));
    Diagnostic<? extends JavaFileObject> reported = assertOnly(Sources.compile(source), ERROR,
        "[feedline:invalid-parameter] @Window 'windows' has stride = 0; a window's size and stride"
            + " are 1 or more, its shift 1 or more, or SAME_AS_SIZE (0).",
        source, "@Window");
    assertEquals(columnOf(source, "@Window", "0)"), reported.getColumnNumber());
  }
}

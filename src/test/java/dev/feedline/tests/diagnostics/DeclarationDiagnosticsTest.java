package dev.feedline.tests.diagnostics;

import static dev.feedline.tests.support.Diagnostics.assertAt;
import static dev.feedline.tests.support.Diagnostics.assertOnly;
import static dev.feedline.tests.support.Diagnostics.columnOf;
import static dev.feedline.tests.support.Diagnostics.feedline;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.feedline.processor.PipelineProcessor;
import dev.feedline.tests.support.Diagnostics;
import dev.feedline.tests.support.Sources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Diagnostics on pipeline types, element records and whole chains. */
class DeclarationDiagnosticsTest {
  private static final Diagnostic.Kind ERROR = Diagnostic.Kind.ERROR;

  @Test
  void aPipelineWithoutSource() {
    JavaFileObject source = Sources.pipeline("Bad", Sources.goodWith("@TFRecordSource"));
    assertOnly(Sources.compile(source), ERROR,
        "[feedline:missing-source] Pipeline Bad has no source stage; add @TFRecordSource or"
            + " @InMemorySource as its first stage.",
        source, "interface Bad {");
  }

  @Test
  void aServedPipelineWhoseSourceHandsOutNoRecords() {
    JavaFileObject source = Sources.pipeline("@Serving @Pipeline(ramBudget = \"1GiB\")", "Bad",
        java.util.List.of("  @InMemorySource Sample samples();",
            "  @Prefetch(AUTO) Sample prefetch(Sample sample);"));
    assertOnly(Sources.compile(source), ERROR,
        "[feedline:serving-unsupported] @Serving pipeline Bad cannot have a serving function: its"
            + " source, @InMemorySource 'samples', hands out no records or lines that a request"
            + " could carry; serve a pipeline that reads TFRecord or text files; remove @Serving.",
        source, "@Serving @Pipeline");
  }

  @Test
  void aPipelineThatIsAClass() {
    JavaFileObject source = Sources.source("Bad", "@Pipeline abstract class Bad {}");
    assertOnly(Sources.compile(source), ERROR,
        "[feedline:pipeline-not-interface] @Pipeline Bad must be an interface; declare it as"
            + " `interface Bad`.",
        source, "@Pipeline abstract class Bad");
  }

  @Test
  void aGenericPipeline() {
    JavaFileObject source = Sources.source("Bad",
        "@Pipeline interface Bad<T> {",
        "  @InMemorySource Sample samples();",
        "  @Prefetch(AUTO) Sample prefetch(Sample sample);",
        "}");
    assertOnly(Sources.compile(source), ERROR,
        "[feedline:pipeline-generic] @Pipeline Bad has type parameters, but a pipeline's element"
            + " types are fixed; remove them.",
        source, "@Pipeline interface Bad<T>");
  }

  @Test
  void aPrivatePipeline() {
    JavaFileObject source = Sources.source("Outer",
        "class Outer {",
        "  @Pipeline private interface Hidden {",
        "    @InMemorySource Sample samples();",
        "    @Prefetch(AUTO) Sample prefetch(Sample sample);",
        "  }",
        "}");
    assertOnly(Sources.compile(source), ERROR,
        "[feedline:pipeline-not-accessible] @Pipeline Hidden is private, so the generated"
            + " FeedlineOuter_Hidden cannot call it; make it package-private or public.",
        source, "@Pipeline private interface Hidden");
  }

  @Test
  void aNestedPipelineIsGeneratedUnderItsJoinedName() {
    JavaFileObject source = Sources.source("Outer",
        "class Outer {",
        "  @Pipeline interface Inner {",
        "    @InMemorySource Sample samples();",
        "    @Prefetch(AUTO) Sample prefetch(Sample sample);",
        "  }",
        "}");
    Compilation compilation = Sources.compile(source);
    assertEquals(List.of(), feedline(compilation));
    assertEquals(List.of("/SOURCE_OUTPUT/test/FeedlineOuter_Inner.java"),
        compilation.generatedSourceFiles().stream().map(JavaFileObject::getName).toList());
  }

  @Test
  void aUserTypeWithTheGeneratedNameIsAClearError() {
    JavaFileObject pipeline = Sources.pipeline("Taken", List.of(
        "  @InMemorySource Sample samples();", "  @Prefetch(AUTO) Sample prefetch(Sample sample);"));
    JavaFileObject clash = Sources.source("FeedlineTaken", "class FeedlineTaken {}");
    List<Diagnostic<? extends JavaFileObject>> reported = feedline(Sources.compile(pipeline, clash));
    assertEquals(1, reported.size(), reported.toString());
    assertTrue(reported.get(0).getMessage(null).startsWith(
        "[feedline:generated-file-not-written] Could not write FeedlineTaken for pipeline Taken: "),
        reported.get(0).getMessage(null));
    assertTrue(reported.get(0).getMessage(null).endsWith(
        "; if a type of that name already exists in package test, rename one of them."));
    assertEquals(Diagnostics.lineOf(pipeline, "interface Taken {"),
        reported.get(0).getLineNumber());
  }

  @Test
  void aFileTheFilerRefusesLosesNoOtherFileOfTheRound(@TempDir Path dir) throws IOException {
    // Every file of a round is created at its end: the one refused is reported at its own
    // pipeline, and the pipelines before and after it in the round are still written. Compiled
    // to disk, since compile-testing hands out no generated file of a compilation that failed.
    List<String> stages = List.of(
        "  @InMemorySource Sample samples();", "  @Prefetch(AUTO) Sample prefetch(Sample sample);");
    JavaFileObject taken = Sources.pipeline("Taken", stages);
    List<JavaFileObject> sources = List.of(Sources.pipeline("Alpha", stages), taken,
        Sources.pipeline("Zeta", stages), Sources.source("FeedlineTaken", "class FeedlineTaken {}"),
        Sources.RECORDS);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    Path generated = Files.createDirectories(dir.resolve("generated"));
    JavaCompiler.CompilationTask task = javac.getTask(null, null, diagnostics, List.of("-proc:only",
        "-s", generated.toString(), "-cp", System.getProperty("java.class.path")), null, sources);
    task.setProcessors(List.of(new PipelineProcessor()));
    assertFalse(task.call());
    List<Diagnostic<? extends JavaFileObject>> errors = diagnostics.getDiagnostics().stream()
        .filter(d -> d.getKind() == Diagnostic.Kind.ERROR).toList();
    assertEquals(1, errors.size(), errors.toString());
    assertTrue(errors.get(0).getMessage(Locale.ROOT).startsWith(
        "[feedline:generated-file-not-written] Could not write FeedlineTaken for pipeline Taken: "),
        errors.get(0).getMessage(Locale.ROOT));
    assertEquals(taken, errors.get(0).getSource());
    try (Stream<Path> files = Files.list(generated.resolve("test"))) {
      assertEquals(List.of("FeedlineAlpha.java", "FeedlineZeta.java"),
          files.map(f -> f.getFileName().toString()).sorted().toList());
    }
    assertTrue(Files.readString(generated.resolve("test/FeedlineZeta.java"))
        .contains("final class FeedlineZeta"));
  }

  @Test
  void anElementThatIsNotARecord() {
    JavaFileObject source = Sources.source("NotRecord", "@Element final class NotRecord {}");
    assertOnly(Sources.compile(source), ERROR,
        "[feedline:element-not-record] @Element NotRecord must be a record; declare it as"
            + " `record NotRecord(...)`.",
        source, "@Element final class NotRecord");
  }

  @Test
  void elementComponentsNeedATensorTypeAndAValidShape() {
    JavaFileObject source = Sources.source("Broken",
        "@Element record Broken(",
        "    @Shape({}) String name,",
        "    Operand<TInt64> id,",
        "    @Shape({4, -2}) Operand<TFloat32> xy,",
        "    @Feature(\"\") @Shape({}) Operand<TString> text) {}");
    List<Diagnostic<? extends JavaFileObject>> reported = feedline(Sources.compile(source));
    assertEquals(4, reported.size(), reported.toString());
    assertAt(reported.get(0), ERROR,
        "[feedline:element-invalid] Component 'name' of Broken has type String; an element"
            + " component is one tensor: declare it as Operand<TFloat32>, Operand<TInt64>,"
            + " Operand<TString> or another TensorFlow dtype.",
        source, "String name");
    assertAt(reported.get(1), ERROR,
        "[feedline:element-invalid] Component 'id' of Broken has no @Shape; declare its static"
            + " shape, such as @Shape({224, 224, 3}), or @Shape({}) for a scalar.",
        source, "Operand<TInt64> id");
    Diagnostic<? extends JavaFileObject> dimension = assertAt(reported.get(2), ERROR,
        "[feedline:element-invalid] @Shape of component 'xy' of Broken has dimension -2; a"
            + " dimension is a size of 0 or more, or -1 (Feedline.UNKNOWN) when only known at run"
            + " time.",
        source, "@Shape({4, -2})");
    assertEquals(columnOf(source, "@Shape({4, -2})", "-2"), dimension.getColumnNumber(),
        "anchored at the bad dimension");
    assertAt(reported.get(3), ERROR,
        "[feedline:element-invalid] @Feature on component 'text' of Broken is empty; give the"
            + " tf.train.Example feature key, or remove @Feature to use 'text'.",
        source, "@Feature(\"\")");
  }

  @Test
  void anEmptyOrGenericElement() {
    JavaFileObject source = Sources.source("Odd",
        "@Element record Empty() {}",
        "@Element record Generic<T>(@Shape({}) Operand<TInt64> id) {}");
    List<Diagnostic<? extends JavaFileObject>> reported = feedline(Sources.compile(source));
    assertEquals(2, reported.size(), reported.toString());
    assertAt(reported.get(0), ERROR,
        "[feedline:element-invalid] @Element Empty has no components; declare one Operand"
            + " component per tensor.",
        source, "record Empty");
    assertAt(reported.get(1), ERROR,
        "[feedline:element-invalid] @Element Generic is generic; an element's dtypes are fixed, so"
            + " remove its type parameters.",
        source, "record Generic");
  }

  @Test
  void aRecordWithoutElementAnnotationUsedByAStage() {
    JavaFileObject source = Sources.source("Bad",
        "record Plain(@Shape({}) Operand<TInt64> id) {}",
        "@Pipeline interface Bad {",
        "  @InMemorySource Plain samples();",
        "  @Prefetch(AUTO) Plain prefetch(Plain sample);",
        "}");
    List<Diagnostic<? extends JavaFileObject>> reported = feedline(Sources.compile(source));
    assertEquals(2, reported.size(), "one per stage that uses it: " + reported);
    assertAt(reported.get(0), ERROR,
        "[feedline:stage-signature] The element type of the result of @InMemorySource 'samples' is"
            + " Plain, which is neither an @Element record nor Operand<TString>; annotate record"
            + " Plain with @Element.",
        source, "@InMemorySource Plain");
    assertAt(reported.get(1), ERROR,
        "[feedline:stage-signature] The element type of the parameter of @Prefetch 'prefetch' is"
            + " Plain, which is neither an @Element record nor Operand<TString>; annotate record"
            + " Plain with @Element.",
        source, "@Prefetch(AUTO) Plain");
  }

  @Test
  void aDecodeIntoComponentsThatAnExampleCannotHold() {
    JavaFileObject source = Sources.pipeline("Bad", Sources.goodWith("@Decode",
        "  @Decode(parallel = AUTO) Counted parse(Operand<TString> record);",
        "  @Map(parallel = AUTO) static Encoded back(Ops tf, Counted c) { return null; }"));
    JavaFileObject counted = Sources.source("Counted",
        "@Element record Counted(@Shape({}) Operand<TInt32> n, @Shape({2, -1}) Operand<TFloat32> v,"
            + " @Shape({-1, 3}) Operand<TFloat32> rows) {}");
    List<Diagnostic<? extends JavaFileObject>> reported = feedline(Sources.compile(source, counted));
    assertEquals(2, reported.size(), reported.toString()); // rows: only its first dimension varies
    assertAt(reported.get(0), ERROR,
        "[feedline:decode-unsupported-component] @Decode 'parse' cannot parse component 'n' of"
            + " Counted: its dtype is TInt32; a tf.train.Example feature is TString, TInt64 or"
            + " TFloat32, so decode to that and convert in a @Map.",
        source, "@Decode");
    assertAt(reported.get(1), ERROR,
        "[feedline:decode-unsupported-component] @Decode 'parse' cannot parse component 'v' of"
            + " Counted: its shape [2,?] has an unknown dimension after the first; a feature is one"
            + " flat list of values, so only its first dimension can vary (-1); fix the others, or"
            + " parse it flat and reshape it in a @Map.",
        source, "@Decode");
  }

  @Test
  void aStageInheritedFromAnInterfaceThatIsNeitherAGroupNorAPipeline() {
    JavaFileObject source = Sources.source("Bad",
        "interface Base {",
        "  @Prefetch(AUTO) Sample prefetch(Sample sample);",
        "}",
        "@Pipeline interface Bad extends Base {",
        "  @InMemorySource Sample samples();",
        "}");
    List<Diagnostic<? extends JavaFileObject>> reported = feedline(Sources.compile(source));
    assertEquals(2, reported.size(), reported.toString());
    assertAt(reported.get(0), ERROR,
        "[feedline:stage-outside-pipeline] @Prefetch on 'prefetch' has no effect because Base is"
            + " neither a @Pipeline nor a @StageGroup interface; annotate Base with one of them or"
            + " remove the stage annotation.",
        source, "@Prefetch(AUTO) Sample prefetch");
    assertAt(reported.get(1), ERROR,
        "[feedline:inherited-stage] Stage method 'prefetch' is inherited from Base, which is"
            + " neither a @StageGroup nor a @Pipeline, so it has no place in the chain of Bad;"
            + " annotate Base with @StageGroup, or redeclare the stage in Bad.",
        source, "@Pipeline interface Bad extends Base");
  }

  @Test
  void twoComponentsReadingOneFeatureKey() {
    JavaFileObject source = Sources.source("Twice",
        "@Element record Twice(",
        "    @Shape({}) Operand<TInt64> label,",
        "    @Feature(\"label\") @Shape({}) Operand<TInt64> copy) {}");
    assertOnly(Sources.compile(source), ERROR,
        "[feedline:element-invalid] Component 'copy' of Twice reads feature \"label\" like"
            + " component 'label'; a tf.train.Example holds one value list per key, so give each"
            + " component its own key with @Feature.",
        source, "@Feature(\"label\")");
  }

  /** The key is quoted as a Java literal: its line terminators cannot break the message's line. */
  @Test
  void twoComponentsReadingOneFeatureKeyOfLineTerminators() {
    JavaFileObject source = Sources.source("Twice",
        "@Element record Twice(",
        "    @Feature(\"a\\nb\\u2028c\") @Shape({}) Operand<TInt64> label,",
        "    @Feature(\"a\\nb\\u2028c\") @Shape({}) Operand<TInt64> copy) {}");
    assertOnly(Sources.compile(source), ERROR,
        "[feedline:element-invalid] Component 'copy' of Twice reads feature \"a\\nb\\u2028c\" like"
            + " component 'label'; a tf.train.Example holds one value list per key, so give each"
            + " component its own key with @Feature.",
        source, "Operand<TInt64> copy");
  }

  @Test
  void aMismatchBetweenRecordsOfOneSimpleNameNamesBothQualified() {
    JavaFileObject other = JavaFileObjects.forSourceString("other.Image", String.join("\n",
        "package other;",
        "import dev.feedline.*;",
        "import org.tensorflow.Operand;",
        "import org.tensorflow.types.*;",
        "@Element public record Image(@Shape({8, 8, 3}) Operand<TFloat32> pixels) {}"));
    JavaFileObject source = Sources.source("Bad",
        "@Pipeline interface Bad {",
        "  @InMemorySource Image images();",
        "  @Prefetch(AUTO) other.Image prefetch(other.Image image);",
        "}");
    assertOnly(Sources.compile(source, other), ERROR,
        "[feedline:chain-type-mismatch] @Prefetch 'prefetch' takes other.Image but the previous"
            + " stage @InMemorySource 'images' produces test.Image; change the parameter to"
            + " test.Image or insert a @Map from test.Image to other.Image.",
        source, "@Prefetch(AUTO) other.Image");
  }

  @Test
  void sizeEstimatesSaturateInsteadOfOverflowing() {
    JavaFileObject source = Sources.pipeline("Huge", Sources.goodWith("@Batch",
        "  @Batch(size = Long.MAX_VALUE, dropRemainder = true) Image batch(Image image);"));
    Compilation compilation = Sources.compile(source);
    assertEquals(List.of(), feedline(compilation).stream()
        .filter(d -> d.getMessage(Locale.ROOT).contains("internal-error")).toList());
    assertEquals(Compilation.Status.SUCCESS, compilation.status(), compilation.diagnostics().toString());
  }

  @Test
  void aPrivateElement() {
    JavaFileObject source = Sources.source("Outer",
        "class Outer {",
        "  @Element private record Hidden(@Shape({}) Operand<TInt64> id) {}",
        "}");
    assertOnly(Sources.compile(source), ERROR,
        "[feedline:element-invalid] @Element Hidden is private, so generated code cannot construct"
            + " it; make it package-private or public.",
        source, "@Element private record Hidden");
  }

  @Test
  void aRamBudgetThatIsNotASize() {
    JavaFileObject source = Sources.pipeline("@Pipeline(ramBudget = \"lots\")", "Bad",
        Sources.GOOD_STAGES);
    Diagnostic<? extends JavaFileObject> error = assertOnly(Sources.compile(source), ERROR,
        "[feedline:invalid-parameter] @Pipeline 'Bad' has ramBudget = \"lots\", but a budget is a"
            + " positive size in bytes: a number and one of the units B, KB, MB, GB, TB, PB, EB,"
            + " KiB, MiB, GiB, TiB, PiB or EiB, such as \"8GiB\" or \"512MB\".",
        source, "@Pipeline(ramBudget");
    assertEquals(columnOf(source, "@Pipeline(ramBudget", "\"lots\""), error.getColumnNumber());
  }

  /** Budgets up to the largest long are taken exactly; larger ones saturate, as estimates do. */
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "1PiB                 | 1.00 PiB",
      "2EiB                 | 2.00 EiB",
      "1 EB                 | 888 PiB",
      "9223372036854775807  | 8.00 EiB",
      "64EiB                | 8.00 EiB",
  })
  void aRamBudgetUpToTheLargestLongIsTaken(String budget, String shown, @TempDir Path dir)
      throws IOException {
    Compilation compilation = Sources.compile(List.of("-Afeedline.report=" + dir),
        Sources.pipeline("@Pipeline(ramBudget = \"" + budget + "\")", "Large",
            Sources.GOOD_STAGES));
    assertEquals(List.of(), Diagnostics.warningsAndErrors(compilation));
    assertTrue(Files.readAllLines(dir.resolve("test.Large.md")).contains(
        "Generated class: `test.FeedlineLarge`. RAM budget: " + shown + "."));
  }

  @Test
  void aRamBudgetOfNoBytes() {
    JavaFileObject source = Sources.pipeline("@Pipeline(ramBudget = \"0.5B\")", "Bad",
        Sources.GOOD_STAGES);
    assertOnly(Sources.compile(source), ERROR,
        "[feedline:invalid-parameter] @Pipeline 'Bad' has ramBudget = \"0.5B\", but a budget is a"
            + " positive size in bytes: a number and one of the units B, KB, MB, GB, TB, PB, EB,"
            + " KiB, MiB, GiB, TiB, PiB or EiB, such as \"8GiB\" or \"512MB\".",
        source, "@Pipeline(ramBudget");
  }

  @Test
  void aDecodeOfRecordsThatAreNotStrings() {
    JavaFileObject source = Sources.pipeline("Bad", List.of(
        "  @InMemorySource(records = 10) Sample samples();",
        "  @Decode(parallel = AUTO) Encoded parse(Sample record);",
        "  @Batch(size = 4) Encoded batch(Encoded e);",
        "  @Prefetch(AUTO) Encoded prefetch(Encoded batch);"));
    assertOnly(Sources.compile(source), ERROR,
        "[feedline:stage-signature] @Decode 'parse' parses serialized tf.train.Example records: its"
            + " parameter is Operand<TString>, not Sample.",
        source, "@Decode");
  }

  @Test
  void aMapWithoutBody() {
    JavaFileObject source = Sources.pipeline("Bad", List.of(
        "  @InMemorySource(records = 10) Image images();",
        "  @Map(parallel = AUTO) Image brighter(Ops tf, Image in);",
        "  @Prefetch(AUTO) Image prefetch(Image image);"));
    assertOnly(Sources.compile(source), ERROR,
        "[feedline:stage-signature] @Map 'brighter' needs a body that builds graph ops: declare it"
            + " `static Out brighter(Ops tf, In element) { ... }`.",
        source, "@Map(parallel = AUTO) Image brighter");
  }

  @Test
  void aTfRecordSourceOfRecords() {
    JavaFileObject source = Sources.pipeline("Bad", List.of(
        "  @TFRecordSource Encoded files();",
        "  @Prefetch(AUTO) Encoded prefetch(Encoded e);"));
    List<Diagnostic<? extends JavaFileObject>> reported = feedline(Sources.compile(source));
    assertEquals(2, reported.size(), reported.toString());
    assertAt(reported.get(0), ERROR,
        "[feedline:stage-signature] @TFRecordSource 'files' yields file names: declare it"
            + " `Operand<TString> files();`.",
        source, "@TFRecordSource Encoded");
    assertAt(reported.get(1), ERROR,
        "[feedline:files-not-read] @TFRecordSource 'files' yields file names, not records; follow"
            + " it with @Interleave to read the files.",
        source, "@TFRecordSource Encoded");
  }

  @Test
  void anInterleaveOfRecords() {
    JavaFileObject source = Sources.pipeline("Bad", List.of(
        "  @TFRecordSource Operand<TString> files();",
        "  @Interleave(parallel = AUTO) Encoded read(Operand<TString> file);",
        "  @Prefetch(AUTO) Encoded prefetch(Encoded e);"));
    assertOnly(Sources.compile(source), ERROR,
        "[feedline:stage-signature] @Interleave 'read' yields serialized records: declare it"
            + " `Operand<TString> read(Operand<TString> file);` and parse them with @Decode.",
        source, "@Interleave");
  }

  @Test
  void aDecodeIntoAString() {
    JavaFileObject source = Sources.pipeline("Bad", List.of(
        "  @TFRecordSource Operand<TString> files();",
        "  @Interleave(parallel = AUTO) Operand<TString> read(Operand<TString> file);",
        "  @Decode(parallel = AUTO) Operand<TString> parse(Operand<TString> record);",
        "  @Prefetch(AUTO) Operand<TString> prefetch(Operand<TString> e);"));
    assertOnly(Sources.compile(source), ERROR,
        "[feedline:stage-signature] @Decode 'parse' parses records into an @Element record: return"
            + " one, not Operand<TString>.",
        source, "@Decode");
  }
}

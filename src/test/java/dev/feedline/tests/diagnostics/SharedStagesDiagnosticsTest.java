package dev.feedline.tests.diagnostics;

import static dev.feedline.tests.support.Diagnostics.assertAt;
import static dev.feedline.tests.support.Diagnostics.assertOnly;
import static dev.feedline.tests.support.Diagnostics.feedline;
import static dev.feedline.tests.support.Diagnostics.warningsAndErrors;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.feedline.tests.support.Sources;
import dev.feedline.processor.PipelineProcessor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pipelines that take their stages from {@code @StageGroup}s and other pipelines: the chain is
 * checked as if written out, findings in a group point at the group and name the pipeline, and
 * the mistakes of sharing (a changed override, a stage reached twice, a source after other
 * stages, an unusable group) are clear errors.
 */
class SharedStagesDiagnosticsTest {
  private static final Diagnostic.Kind ERROR = Diagnostic.Kind.ERROR;
  private static final Diagnostic.Kind WARNING = Diagnostic.Kind.WARNING;

  /**
   * The good pipeline's stages in three groups: reading to the cache (its first seven lines, the
   * map's body included), the shuffle, batching.
   */
  private static final JavaFileObject GROUPS = Sources.source("Groups", groups(
      "Reading", Sources.GOOD_STAGES.subList(0, 7),
      "Shuffling", Sources.GOOD_STAGES.subList(7, 8),
      "Batching", Sources.GOOD_STAGES.subList(8, 10)));

  /** Source lines of {@code @StageGroup} interfaces, given as name, stage lines, name, ... */
  private static String[] groups(Object... namesAndStages) {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < namesAndStages.length; i += 2) {
      lines.add("@StageGroup interface " + namesAndStages[i] + " {");
      for (Object stage : (List<?>) namesAndStages[i + 1]) {
        lines.add((String) stage);
      }
      lines.add("}");
    }
    return lines.toArray(String[]::new);
  }

  private static String generated(Compilation compilation, String name) throws IOException {
    return compilation.generatedSourceFile(name).orElseThrow().getCharContent(true).toString();
  }

  @Test
  void aTrainAndAnEvalPipelineShareGroupsWithoutAnyDiagnostic() throws IOException {
    JavaFileObject pipelines = Sources.source("Pipelines",
        "@Pipeline(ramBudget = \"1GiB\") interface Train extends Reading, Shuffling, Batching {}",
        "@Pipeline(ramBudget = \"1GiB\") interface Eval extends Reading, Batching {",
        "  @Batch(size = 8) Image batch(Image image);",
        "}");
    Compilation compilation = Sources.compile(GROUPS, pipelines);
    assertEquals(List.of(), feedline(compilation));
    String eval = generated(compilation, "test.FeedlineEval");
    // Complete on its own: the group's body is called through the group's name.
    assertTrue(eval.contains("Image out = Reading.decode(tf, in);"), eval);
    assertTrue(eval.contains("calls {@link Reading#decode}"), eval);
    // The replacement sits where the inherited batch was, before the group's prefetch; nothing
    // after the cache runs a function, so the epochs after it run untuned.
    assertTrue(eval.contains(" *  5 cache     @Cache, the epochs after it untuned\n"
        + " *  6 batch     @Batch(size = 8)\n"
        + " *              -> Image: pixels float32[?,8,8,3], label int64[?]\n"
        + " *  7 prefetch  @Prefetch(AUTO)\n"), eval);
  }

  @Test
  void aProblemOfAGroupsStageIsReportedInTheGroupForEachPipelineThatHasIt() {
    JavaFileObject group = Sources.source("Decoding",
        "@StageGroup interface Decoding {",
        "  @TFRecordSource(records = 1000) Operand<TString> files();",
        "  @Interleave(parallel = AUTO) Operand<TString> read(Operand<TString> file);",
        "  @Decode(parallel = AUTO) Encoded parse(Operand<TString> record);",
        "  @Map static Image decode(Ops tf, Encoded in) { return null; }",
        "}");
    JavaFileObject pipelines = Sources.source("Pipelines",
        "@Pipeline(ramBudget = \"1GiB\") interface Train extends Decoding, Batching {}",
        "@SuppressWarnings(\"feedline:map-not-parallel\")",
        "@Pipeline(ramBudget = \"1GiB\") interface Quiet extends Decoding, Batching {}",
        "@Pipeline(ramBudget = \"1GiB\") interface Eval extends Decoding, Batching {}",
        "@StageGroup interface Unused {",
        "  @Map static Image decode(Ops tf, Encoded in) { return null; }",
        "}");
    List<Diagnostic<? extends JavaFileObject>> reported =
        warningsAndErrors(Sources.compile(GROUPS, group, pipelines));
    assertEquals(2, reported.size(), reported.toString());
    for (int i = 0; i < 2; i++) {
      assertAt(reported.get(i), WARNING,
          "[feedline:map-not-parallel] @Map 'decode' is sequential and runs one element at a time"
              + " on one core; set `parallel = AUTO`. [in pipeline " + List.of("Train", "Eval").get(i)
              + ", inherited from Decoding]",
          group, "@Map static Image decode");
    }
  }

  @Test
  void theAssembledChainIsCheckedAsIfWrittenOut() {
    JavaFileObject pipeline = Sources.source("Late",
        "@Pipeline(ramBudget = \"1GiB\") interface Late extends Reading, Batching {",
        "  @Shuffle(buffer = 100) Image shuffle(Image image);",
        "}");
    List<Diagnostic<? extends JavaFileObject>> reported =
        warningsAndErrors(Sources.compile(GROUPS, pipeline));
    assertEquals(2, reported.size(), reported.toString());
    assertAt(reported.get(0), WARNING,
        "[feedline:terminal-prefetch-autotune] Pipeline Late ends with @Shuffle 'shuffle' instead"
            + " of @Prefetch, so input preparation cannot overlap the training step; append"
            + " `@Prefetch(AUTO) Image prefetch(Image batch);`.",
        pipeline, "@Shuffle(buffer = 100)");
    assertAt(reported.get(1), WARNING,
        "[feedline:shuffle-after-batch] @Shuffle 'shuffle' follows @Batch 'batch', so it reorders"
            + " whole batches and every epoch groups the same elements together; shuffle elements"
            + " before 'batch'.",
        pipeline, "@Shuffle(buffer = 100)");
  }

  @Test
  void aPipelineExtendsAnotherPipelineAndReplacesOneStage() {
    JavaFileObject pipelines = Sources.source("Pipelines",
        "@Pipeline(ramBudget = \"1GiB\") interface Base extends Reading, Shuffling, Batching {}",
        "@Pipeline(ramBudget = \"1GiB\") interface Tiny extends Base {",
        "  @Shuffle(buffer = 1) Image shuffle(Image image);",
        "}");
    assertOnly(Sources.compile(GROUPS, pipelines), WARNING,
        "[feedline:shuffle-buffer-too-small] @Shuffle 'shuffle' has buffer = 1, so it does not"
            + " reorder anything; use a buffer of thousands of elements.",
        pipelines, "@Shuffle(buffer = 1)");
  }

  @Test
  void aReplacementOfAnotherKind() {
    JavaFileObject pipeline = Sources.source("Bad",
        "@Pipeline(ramBudget = \"1GiB\") interface Bad extends Reading, Shuffling, Batching {",
        "  @Map(parallel = AUTO) static Image shuffle(Ops tf, Image image) { return image; }",
        "}");
    assertOnly(Sources.compile(GROUPS, pipeline), ERROR,
        "[feedline:stage-override-mismatch] @Map 'shuffle' replaces @Shuffle 'shuffle' inherited"
            + " from Shuffling, but a replacement keeps the stage's kind; declare it @Shuffle, or"
            + " give it a name of its own to add a stage after the inherited ones.",
        pipeline, "static Image shuffle");
  }

  @Test
  void aReplacementWithOtherElementTypes() {
    JavaFileObject pipeline = Sources.source("Bad",
        "@Pipeline(ramBudget = \"1GiB\") interface Bad extends Reading, Batching {",
        "  @Map(parallel = AUTO) static Wide decode(Ops tf, Encoded in) { return null; }",
        "}");
    assertOnly(Sources.compile(GROUPS, pipeline), ERROR,
        "[feedline:stage-override-mismatch] @Map 'decode' takes Encoded and returns Wide, but"
            + " replaces the stage inherited from Reading, which takes Encoded and returns Image; a"
            + " replacement keeps the element types, so that the stages around it still fit.",
        pipeline, "static Wide decode");
  }

  @Test
  void aMethodUnderAnInheritedStagesNameWithoutAnnotation() {
    JavaFileObject pipeline = Sources.source("Bad",
        "@Pipeline(ramBudget = \"1GiB\") interface Bad extends Reading, Shuffling, Batching {",
        "  Image shuffle(Image image);",
        "}");
    assertOnly(Sources.compile(GROUPS, pipeline), ERROR,
        "[feedline:stage-override-mismatch] Method 'shuffle' of Bad has the name of @Shuffle"
            + " 'shuffle' inherited from Shuffling but no stage annotation, so it neither replaces"
            + " nor adds a stage; annotate it to replace 'shuffle', or rename it.",
        pipeline, "Image shuffle(Image image);");
  }

  @Test
  void aStageReachedThroughTwoGroups() {
    JavaFileObject pipeline = Sources.source("Bad",
        "@StageGroup interface ShuffledBatches extends Shuffling, Batching {}",
        "@StageGroup interface ShuffledCache extends Shuffling {",
        "  @Cache Image again(Image image);",
        "}",
        "@Pipeline(ramBudget = \"1GiB\")",
        "interface Bad extends Reading, ShuffledCache, ShuffledBatches {}");
    assertOnly(Sources.compile(GROUPS, pipeline), ERROR,
        "[feedline:shared-stage-twice] Bad reaches stage 'shuffle' of Shuffling twice, through"
            + " ShuffledCache and ShuffledBatches, but a stage runs once in a chain; take Shuffling"
            + " through one of them only.",
        pipeline, "@Pipeline(ramBudget");
  }

  @Test
  void twoInheritedStagesOfOneName() {
    JavaFileObject pipeline = Sources.source("Bad",
        "@StageGroup interface Caching {",
        "  @Cache Image batch(Image image);",
        "}",
        "@Pipeline(ramBudget = \"1GiB\")",
        "interface Bad extends Reading, Caching, Batching {}");
    assertOnly(Sources.compile(GROUPS, pipeline), ERROR,
        "[feedline:shared-stage-twice] Bad inherits two stages named 'batch', from Caching and"
            + " from Batching, but a chain names each stage once; rename one of them.",
        pipeline, "@Pipeline(ramBudget");
  }

  @Test
  void aGroupWithASourceAfterOtherStages() {
    JavaFileObject pipeline = Sources.source("Bad",
        "@Pipeline(ramBudget = \"1GiB\")",
        "interface Bad extends Shuffling, Reading, Batching {}");
    assertOnly(Sources.compile(GROUPS, pipeline), ERROR,
        "[feedline:shared-source-not-first] Bad extends Reading after Shuffling, but Reading"
            + " starts with source 'files', and a chain's source comes first; list Reading first"
            + " after `extends`.",
        pipeline, "@Pipeline(ramBudget");
  }

  /** Listing either group first would leave the other's source second: the chain has two. */
  @Test
  void twoGroupsThatEachStartWithASource() {
    JavaFileObject pipeline = Sources.source("Bad",
        "@StageGroup interface Remembered { @InMemorySource(records = 10) Image images(); }",
        "@Pipeline(ramBudget = \"1GiB\") interface Bad extends Reading, Remembered, Batching {}");
    assertOnly(Sources.compile(GROUPS, pipeline), ERROR,
        "[feedline:shared-source-not-first] Bad extends Reading, which starts with source 'files',"
            + " and Remembered, which starts with source 'images', but a chain has one source,"
            + " first; extend one of them, or a group of the other's stages without its source.",
        pipeline, "@Pipeline(ramBudget");
  }

  /** Overloads are legal Java, but a stage is named by its method: two of one name are an error. */
  @Test
  void twoStagesOfOneNameInOnePipeline() {
    List<String> stages = new ArrayList<>(Sources.GOOD_STAGES);
    stages.add(stages.indexOf("  @Cache Image cache(Image image);"),
        "  @Map(parallel = AUTO) static Image decode(Ops tf, Image in) { return in; }");
    JavaFileObject pipeline = Sources.pipeline("Bad", stages);
    assertOnly(Sources.compile(pipeline), ERROR,
        "[feedline:shared-stage-twice] Bad declares two stages named 'decode'; overloads are legal"
            + " Java, but a stage's method name is its name in the chain, in diagnostics, in the"
            + " doctor's report and in run-time errors, so each stage has a name of its own;"
            + " rename one.",
        pipeline, "static Image decode(Ops tf, Image in)");
  }

  /** Groups, each declaring one input; {@code words} and {@code longest} are the inputs' names. */
  private static JavaFileObject inputGroups(String first, String second) {
    return Sources.source("Inputs",
        "@StageGroup interface Words {",
        "  " + first,
        "}",
        "@StageGroup interface MoreWords {",
        "  " + second,
        "}");
  }

  @Test
  void twoGroupsDeclaringAVocabularyOfOneNameDifferently() {
    JavaFileObject pipeline = Sources.source("Bad", "@Pipeline(ramBudget = \"1GiB\") interface Bad"
        + " extends Reading, Words, MoreWords, Shuffling, Batching {}");
    assertOnly(Sources.compile(GROUPS, inputGroups(
            "@Vocabulary dev.feedline.runtime.VocabularyTable words();",
            "@Vocabulary(oovBuckets = 4) dev.feedline.runtime.VocabularyTable words();"), pipeline),
        ERROR, "[feedline:shared-stage-twice] Bad inherits two inputs named 'words' that differ,"
            + " @Vocabulary(oovBuckets = 1, strict = false) VocabularyTable Words.words() and"
            + " @Vocabulary(oovBuckets = 4, strict = false) VocabularyTable MoreWords.words(), but"
            + " its builder"
            + " takes one 'words' for both; declare them alike, or rename one.",
        pipeline, "@Pipeline(ramBudget");
  }

  @Test
  void twoGroupsDeclaringARunTimeValueOfOneNameOfTwoTypes() {
    JavaFileObject pipeline = Sources.source("Bad", "@Pipeline(ramBudget = \"1GiB\") interface Bad"
        + " extends Reading, Words, MoreWords, Shuffling, Batching {}");
    assertOnly(Sources.compile(GROUPS, inputGroups("@RunTimeValue Operand<TInt64> longest();",
            "@RunTimeValue Operand<TFloat32> longest();"), pipeline),
        ERROR, "[feedline:shared-stage-twice] Bad inherits two inputs named 'longest' that differ,"
            + " @RunTimeValue Operand<TInt64> Words.longest() and @RunTimeValue Operand<TFloat32>"
            + " MoreWords.longest(), but its builder takes one 'longest' for both; declare them"
            + " alike, or rename one.",
        pipeline, "@Pipeline(ramBudget");
  }

  @Test
  void twoGroupsDeclaringOneInputAlikeShareIt() throws IOException {
    JavaFileObject pipeline = Sources.source("Good", "@Pipeline(ramBudget = \"1GiB\") interface"
        + " Good extends Reading, Words, MoreWords, Shuffling, Batching {}");
    String vocabulary = "@Vocabulary(oovBuckets = 4) dev.feedline.runtime.VocabularyTable words();";
    Compilation compilation = Sources.compile(GROUPS, inputGroups(vocabulary, vocabulary), pipeline);
    assertEquals(List.of(), warningsAndErrors(compilation));
    String generated = generated(compilation, "test.FeedlineGood");
    assertEquals(1, generated.split("public Builder words\\(", -1).length - 1, generated);
    assertTrue(generated.contains("a token not in it maps to one of 4 ids after them"), generated);
  }

  @Test
  void aGroupThatIsAClass() {
    JavaFileObject group = Sources.source("Bad", "@StageGroup abstract class Bad {}");
    assertOnly(Sources.compile(group), ERROR,
        "[feedline:stage-group-invalid] @StageGroup Bad must be an interface for pipelines to"
            + " extend; declare it as `interface Bad`.",
        group, "@StageGroup abstract class Bad");
  }

  @Test
  void aGenericGroup() {
    JavaFileObject group = Sources.source("Bad",
        "@StageGroup interface Bad<T> {",
        "  @Cache Image cache(Image image);",
        "}");
    assertOnly(Sources.compile(group), ERROR,
        "[feedline:stage-group-invalid] @StageGroup Bad has type parameters, but a stage's element"
            + " types are fixed; remove them.",
        group, "@StageGroup interface Bad<T>");
  }

  @Test
  void aPrivateGroupIsReportedOnceThoughAPipelineUsesIt() {
    JavaFileObject source = Sources.source("Outer",
        "class Outer {",
        "  @StageGroup private interface Hidden {",
        "    @Shuffle(buffer = 100) Image shuffle(Image image);",
        "  }",
        "  @Pipeline(ramBudget = \"1GiB\") interface Uses extends Reading, Hidden, Batching {}",
        "}");
    assertOnly(Sources.compile(GROUPS, source), ERROR,
        "[feedline:stage-group-invalid] @StageGroup Hidden is private, so the classes generated"
            + " for the pipelines that extend it cannot call its stages; make it package-private"
            + " or public.",
        source, "@StageGroup private interface Hidden");
  }

  @Test
  void aGroupThatIsAPipelineTooIsReportedAndNotGenerated(@TempDir Path dir) throws IOException {
    JavaFileObject source = Sources.source("Both",
        "@StageGroup @Pipeline(ramBudget = \"1GiB\") interface Both extends Reading, Batching {}");
    assertOnly(Sources.compile(GROUPS, source), ERROR,
        "[feedline:stage-group-invalid] Both is both a @Pipeline and a @StageGroup; other pipelines"
            + " can extend a pipeline as they extend a group, so remove @StageGroup.",
        source, "@StageGroup @Pipeline");
    JavaFileObject fine = Sources.source("Fine",
        "@Pipeline(ramBudget = \"1GiB\") interface Fine extends Reading, Batching {}");
    List<String> written = writtenBy(dir, GROUPS, source, fine);
    assertTrue(written.contains("test/FeedlineFine.java"), written.toString());
    assertFalse(written.contains("test/FeedlineBoth.java"), "declaration errors never generate");
  }

  /**
   * The files the processor writes for {@code sources}: compile-testing shows none once a
   * compilation fails.
   */
  private static List<String> writtenBy(Path dir, JavaFileObject... sources) throws IOException {
    List<JavaFileObject> all = new ArrayList<>(List.of(sources));
    all.add(Sources.RECORDS);
    JavaCompiler.CompilationTask task = ToolProvider.getSystemJavaCompiler().getTask(null, null,
        diagnostic -> {}, List.of("-proc:only", "-s", dir.toString()), null, all);
    task.setProcessors(List.of(new PipelineProcessor()));
    task.call();
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(Files::isRegularFile).map(file -> dir.relativize(file).toString())
          .sorted().toList();
    }
  }

  /** A public group of package lib whose stages hand on lib's record {@code Row}, and the record. */
  private static JavaFileObject[] libraryGroup(String rowModifier) {
    String header = String.join("\n", "package lib;", "",
        "import static dev.feedline.Feedline.AUTO;", "",
        "import dev.feedline.*;", "import org.tensorflow.Operand;",
        "import org.tensorflow.types.TInt64;", "");
    return new JavaFileObject[] {
        JavaFileObjects.forSourceString("lib.Row", header
            + "@Element " + rowModifier + "record Row(@Shape({}) Operand<TInt64> id) {}\n"),
        JavaFileObjects.forSourceString("lib.Rows", header + String.join("\n",
            "@StageGroup",
            "public interface Rows {",
            "  @InMemorySource(records = 10) Row rows();",
            "  @Batch(size = 2) Row batch(Row row);",
            "  @Prefetch(AUTO) Row prefetch(Row batch);",
            "}", ""))};
  }

  @Test
  void aGroupOfAnotherPackageHandingOnARecordNotPublicThereIsAClearError() {
    JavaFileObject pipeline = Sources.source("Bad",
        "@Pipeline(ramBudget = \"1GiB\") interface Bad extends lib.Rows {}");
    JavaFileObject[] library = libraryGroup("");
    Compilation compilation = Sources.compile(library[0], library[1], pipeline);
    assertOnly(compilation, ERROR,
        "[feedline:pipeline-not-accessible] Pipeline Bad, in package test, passes @Element Row"
            + " through stage 'rows' of Rows, but Row is not public outside package lib, so the"
            + " generated FeedlineBad cannot name it; make Row public, or declare Bad in package"
            + " lib.",
        pipeline, "@Pipeline(ramBudget");
    assertEquals(1, compilation.errors().size(), "the generated code's own errors, had it been"
        + " written: " + compilation.errors());
  }

  @Test
  void aGroupOfAnotherPackageHandingOnAPublicRecordGenerates() {
    JavaFileObject pipeline = Sources.source("Good",
        "@Pipeline(ramBudget = \"1GiB\") interface Good extends lib.Rows {}");
    JavaFileObject[] library = libraryGroup("public ");
    Compilation compilation = Sources.compile(library[0], library[1], pipeline);
    assertEquals(List.of(), warningsAndErrors(compilation));
    assertEquals(List.of(), compilation.errors());
    assertEquals(List.of("/SOURCE_OUTPUT/test/FeedlineGood.java"),
        generatedNames(compilation, "FeedlineGood"));
  }

  private static List<String> generatedNames(Compilation compilation, String containing) {
    return compilation.generatedSourceFiles().stream().map(JavaFileObject::getName)
        .filter(name -> name.contains(containing)).toList();
  }

  @Test
  void aGroupExtendingAPlainInterfaceWithStages() {
    JavaFileObject source = Sources.source("Bad",
        "interface Plain {",
        "  @Shuffle(buffer = 100) Image shuffle(Image image);",
        "}",
        "@StageGroup interface Mixed extends Plain {}",
        "@Pipeline(ramBudget = \"1GiB\") interface Bad extends Reading, Mixed, Batching {}");
    List<Diagnostic<? extends JavaFileObject>> reported = feedline(Sources.compile(GROUPS, source));
    assertEquals(2, reported.size(), reported.toString());
    assertAt(reported.get(1), ERROR,
        "[feedline:inherited-stage] Stage method 'shuffle' is inherited from Plain, which is"
            + " neither a @StageGroup nor a @Pipeline, so it has no place in the chain of Mixed;"
            + " annotate Plain with @StageGroup, or redeclare the stage in Mixed.",
        source, "@StageGroup interface Mixed extends Plain");
  }

  @Test
  void aGroupsStageTakesAGroupsInput() throws IOException {
    JavaFileObject source = Sources.source("Scaled",
        "@StageGroup interface Scaling {",
        "  @RunTimeValue Operand<TFloat32> scale();",
        "  @Map(parallel = AUTO) static Image scaled(Ops tf, Image in, Operand<TFloat32> scale) {",
        "    return new Image(tf.math.mul(in.pixels(), scale), in.label());",
        "  }",
        "}",
        "@Pipeline(ramBudget = \"1GiB\") interface Scaled extends Reading, Scaling, Batching {}");
    Compilation compilation = Sources.compile(GROUPS, source);
    assertEquals(List.of(), feedline(compilation));
    String scaled = generated(compilation, "test.FeedlineScaled");
    assertTrue(scaled.contains("public Builder scale("), scaled);
  }

  @Test
  void aGroupsStageTakingAnInputThePipelineLacksNamesThePipeline() {
    JavaFileObject group = Sources.source("Scaling",
        "@StageGroup interface Scaling {",
        "  @Map(parallel = AUTO) static Image scaled(Ops tf, Image in, Operand<TFloat32> factor) {",
        "    return in;",
        "  }",
        "}");
    JavaFileObject pipeline = Sources.source("Unscalable",
        "@Pipeline(ramBudget = \"1GiB\") interface Unscalable extends Reading, Scaling, Batching {}");
    assertOnly(Sources.compile(GROUPS, group, pipeline), ERROR,
        "[feedline:stage-signature] @Map 'scaled' takes 'factor' after its element, but pipeline"
            + " Unscalable declares no @Vocabulary or @RunTimeValue 'factor'; declare one, such as"
            + " `@RunTimeValue Operand<TFloat32> factor();`, or remove the parameter. [in pipeline"
            + " Unscalable, inherited from Scaling]",
        group, "Operand<TFloat32> factor)");
  }
}

package dev.feedline.tests.diagnostics;

import static dev.feedline.tests.support.Diagnostics.assertAt;
import static dev.feedline.tests.support.Diagnostics.feedline;
import static dev.feedline.tests.support.Diagnostics.warningsAndErrors;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import dev.feedline.processor.PipelineProcessor;
import dev.feedline.tests.support.Sources;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Diagnostics that misfired on a small tabular project (issue 27): advice about many small files
 * for one small file, printed once per pipeline; a missing prefetch on pipelines that only feed a
 * {@code @Mix}; a finding on a group compiled in {@code main} with no file or line.
 */
class SmallDataDiagnosticsTest {
  private static final Diagnostic.Kind WARNING = Diagnostic.Kind.WARNING;

  /** The good pipeline's stages after the source, batching aside: read, parse, decode, cache. */
  private static final List<String> READING = Sources.GOOD_STAGES.subList(1, 7);
  private static final List<String> BATCHING = Sources.GOOD_STAGES.subList(7, 10);

  private static List<String> messages(Compilation compilation, String rule) {
    return feedline(compilation).stream().map(d -> d.getMessage(Locale.ROOT))
        .filter(m -> m.startsWith("[feedline:" + rule + "]")).toList();
  }

  private static JavaFileObject group(String name, String source, List<String> stages) {
    List<String> lines = new ArrayList<>();
    lines.add("@StageGroup interface " + name + " {");
    lines.add(source);
    lines.addAll(stages);
    lines.add("}");
    return Sources.source(name, lines.toArray(String[]::new));
  }

  /**
   * A source three pipelines inherit: the finding is about its declaration alone, so it prints
   * once, at the group, without naming one of the pipelines.
   */
  @Test
  void smallFilesOfASharedSourceAreReportedOnce() {
    JavaFileObject reading = group("Reading", "  @TFRecordSource(files = 100, records = 1000,"
        + " bytesPerFile = 2000000) Operand<TString> files();", READING);
    JavaFileObject pipelines = Sources.source("Pipelines",
        "@Pipeline(ramBudget = \"1GiB\") interface Train extends Reading, Batching {}",
        "@Pipeline(ramBudget = \"1GiB\") interface Eval extends Reading, Batching {}",
        "@Pipeline(ramBudget = \"1GiB\") interface Test extends Reading, Batching {}",
        "@StageGroup interface Batching {",
        String.join("\n", BATCHING),
        "}");
    List<Diagnostic<? extends JavaFileObject>> reported =
        warningsAndErrors(Sources.compile(reading, pipelines));
    assertEquals(1, reported.size(), reported.toString());
    assertAt(reported.get(0), WARNING, "[feedline:many-small-files] @TFRecordSource 'files'"
        + " declares 100 files of ≈1.91 MiB, ≈191 MiB in all, and opening a file costs more than"
        + " reading one that small; pack the data into 2 files of ≈100 MB.",
        reading, "@TFRecordSource");
  }

  /** One small file, or a few of less than 10 MB in all, or a count not declared: no advice. */
  @Test
  void oneSmallFileOrLittleDataIsNoCaseForPacking() {
    for (String declared : List.of("files = 1, bytesPerFile = 500000",
        "files = 3, bytesPerFile = 500000", "bytesPerFile = 500000")) {
      List<String> stages = new ArrayList<>();
      stages.add("  @TFRecordSource(records = 178, " + declared + ") Operand<TString> files();");
      stages.addAll(READING);
      stages.addAll(BATCHING);
      assertEquals(List.of(), messages(
          Sources.compile(Sources.pipeline("Small", stages)), "many-small-files"), declared);
    }
  }

  /**
   * Pipelines read by another's {@code @Mix} need no prefetch of their own: the mix's pipeline
   * ends with it. A pipeline nobody reads still gets the warning.
   */
  @Test
  void pipelinesThatFeedAMixNeedNoPrefetch() {
    JavaFileObject source = Sources.source("Mixed",
        "@Pipeline interface Left { @InMemorySource(records = 600) Image images(); }",
        "@Pipeline interface Right { @InMemorySource(records = 600) Image images();"
            + " @Take(count = 100) Image some(Image image); }",
        "@Pipeline(ramBudget = \"1GiB\") interface Mixed {",
        "  @Mix(of = {Left.class, Right.class}, seed = 1) Image mixed();",
        "  @Prefetch(AUTO) Image prefetch(Image image);",
        "}",
        "@Pipeline interface Alone { @InMemorySource(records = 600) Image images(); }");
    List<String> reported = messages(Sources.compile(source), "terminal-prefetch-autotune");
    assertEquals(List.of("[feedline:terminal-prefetch-autotune] Pipeline Alone ends with"
        + " @InMemorySource 'images' instead of @Prefetch, so input preparation cannot overlap the"
        + " training step; append `@Prefetch(AUTO) Image prefetch(Image batch);`."), reported);
  }

  /**
   * A group compiled in {@code main} has no source in the test compilation: a finding on its
   * stage is put on the pipeline that inherits it, naming the stage, instead of nowhere.
   */
  @Test
  void aFindingOnAGroupCompiledElsewhereIsReportedAtThePipeline(@TempDir Path classes) {
    JavaFileObject decoding = Sources.source("Decoding",
        "@StageGroup public interface Decoding {",
        "  @TFRecordSource(records = 1000) Operand<TString> files();",
        "  @Interleave(parallel = AUTO) Operand<TString> read(Operand<TString> file);",
        "  @Decode(parallel = AUTO) Encoded parse(Operand<TString> record);",
        "  @Map static Image decode(Ops tf, Encoded in) { return null; }",
        "}",
        "@StageGroup interface Batching {",
        String.join("\n", BATCHING),
        "}");
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    JavaCompiler.CompilationTask main = javac.getTask(null, null, d -> {},
        List.of("-d", classes.toString(), "-proc:none"), null, List.of(decoding, Sources.RECORDS));
    assertTrue(main.call(), "the group compiles");

    JavaFileObject train = Sources.source("Train",
        "@Pipeline(ramBudget = \"1GiB\") interface Train extends Decoding, Batching {}");
    List<File> classpath = new ArrayList<>();
    classpath.add(classes.toFile());
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      classpath.add(new File(entry));
    }
    Compilation test = Compiler.javac().withProcessors(new PipelineProcessor())
        .withClasspath(classpath).compile(train);
    List<Diagnostic<? extends JavaFileObject>> reported = warningsAndErrors(test);
    assertEquals(1, reported.size(), reported.toString());
    assertAt(reported.get(0), WARNING,
        "[feedline:map-not-parallel] @Map 'decode' is sequential and runs one element at a time"
            + " on one core; set `parallel = AUTO`. [in pipeline Train, inherited from"
            + " Decoding.decode, whose source is not part of this compilation]",
        train, "interface Train");
  }
}

package dev.feedline.tests.diagnostics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import dev.feedline.tests.support.Sources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where the plan reads a text source's lines in one thread (docs/performance.md#lines-in-one-thread):
 * an {@code @Interleave(parallel = AUTO)} over uncompressed text files becomes a sequential
 * interleave, with a comment saying why, and the stage plan that the checkpoint fingerprint hashes
 * says so; compressed files, a parallelism the user fixed and TFRecord files keep the parallel
 * interleave. The review report says which, and the generated class compiles. A sequential
 * interleave of uncompressed lines is not warned about: AUTO would read them in one thread too.
 */
class LinesInOneThreadPlanTest {
  private static final String IN_ONE_THREAD = "- Lines read in one thread: `lines` reads the"
      + " files' lines in the thread that asks for them, not in reader threads.";
  private static final String NONE = "- No lines read in one thread.";

  @TempDir Path dir;

  /** What the plan decided for a source and an interleave: its report line and generated code. */
  private record Planned(String reportLine, String code) {
    boolean readsInOneThread() {
      return code.contains("dataset = tf.data.interleaveDataset(")
          && !code.contains("parallelInterleaveDataset");
    }
  }

  private static Compilation compile(List<String> options, String name, String source,
      String parallel) {
    return Sources.compile(options, Sources.pipeline(name, List.of(
        "  " + source + " Operand<TString> files();",
        "  @Interleave(cycleLength = 2, parallel = " + parallel + ")"
            + " Operand<TString> lines(Operand<TString> file);",
        "  @Batch(size = 8) Operand<TString> batch(Operand<TString> line);")));
  }

  private Planned plan(String name, String source, String parallel) throws IOException {
    Compilation compilation = compile(List.of("-Afeedline.report=" + dir), name, source,
        parallel);
    assertEquals(Compilation.Status.SUCCESS, compilation.status(),
        compilation.diagnostics().toString());
    String line = Files.readAllLines(dir.resolve("test." + name + ".md")).stream()
        .filter(l -> l.equals(IN_ONE_THREAD) || l.equals(NONE)).findFirst().orElseThrow();
    return new Planned(line, compilation.generatedSourceFile("test.Feedline" + name)
        .orElseThrow().getCharContent(true).toString());
  }

  @Test
  void autoOverUncompressedLinesReadsThemInOneThreadAndSaysWhy() throws IOException {
    Planned planned = plan("Lines", "@TextLineSource", "AUTO");
    assertEquals(IN_ONE_THREAD, planned.reportLine());
    assertTrue(planned.readsInOneThread(), planned.code());
    assertTrue(planned.code().contains("// In one thread: a line costs less to read than to hand"
        + " from a reader thread to the next\n"), planned.code());
    assertTrue(planned.code().contains(" *  2 lines  @Interleave(cycleLength = 2, parallel ="
        + " AUTO), lines read in one thread\n"), "the stage plan, which the fingerprint hashes");
    assertTrue(planned.code().contains("linesInOneThread(\"lines\", Interleave.class,"
        + " InterleaveDataset.OP_NAME"), "the doctor is told");
  }

  @Test
  void compressedFilesAFixedParallelismAndRecordsKeepTheirReaderThreads() throws IOException {
    for (Planned planned : List.of(
        plan("Gzipped", "@TextLineSource(compression = Compression.GZIP)", "AUTO"),
        plan("Fixed", "@TextLineSource", "2"),
        plan("Examples", "@TFRecordSource", "AUTO"))) {
      assertEquals(NONE, planned.reportLine());
      assertTrue(planned.code().contains("dataset = tf.data.parallelInterleaveDataset("),
          planned.code());
      assertTrue(!planned.code().contains("lines read in one thread"), planned.code());
    }
  }

  @Test
  void aSequentialInterleaveOfUncompressedLinesIsNotWarnedAbout() {
    List<String> warned = new ArrayList<>();
    for (String source : List.of("@TextLineSource", "@TextLineSource(compression ="
        + " Compression.GZIP)", "@TFRecordSource")) {
      Compilation compilation = compile(List.of(), "Sequential", source, "Feedline.SEQUENTIAL");
      assertEquals(Compilation.Status.SUCCESS, compilation.status(),
          compilation.diagnostics().toString());
      if (compilation.warnings().stream().anyMatch(d -> d.getMessage(Locale.ROOT)
          .startsWith("[feedline:file-read-not-parallel] @Interleave 'lines' reads its files one"
              + " after another"))) {
        warned.add(source);
      }
    }
    // Uncompressed lines are read in one thread under parallel = AUTO too: nothing to advise.
    assertEquals(List.of("@TextLineSource(compression = Compression.GZIP)", "@TFRecordSource"),
        warned);
  }

  @Test
  void aStageNamedLikeTheDoctorsFactoryStillCompiles() {
    // The generated class imports PipelineInfo.linesInOneThread statically; a stage of that name
    // must not shadow it, nor its function clash with it.
    Compilation compilation = Sources.compile(Sources.pipeline("Shadowing", List.of(
        "  @TextLineSource Operand<TString> files();",
        "  @Interleave(cycleLength = 2, parallel = AUTO)"
            + " Operand<TString> linesInOneThread(Operand<TString> file);",
        "  @Batch(size = 8) Operand<TString> batch(Operand<TString> line);")));
    assertEquals(Compilation.Status.SUCCESS, compilation.status(),
        compilation.diagnostics().toString());
  }
}

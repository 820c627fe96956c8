package dev.feedline.tests.diagnostics;

import static dev.feedline.tests.support.Diagnostics.assertAt;
import static dev.feedline.tests.support.Diagnostics.warningsAndErrors;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import dev.feedline.processor.PipelineProcessor;
import dev.feedline.tests.support.Diagnostics;
import dev.feedline.tests.support.SeenMessages;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The doctor's broken photo pipelines take their stages from the example's groups, and the
 * processor still sees in each the mistake it can see: compiled with their
 * {@code @SuppressWarnings} removed, each variant's warning is reported where its stage is
 * declared, in the group when the stage is inherited, naming the variant.
 */
class BrokenVariantsDiagnosticsTest {
  private static final Path EXAMPLE = Path.of(System.getProperty("feedline.root", "../.."))
      .resolve("example-app/src/main/java/dev/feedline/example");
  private static final Path PHOTOS = Path.of(System.getProperty("feedline.root", "../.."))
      .resolve("photos/src/main/java/dev/feedline/photos");
  private static final Diagnostic.Kind WARNING = Diagnostic.Kind.WARNING;

  private static JavaFileObject example(String name, boolean unsuppressed) throws IOException {
    String text = Files.readString(EXAMPLE.resolve(name + ".java"));
    if (unsuppressed) {
      text = text.replaceAll("(?m)^ *@SuppressWarnings\\(.*\\)\\n", "");
    }
    return JavaFileObjects.forSourceString("dev.feedline.example." + name, text);
  }

  private static List<Diagnostic<? extends JavaFileObject>> compile(JavaFileObject stages,
      JavaFileObject broken) throws IOException {
    List<JavaFileObject> sources = new ArrayList<>(List.of(stages, broken));
    sources.add(JavaFileObjects.forSourceString("dev.feedline.photos.EncodedPhoto",
        Files.readString(PHOTOS.resolve("EncodedPhoto.java"))));
    for (String name : List.of("Photo", "DecodedPhoto", "PhotoPipeline")) {
      sources.add(example(name, false));
    }
    Compilation compilation = SeenMessages.record(
        Compiler.javac().withProcessors(new PipelineProcessor()).compile(sources));
    return warningsAndErrors(compilation);
  }

  /**
   * A variant's {@code @SuppressWarnings} covers the stages it inherits: of its warnings only
   * the cache after SlowSource's random fetch, which it does not suppress, is left.
   */
  @Test
  void theVariantsSuppressionsCoverTheStagesTheyInherit() throws IOException {
    JavaFileObject stages = example("PhotoStages", false);
    List<Diagnostic<? extends JavaFileObject>> reported =
        compile(stages, example("BrokenPipelines", false));
    assertEquals(1, reported.size(), reported.toString());
    assertTrue(reported.get(0).getMessage(null).startsWith(
        "[feedline:cache-after-random-map] @Cache 'cache' freezes the output of random @Map"
            + " 'fetch'"), reported.toString());
  }

  @Test
  void eachVariantIsReportedOnTheStageOfItsMistake() throws IOException {
    JavaFileObject stages = example("PhotoStages", false);
    JavaFileObject broken = example("BrokenPipelines", true);
    List<Diagnostic<? extends JavaFileObject>> reported = compile(stages, broken);
    assertEquals(6, reported.size(), reported.toString());
    assertAbove(reported.get(0),
        "[feedline:map-not-parallel] @Map 'decodeAndResize' is sequential and runs one element at"
            + " a time on one core; set `parallel = AUTO`.",
        broken, "Operand<TFloat32> jitter = tf.math.mul(tf.constant(0.05f * 255),", 2);
    assertAt(reported.get(1), WARNING,
        "[feedline:cache-after-random-map] @Cache 'cache' freezes the output of random @Map"
            + " 'decodeAndResize', so every epoch sees the same augmentation; move"
            + " 'decodeAndResize' after 'cache', or split it into a deterministic part before"
            + " and a random part after. [in pipeline SequentialMap, inherited from Cached]",
        stages, "@Cache");
    assertAt(reported.get(2), WARNING,
        "[feedline:terminal-prefetch-autotune] Pipeline NoPrefetch ends with @Batch 'batch'"
            + " instead of @Prefetch, so input preparation cannot overlap the training step; append"
            + " `@Prefetch(AUTO) DecodedPhoto prefetch(DecodedPhoto batch);`.",
        broken, "@Batch(size = 32)");
    assertAt(reported.get(3), WARNING,
        "[feedline:shuffle-buffer-too-small] @Shuffle 'shuffle' has buffer = 2, fewer than the 32"
            + " elements of @Batch 'batch', so each batch is drawn from barely more than its own"
            + " elements; use a buffer well above the batch size.",
        broken, "@Shuffle(buffer = 2)");
    assertAbove(reported.get(4),
        "[feedline:map-not-parallel] @Map 'fetch' is sequential and runs one element at a time on"
            + " one core; set `parallel = AUTO`. [in pipeline SlowSource, inherited from SlowFetch]",
        broken, "static Operand<TString> fetch(", 1);
    assertAt(reported.get(5), WARNING,
        "[feedline:cache-after-random-map] @Cache 'cache' freezes the output of random @Map"
            + " 'fetch', so every epoch sees the same augmentation; move 'fetch' after 'cache',"
            + " or split it into a deterministic part before and a random part after. [in pipeline"
            + " SlowSource, inherited from Cached]",
        stages, "@Cache");
    // CacheBeforeMap's mistake is the one the processor cannot see: nothing names it.
    assertEquals(List.of(), reported.stream().map(d -> d.getMessage(null))
        .filter(m -> m.contains("CacheBeforeMap") || m.contains("EncodedCache")).toList());
  }

  /** A warning on the annotation {@code above} lines over the unique line holding {@code text}. */
  private static void assertAbove(Diagnostic<? extends JavaFileObject> d, String message,
      JavaFileObject file, String text, int above) {
    assertEquals(WARNING, d.getKind(), message);
    assertEquals(message, d.getMessage(null));
    assertEquals(file.toUri(), d.getSource().toUri());
    assertEquals(Diagnostics.lineOf(file, text) - above, d.getLineNumber(), message);
  }
}

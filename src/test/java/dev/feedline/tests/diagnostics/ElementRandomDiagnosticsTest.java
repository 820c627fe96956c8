package dev.feedline.tests.diagnostics;

import static dev.feedline.tests.support.Diagnostics.assertOnly;
import static dev.feedline.tests.support.Diagnostics.columnOf;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import dev.feedline.tests.support.Diagnostics;
import dev.feedline.tests.support.Sources;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The {@code ElementRandom} a map takes after its element: each misplaced one reports exactly its
 * diagnostic, on its line, under javac and under ecj; a seeded random map compiles, in parallel,
 * in a reproducible pipeline, without the note that an unseeded one gets there, and between
 * run-time values.
 */
class ElementRandomDiagnosticsTest {
  private static final String RANDOM = "dev.feedline.runtime.ElementRandom";

  @TempDir Path dir;

  /**
   * @param find the good stage line to put the stages after, or to replace
   * @param replace whether the found line goes
   * @param stages the lines put there
   * @param line text of the line the diagnostic is on
   * @param token the value token it is anchored at, or null
   */
  record Case(String name, String find, boolean replace, List<String> stages, String message,
      String line, String token) {
    @Override
    public String toString() {
      return name;
    }

    JavaFileObject source() {
      List<String> lines = new ArrayList<>();
      for (String good : Sources.GOOD_STAGES) {
        if (!replace || !good.contains(find)) {
          lines.add(good);
        }
        if (good.contains(find)) {
          lines.addAll(stages);
        }
      }
      return Sources.pipeline("Bad", lines);
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case("in a filter", "@Shuffle", false, List.of("  @Filter static Operand<TBool> keep(Ops"
                + " tf, Image image, " + RANDOM + " coin) { return tf.constant(true); }"),
            "[feedline:element-random-invalid] @Filter 'keep' takes an ElementRandom, 'coin', but"
                + " only a @Map draws from per-element seeds; draw the random values in a"
                + " @Map(random = true) before it, or remove the parameter.",
            "@Filter", null),
        new Case("not declared random", "@Shuffle", false, List.of("  @Map(parallel = AUTO) static"
                + " Image jitter(Ops tf, Image image, " + RANDOM + " random) { return image; }"),
            "[feedline:element-random-invalid] @Map 'jitter' takes an ElementRandom, so its values"
                + " change from epoch to epoch, but it is not declared random; set `random = true`,"
                + " so that the checks keep it after any cache.",
            "jitter", null),
        new Case("declared not random", "@Shuffle", false, List.of("  @Map(parallel = AUTO, random ="
                + " false) static Image jitter(Ops tf, Image image, " + RANDOM + " random) {"
                + " return image; }"),
            "[feedline:element-random-invalid] @Map 'jitter' takes an ElementRandom, so its values"
                + " change from epoch to epoch, but it is not declared random; set `random = true`,"
                + " so that the checks keep it after any cache.",
            "jitter", "false"),
        new Case("twice", "@Shuffle", false, List.of("  @Map(parallel = AUTO, random = true) static"
                + " Image jitter(Ops tf, Image image, " + RANDOM + " flips,", "      " + RANDOM
                + " crops) { return image; }"),
            "[feedline:element-random-invalid] @Map 'jitter' takes an ElementRandom twice, 'flips'"
                + " and 'crops'; take one: every draw from it has a seed of its own.",
            "crops)", null),
        new Case("on the device", "@Prefetch", false, List.of("  @Map(vectorized = true, onDevice ="
                + " true, random = true) static Image jitter(Ops tf, Image batch, " + RANDOM
                + " random) { return batch; }"),
            "[feedline:element-random-invalid] @Map 'jitter' runs on the device, after the"
                + " iterator, where elements have no position to seed from, but it takes an"
                + " ElementRandom, 'random'; draw in a map before the iterator, or drop onDevice.",
            "jitter", "true, random"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void reportsExactlyThisDiagnosticOnItsLine(Case bad) {
    JavaFileObject source = bad.source();
    Compilation compilation = Sources.compile(source);
    Diagnostic<? extends JavaFileObject> reported =
        assertOnly(compilation, Diagnostic.Kind.ERROR, bad.message(), source, bad.line());
    if (bad.token() != null) {
      assertEquals(columnOf(source, bad.line(), bad.token()), reported.getColumnNumber(),
          "anchored at " + bad.token());
    }
    assertEquals(Compilation.Status.FAILURE, compilation.status());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void reportsTheSameUnderEclipse(Case bad) {
    Sources.EclipseRun run = Sources.compileWithEclipse(dir, List.of(), bad.source());
    assertOnly(run.compilation(), Diagnostic.Kind.ERROR, bad.message(), run.files().get(0),
        bad.line());
  }

  private static final List<String> REPRODUCIBLE = List.of(
      "  @RunTimeValue Operand<TFloat32> scale();",
      "  @TFRecordSource(records = 1000) Operand<TString> files();",
      "  @Interleave(parallel = AUTO) Operand<TString> read(Operand<TString> file);",
      "  @Decode(parallel = AUTO) Encoded parse(Operand<TString> record);",
      "  @Map(parallel = AUTO) static Image decode(Ops tf, Encoded in) {",
      "    return new Image(tf.zeros(tf.constant(new int[] {8, 8, 3}), TFloat32.class), in.label());",
      "  }",
      "  @Cache Image cache(Image image);",
      "  @Shuffle(buffer = 100, seed = 1) Image shuffle(Image image);",
      "  %s",
      "  @Batch(size = 4) Image batch(Image image);",
      "  @Prefetch(AUTO) Image prefetch(Image batch);");

  private static List<String> messages(String map) {
    List<String> stages = REPRODUCIBLE.stream().map(l -> l.replace("%s", map)).toList();
    Compilation compilation = Sources.compile(Sources.pipeline(
        "@Pipeline(ramBudget = \"1GiB\", reproducible = true)", "Augmented", stages));
    assertEquals(Compilation.Status.SUCCESS, compilation.status(),
        compilation.diagnostics().toString());
    return Diagnostics.feedline(compilation).stream().map(d -> d.getMessage(Locale.ROOT))
        .toList();
  }

  @Test
  void aSeededRandomMapRunsInParallelInAReproduciblePipelineWithoutANote() {
    assertEquals(List.of("[feedline:reproducibility-conflict] Pipeline Augmented is reproducible,"
        + " but random @Map 'jitter' runs in parallel, so its random values depend on which thread"
        + " gets which element; take an ElementRandom after the element and draw from it, or drop"
        + " parallel."), messages("@Map(parallel = AUTO, random = true) static Image jitter(Ops tf,"
            + " Image in) { return in; }"));
    // Generated and compiled: the random source passed between the body's run-time values.
    assertEquals(List.of(), messages("@Map(parallel = AUTO, random = true) static Image jitter(Ops"
        + " tf, Image in, " + RANDOM + " random, Operand<TFloat32> scale) { return new Image("
        + "tf.math.mul(in.pixels(), tf.math.mul(scale, random.uniform(tf.constant(new long[0])))),"
        + " in.label()); }"));
  }
}

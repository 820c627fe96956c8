package dev.feedline.tests.diagnostics;

import static dev.feedline.tests.support.Diagnostics.assertOnly;
import static dev.feedline.tests.support.Diagnostics.columnOf;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import dev.feedline.tests.support.Sources;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One test per stage-level diagnostic: the good pipeline with one stage line replaced must report
 * exactly that diagnostic, on that line, and at the annotation value when one is to blame. The good
 * pipeline itself reports nothing ({@link GoodPipelineTest}).
 */
class StageDiagnosticsTest {
  private static final Diagnostic.Kind ERROR = Diagnostic.Kind.ERROR;
  private static final Diagnostic.Kind WARNING = Diagnostic.Kind.WARNING;

  /**
   * @param find the good stage line to replace
   * @param replacement the bad line
   * @param line text of the line the diagnostic is on
   * @param token the value token it is anchored at, or null when it anchors on the line's start
   */
  record Case(String rule, String find, String replacement, Diagnostic.Kind kind, String message,
      String line, String token) {
    @Override
    public String toString() {
      return rule + ": " + replacement.strip();
    }
  }

  static Stream<Arguments> cases() {
    return Stream.of(
        new Case("invalid-parameter", "@Batch", "  @Batch(size = 0) Image batch(Image image);", ERROR,
            "[feedline:invalid-parameter] @Batch 'batch' has size = 0, but a batch holds at least 1"
                + " element; use a size of 1 or more.",
            "@Batch(size = 0)", "0"),
        new Case("invalid-parameter", "@Shuffle", "  @Shuffle(buffer = -5) Image shuffle(Image image);",
            ERROR,
            "[feedline:invalid-parameter] @Shuffle 'shuffle' has buffer = -5, but a shuffle buffer"
                + " holds at least 1 element; use a buffer of 1 or more elements.",
            "@Shuffle(buffer = -5)", "-5"),
        new Case("invalid-parameter", "@Shuffle",
            "  @Shuffle(buffer = 100, seed = -2) Image shuffle(Image image);", ERROR,
            "[feedline:invalid-parameter] @Shuffle 'shuffle' has seed = -2, but a seed is 0 or more,"
                + " or -1 (Shuffle.RANDOM_SEED); use a seed of 0 or more.",
            "seed = -2", "-2"),
        new Case("invalid-parameter", "@Prefetch", "  @Prefetch(0) Image prefetch(Image batch);", ERROR,
            "[feedline:invalid-parameter] @Prefetch 'prefetch' has value = 0, but a prefetch buffer"
                + " is AUTO (-1) or at least 1 element; use AUTO.",
            "@Prefetch(0)", "0"),
        new Case("invalid-parameter", "@Prefetch", "  @Prefetch(-3) Image prefetch(Image batch);", ERROR,
            "[feedline:invalid-parameter] @Prefetch 'prefetch' has value = -3, but a prefetch buffer"
                + " is AUTO (-1) or at least 1 element; use AUTO.",
            "@Prefetch(-3)", "-3"),
        new Case("invalid-parameter", "@Decode",
            "  @Decode(parallel = -4) Encoded parse(Operand<TString> record);", ERROR,
            "[feedline:invalid-parameter] @Decode 'parse' has parallel = -4, but parallelism is AUTO"
                + " (-1), SEQUENTIAL (0) or a thread count; use parallel = AUTO.",
            "@Decode(parallel = -4)", "-4"),
        new Case("invalid-parameter", "@Interleave",
            "  @Interleave(cycleLength = 0, parallel = AUTO) Operand<TString> read(Operand<TString> f);",
            ERROR,
            "[feedline:invalid-parameter] @Interleave 'read' has cycleLength = 0, but a cycle length"
                + " is AUTO (-1) or at least 1 file; use AUTO or a file count.",
            "cycleLength = 0", "0"),
        new Case("invalid-parameter", "@Interleave",
            "  @Interleave(blockLength = 0, parallel = AUTO) Operand<TString> read(Operand<TString> f);",
            ERROR,
            "[feedline:invalid-parameter] @Interleave 'read' has blockLength = 0, but a block holds at"
                + " least 1 record; use 1 or more.",
            "blockLength = 0", "0"),
        new Case("invalid-parameter", "@Cache", "  @Repeat(count = 0) Image again(Image image);", ERROR,
            "[feedline:invalid-parameter] @Repeat 'again' has count = 0, but a repeat is FOREVER (-1)"
                + " or at least 1 pass; use FOREVER or a count of 1 or more.",
            "@Repeat(count = 0)", "0"),
        new Case("invalid-parameter", "@Cache",
            "  @Snapshot(path = \"target/s\", shards = 0) Image snapshot(Image image);", ERROR,
            "[feedline:invalid-parameter] @Snapshot 'snapshot' has shards = 0, but a snapshot is"
                + " spread over at least 1 shard; use as many as the workers that read it, or a"
                + " multiple.",
            "shards = 0", "0"),
        new Case("invalid-parameter", "@Cache",
            "  @Snapshot(path = \"\") Image snapshot(Image image);", ERROR,
            "[feedline:invalid-parameter] @Snapshot 'snapshot' has path = \"\", but a snapshot needs"
                + " a folder to live in; give one, such as \"target/snapshots/snapshot\".",
            "@Snapshot(path = \"\")", "\"\""),
        new Case("chain-type-mismatch", "@Cache",
            "  @Map(parallel = AUTO) static Image touch(Ops tf, Sample sample) { return null; }", ERROR,
            "[feedline:chain-type-mismatch] @Map 'touch' takes Sample but the previous stage @Map"
                + " 'decode' produces Image; change the parameter to Image or insert a @Map from Image"
                + " to Sample.",
            "static Image touch(Ops tf, Sample sample)", "sample)"),
        new Case("built-in-changes-type", "@Prefetch", "  @Prefetch(AUTO) Sample prefetch(Image batch);",
            ERROR,
            "[feedline:built-in-changes-type] @Prefetch 'prefetch' returns Sample but takes Image;"
                + " @Prefetch keeps the element type, so return Image.",
            "@Prefetch(AUTO) Sample", null),
        new Case("source-not-first", "@Cache", "  @InMemorySource Image more();", ERROR,
            "[feedline:source-not-first] @InMemorySource 'more' is a source but follows stage"
                + " 'decode'; a pipeline has one source and it comes first: move it to the top or"
                + " remove it.",
            "@InMemorySource Image more();", null),
        new Case("files-not-read", "@Interleave", "", ERROR,
            "[feedline:files-not-read] @TFRecordSource 'files' yields file names, not records; follow"
                + " it with @Interleave to read the files.",
            "@TFRecordSource", null),
        new Case("interleave-without-files", "@TFRecordSource",
            "  @InMemorySource Operand<TString> files();", ERROR,
            "[feedline:interleave-without-files] @Interleave 'read' reads files but follows"
                + " @InMemorySource 'files'; place it right after the @TFRecordSource or"
                + " @TextLineSource, or after the stages on its file names (@Shard, @Shuffle, ...).",
            "@Interleave", null),
        new Case("conflicting-stage-annotations", "@Cache",
            "  @Cache @Shuffle(buffer = 10) Image cache(Image image);", ERROR,
            "[feedline:conflicting-stage-annotations] Method 'cache' carries both @Cache and"
                + " @Shuffle; a method is one stage: keep one annotation.",
            "@Cache @Shuffle", "@Shuffle"),
        new Case("stage-signature", "@Cache", "  @Cache default Image cache(Image image) { return image; }",
            ERROR,
            "[feedline:stage-signature] @Cache 'cache' is built in and takes no body; declare it"
                + " abstract, such as `Photo cache(Photo in);`.",
            "@Cache default", null),
        new Case("stage-signature", "@Cache", "  @Cache Image cache(Image image, Image other);", ERROR,
            "[feedline:stage-signature] @Cache 'cache' takes the previous stage's element as its one"
                + " parameter, but declares 2.",
            "Image other", null),
        new Case("stage-signature", "@TFRecordSource",
            "  @TFRecordSource Operand<TString> files(Operand<TString> glob);", ERROR,
            "[feedline:stage-signature] @TFRecordSource 'files' is a source: declare it abstract,"
                + " without parameters and body, such as `Operand<TString> files();`.",
            "@TFRecordSource", null),
        new Case("stage-signature", "@Cache", "  @Cache Operand<TFloat32> cache(Image image);", ERROR,
            "[feedline:stage-signature] The element type of the result of @Cache 'cache' is"
                + " Operand<TFloat32>; only Operand<TString> (a file name or a serialized record)"
                + " stands alone as an element: put other tensors in an @Element record with their"
                + " @Shape.",
            "@Cache Operand<TFloat32>", null),
        new Case("stage-signature", "@Cache", "  @Cache String cache(Image image);", ERROR,
            "[feedline:stage-signature] The element type of the result of @Cache 'cache' is String,"
                + " which is neither an @Element record nor Operand<TString>; declare the element as"
                + " an @Element record of Operand components.",
            "@Cache String", null),
        new Case("stage-signature", "@Cache", "  @Cache <T> Image cache(Image image);", ERROR,
            "[feedline:stage-signature] @Cache 'cache' is generic; a stage has fixed element types,"
                + " so remove its type parameters.",
            "@Cache <T>", null),
        new Case("stage-signature", "@Cache",
            "  @Filter static Operand<TInt64> keep(Ops tf, Image image) { return image.label(); }",
            ERROR,
            "[feedline:stage-signature] @Filter 'keep' returns Operand<TInt64>; a filter returns the"
                + " keep decision as a scalar Operand<TBool>.",
            "@Filter", null),
        new Case("stage-signature", "@Map(parallel",
            "  @Map(parallel = AUTO) private static Image decode(Ops tf, Encoded in) {", ERROR,
            "[feedline:stage-signature] @Map 'decode' is private, so the generated pipeline class"
                + " cannot call it; remove `private`.",
            "@Map(parallel = AUTO) private", null),
        new Case("stage-signature", "@Map(parallel",
            "  @Map(parallel = AUTO) static Image decode(Ops tf, Encoded in) throws java.io.IOException {",
            ERROR,
            "[feedline:stage-signature] @Map 'decode' declares `throws IOException`, but the"
                + " generated graph function cannot throw a checked exception; handle it in the"
                + " body, or throw an unchecked exception.",
            "@Map(parallel = AUTO) static Image decode(Ops tf, Encoded in) throws", null),
        new Case("invalid-parameter", "@Prefetch",
            "  @Prefetch(AUTO) Image prefetch(Image batch);\n"
                + "  @PrefetchToDevice(buffer = -1) Image toDevice(Image batch);", ERROR,
            "[feedline:invalid-parameter] @PrefetchToDevice 'toDevice' has buffer = -1, but a device"
                + " buffer holds at least 1 batch; use 1 or more, or drop @PrefetchToDevice.",
            "buffer = -1", "-1"),
        new Case("invalid-parameter", "@Cache", "  @Take(count = -1) Image first(Image image);",
            ERROR,
            "[feedline:invalid-parameter] @Take 'first' has count = -1, but a count of elements is 0"
                + " or more; use a count of 0 or more.",
            "@Take(count = -1)", "-1"),
        new Case("invalid-parameter", "@Interleave",
            "  @Shard(workers = -3) Operand<TString> mine(Operand<TString> f);\n"
                + "  @Interleave(parallel = AUTO) Operand<TString> read(Operand<TString> file);",
            ERROR,
            "[feedline:invalid-parameter] @Shard 'mine' has workers = -3, but a worker count is 0"
                + " (unknown) or more; use the usual number of workers, or 0.",
            "@Shard(workers = -3)", "-3"),
        new Case("invalid-parameter", "@TFRecordSource",
            "  @TFRecordSource(records = -5) Operand<TString> files();", ERROR,
            "[feedline:invalid-parameter] @TFRecordSource 'files' has records = -5, but a size hint"
                + " is 0 (unknown) or more; use the size, or 0 when it is unknown.",
            "@TFRecordSource(records = -5)", "-5"),
        new Case("unannotated-method", "@Cache", "  Image cache(Image image);", WARNING,
            "[feedline:unannotated-method] Abstract method 'cache' has no stage annotation, so it is"
                + " not part of pipeline Bad; annotate it (@Cache, @Batch, ...) or remove it.",
            "Image cache(Image image);", null),
        new Case("terminal-prefetch-autotune", "@Prefetch", "", WARNING,
            "[feedline:terminal-prefetch-autotune] Pipeline Bad ends with @Batch 'batch' instead of"
                + " @Prefetch, so input preparation cannot overlap the training step; append"
                + " `@Prefetch(AUTO) Image prefetch(Image batch);`.",
            "@Batch", null),
        new Case("map-not-parallel", "@Decode", "  @Decode Encoded parse(Operand<TString> record);",
            WARNING,
            "[feedline:map-not-parallel] @Decode 'parse' is sequential and runs one element at a time"
                + " on one core; set `parallel = AUTO`.",
            "@Decode Encoded", null))
        .map(Arguments::of);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void reportsExactlyThisDiagnosticOnItsLine(Case bad) {
    JavaFileObject source = Sources.pipeline("Bad", bad.replacement().isEmpty()
        ? Sources.goodWith(bad.find())
        : Sources.goodWith(bad.find(), bad.replacement()));
    Compilation compilation = Sources.compile(source);

    Diagnostic<? extends JavaFileObject> reported =
        assertOnly(compilation, bad.kind(), bad.message(), source, bad.line());
    if (bad.token() != null) {
      assertEquals(columnOf(source, bad.line(), bad.token()), reported.getColumnNumber(),
          "anchored at " + bad.token());
    }
    if (bad.kind() == ERROR) {
      assertEquals(Compilation.Status.FAILURE, compilation.status());
    } else {
      // The record that @Decode parses gets its writer too.
      assertEquals(List.of("/SOURCE_OUTPUT/test/FeedlineBad.java",
              "/SOURCE_OUTPUT/test/FeedlineEncodedWriter.java"),
          compilation.generatedSourceFiles().stream().map(JavaFileObject::getName).toList(),
          "a warning does not stop generation");
    }
  }
}

package dev.feedline.tests.diagnostics;

import static dev.feedline.tests.support.Diagnostics.assertOnly;
import static dev.feedline.tests.support.Diagnostics.feedline;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import dev.feedline.tests.support.Diagnostics;
import dev.feedline.tests.support.Sources;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which records get a generated writer, and the diagnostics of one that asks for a writer it
 * cannot have, at the component to fix; under javac, and the dtype case under ecj too.
 */
class WriterDiagnosticsTest {
  private static final Diagnostic.Kind ERROR = Diagnostic.Kind.ERROR;

  @TempDir Path dir;

  private static List<String> generated(Compilation compilation) {
    return compilation.generatedSourceFiles().stream().map(JavaFileObject::getName)
        .filter(name -> name.endsWith("Writer.java")).sorted().toList();
  }

  @Test
  void aRecordADecodeParsesGetsAWriterAndOneThatAsksGetsOneToo() {
    JavaFileObject pipeline = Sources.pipeline("Good", Sources.GOOD_STAGES);
    JavaFileObject asked = Sources.source("Asked",
        "@Element @Writable record Asked(@Shape({-1, 2}) Operand<TFloat32> points,",
        "    @LengthOf(\"points\") @Shape({}) Operand<TInt32> count) {}");
    Compilation compilation = Sources.compile(pipeline, asked);
    assertEquals(List.of(), Diagnostics.warningsAndErrors(compilation));
    assertEquals(List.of("/SOURCE_OUTPUT/test/FeedlineAskedWriter.java",
        "/SOURCE_OUTPUT/test/FeedlineEncodedWriter.java"), generated(compilation),
        "Encoded is parsed; Image and the other records are neither parsed nor asked for");
  }

  @Test
  void aNestedRecordsWriterIsNamedAfterItsJoinedName() {
    JavaFileObject outer = Sources.source("Outer",
        "class Outer {",
        "  @Element @Writable record Point(@Shape({2}) Operand<TFloat32> xy) {}",
        "}");
    Compilation compilation = Sources.compile(outer);
    assertEquals(List.of(), feedline(compilation));
    assertEquals(List.of("/SOURCE_OUTPUT/test/FeedlineOuter_PointWriter.java"),
        generated(compilation));
  }

  @Test
  void aComponentWithoutAnExampleDtype() {
    JavaFileObject source = Sources.source("Pixels",
        "@Element @Writable record Pixels(@Shape({}) Operand<TInt64> id,",
        "    @Shape({4, 4}) Operand<TUint8> pixels) {}");
    assertOnly(Sources.compile(source), ERROR,
        "[feedline:unwritable-element] @Writable Pixels cannot write component 'pixels': its"
            + " dtype is TUint8, and a tf.train.Example feature holds TString, TInt64 or TFloat32"
            + " only; declare it as one of those and convert in a @Map after @Decode, or remove"
            + " @Writable.",
        source, "Operand<TUint8> pixels");
  }

  @Test
  void aComponentWithAnUnknownDimensionAfterTheFirst() {
    JavaFileObject source = Sources.source("Grid",
        "@Element @Writable record Grid(",
        "    @Shape({-1, -1}) Operand<TFloat32> cells) {}");
    assertOnly(Sources.compile(source), ERROR,
        "[feedline:unwritable-element] @Writable Grid cannot write component 'cells': its shape"
            + " [?,?] has an unknown dimension after the first, so a reader could not tell its"
            + " rows apart; fix the others, or declare it flat, such as @Shape({-1}), and reshape"
            + " it in a @Map.",
        source, "Operand<TFloat32> cells");
  }

  @Test
  void writableOnATypeThatIsNotAnElement() {
    JavaFileObject source = Sources.source("Plain",
        "@Writable record Plain(@Shape({}) Operand<TInt64> id) {}");
    assertOnly(Sources.compile(source), ERROR,
        "[feedline:unwritable-element] @Writable on Plain has no effect because Plain is not an"
            + " @Element record; annotate it with @Element, or remove @Writable.",
        source, "@Writable record Plain");
  }

  @Test
  void aUserTypeWithTheWritersNameIsAClearError() {
    JavaFileObject record = Sources.source("Taken",
        "@Element @Writable record Taken(@Shape({}) Operand<TInt64> id) {}");
    JavaFileObject clash = Sources.source("FeedlineTakenWriter", "class FeedlineTakenWriter {}");
    List<Diagnostic<? extends JavaFileObject>> reported = feedline(Sources.compile(record, clash));
    assertEquals(1, reported.size(), reported.toString());
    String message = reported.get(0).getMessage(Locale.ROOT);
    assertTrue(message.startsWith("[feedline:generated-file-not-written] Could not write"
        + " FeedlineTakenWriter for @Element Taken: "), message);
    assertTrue(message.endsWith("; if a type of that name already exists in package test, rename"
        + " one of them."), message);
    assertEquals(Diagnostics.lineOf(record, "record Taken"), reported.get(0).getLineNumber());
  }

  @Test
  void underEclipseTheDtypeErrorIsOnTheSameLine() {
    JavaFileObject source = Sources.source("Pixels",
        "@Element @Writable record Pixels(@Shape({}) Operand<TInt64> id,",
        "    @Shape({4, 4}) Operand<TUint8> pixels) {}");
    Sources.EclipseRun run = Sources.compileWithEclipse(dir, List.of(), source);
    assertOnly(run.compilation(), ERROR,
        "[feedline:unwritable-element] @Writable Pixels cannot write component 'pixels': its"
            + " dtype is TUint8, and a tf.train.Example feature holds TString, TInt64 or TFloat32"
            + " only; declare it as one of those and convert in a @Map after @Decode, or remove"
            + " @Writable.",
        run.files().get(0), "Operand<TUint8> pixels");
  }
}

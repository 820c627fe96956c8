package dev.feedline.tests.diagnostics;

import static dev.feedline.tests.support.Diagnostics.assertOnly;
import static dev.feedline.tests.support.Diagnostics.columnOf;
import static dev.feedline.tests.support.Diagnostics.warningsAndErrors;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import dev.feedline.tests.support.Sources;
import java.io.IOException;
import java.util.List;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;

/** {@code @DecodeJpeg}: the records it accepts, and the scale the generated code decodes at. */
class DecodeJpegDiagnosticsTest {
  private static final JavaFileObject IMAGES = Sources.source("Images",
      "final class Images {",
      "  private Images() {}",
      "}",
      "@Element record Rgba(@Shape({8, 8, 4}) Operand<TFloat32> pixels, @Shape({}) Operand<TInt64> label) {}",
      "@Element record Labeled(@Shape({8, 8, 3}) Operand<TFloat32> pixels, @Shape({}) Operand<TInt64> id) {}",
      "@Element record Gray(@Shape({8, 8, 1}) Operand<TFloat32> pixels, @Shape({}) Operand<TInt64> label) {}",
      "@Element record Bytes(@Shape({8, 8, 3}) Operand<TUint8> pixels, @Shape({}) Operand<TInt64> label) {}",
      "@Element record Doubles(@Shape({8, 8, 3}) Operand<TFloat64> pixels, @Shape({}) Operand<TInt64> label) {}",
      "@Element record Wild(@Shape({-1, -1, 3}) Operand<TFloat32> pixels, @Shape({}) Operand<TInt64> label) {}",
      "@Element record Pair(@Shape({}) Operand<TString> front, @Shape({}) Operand<TString> back,",
      "    @Shape({}) Operand<TInt64> label) {}");

  /** The good pipeline's stages around {@code decode}, which yields {@code Image}. */
  private static List<String> stages(String decode) {
    return stages(decode, "Image");
  }

  private static List<String> stages(String decode, String image) {
    return List.of(
        "  @TFRecordSource(records = 1000) Operand<TString> files();",
        "  @Interleave(parallel = AUTO) Operand<TString> read(Operand<TString> file);",
        "  @Decode(parallel = AUTO) Encoded parse(Operand<TString> record);",
        decode,
        "  @Cache " + image + " cache(" + image + " image);",
        "  @Shuffle(buffer = 100) " + image + " shuffle(" + image + " image);",
        "  @Batch(size = 4) " + image + " batch(" + image + " image);",
        "  @Prefetch(AUTO) " + image + " prefetch(" + image + " batch);");
  }

  private static String generated(Compilation compilation) throws IOException {
    return compilation.generatedFile(StandardLocation.SOURCE_OUTPUT, "test/FeedlineJpeg.java")
        .orElseThrow().getCharContent(true).toString();
  }

  @Test
  void aDeclaredSourceSideDecodesAtTheSmallestScaleThatKeepsTheOutputSize() throws IOException {
    Compilation scaled = Sources.compile(Sources.pipeline("Jpeg",
        stages("  @DecodeJpeg(parallel = AUTO, minSourceSide = 70) Image decode(Encoded in);")), IMAGES);
    assertEquals(List.of(), warningsAndErrors(scaled));
    String code = generated(scaled);
    assertTrue(code.contains("Images.decodeJpeg(tf, in.bytes(),\n        3L /* channels */,"
        + " 8L /* ratio */, 8L /* height */, 8L /* width */);"), code);
    assertTrue(code.contains("// Sources are at least 70 px a side, the output 8 px: decoding at 1/8"
        + " scale in the\n    // DCT domain keeps every side at 8 px or more"), code);
    assertTrue(code.contains(".output(\"label\", in.label())"), "label passes through: " + code);

    Compilation half = Sources.compile(Sources.pipeline("Jpeg",
        stages("  @DecodeJpeg(parallel = AUTO, minSourceSide = 20) Image decode(Encoded in);")), IMAGES);
    assertTrue(generated(half).contains("2L /* ratio */"));

    Compilation off = Sources.compile(Sources.pipeline("Jpeg", stages("  @DecodeJpeg(parallel = AUTO,"
        + " minSourceSide = 70, scaledDecode = false) Image decode(Encoded in);")), IMAGES);
    assertTrue(generated(off).contains("// Full-size decode: scaledDecode = false.\n"));
    assertTrue(generated(off).contains("1L /* ratio */"));

    Compilation gray = Sources.compile(Sources.pipeline("Jpeg", stages(
        "  @DecodeJpeg(parallel = AUTO, minSourceSide = 70) Gray decode(Encoded in);", "Gray")), IMAGES);
    assertEquals(List.of(), warningsAndErrors(gray));
    assertTrue(generated(gray).contains("1L /* channels */, 8L /* ratio */"));

    Compilation bytes = Sources.compile(Sources.pipeline("Jpeg", stages(
        "  @DecodeJpeg(parallel = AUTO, minSourceSide = 70) Bytes decode(Encoded in);", "Bytes")), IMAGES);
    assertEquals(List.of(), warningsAndErrors(bytes));
    assertTrue(generated(bytes).contains("Operand<TUint8> image = Images.decodeJpegPixels(tf,"
        + " in.bytes(),\n        3L /* channels */, 8L /* ratio */, 8L /* height */, 8L /* width */);"),
        generated(bytes));

    Compilation unknown = Sources.compile(Sources.pipeline("Jpeg",
        stages("  @DecodeJpeg(parallel = AUTO) Image decode(Encoded in);")), IMAGES);
    assertTrue(generated(unknown).contains("// Full-size decode: without minSourceSide, a reduced"
        + " scale could undershoot 8 px.\n"));
  }

  private static void assertSignatureError(String image, String problem) {
    JavaFileObject source = Sources.pipeline("Bad",
        stages("  @DecodeJpeg(parallel = AUTO) " + image + " decode(Encoded in);", image));
    Compilation compilation = Sources.compile(source, IMAGES);
    assertOnly(compilation, Diagnostic.Kind.ERROR, "[feedline:stage-signature] @DecodeJpeg 'decode'"
        + " decodes a JPEG into an image: " + problem + ".", source, "@DecodeJpeg");
  }

  @Test
  void theOutputMustHoldOneImageOfOneOrThreeChannels() {
    assertSignatureError("Rgba",
        "the image has 4 channels; a JPEG decodes to 1 (grayscale) or 3 (RGB)");
    assertSignatureError("Sample",
        "its output Sample needs exactly one Operand<TFloat32> or Operand<TUint8> component of"
            + " shape [height, width, channels]; it has 0");
    assertSignatureError("Doubles",
        "its output Doubles needs exactly one Operand<TFloat32> or Operand<TUint8> component of"
            + " shape [height, width, channels]; it has 0");
  }

  @Test
  void theImageSizeMustBeKnown() {
    assertSignatureError("Wild", "the image's shape [?,?,3] must be fully known: it is the size"
        + " the JPEG is resized to");
  }

  @Test
  void theInputMustHoldOneJpeg() {
    JavaFileObject source = Sources.pipeline("Bad", List.of(
        "  @InMemorySource(records = 10) Pair pairs();",
        "  @DecodeJpeg(parallel = AUTO) Image decode(Pair in);",
        "  @Batch(size = 4) Image batch(Image image);",
        "  @Prefetch(AUTO) Image prefetch(Image batch);"));
    assertOnly(Sources.compile(source, IMAGES), Diagnostic.Kind.ERROR,
        "[feedline:stage-signature] @DecodeJpeg 'decode' decodes a JPEG into an image: its input"
            + " Pair needs exactly one scalar Operand<TString> component, the JPEG; it has 2.",
        source, "@DecodeJpeg");
  }

  @Test
  void everyOtherOutputComponentMustComeFromTheInput() {
    assertSignatureError("Labeled",
        "output component 'id' is passed through, so Encoded needs a component 'id' of the same"
            + " dtype and shape");
  }

  @Test
  void aNegativeSourceSideIsAnInvalidParameterAtItsValue() {
    JavaFileObject source = Sources.pipeline("Bad",
        stages("  @DecodeJpeg(parallel = AUTO, minSourceSide = -1) Image decode(Encoded in);"));
    Diagnostic<? extends JavaFileObject> error = assertOnly(Sources.compile(source, IMAGES),
        Diagnostic.Kind.ERROR, "[feedline:invalid-parameter] @DecodeJpeg 'decode' has minSourceSide"
            + " = -1, but a source side is 0 (unknown) or a number of pixels; use the smallest side,"
            + " or 0.", source, "@DecodeJpeg");
    assertEquals(columnOf(source, "@DecodeJpeg", "-1"), error.getColumnNumber());
  }
}

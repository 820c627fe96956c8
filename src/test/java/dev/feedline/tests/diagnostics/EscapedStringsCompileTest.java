package dev.feedline.tests.diagnostics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import dev.feedline.processor.base.JavaLiterals;
import dev.feedline.tests.support.Sources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every class of character that ends a line, ends a comment or hides itself, in every string
 * member a declaration has (feature and feature-list keys, string defaults of a decode and of a
 * CSV parse, pad texts of a padded batch and of buckets, the CSV delimiter and NA value, a cache
 * file and a snapshot path, a text source's record delimiter): the generated pipelines and
 * writers compile, each string is in them as its literal, no line of them is broken inside one,
 * and the review report keeps each stage on one row.
 */
class EscapedStringsCompileTest {
  /** What JavaPoet, Java's {@code \R} and editors take for a line end. */
  private static final Pattern LINE_END = Pattern.compile("\\R");

  @TempDir Path dir;

  static Stream<Arguments> classes() {
    return Stream.of(
        Arguments.of("line ends", "\u000b\u000c\u0085\u2028\u2029\r\n", "\u000b"),
        Arguments.of("control characters", "\u0000\u0001\u001f\u007f\u0080\u009f\t\b", "\u0001"),
        Arguments.of("format characters",
            "\u00ad\u200b\u200e\u202e\u2066\ufeff" + new String(Character.toChars(0xE0041)), "\u001f"),
        Arguments.of("spaces", "\u00a0\u2007\u3000", "\u007f"),
        Arguments.of("private use",
            "\ue000\uf8ff" + new String(Character.toChars(0xF0000)) + new String(Character.toChars(0x10FFFD)), ";"),
        Arguments.of("unpaired surrogates", "\ud800-\udfff", "\t"),
        Arguments.of("noncharacters", "\ufdd0\ufffe\uffff", "|"),
        Arguments.of("Java's own", "*/ /* \" \\ \\u000a \\\\u0041 \\", "\""));
  }

  /** {@code value} as a literal in a declaration, written without the code under test. */
  private static String declared(String value) {
    StringBuilder literal = new StringBuilder("\"");
    for (char c : value.toCharArray()) {
      if (c == '\n') {
        literal.append("\\n");
      } else if (c == '\r') {
        literal.append("\\r");
      } else if (c == '"' || c == '\\') {
        literal.append('\\').append(c);
      } else if (c < 0x20 || c > 0x7e) {
        literal.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
      } else {
        literal.append(c);
      }
    }
    return literal.append('"').toString();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("classes")
  void generatedCodeWithTheseInEveryStringMemberCompiles(String name, String odd, String delimiter)
      throws IOException {
    String key = "key" + odd;
    String list = "steps" + odd;
    String fallback = "none" + odd;
    String pad = "pad" + odd;
    String na = "NA" + odd;
    String cache = "target/cache" + odd;
    String snapshot = "target/snapshot" + odd;
    // A delimiter line holds no line break (invalid-parameter): the rest of the class is in it.
    String delimiterLine = "%" + odd.replace("\r", "").replace("\n", "");
    JavaFileObject source = Sources.source("Odd",
        "@Element record Tagged(",
        "    @Feature(" + declared(key) + ") @Shape({}) Operand<TInt64> id,",
        "    @Shape({-1}) Operand<TString> words,",
        "    @DefaultValue(strings = " + declared(fallback) + ") @Shape({}) Operand<TString> tag) {}",
        "@Element record Steps(",
        "    @FeatureList(" + declared(list) + ") @Shape({-1}) Operand<TString> steps,",
        "    @LengthOf(\"steps\") @Shape({}) Operand<TInt32> count) {}",
        "@Element record Named(@Shape({}) Operand<TString> name,",
        "    @DefaultValue(strings = " + declared(fallback) + ") @Shape({}) Operand<TString> tag) {}",
        "@Pipeline interface Tags {",
        "  @TFRecordSource(records = 100) Operand<TString> files();",
        "  @Interleave(parallel = AUTO) Operand<TString> read(Operand<TString> file);",
        "  @Decode(parallel = AUTO) Tagged parse(Operand<TString> record);",
        "  @Cache(file = " + declared(cache) + ") Tagged cache(Tagged tagged);",
        "  @PaddedBatch(size = 4, padding = @Pad(component = \"words\", text = " + declared(pad) + "))",
        "  Tagged batch(Tagged tagged);",
        "  @Prefetch(AUTO) Tagged prefetch(Tagged batch);",
        "}",
        "@Pipeline interface Buckets {",
        "  @TFRecordSource(records = 100) Operand<TString> files();",
        "  @Interleave(parallel = AUTO) Operand<TString> read(Operand<TString> file);",
        "  @Decode(parallel = AUTO) Tagged parse(Operand<TString> record);",
        "  @Snapshot(path = " + declared(snapshot) + ") Tagged snapshot(Tagged tagged);",
        "  @BucketByLength(component = \"words\", boundaries = {3}, batchSizes = {4, 2},",
        "      padding = @Pad(component = \"words\", text = " + declared(pad) + "))",
        "  Tagged batch(Tagged tagged);",
        "  @Prefetch(AUTO) Tagged prefetch(Tagged batch);",
        "}",
        "@Pipeline interface Clips {",
        "  @TFRecordSource(records = 100) Operand<TString> files();",
        "  @Interleave(parallel = AUTO) Operand<TString> read(Operand<TString> file);",
        "  @Decode(parallel = AUTO) Steps parse(Operand<TString> record);",
        "  @Prefetch(AUTO) Steps prefetch(Steps steps);",
        "}",
        "@Pipeline interface Names {",
        "  @TextLineSource(records = 100) Operand<TString> files();",
        "  @Interleave(parallel = AUTO) Operand<TString> lines(Operand<TString> file);",
        "  @DecodeCsv(delimiter = " + declared(delimiter) + ", naValue = " + declared(na)
            + ", quoted = false, parallel = AUTO)",
        "  Named parse(Operand<TString> line);",
        "  @Prefetch(AUTO) Named prefetch(Named named);",
        "}",
        "@Pipeline interface Fortunes {",
        "  @TextLineSource(records = 100, recordDelimiter = " + declared(delimiterLine) + ")",
        "  Operand<TString> files();",
        "  @Interleave(parallel = AUTO) Operand<TString> records(Operand<TString> file);",
        "  @Prefetch(AUTO) Operand<TString> prefetch(Operand<TString> record);",
        "}");
    Path reports = dir.resolve("reports");
    Compilation compilation = Sources.compile(List.of("-Afeedline.report=" + reports), source);

    List<String> errors = compilation.diagnostics().stream()
        .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
        .map(d -> d.getSource().getName() + ":" + d.getLineNumber() + ": " + d.getMessage(Locale.ROOT))
        .toList();
    assertEquals(List.of(), errors);
    assertEquals(Compilation.Status.SUCCESS, compilation.status());
    List<String> expected = List.of("test.FeedlineTags", "test.FeedlineBuckets",
        "test.FeedlineClips", "test.FeedlineNames", "test.FeedlineFortunes",
        "test.FeedlineTaggedWriter",
        "test.FeedlineStepsWriter");
    for (String generated : expected) {
      String code = compilation.generatedSourceFile(generated).orElseThrow()
          .getCharContent(true).toString();
      assertFalse(LINE_END.matcher(code.replace("\n", "")).find(), generated + ": a line end");
      code.codePoints().filter(c -> c != '\n' && c != '"' && c != '\\')
          .forEach(c -> assertFalse(JavaLiterals.escapes(c), () -> String.format(Locale.ROOT,
              "%s holds U+%04X as itself", generated, c)));
    }
    assertContains(compilation, "test.FeedlineTags", key, fallback, pad, cache);
    assertContains(compilation, "test.FeedlineBuckets", key, fallback, pad, snapshot);
    assertContains(compilation, "test.FeedlineClips", list);
    assertContains(compilation, "test.FeedlineNames", na, fallback, delimiter);
    assertContains(compilation, "test.FeedlineFortunes", delimiterLine);
    assertContains(compilation, "test.FeedlineTaggedWriter", key);
    assertContains(compilation, "test.FeedlineStepsWriter", list);

    for (String pipeline : List.of("Tags", "Buckets", "Clips", "Names", "Fortunes")) {
      List<String> report = Files.readAllLines(reports.resolve("test." + pipeline + ".md"));
      long rows = report.stream().filter(l -> l.matches("\\| [0-9]+ \\| `.*")).count();
      assertEquals(pipeline.equals("Fortunes") ? 3
          : pipeline.equals("Clips") || pipeline.equals("Names") ? 4 : 6, rows,
          pipeline + ": one row a stage\n"
          + String.join("\n", report));
    }
  }

  private static void assertContains(Compilation compilation, String generated, String... values)
      throws IOException {
    String code = compilation.generatedSourceFile(generated).orElseThrow()
        .getCharContent(true).toString();
    for (String value : values) {
      assertTrue(code.contains(JavaLiterals.quoted(value)),
          generated + " holds " + JavaLiterals.quoted(value));
    }
  }
}

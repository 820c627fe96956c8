package dev.feedline.tests.diagnostics;

import static dev.feedline.tests.support.Diagnostics.assertOnly;
import static dev.feedline.tests.support.Diagnostics.columnOf;
import static dev.feedline.tests.support.Diagnostics.feedline;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import dev.feedline.processor.base.JavaLiterals;
import dev.feedline.tests.support.Sources;
import java.util.List;
import java.util.regex.Pattern;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * {@code @TextLineSource(recordDelimiter = ...)}: a delimiter line of any text compiles without a
 * finding, its text written into the generated code as a literal; an empty one, one with a line
 * break, and one with a header or a {@code @DecodeCsv} are errors at the value or the stage, which
 * {@code @SuppressWarnings} does not hide.
 */
class RecordDelimiterDiagnosticsTest {
  private static final Diagnostic.Kind ERROR = Diagnostic.Kind.ERROR;
  private static final String BUDGET = "@Pipeline(ramBudget = \"1GiB\")";
  private static final JavaFileObject RECORDS = Sources.source("Texts",
      "final class Texts {", "  private Texts() {}", "}",
      "@Element record Text(@Shape({}) Operand<TString> text) {}",
      "@Element record Row(@Shape({}) Operand<TString> a, @Shape({}) Operand<TInt64> b) {}");
  private static final String READ =
      "  @Interleave(parallel = AUTO) Operand<TString> records(Operand<TString> file);";
  private static final String MAP =
      "  @Map(parallel = AUTO) static Text text(Ops tf, Operand<TString> record) {"
          + " return new Text(record); }";
  private static final String PREFETCH = "  @Prefetch(AUTO) Text prefetch(Text text);";

  private static JavaFileObject fortunes(String annotation, String source) {
    return Sources.pipeline(annotation, "Fortunes", List.of(
        "  @TextLineSource(" + source + ") Operand<TString> files();", READ, MAP, PREFETCH));
  }

  private static JavaFileObject fortunes(String source) {
    return fortunes(BUDGET, source);
  }

  /** {@code value} as a literal in a declaration, written without the code under test. */
  private static String declared(String value) {
    StringBuilder literal = new StringBuilder("\"");
    for (char c : value.toCharArray()) {
      if (c == '"' || c == '\\') {
        literal.append('\\').append(c);
      } else if (c < 0x20 || c > 0x7e) {
        literal.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
      } else {
        literal.append(c);
      }
    }
    return literal.append('"').toString();
  }

  @ParameterizedTest
  @ValueSource(strings = {"%", "$$$$", "//", "\t\"\\ \u2028\u0085\u000b */ é\u202e"})
  void aDelimiterLineOfAnyTextCompilesWithoutAFindingAndIsWrittenAsItsLiteral(String delimiter)
      throws Exception {
    Compilation compilation = Sources.compile(
        fortunes("recordDelimiter = " + declared(delimiter)), RECORDS);
    assertEquals(Compilation.Status.SUCCESS, compilation.status(),
        compilation.diagnostics().toString());
    assertEquals(List.of(), feedline(compilation));
    String code = compilation.generatedSourceFile("test.FeedlineFortunes").orElseThrow()
        .getCharContent(true).toString();
    String literal = JavaLiterals.quoted(delimiter) + " /* recordDelimiter */";
    assertEquals(3, code.split(Pattern.quote(literal), -1).length - 1,
        "the delimiter's literal in the reader and in the checks of build and asSource: "
            + literal + "\n" + code);
    code.codePoints().filter(c -> c != '\n' && c != '"' && c != '\\')
        .forEach(c -> assertFalse(JavaLiterals.escapes(c), () -> String.format(
            java.util.Locale.ROOT, "U+%04X as itself", c)));
  }

  @Test
  void theDefaultIsOneRecordALine() throws Exception {
    Compilation compilation = Sources.compile(fortunes("recordDelimiter = \"\\n\""), RECORDS);
    assertEquals(List.of(), feedline(compilation));
    String code = compilation.generatedSourceFile("test.FeedlineFortunes").orElseThrow()
        .getCharContent(true).toString();
    assertTrue(code.contains("DatasetOps.textLineReader("), "TensorFlow's line reader");
  }

  @Test
  void anEmptyDelimiterIsAnErrorAtItsValue() {
    JavaFileObject source = fortunes("recordDelimiter = \"\"");
    var reported = assertOnly(Sources.compile(source, RECORDS), ERROR,
        "[feedline:invalid-parameter] @TextLineSource 'files' has recordDelimiter = \"\", but a"
            + " record delimiter is a line's text, and an empty one would make every empty line a"
            + " delimiter, which blankLines decides; write the text of the lines that end records,"
            + " such as \"%\", or leave the member out for one record a line.",
        source, "@TextLineSource");
    assertEquals(columnOf(source, "@TextLineSource", "\"\""), reported.getColumnNumber());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "\"%\\n\"|\"%\\n\"|\"%\"",
      "\"\\r\\n%\\r\\n\"|\"\\r\\n%\\r\\n\"|\"%\"",
      "\"a\\nb\"|\"a\\nb\"|\"a\""})
  void aDelimiterWithALineBreakIsAnErrorThatSuggestsTheLine(String written, String shown,
      String suggested) {
    JavaFileObject source = fortunes("recordDelimiter = " + written);
    var reported = assertOnly(Sources.compile(source, RECORDS), ERROR,
        "[feedline:invalid-parameter] @TextLineSource 'files' has recordDelimiter = " + shown
            + ", but a record delimiter other than \"\\n\" is the text of a whole line, which"
            + " holds no line break: no line would ever equal it; write the line without its line"
            + " end, " + suggested + " (a CRLF file's carriage returns are left out of its lines).",
        source, "@TextLineSource");
    assertEquals(columnOf(source, "@TextLineSource", written), reported.getColumnNumber());
  }

  @Test
  void aDelimiterWithAHeaderIsAnErrorAtTheHeaderEvenWhereWarningsAreSuppressed() {
    for (String annotation : List.of(BUDGET,
        "@SuppressWarnings(\"feedline:record-delimiter-conflict\") " + BUDGET)) {
      JavaFileObject source = fortunes(annotation, "recordDelimiter = \"%\", header = true");
      var reported = assertOnly(Sources.compile(source, RECORDS), ERROR,
          "[feedline:record-delimiter-conflict] @TextLineSource 'files' has recordDelimiter ="
              + " \"%\" and header = true, but a header is a CSV file's first line and a"
              + " delimited file's records are not rows; drop header = true, or the record"
              + " delimiter.", source, "@TextLineSource");
      assertEquals(columnOf(source, "@TextLineSource", "true"), reported.getColumnNumber());
    }
  }

  @Test
  void aDelimiterWithADecodeCsvIsAnErrorAtTheParse() {
    String parse = "  @DecodeCsv(parallel = AUTO) Row parse(Operand<TString> line);";
    JavaFileObject bad = Sources.pipeline(BUDGET, "Rows", List.of(
        "  @TextLineSource(recordDelimiter = \"%\") Operand<TString> files();", READ, parse,
        "  @Prefetch(AUTO) Row prefetch(Row row);"));
    assertOnly(Sources.compile(bad, RECORDS), ERROR,
        "[feedline:record-delimiter-conflict] @DecodeCsv 'parse' parses one line a row, but"
            + " @TextLineSource 'files' has recordDelimiter = \"%\", whose records may hold"
            + " several lines; read the rows one a line (leave recordDelimiter out), or cut each"
            + " record into what you need in a @Map.", bad, "@DecodeCsv");
    JavaFileObject good = Sources.pipeline(BUDGET, "Rows", List.of(
        "  @TextLineSource Operand<TString> files();", READ, parse,
        "  @Prefetch(AUTO) Row prefetch(Row row);"));
    assertEquals(List.of(), feedline(Sources.compile(good, RECORDS)));
  }
}

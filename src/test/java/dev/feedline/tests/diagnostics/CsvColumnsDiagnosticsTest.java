package dev.feedline.tests.diagnostics;

import static dev.feedline.tests.support.Diagnostics.assertOnly;
import static dev.feedline.tests.support.Diagnostics.feedline;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import dev.feedline.tests.support.Sources;
import java.util.List;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * {@code @Columns}, several CSV columns into one vector component: a good table record compiles
 * without a finding; a shape other than {@code [n]}, a count of names other than {@code n}, names
 * and a range at once, and names on a headerless file each report their error on their line.
 */
class CsvColumnsDiagnosticsTest {
  private static final Diagnostic.Kind ERROR = Diagnostic.Kind.ERROR;
  private static final String GOOD_VECTOR =
      "    @Columns(from = \"a\", to = \"c\") @Shape({3}) Operand<TFloat32> xs,";
  private static final String GOOD_NAMES =
      "    @Columns({\"d\", \"e\"}) @Shape({2}) Operand<TInt64> ks,";
  private static final String PARSE = "  @DecodeCsv(parallel = AUTO) Table parse(Operand<TString> line);";

  private static JavaFileObject records(String vector, String names) {
    return Sources.source("Tables", "final class Tables {", "  private Tables() {}", "}",
        "@Element record Table(", vector, names,
        "    @Shape({}) Operand<TString> label) {}");
  }

  private static JavaFileObject pipeline(boolean header) {
    return Sources.pipeline("Rows", List.of(
        "  @TextLineSource(header = " + header + ") Operand<TString> files();",
        "  @Interleave(parallel = AUTO) Operand<TString> lines(Operand<TString> file);",
        PARSE,
        "  @Batch(size = 4) Table batch(Table row);",
        "  @Prefetch(AUTO) Table prefetch(Table batch);"));
  }

  @Test
  void aRangeAndNamesOfTheRightCountCompileWithoutAFinding() {
    Compilation compilation = Sources.compile(pipeline(true), records(GOOD_VECTOR, GOOD_NAMES));
    assertEquals(Compilation.Status.SUCCESS, compilation.status(), compilation.diagnostics()
        .toString());
    assertEquals(List.of(), feedline(compilation).stream()
        .filter(d -> d.getKind() != Diagnostic.Kind.NOTE).toList());
  }

  @Test
  void columnsIntoAScalarAreNoVector() {
    JavaFileObject pipeline = pipeline(true);
    assertOnly(Sources.compile(pipeline, records(
            "    @Columns(from = \"a\", to = \"c\") @Shape({}) Operand<TFloat32> xs,", GOOD_NAMES)),
        ERROR, "[feedline:decode-unsupported-component] @DecodeCsv 'parse' reads @Columns into"
            + " component 'xs' of Table, of shape [], but @Columns fills a vector of one value per"
            + " column: declare @Shape({n}), n the number of columns.", pipeline, PARSE);
  }

  @Test
  void namesCountedOtherThanTheShapeAreAnError() {
    JavaFileObject pipeline = pipeline(true);
    assertOnly(Sources.compile(pipeline, records(GOOD_VECTOR,
            "    @Columns({\"d\", \"e\", \"f\"}) @Shape({2}) Operand<TInt64> ks,")),
        ERROR, "[feedline:decode-unsupported-component] @DecodeCsv 'parse' reads 3 columns"
            + " [d, e, f] into component 'ks' of Table, of shape [2]; name one column per value,"
            + " or declare @Shape({3}).", pipeline, PARSE);
  }

  @Test
  void namesAndARangeAtOnceAreAnErrorOnTheComponent() {
    String both = "    @Columns(value = {\"d\", \"e\"}, from = \"d\") @Shape({2}) Operand<TInt64> ks,";
    JavaFileObject records = records(GOOD_VECTOR, both);
    assertOnly(Sources.compile(pipeline(true), records),
        ERROR, "[feedline:decode-unsupported-component] @Columns on component 'ks' of Table has"
            + " names [d, e], from = \"d\" and to = \"\"; name the columns, or a range with both"
            + " from and to, not both.", records, both);
  }

  @Test
  void columnsByNameOnAHeaderlessFileAreAnError() {
    JavaFileObject pipeline = pipeline(false);
    assertOnly(Sources.compile(pipeline, records(GOOD_VECTOR, GOOD_NAMES)),
        ERROR, "[feedline:parse-wrong-source] @DecodeCsv 'parse' reads component 'xs' of Table"
            + " from @Columns by header names, but @TextLineSource 'files' has no header, so no"
            + " column has a name; set `header = true` on 'files' if the files start with a header"
            + " line, or read the columns in order into scalar components.", pipeline, PARSE);
  }
}

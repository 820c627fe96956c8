package dev.feedline.runtime.internal.files;

import static dev.feedline.runtime.internal.files.CsvColumns.column;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tensorflow.Graph;
import org.tensorflow.Output;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.Tensor;
import org.tensorflow.TensorFlow;
import org.tensorflow.exceptions.TFInvalidArgumentException;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TFloat64;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;
import org.tensorflow.types.family.TType;

/**
 * The check at build ({@link CsvColumns#rowProblem}, {@link CsvNumbers}) against TensorFlow's own
 * DecodeCSV, run on every field of a table of tricky ones for every dtype a column may have: the
 * check passes a field exactly where DecodeCSV reads it, but for two kinds of float it refuses on
 * purpose: one beyond its dtype, which DecodeCSV reads as infinity, and a field of spaces only,
 * which it reads as 0.
 */
class CsvNumbersTest {
  private static final List<Class<? extends TType>> DTYPES =
      List.of(TInt32.class, TInt64.class, TFloat32.class, TFloat64.class, TString.class);

  /** Fields as they stand; each one also padded on either side by each of {@link #PADS}. */
  private static final List<String> FIELDS = List.of(
      "", "0", "1", "-1", "+1", "-0", "+0", "007", "-007", "- 1", "+ 1", "--1", "+-1", "1-", "-",
      "+", "1.", "1.5", ".5", "-.5", "+.5", ".", "-.", "+.", "0.", "1.e5", ".5e1", ".e1", "e5",
      "5e", "5e+", "5e-", "1e5", "1E5", "1e+5", "1e-5", "1e05", "1e5.5", "1_000", "1 2", "12abc",
      "abc", "true", "1/2", "1f", "1d", "1L", "0.5f", "0x10", "0X1f", "-0x10", "+0x10", "0x",
      "0xg", "0x1.8", "0x1p3", "00x10", "0x1e5", "010", "0b1", "inf", "Inf", "INF", "-inf",
      "+inf", "-INF", "infinity", "Infinity", "INFINITY", "-infinity", "+Infinity", "nan", "NaN",
      "NAN", "-nan", "+nan", "-NaN", "nan(1)", "nana", "in", "infi", "-inf5", "ınf", "\u0663",
      "\uff13", "2147483647", "2147483648", "-2147483648", "-2147483649", "9223372036854775807",
      "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
      "99999999999999999999", "0".repeat(34) + "1", "-" + "0".repeat(30), "3.4028235e38",
      "3.4028236e38", "-3.4028235e38", "-3.5e38", "1e38", "1e39", "1.7976931348623157e308",
      "1.8e308", "-1e309", "1e-50", "1e-400", "4.9e-324", "1" + "0".repeat(30),
      "3." + "1".repeat(29), "3." + "1".repeat(30), "3.14159265358979323846264338327950",
      " ".repeat(28) + "1.5", " ".repeat(29) + "1.5", "1.5" + "\t".repeat(29), " ", "\t", "  ",
      "1\u0000", "1\u0000junk", "\u00001", "\u0000");

  /** Around a number: the ASCII spaces TensorFlow skips, and others Java trims or that look so. */
  private static final List<String> PADS = List.of(" ", "\t", "\u000b", "\f", "  \t", "\u00a0",
      "\u2003", "\u3000", "\u001f", "\u001c", "\u0085", "\u200b", "\ufeff");

  /** The padded fields: the plain ones and each core number with a pad before and after it. */
  private static List<String> fields() {
    List<String> fields = new ArrayList<>(FIELDS);
    for (String core : List.of("2", "-2", "2.5", "-1e3", "inf", "-nan", "0x1f")) {
      for (String pad : PADS) {
        fields.add(pad + core);
        fields.add(core + pad);
        fields.add(pad + core + pad);
      }
    }
    return fields;
  }

  /** A row of a label and the field: a line is never empty, and the field is not the first. */
  private static final CsvColumns.Column LABEL = column("label", TString.class, "");

  private static CsvColumns columns(Class<? extends TType> type) {
    return new CsvColumns(List.of(LABEL, column("x", type)), ",", true, "");
  }

  /** Why the check refuses {@code field} as a column of {@code type}; empty if it passes. */
  private static Optional<CsvColumns.Problem> check(Class<? extends TType> type, String field) {
    return columns(type).rowProblem("row," + field, List.of("label", "x"), new int[] {0, 1});
  }

  /** What DecodeCSV reads from each field, as the pipeline's graph parses it; empty if refused. */
  private static List<Optional<Double>> decodeCsv(Class<? extends TType> type,
      List<String> fields) {
    List<Optional<Double>> values = new ArrayList<>();
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      Ops tf = Ops.create(graph);
      Placeholder<TString> line = tf.placeholder(TString.class, Placeholder.shape(Shape.scalar()));
      Output<?> x = columns(type).decode(tf, line, new int[] {0, 1}).get(1);
      for (String field : fields) {
        try (TString row = TString.scalarOf("row," + field);
            Result result = session.runner().feed(line, row).fetch(x).run()) {
          values.add(Optional.of(number(result.get(0))));
        } catch (TFInvalidArgumentException e) {
          values.add(Optional.empty());
        }
      }
    }
    return values;
  }

  private static double number(Tensor value) {
    if (value instanceof TInt32 i) {
      return i.getInt();
    } else if (value instanceof TInt64 l) {
      return l.getLong();
    } else if (value instanceof TFloat32 f) {
      return f.getFloat();
    } else if (value instanceof TFloat64 d) {
      return d.getDouble();
    }
    return 0; // a string: read as it is
  }

  /**
   * Whether the check refuses a field that DecodeCSV reads, on purpose: a float it reads as
   * infinity that does not say so, or spaces only, which it reads as 0.
   */
  private static boolean refusedOnPurpose(Class<? extends TType> type, String field,
      double value) {
    boolean real = type == TFloat32.class || type == TFloat64.class;
    return real && (Double.isInfinite(value) && !field.toLowerCase(Locale.ROOT).contains("inf")
        || CsvNumbers.trim(field).isEmpty());
  }

  @Test
  void theCheckPassesExactlyTheFieldsDecodeCsvReadsButThoseItRefusesOnPurpose() {
    List<String> fields = fields();
    for (String field : fields) {
      assertFalse(field.contains(",") || field.contains("\""), field);
    }
    List<String> disagreements = new ArrayList<>();
    List<String> onPurpose = new ArrayList<>();
    for (Class<? extends TType> type : DTYPES) {
      List<Optional<Double>> read = decodeCsv(type, fields);
      for (int i = 0; i < fields.size(); i++) {
        String field = fields.get(i);
        boolean tfReads = read.get(i).isPresent();
        boolean strict = tfReads && refusedOnPurpose(type, field, read.get(i).get());
        if (strict) {
          onPurpose.add(type.getSimpleName() + " \"" + escaped(field) + "\" "
              + read.get(i).get());
        }
        Optional<CsvColumns.Problem> problem = check(type, field);
        if (problem.isEmpty() != (tfReads && !strict)) {
          disagreements.add(type.getSimpleName() + " \"" + escaped(field) + "\": DecodeCSV "
              + (tfReads ? "reads " + read.get(i).get() : "refuses it") + ", the check "
              + problem.map(p -> "refuses it: " + p.description()).orElse("passes it"));
        }
      }
    }
    assertEquals(List.of(), disagreements, "on TensorFlow " + TensorFlow.version());
    assertEquals(List.of("TFloat32 \"3.4028236e38\" Infinity", "TFloat32 \"-3.5e38\" -Infinity",
        "TFloat32 \"1e39\" Infinity", "TFloat32 \"1.7976931348623157e308\" Infinity",
        "TFloat32 \"1.8e308\" Infinity", "TFloat32 \"-1e309\" -Infinity", "TFloat32 \" \" 0.0",
        "TFloat32 \"\\u0009\" 0.0", "TFloat32 \"  \" 0.0", "TFloat64 \"1.8e308\" Infinity",
        "TFloat64 \"-1e309\" -Infinity", "TFloat64 \" \" 0.0", "TFloat64 \"\\u0009\" 0.0",
        "TFloat64 \"  \" 0.0"), onPurpose, "the fields DecodeCSV reads that the check refuses");
  }

  @Test
  void aFloatBeyondItsDtypeIsTooLargeAndNumbersJavaWouldReadSayWhyTheyAreNone() {
    assertEquals(Optional.of(new CsvColumns.Problem("number too large in column 'x'",
        "has \"3.5e38\" in column 'x', which is out of the range of float32")),
        check(TFloat32.class, "3.5e38"));
    assertEquals("has \"+1\" in column 'x', which is not an integer (int32); TensorFlow reads no"
        + " plus sign before an integer", check(TInt32.class, "+1").get().description());
    assertEquals("has \"-Infinity\" in column 'x', which is not a number (float64); TensorFlow"
        + " spells infinity \"inf\"", check(TFloat64.class, "-Infinity").get().description());
    String pi = "3.14159265358979323846264338327950";
    assertEquals("has \"" + pi + "\" in column 'x', which is not a number (float32); TensorFlow"
        + " reads no number of 32 characters or more", check(TFloat32.class, pi).get()
        .description());
    assertEquals("has \"2\u2003\" in column 'x', which is not an integer (int64); TensorFlow"
        + " skips no U+2003 around a number, only ASCII spaces and tabs",
        check(TInt64.class, "2\u2003").get().description());
    assertEquals("not a number in column 'x'", check(TFloat32.class, "\u001f2").get().cause());
  }

  private static String escaped(String field) {
    StringBuilder text = new StringBuilder();
    for (char c : field.toCharArray()) {
      text.append(c >= ' ' && c < 0x7f ? String.valueOf(c) : String.format("\\u%04x", (int) c));
    }
    return text.toString();
  }
}

package dev.feedline.runtime.internal.files;

import dev.feedline.Compression;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.PipelineInfo;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.tensorflow.Operand;
import org.tensorflow.Output;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Stack;
import org.tensorflow.op.io.DecodeCsv;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TFloat64;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;
import org.tensorflow.types.family.TType;

/**
 * The columns {@code @DecodeCsv} parses from lines of comma-separated values: one per component
 * of its record, in record order, each with its dtype and, where an empty field is allowed, its
 * default.
 *
 * @param columns the columns, named as the header names them
 * @param delimiter the one character between fields
 * @param quoted whether double quotes may hold delimiters
 * @param naValue a field text that means "no value"; empty for none
 */
public record CsvColumns(List<Column> columns, String delimiter, boolean quoted, String naValue) {

  /**
   * One component's columns: its name, its dtype, its default when a field may be empty, and,
   * for a vector component ({@code @Columns}), the header names of its columns or the first and
   * last of a range of them.
   *
   * @param names the header names it reads: its own name for a scalar; for a range, the first
   *     and the last
   * @param range whether {@code names} are the ends of a range of the header's columns
   * @param width the number of columns: 1 for a scalar
   * @param vector whether the columns make one {@code [width]} tensor, not a scalar
   */
  public record Column(String name, Class<? extends TType> type, Optional<Object> defaultValue,
      List<String> names, boolean range, int width, boolean vector) {
    public Column {
      names = List.copyOf(names);
    }

    /** One field of this column, named as the header names it, for a row's check. */
    Column field(String header) {
      return new Column(header, type, defaultValue, List.of(header), false, 1, false);
    }

    /** The {@code j}th value's field: its default one of a list of one per value. */
    Column at(int j) {
      Optional<Object> value = defaultValue.map(v -> v instanceof List<?> each ? each.get(j) : v);
      return new Column(name, type, value, names, false, 1, false);
    }
  }

  public CsvColumns {
    columns = List.copyOf(columns);
  }

  /** A column whose field must not be empty; static-import the factories. */
  public static Column column(String name, Class<? extends TType> type) {
    return new Column(name, type, Optional.empty(), List.of(name), false, 1, false);
  }

  /** A column whose empty field reads as {@code defaultValue}. */
  public static Column column(String name, Class<? extends TType> type, Object defaultValue) {
    return new Column(name, type, Optional.of(defaultValue), List.of(name), false, 1, false);
  }

  /** A vector component of the columns the header names {@code names}, in order. */
  public static Column vector(String name, Class<? extends TType> type, List<String> names) {
    return new Column(name, type, Optional.empty(), names, false, names.size(), true);
  }

  /**
   * A vector component whose empty fields read as {@code defaultValue}: one value for every
   * column, or a list of one per column.
   */
  public static Column vector(String name, Class<? extends TType> type, List<String> names,
      Object defaultValue) {
    return new Column(name, type, Optional.of(defaultValue), names, false, names.size(), true);
  }

  /** A range whose empty fields read as {@code defaultValue}. */
  public static Column range(String name, Class<? extends TType> type, String from, String to,
      int width, Object defaultValue) {
    return new Column(name, type, Optional.of(defaultValue), List.of(from, to), true, width,
        true);
  }

  /** A vector component of the header's {@code width} columns from {@code from} to {@code to}. */
  public static Column range(String name, Class<? extends TType> type, String from, String to,
      int width) {
    return new Column(name, type, Optional.empty(), List.of(from, to), true, width, true);
  }

  /** The fields a row gives all the columns: one per value. */
  private int fieldCount() {
    return columns.stream().mapToInt(Column::width).sum();
  }

  /**
   * The field each column takes, by position in the line: by header names when the files have a
   * header, checked in every local file, else the first fields in order.
   *
   * @throws FeedlineException naming the file whose header lacks a column or has no header line
   */
  public int[] select(PipelineInfo pipeline, List<String> files, boolean header,
      Compression compression) {
    if (!header) {
      return java.util.stream.IntStream.range(0, fieldCount()).toArray();
    }
    int[] selected = null;
    for (String file : files) {
      if (file.contains("://")) {
        continue; // remote files: TensorFlow reads them, and says what it cannot
      }
      List<String> names = headerOf(pipeline, file, compression);
      int[] here = new int[fieldCount()];
      int k = 0;
      for (Column column : columns) {
        int[] fields = new int[column.names().size()];
        for (int j = 0; j < fields.length; j++) {
          fields[j] = names.indexOf(column.names().get(j));
          if (fields[j] < 0) {
            throw new FeedlineException(pipeline.simpleName(), pipeline.stages().get(0), file,
                "its header has no column '" + column.names().get(j) + "'"
                    + (column.vector() ? " (of component '" + column.name() + "')" : "")
                    + "; it has " + names, null);
          }
        }
        if (column.range()) {
          int count = fields[1] - fields[0] + 1;
          if (count != column.width()) {
            throw new FeedlineException(pipeline.simpleName(), pipeline.stages().get(0), file,
                "its header has " + Math.max(count, 0) + " columns from '" + column.names().get(0)
                    + "' to '" + column.names().get(1) + "' "
                    + names.subList(Math.min(fields[0], fields[1]),
                        Math.max(fields[0], fields[1]) + 1)
                    + ", but component '" + column.name() + "' holds " + column.width()
                    + " values (@Shape({" + column.width() + "}))", null);
          }
          for (int j = 0; j < count; j++) {
            here[k++] = fields[0] + j;
          }
        } else {
          for (int field : fields) {
            here[k++] = field;
          }
        }
      }
      if (selected != null && !Arrays.equals(selected, here)) {
        throw new FeedlineException(pipeline.simpleName(), pipeline.stages().get(0), file,
            "its header orders the columns " + names + " unlike the files before it; every file"
                + " of a source needs the same columns in the same order", null);
      }
      selected = here;
    }
    return selected != null ? selected
        : java.util.stream.IntStream.range(0, fieldCount()).toArray();
  }

  /**
   * The header's field names: the first line, split like the data, without a byte-order mark.
   *
   * @throws FeedlineException naming the file when the header names a column twice or is not
   *     valid UTF-8
   */
  private List<String> headerOf(PipelineInfo pipeline, String file, Compression compression) {
    Optional<String> line;
    try {
      line = TextFile.firstLine(Path.of(file), compression);
    } catch (TextFile.Bad e) {
      throw new FeedlineException(pipeline.simpleName(), pipeline.stages().get(0), file,
          "its header cannot be matched to the column names: " + e.getMessage(), null);
    } catch (IOException e) {
      throw new FeedlineException(pipeline.simpleName(), pipeline.stages().get(0), file,
          "its header cannot be read: " + e.getMessage(), e);
    }
    if (line.isEmpty()) {
      throw new FeedlineException(pipeline.simpleName(), pipeline.stages().get(0), file,
          "it is empty, but the source declares a header line", null);
    }
    if (line.get().indexOf('\r') >= 0) {
      throw new FeedlineException(pipeline.simpleName(), pipeline.stages().get(0), file,
          "its header line holds a carriage return: TensorFlow ends lines at a line feed only, so"
              + " a file whose lines end with a carriage return alone is read as one line", null);
    }
    List<String> names = fields(line.get());
    for (int i = 0; i < names.size(); i++) {
      int again = names.subList(i + 1, names.size()).indexOf(names.get(i));
      if (again >= 0) {
        throw new FeedlineException(pipeline.simpleName(), pipeline.stages().get(0), file,
            "its header names the column '" + names.get(i) + "' twice (fields " + (i + 1)
                + " and " + (i + again + 2) + "); every column needs a name of its own", null);
      }
    }
    return names;
  }

  /** The fields of one line: split at the delimiter, outside double quotes when quoted. */
  List<String> fields(String line) {
    List<String> fields = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    boolean inQuotes = false;
    char separator = delimiter.charAt(0);
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted && c == '"') {
        if (inQuotes && i + 1 < line.length() && line.charAt(i + 1) == '"') {
          field.append('"');
          i++;
        } else {
          inQuotes = !inQuotes;
        }
      } else if (c == separator && !inQuotes) {
        fields.add(field.toString().strip());
        field.setLength(0);
      } else {
        field.append(c);
      }
    }
    fields.add(field.toString().strip());
    return fields;
  }

  /** Why a row cannot be parsed: a short cause, for counting, and the problem in full. */
  record Problem(String cause, String description) {}


  /**
   * Why {@code line} is not a row that TensorFlow's DecodeCSV parses into the columns, checked as
   * DecodeCSV checks it and more strictly: a field count other than {@code names}' (a value with an
   * unquoted delimiter shifts the columns), a quote inside an unquoted field or text after a
   * closing one, an empty or NA field without a default, a
   * number that DecodeCSV's parsers refuse ({@link CsvNumbers}) or that does not fit its dtype.
   * Empty when it parses.
   *
   * @param names the header's names of the line's fields, or the columns' names without a header
   * @param selected the field each column takes, from {@link #select}
   */
  Optional<Problem> rowProblem(String line, List<String> names, int[] selected) {
    if (line.isEmpty()) {
      return Optional.of(new Problem("empty line", "is empty"));
    }
    List<String> values = new ArrayList<>();
    char separator = delimiter.charAt(0);
    int i = 0;
    while (true) {
      if (quoted && i < line.length() && line.charAt(i) == '"') {
        StringBuilder field = new StringBuilder();
        for (i++; ; i++) {
          if (i >= line.length()) {
            return Optional.of(new Problem("bad quote", "opens a quote" + at(names, values)
                + " that the line does not close (a line cannot hold a line break)"));
          }
          if (line.charAt(i) == '"') {
            if (i + 1 < line.length() && line.charAt(i + 1) == '"') {
              field.append('"');
              i++;
            } else {
              i++;
              break;
            }
          } else {
            field.append(line.charAt(i));
          }
        }
        if (i < line.length() && line.charAt(i) != separator) {
          return Optional.of(new Problem("bad quote", "has text after the closing quote"
              + at(names, values)));
        }
        values.add(field.toString());
      } else {
        int start = i;
        int end = line.indexOf(separator, start);
        i = end < 0 ? line.length() : end;
        int quote = quoted ? line.indexOf('"', start) : -1;
        if (quote >= 0 && quote < i) {
          return Optional.of(new Problem("bad quote", "has a quote inside an unquoted value"
              + at(names, values) + "; quote the whole value and double the quote"));
        }
        values.add(line.substring(start, i));
      }
      if (i >= line.length()) {
        break;
      }
      i++; // the delimiter
    }
    if (values.size() != names.size()) {
      String what = values.size() > names.size()
          ? "field " + (names.size() + 1) + " after the last column '" + names.get(names.size() - 1)
              + "': a delimiter in an unquoted value shifts the columns; quote the value"
          : "no field for column '" + names.get(values.size()) + "'";
      return Optional.of(new Problem("wrong field count", "has " + values.size() + " fields where"
          + " there are " + names.size() + " columns " + names + ", so " + what));
    }
    int k = 0;
    for (Column column : columns) {
      for (int j = 0; j < column.width(); j++, k++) {
        Column field = column.vector() ? column.field(names.get(selected[k])) : column;
        Optional<Problem> problem = valueProblem(field, values.get(selected[k]));
        if (problem.isPresent()) {
          return problem;
        }
      }
    }
    return Optional.empty();
  }

  /** " in field 3 ('price')": where the field after {@code values} is. */
  private static String at(List<String> names, List<String> values) {
    int field = values.size();
    return " in field " + (field + 1) + " ("
        + (field < names.size() ? "'" + names.get(field) + "'" : "after the last column") + ")";
  }

  /**
   * Why one field cannot be its column's value, as DecodeCSV would parse it ({@link CsvNumbers}),
   * or a float beyond its dtype, which DecodeCSV would read as infinity.
   */
  private Optional<Problem> valueProblem(Column column, String value) {
    String at = "column '" + column.name() + "'";
    if (value.isEmpty() || (!naValue.isEmpty() && value.equals(naValue))) {
      return column.defaultValue().isPresent() ? Optional.empty()
          : Optional.of(new Problem("empty " + at, "has no value in " + at + (value.isEmpty() ? ""
              : " (\"" + naValue + "\", the NA value)") + ", which has no default"));
    }
    Class<? extends TType> type = column.type();
    if (type == TString.class) {
      return Optional.empty();
    }
    boolean integer = type == TInt64.class || type == TInt32.class;
    String dtype = type == TInt64.class ? "int64" : type == TInt32.class ? "int32"
        : type == TFloat32.class ? "float32" : "float64";
    if (!(integer ? CsvNumbers.isInteger(value) : CsvNumbers.isReal(value))) {
      return Optional.of(new Problem("not a number in " + at, "has \"" + value + "\" in " + at
          + ", which is not " + (integer ? "an integer" : "a number") + " (" + dtype + ")"
          + CsvNumbers.hint(value, integer)));
    }
    boolean fits = CsvNumbers.inRange(value, type);
    return fits ? Optional.empty() : Optional.of(new Problem("number too large in " + at,
        "has \"" + value + "\" in " + at + ", which is out of the range of " + dtype));
  }

  /**
   * Parses one line into the columns, in record order.
   *
   * @param selected the field each column takes, from {@link #select}
   */
  public List<Output<?>> decode(Ops tf, Operand<TString> line, int[] selected) {
    // One field per value: a vector component's columns are stacked after the parse.
    List<Column> fieldColumns = new ArrayList<>();
    for (Column column : columns) {
      for (int j = 0; j < column.width(); j++) {
        fieldColumns.add(column.vector() ? column.at(j) : column);
      }
    }
    // DecodeCSV takes each selected field once, in ascending order; the record may list them
    // otherwise, and a field twice (in a vector and as a scalar): each is parsed once.
    Integer[] order = new Integer[fieldColumns.size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Integer.compare(selected[a], selected[b]));
    List<Operand<?>> defaults = new ArrayList<>();
    List<Long> fields = new ArrayList<>();
    int[] output = new int[order.length];
    List<Column> parsedAs = new ArrayList<>();
    for (int field : order) {
      Column column = fieldColumns.get(field);
      if (fields.isEmpty() || fields.get(fields.size() - 1) != selected[field]) {
        fields.add((long) selected[field]);
        parsedAs.add(column);
      } else if (PARSE_ORDER.indexOf(column.type())
          < PARSE_ORDER.indexOf(parsedAs.get(parsedAs.size() - 1).type())) {
        parsedAs.set(parsedAs.size() - 1, column);
      }
      output[field] = fields.size() - 1;
    }
    parsedAs.forEach(column -> defaults.add(recordDefault(tf, column)));
    DecodeCsv decoded = tf.io.decodeCsv(line, defaults, DecodeCsv.fieldDelim(delimiter),
        DecodeCsv.useQuoteDelim(quoted), DecodeCsv.naValue(naValue), DecodeCsv.selectCols(fields));
    Output<?>[] values = new Output<?>[fieldColumns.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = cast(tf, decoded.output().get(output[i]), fieldColumns.get(i).type());
    }
    List<Output<?>> components = new ArrayList<>();
    int k = 0;
    for (Column column : columns) {
      if (column.vector()) {
        // The last axis: [n] for one line, [lines, n] for a batch of them.
        components.add(stack(tf, List.of(values).subList(k, k + column.width())));
      } else {
        components.add(values[k]);
      }
      k += column.width();
    }
    return components;
  }

  /**
   * The dtype a field read by two columns is parsed as: an integer, so that a fraction is an
   * error rather than truncated, else the wider float; the other column casts it.
   */
  private static final List<Class<? extends TType>> PARSE_ORDER =
      List.of(TInt32.class, TInt64.class, TFloat64.class, TFloat32.class, TString.class);

  /** A field parsed once for two columns of other dtypes, in the column's own dtype. */
  private static Output<?> cast(Ops tf, Output<?> value, Class<? extends TType> type) {
    if (value.type() == type) {
      return value;
    }
    if (type == TString.class || value.type() == TString.class) {
      throw new IllegalArgumentException("a CSV field read both as text and as a number; read it"
          + " as one dtype");
    }
    return tf.dtypes.cast(value, type).y();
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Output<?> stack(Ops tf, List<Output<?>> values) {
    return tf.stack((List) values, Stack.axis(-1L)).output();
  }

  /** An empty default makes a field required; a one-value default fills an empty field. */
  private static Operand<?> recordDefault(Ops tf, Column column) {
    Class<? extends TType> type = column.type();
    Optional<Object> value = column.defaultValue();
    if (type == TString.class) {
      return value.isPresent() ? tf.array(value.get().toString())
          : tf.constant(Shape.of(0), DataBuffers.ofObjects(String.class, 0));
    }
    if (type == TInt64.class) {
      return tf.constant(value.map(v -> new long[] {((Number) v).longValue()}).orElse(new long[0]));
    }
    if (type == TInt32.class) {
      return tf.constant(value.map(v -> new int[] {((Number) v).intValue()}).orElse(new int[0]));
    }
    if (type == TFloat32.class) {
      return tf.constant(value.map(v -> new float[] {((Number) v).floatValue()})
          .orElse(new float[0]));
    }
    if (type == TFloat64.class) {
      return tf.constant(value.map(v -> new double[] {((Number) v).doubleValue()})
          .orElse(new double[0]));
    }
    throw new IllegalArgumentException("a CSV column of type " + type.getSimpleName()
        + " cannot be parsed; use TString, TInt64, TInt32, TFloat32 or TFloat64");
  }
}

package dev.feedline.runtime.internal.files;

import dev.feedline.Compression;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.PipelineInfo;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import java.util.zip.InflaterInputStream;
import org.tensorflow.Operand;
import org.tensorflow.Output;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.op.Ops;
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

  /** One column: its name, its dtype, and its default when a field may be empty. */
  public record Column(String name, Class<? extends TType> type, Optional<Object> defaultValue) {}

  public CsvColumns {
    columns = List.copyOf(columns);
  }

  /** A column whose field must not be empty; static-import the factories. */
  public static Column column(String name, Class<? extends TType> type) {
    return new Column(name, type, Optional.empty());
  }

  /** A column whose empty field reads as {@code defaultValue}. */
  public static Column column(String name, Class<? extends TType> type, Object defaultValue) {
    return new Column(name, type, Optional.of(defaultValue));
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
      return java.util.stream.IntStream.range(0, columns.size()).toArray();
    }
    int[] selected = null;
    for (String file : files) {
      if (file.contains("://")) {
        continue; // remote files: TensorFlow reads them, and says what it cannot
      }
      List<String> names = headerOf(pipeline, file, compression);
      int[] here = new int[columns.size()];
      for (int i = 0; i < columns.size(); i++) {
        here[i] = names.indexOf(columns.get(i).name());
        if (here[i] < 0) {
          throw new FeedlineException(pipeline.simpleName(), pipeline.stages().get(0), file,
              "its header has no column '" + columns.get(i).name() + "'; it has " + names, null);
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
        : java.util.stream.IntStream.range(0, columns.size()).toArray();
  }

  /** The header's field names: the first line, split like the data. */
  private List<String> headerOf(PipelineInfo pipeline, String file, Compression compression) {
    try (InputStream in = open(Path.of(file), compression);
        BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      String line = lines.readLine();
      if (line == null) {
        throw new FeedlineException(pipeline.simpleName(), pipeline.stages().get(0), file,
            "it is empty, but the source declares a header line", null);
      }
      return fields(line);
    } catch (IOException e) {
      throw new FeedlineException(pipeline.simpleName(), pipeline.stages().get(0), file,
          "its header cannot be read: " + e.getMessage(), e);
    }
  }

  private static InputStream open(Path file, Compression compression) throws IOException {
    InputStream in = Files.newInputStream(file);
    return switch (compression) {
      case NONE -> in;
      case GZIP -> new GZIPInputStream(in);
      case ZLIB -> new InflaterInputStream(in);
    };
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

  /**
   * Parses one line into the columns, in record order.
   *
   * @param selected the field each column takes, from {@link #select}
   */
  public List<Output<?>> decode(Ops tf, Operand<TString> line, int[] selected) {
    // DecodeCSV takes the selected fields in ascending order; the record may list them otherwise.
    Integer[] order = new Integer[columns.size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Integer.compare(selected[a], selected[b]));
    List<Operand<?>> defaults = new ArrayList<>();
    List<Long> fields = new ArrayList<>();
    for (int column : order) {
      defaults.add(recordDefault(tf, columns.get(column)));
      fields.add((long) selected[column]);
    }
    DecodeCsv decoded = tf.io.decodeCsv(line, defaults, DecodeCsv.fieldDelim(delimiter),
        DecodeCsv.useQuoteDelim(quoted), DecodeCsv.naValue(naValue), DecodeCsv.selectCols(fields));
    Output<?>[] values = new Output<?>[columns.size()];
    for (int i = 0; i < order.length; i++) {
      values[order[i]] = decoded.output().get(i);
    }
    return List.of(values);
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

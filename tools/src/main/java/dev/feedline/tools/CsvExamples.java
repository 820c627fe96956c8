package dev.feedline.tools;

import dev.feedline.runtime.internal.examples.ExampleBuilder;
import dev.feedline.runtime.internal.examples.ExampleFeatures;
import dev.feedline.runtime.internal.examples.ExampleSchema;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;

/**
 * Rows of a CSV file as serialized Examples of one record, through its generated writer's schema:
 * the header names the record's columns by the names {@code @DecodeCsv} reads them by, each
 * component's {@code @Feature} key, which is its name where it has none; one column each, in any
 * order. A cell holds the component's values, separated by spaces when it has more than one.
 *
 * <ul>
 *   <li>A component with a default may have no column, or an empty cell: the reader fills in the
 *       default.
 *   <li>An empty cell of a component whose length varies is no values.
 *   <li>An empty cell of a scalar string is the empty string; of a number, a missing value.
 *   <li>A component that a parse computes ({@code @LengthOf}) has no column: the reader counts.
 * </ul>
 */
final class CsvExamples {
  private static final Pattern SPACES = Pattern.compile("\\s+");

  private final ExampleSchema schema;
  /** Per column of the file, the component it fills. */
  private final int[] components;
  private final List<String> header;

  /**
   * @throws IllegalArgumentException naming a column that is no component's key (and, where it is
   *     a component's name, the key to write instead), a component given twice, or one without a
   *     default that has no column
   */
  CsvExamples(ExampleSchema schema, Path file, List<String> header) {
    this.schema = schema;
    this.header = header.stream().map(String::strip).toList();
    this.components = new int[header.size()];
    List<String> keys = new ArrayList<>();
    for (int c = 0; c < schema.components().size(); c++) {
      keys.add(schema.feature(c).key());
    }
    Set<Integer> given = new HashSet<>();
    for (int column = 0; column < this.header.size(); column++) {
      String name = this.header.get(column);
      int component = keys.indexOf(name);
      if (component < 0) {
        int named = schema.indexOf(name);
        throw new IllegalArgumentException(file + " has a column '" + name + "', but "
            + schema.record() + (named >= 0
                ? " reads its component " + name + " from the key '" + keys.get(named) + "', as"
                    + " @DecodeCsv reads its column: name the column '" + keys.get(named) + "'"
                : " has no component of that key that is written; its keys: "
                    + String.join(", ", keys)));
      }
      if (!given.add(component)) {
        throw new IllegalArgumentException(file + " has two columns '" + name + "'");
      }
      components[column] = component;
    }
    List<String> missing = new ArrayList<>();
    for (int c = 0; c < schema.components().size(); c++) {
      if (!given.contains(c) && schema.feature(c).defaults().isEmpty()) {
        String component = schema.components().get(c);
        missing.add(keys.get(c).equals(component) ? component
            : "'" + keys.get(c) + "' (" + component + ")");
      }
    }
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException(file + " has no column for " + String.join(", ", missing)
          + " of " + schema.record() + ", which " + (missing.size() == 1 ? "has" : "have")
          + " no default; its header names " + String.join(", ", this.header));
    }
  }

  /**
   * The serialized Example of one row.
   *
   * @throws IllegalArgumentException saying which cell does not fit, and why
   */
  byte[] example(List<String> fields) {
    if (fields.size() != components.length) {
      throw new IllegalArgumentException("it has " + fields.size() + " field"
          + (fields.size() == 1 ? "" : "s") + ", the header " + components.length);
    }
    ExampleBuilder example = schema.builder();
    for (int column = 0; column < components.length; column++) {
      try {
        set(example, components[column], fields.get(column));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("column '" + header.get(column) + "': "
            + e.getMessage());
      }
    }
    return example.toByteArray();
  }

  private void set(ExampleBuilder example, int component, String cell) {
    ExampleFeatures.Feature feature = schema.feature(component);
    boolean scalar = feature.shape().numDimensions() == 0;
    boolean text = feature.type() != TInt64.class && feature.type() != TFloat32.class;
    // A scalar string's cell is its value, spaces and all; other cells are lists of values.
    boolean missing = text && scalar ? cell.isEmpty() : cell.isBlank();
    if (missing && feature.defaults().isPresent()) {
      return; // the reader fills in the default
    }
    if (text) {
      example.strings(component, scalar ? new String[] {cell} : values(cell));
      return;
    }
    String[] values = values(cell);
    if (values.length == 0 && scalar) {
      throw new IllegalArgumentException("the cell is empty, and "
          + schema.components().get(component) + " has no default");
    }
    if (feature.type() == TInt64.class) {
      long[] longs = new long[values.length];
      for (int i = 0; i < values.length; i++) {
        try {
          longs[i] = Long.parseLong(values[i]);
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("'" + values[i] + "' is not a whole number");
        }
      }
      example.longs(component, longs);
    } else {
      float[] floats = new float[values.length];
      for (int i = 0; i < values.length; i++) {
        try {
          floats[i] = Float.parseFloat(values[i]);
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("'" + values[i] + "' is not a number");
        }
        // Java reads "NaN", "Infinity" and a number beyond float32's range as non-finite floats.
        if (!Float.isFinite(floats[i])) {
          throw new IllegalArgumentException("'" + values[i] + "' is not a finite float32"
              + (Float.isNaN(floats[i]) ? "" : ": it is out of the range of float32"));
        }
      }
      example.floats(component, floats);
    }
  }

  /** A cell's values: separated by spaces; none in a blank cell. */
  private static String[] values(String cell) {
    return cell.isBlank() ? new String[0] : SPACES.split(cell.strip());
  }
}

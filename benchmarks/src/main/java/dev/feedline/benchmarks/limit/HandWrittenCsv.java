package dev.feedline.benchmarks.limit;

import dev.feedline.example.House;
import dev.feedline.runtime.internal.ElementSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.tensorflow.ConcreteFunction;
import org.tensorflow.Operand;
import org.tensorflow.Output;
import org.tensorflow.Signature;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.op.core.Stack;
import org.tensorflow.op.core.Unstack;
import org.tensorflow.op.data.ParallelMapDataset;
import org.tensorflow.op.data.ShuffleDataset;
import org.tensorflow.op.io.DecodeCsv;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TString;
import org.tensorflow.types.family.TType;

/**
 * The tables benchmark's hand-written reference, as a TensorFlow expert writes it with raw tf.data
 * ops: a parallel interleave of the files' lines (past each header), the lines batched and parsed
 * with ONE {@code DecodeCSV} a batch in a parallel map, unbatched, then a memory cache, a shuffle,
 * the training batch and an autotuned prefetch ({@link Parse#BATCHED}, the reference);
 * {@link Parse#PER_LINE} parses one line a call instead, and {@link Parse#PACKED} reads the lines
 * and packs the rows as the generated code now does.
 */
final class HandWrittenCsv extends HandWritten {
  /** Files read at once, by both sides. */
  static final int CYCLE = 4;
  /** Shuffle buffer, by both sides. */
  static final int SHUFFLE = 4096;
  /** Rows a training batch. */
  static final int BATCH = 256;

  /** Lines a {@code DecodeCSV} where the lines are batched, as the generated code parses them. */
  static final long LINES_PER_PARSE = 256;

  /** How the lines are parsed, and how the rows travel from the parse to the training batch. */
  enum Parse {
    /** One {@code DecodeCSV} a line: the generated code before its parse was vectorized. */
    PER_LINE,
    /** One {@code DecodeCSV} a batch of lines, unbatched into rows of 13 scalars. */
    BATCHED,
    /**
     * The same, the files' lines read in one thread, and each row's 13 floats stacked into one
     * float32[13] until the batch unstacks them: as the generated code reads and packs them.
     */
    PACKED
  }

  private static final ElementSpec LINE = ElementSpec.of(
      ElementSpec.component("line", TString.class, Shape.scalar()));
  private static final ElementSpec LINES = ElementSpec.of(
      ElementSpec.component("line", TString.class, Shape.of(-1)));
  private static final ElementSpec ROW = spec(Shape.scalar());
  private static final ElementSpec ROWS = spec(Shape.of(-1));
  private static final int WIDTH = House.COLUMNS.size();
  private static final ElementSpec PACKED_ROW =
      ElementSpec.of(ElementSpec.component("row", TFloat32.class, Shape.of(WIDTH)));
  private static final ElementSpec PACKED_ROWS =
      ElementSpec.of(ElementSpec.component("rows", TFloat32.class, Shape.of(-1, WIDTH)));

  private static ElementSpec spec(Shape shape) {
    return ElementSpec.of(House.COLUMNS.stream()
        .map(c -> ElementSpec.component(c, TFloat32.class, shape)).toList()
        .toArray(ElementSpec.Component[]::new));
  }

  /** @param header the files' header line, where the columns are found by name */
  HandWrittenCsv(List<String> files, String header, long rowsPerEpoch, Parse parse) {
    super(rowsPerEpoch);
    long[] columns = House.COLUMNS.stream()
        .mapToLong(c -> Arrays.asList(header.split(",")).indexOf(c)).toArray();
    Operand<? extends TType> dataset;
    try (ConcreteFunction read = ConcreteFunction.create(HandWrittenCsv::readFile)) {
      dataset = lines(files, read, LINE, parse == Parse.PACKED);
    }
    if (parse != Parse.PER_LINE) {
      dataset = tf.data.batchDataset(dataset, tf.constant(LINES_PER_PARSE), tf.constant(false),
          LINES.types(), LINES.shapes());
    }
    ElementSpec parsed = switch (parse) {
      case PER_LINE -> ROW;
      case BATCHED -> ROWS;
      case PACKED -> PACKED_ROWS;
    };
    try (ConcreteFunction function = ConcreteFunction.create(t -> parse(t, columns, parse))) {
      dataset = tf.data.parallelMapDataset(dataset, List.of(), tf.constant(-1L), function,
          parsed.types(), parsed.shapes(), ParallelMapDataset.deterministic("true"));
    }
    ElementSpec row = parse == Parse.PACKED ? PACKED_ROW : ROW;
    if (parse != Parse.PER_LINE) {
      dataset = tf.data.unbatchDataset(dataset, row.types(), row.shapes());
    }
    dataset = tf.data.cacheDataset(dataset, tf.constant(""), tf.dummyMemoryCache(), row.types(),
        row.shapes());
    dataset = tf.data.shuffleDataset(dataset, tf.constant((long) SHUFFLE), tf.constant(1L),
        tf.constant(2L), tf.random.dummySeedGenerator(), row.types(), row.shapes(),
        ShuffleDataset.reshuffleEachIteration(true));
    ElementSpec batch = parse == Parse.PACKED ? PACKED_ROWS : ROWS;
    dataset = tf.data.batchDataset(dataset, tf.constant((long) BATCH), tf.constant(false),
        batch.types(), batch.shapes());
    if (parse == Parse.PACKED) {
      try (ConcreteFunction unstack = ConcreteFunction.create(HandWrittenCsv::unstack)) {
        dataset = tf.data.mapDataset(dataset, List.of(), unstack, ROWS.types(), ROWS.shapes());
      }
    }
    dataset = tf.data.prefetchDataset(dataset, tf.constant(-1L), ROWS.types(), ROWS.shapes());
    finish(dataset, ROWS);
  }

  private static Signature readFile(Ops tf) {
    Placeholder<TString> file = tf.placeholder(TString.class, Placeholder.shape(Shape.scalar()));
    Operand<? extends TType> lines = tf.data.textLineDataset(file, tf.constant(""),
        tf.constant(256L * 1024));
    lines = tf.data.skipDataset(lines, tf.constant(1L), List.of(TString.class),
        List.of(Shape.scalar()));
    return Signature.builder().key("read").input("file", file).output("lines", lines).build();
  }

  /**
   * One {@code DecodeCSV} of a line or a batch of lines: the 13 columns, every field required;
   * packed, stacked into one float32[n, 13].
   */
  private static Signature parse(Ops tf, long[] columns, Parse parse) {
    Placeholder<TString> lines = tf.placeholder(TString.class,
        Placeholder.shape(parse == Parse.PER_LINE ? Shape.scalar() : Shape.of(-1)));
    List<Operand<?>> defaults = new ArrayList<>();
    for (int i = 0; i < columns.length; i++) {
      if (columns[i] < 0 || i > 0 && columns[i] <= columns[i - 1]) {
        throw new IllegalArgumentException("DecodeCSV selects columns in header order: "
            + Arrays.toString(columns));
      }
      defaults.add(tf.constant(new float[0]));
    }
    List<Long> selected = Arrays.stream(columns).boxed().toList();
    DecodeCsv decoded = tf.io.decodeCsv(lines, defaults, DecodeCsv.selectCols(selected));
    Signature.Builder signature = Signature.builder().key("parse").input("lines", lines);
    List<Output<?>> values = decoded.output();
    if (parse == Parse.PACKED) {
      List<Operand<TFloat32>> floats = values.stream()
          .<Operand<TFloat32>>map(v -> v.expect(TFloat32.class)).toList();
      return signature.output("rows", tf.stack(floats, Stack.axis(1L))).build();
    }
    for (int i = 0; i < columns.length; i++) {
      signature.output(House.COLUMNS.get(i), values.get(i));
    }
    return signature.build();
  }

  /** A batch of packed rows back into its 13 columns. */
  private static Signature unstack(Ops tf) {
    Placeholder<TFloat32> rows = tf.placeholder(TFloat32.class,
        Placeholder.shape(Shape.of(-1, WIDTH)));
    List<Output<TFloat32>> columns = tf.unstack(rows, (long) WIDTH, Unstack.axis(1L)).output();
    Signature.Builder signature = Signature.builder().key("unstack").input("rows", rows);
    for (int i = 0; i < WIDTH; i++) {
      signature.output(House.COLUMNS.get(i), columns.get(i));
    }
    return signature.build();
  }
}

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
import org.tensorflow.op.data.ParallelInterleaveDataset;
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
 * the training batch and an autotuned prefetch. With {@code linesPerParse} 0 it parses one line a
 * call instead: the generated code before its {@code @DecodeCsv} was vectorized.
 */
final class HandWrittenCsv extends HandWritten {
  /** Files read at once, by both sides. */
  static final int CYCLE = 4;
  /** Shuffle buffer, by both sides. */
  static final int SHUFFLE = 4096;
  /** Rows a training batch. */
  static final int BATCH = 256;

  private static final ElementSpec LINES = ElementSpec.of(
      ElementSpec.component("line", TString.class, Shape.of(-1)));
  private static final ElementSpec ROW = spec(Shape.scalar());
  private static final ElementSpec ROWS = spec(Shape.of(-1));

  private static ElementSpec spec(Shape shape) {
    return ElementSpec.of(House.COLUMNS.stream()
        .map(c -> ElementSpec.component(c, TFloat32.class, shape)).toList()
        .toArray(ElementSpec.Component[]::new));
  }

  /**
   * @param header the files' header line, where the columns are found by name
   * @param linesPerParse lines a {@code DecodeCSV}; 0 for one a line
   */
  HandWrittenCsv(List<String> files, String header, long rowsPerEpoch, long linesPerParse) {
    super(rowsPerEpoch);
    long[] columns = House.COLUMNS.stream()
        .mapToLong(c -> Arrays.asList(header.split(",")).indexOf(c)).toArray();
    Operand<? extends TType> dataset = tf.data.tensorSliceDataset(
        List.of(tf.array(files.toArray(String[]::new))), List.of(Shape.scalar()));
    try (ConcreteFunction read = ConcreteFunction.create(HandWrittenCsv::readFile)) {
      dataset = tf.data.parallelInterleaveDataset(dataset, List.of(), tf.constant((long) CYCLE),
          tf.constant(1L), tf.constant(-1L), tf.constant(-1L), tf.constant(-1L), read,
          List.of(TString.class), List.of(Shape.scalar()),
          ParallelInterleaveDataset.deterministic("true"));
    }
    if (linesPerParse > 0) {
      dataset = tf.data.batchDataset(dataset, tf.constant(linesPerParse), tf.constant(false),
          LINES.types(), LINES.shapes());
    }
    try (ConcreteFunction parse = ConcreteFunction.create(
        t -> parse(t, columns, linesPerParse > 0 ? Shape.of(-1) : Shape.scalar()))) {
      ElementSpec parsed = linesPerParse > 0 ? ROWS : ROW;
      dataset = tf.data.parallelMapDataset(dataset, List.of(), tf.constant(-1L), parse,
          parsed.types(), parsed.shapes(), ParallelMapDataset.deterministic("true"));
    }
    if (linesPerParse > 0) {
      dataset = tf.data.unbatchDataset(dataset, ROW.types(), ROW.shapes());
    }
    dataset = tf.data.cacheDataset(dataset, tf.constant(""), tf.dummyMemoryCache(), ROW.types(),
        ROW.shapes());
    dataset = tf.data.shuffleDataset(dataset, tf.constant((long) SHUFFLE), tf.constant(1L),
        tf.constant(2L), tf.random.dummySeedGenerator(), ROW.types(), ROW.shapes(),
        ShuffleDataset.reshuffleEachIteration(true));
    dataset = tf.data.batchDataset(dataset, tf.constant((long) BATCH), tf.constant(false),
        ROWS.types(), ROWS.shapes());
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

  /** One {@code DecodeCSV} of a line or a batch of lines: the 13 columns, every field required. */
  private static Signature parse(Ops tf, long[] columns, Shape shape) {
    Placeholder<TString> lines = tf.placeholder(TString.class, Placeholder.shape(shape));
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
    for (int i = 0; i < columns.length; i++) {
      signature.output(House.COLUMNS.get(i), values.get(i));
    }
    return signature.build();
  }
}

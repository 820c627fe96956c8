package dev.feedline.runtime.internal;

import dev.feedline.Compression;
import dev.feedline.runtime.internal.files.FileCounts;
import dev.feedline.runtime.internal.files.FileSegment;
import java.util.ArrayList;
import java.util.List;
import org.tensorflow.ConcreteFunction;
import org.tensorflow.GraphOperation;
import org.tensorflow.Operand;
import org.tensorflow.Signature;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.op.data.MapDataset;
import org.tensorflow.proto.DataType;
import org.tensorflow.proto.data.DatasetOptions;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;
import org.tensorflow.types.family.TType;

/**
 * Dataset graph pieces that TensorFlow Java's {@code Ops} cannot build directly, or that every
 * caller must build the same way (the epochs' options, the readers, the runtime's inline maps).
 */
public final class DatasetOps {
  /** The key of the function an interleave reads each TFRecord file with. */
  static final String TFRECORD_READER = "read_tfrecord";
  /** The key of the function an interleave reads each text file with. */
  static final String TEXT_LINE_READER = "read_text_lines";
  /** The key of the function an interleave reads each file of delimited records with. */
  static final String DELIMITED_RECORD_READER = "read_delimited_records";


  /** Read-buffer size of the TFRecord reader: TensorFlow's own default (readers.py). */
  static final long TFRECORD_BUFFER_BYTES = 256 * 1024;

  private DatasetOps() {}

  /**
   * The tf.data options of every epoch of a generated pipeline, set explicitly: the autotuner
   * tunes every AUTO value, and the default static optimizations (map parallelization, map and
   * batch fusion, ...) stay on. Each epoch's iterator is freed in the background
   * ({@code EpochIterators}), so the autotune model costs no epoch a stall. One constant here,
   * rather than the same nine lines in every generated class.
   */
  public static final DatasetOptions.Options EPOCH_OPTIONS = DatasetOptions.Options.newBuilder()
      .setAutotuneOptions(DatasetOptions.AutotuneOptions.newBuilder().setEnabled(true))
      .setOptimizationOptions(
          DatasetOptions.OptimizationOptions.newBuilder().setApplyDefaultOptimizations(true))
      .build();

  /**
   * The tf.data options of the epochs after the first, on their iterator across epochs
   * ({@link DatasetIterator.Builder#acrossEpochs}), where no stage after the cache runs a function
   * of the pipeline's: {@link #EPOCH_OPTIONS} without the autotune model. The model would time
   * every element of every stage and count the bytes each buffer holds, a cost per element that a
   * cached table's rows felt (docs/performance.md#epochs-after-the-first-without-autotuning), to
   * tune nothing but the prefetch buffer, which TensorFlow's own earlier rule then sizes (it grows
   * the buffer when it runs empty). The first epoch keeps the model for its reads and maps.
   */
  public static final DatasetOptions.Options UNTUNED_EPOCH_OPTIONS = EPOCH_OPTIONS.toBuilder()
      .setAutotuneOptions(DatasetOptions.AutotuneOptions.newBuilder().setEnabled(false))
      .build();

  /** The element of a TFRecord source: a run of records in a file ({@link FileSegment}). */
  public static final ElementSpec FILE_SEGMENT = ElementSpec.of(
      ElementSpec.component("file", TString.class, Shape.scalar()),
      ElementSpec.component("offset", TInt64.class, Shape.scalar()),
      ElementSpec.component("count", TInt64.class, Shape.scalar()));

  /**
   * A dataset of {@code segments}, one element each, in {@link #FILE_SEGMENT}'s layout. Segments
   * whose counts are still being walked take them from the session when they are known.
   */
  public static Operand<? extends TType> fileSegments(Ops tf, List<FileSegment> segments) {
    if (segments instanceof FileCounts.Segments walking) {
      return fileSegments(tf, walking.files(), tf.constant(new long[walking.size()]),
          walking.counts(tf));
    }
    return fileSegments(tf, segments.stream().map(FileSegment::file).toList(),
        tf.constant(segments.stream().mapToLong(FileSegment::offset).toArray()),
        tf.constant(segments.stream().mapToLong(FileSegment::count).toArray()));
  }

  private static Operand<? extends TType> fileSegments(Ops tf, List<String> files,
      Operand<TInt64> offsets, Operand<TInt64> counts) {
    return tf.data.tensorSliceDataset(
        List.of(tf.array(files.toArray(String[]::new)), offsets, counts), FILE_SEGMENT.shapes());
  }

  /**
   * The interleave body that reads one {@link FileSegment}: a graph function from a file name, a
   * byte offset and a record count to a dataset of serialized records.
   *
   * <p>The reader lives inside the function on purpose: a top-level {@code TFRecordDatasetV2}
   * breaks every dataset graph rewrite, because its serialization emits 3 of its 4 inputs.
   */
  public static ConcreteFunction tfRecordReader() {
    return tfRecordReader(Compression.NONE);
  }

  /**
   * The interleave body that reads one {@link FileSegment} of a file compressed as
   * {@code compression}; a compressed file is read whole (its segments start at 0).
   */
  public static ConcreteFunction tfRecordReader(Compression compression) {
    TVariant.register(); // the function returns a DT_VARIANT dataset
    return ConcreteFunction.create(
        tf -> {
          Placeholder<TString> file =
              tf.placeholder(TString.class, Placeholder.shape(Shape.scalar()));
          Placeholder<TInt64> offset =
              tf.placeholder(TInt64.class, Placeholder.shape(Shape.scalar()));
          Placeholder<TInt64> count =
              tf.placeholder(TInt64.class, Placeholder.shape(Shape.scalar()));
          // byte_offsets must have the rank of filenames: a scalar here.
          Operand<? extends TType> records =
              tf.data.tfRecordDataset(
                  file, tf.constant(compressionType(compression)),
                  tf.constant(TFRECORD_BUFFER_BYTES), offset);
          // Stops before a bad record that follows the run, so TensorFlow never reads it.
          Operand<? extends TType> run = tf.data.takeDataset(records, count,
              List.of(TString.class), List.of(Shape.scalar()));
          return Signature.builder()
              .key(TFRECORD_READER)
              .input("file", file)
              .input("offset", offset)
              .input("count", count)
              .output("records", run)
              .build();
        });
  }

  /**
   * The interleave body that reads one run of lines of a text file ({@link FileSegment}: its
   * offset is the index of the run's first line, from 0): a graph function from a file name, a
   * line index and a line count to a dataset of those lines. Lines before the run (a header, an
   * empty or bad line left out, the runs before it) are read and dropped: a text file has no
   * offsets to start at. A count of -1 reads to the end (a remote file).
   */
  public static ConcreteFunction textLineReader(Compression compression) {
    TVariant.register(); // the function returns a DT_VARIANT dataset
    return ConcreteFunction.create(tf -> {
      Placeholder<TString> file = tf.placeholder(TString.class, Placeholder.shape(Shape.scalar()));
      Placeholder<TInt64> first = tf.placeholder(TInt64.class, Placeholder.shape(Shape.scalar()));
      Placeholder<TInt64> count = tf.placeholder(TInt64.class, Placeholder.shape(Shape.scalar()));
      Operand<? extends TType> lines = tf.data.textLineDataset(file,
          tf.constant(compressionType(compression)), tf.constant(TFRECORD_BUFFER_BYTES));
      Operand<? extends TType> run = tf.data.takeDataset(
          tf.data.skipDataset(lines, first, List.of(TString.class), List.of(Shape.scalar())),
          count, List.of(TString.class), List.of(Shape.scalar()));
      return Signature.builder().key(TEXT_LINE_READER).input("file", file)
          .input("offset", first).input("count", count).output("lines", run).build();
    });
  }

  /**
   * The interleave body that reads one run of records of a text file whose records end at lines
   * of exactly {@code recordDelimiter}'s text ({@link FileSegment}: its offset is the index of the
   * run's first record, from 0): a graph function from a file name, a record index and a record
   * count to a dataset of those records. The file is read whole ({@code ReadFile}, then
   * {@code DecodeCompressed}) and cut in the graph, as {@code DelimitedTextFile} counts it: lines at
   * line feeds, without a final line feed's empty piece and each without a carriage return before
   * its line feed; the lines between delimiter lines joined by line feeds into one record
   * ({@code UnsortedSegmentJoin}), no empty record after a final delimiter line. A count of -1
   * reads to the end (a remote file).
   */
  public static ConcreteFunction delimitedRecordReader(Compression compression,
      String recordDelimiter) {
    TVariant.register(); // the function returns a DT_VARIANT dataset
    return ConcreteFunction.create(tf -> {
      Placeholder<TString> file = tf.placeholder(TString.class, Placeholder.shape(Shape.scalar()));
      Placeholder<TInt64> first = tf.placeholder(TInt64.class, Placeholder.shape(Shape.scalar()));
      Placeholder<TInt64> count = tf.placeholder(TInt64.class, Placeholder.shape(Shape.scalar()));
      Operand<TString> records = DelimitedRecords.of(tf, tf.io.readFile(file), compression,
          recordDelimiter);
      Operand<? extends TType> all = tf.data.tensorSliceDataset(List.of(records),
          List.of(Shape.scalar()));
      Operand<? extends TType> run = tf.data.takeDataset(
          tf.data.skipDataset(all, first, List.of(TString.class), List.of(Shape.scalar())),
          count, List.of(TString.class), List.of(Shape.scalar()));
      return Signature.builder().key(DELIMITED_RECORD_READER).input("file", file)
          .input("offset", first).input("count", count).output("records", run).build();
    });
  }

  /**
   * A dataset of the slices of {@code stacked} along their first dimension, in {@code spec}'s
   * layout: what a flat map's body makes of one element. Called while its graph function is
   * traced, before the function's DT_VARIANT output is mapped to a Java type.
   */
  public static Operand<? extends TType> slices(Ops tf, List<Operand<?>> stacked,
      ElementSpec spec) {
    TVariant.register();
    return tf.data.tensorSliceDataset(new ArrayList<>(stacked), spec.shapes());
  }

  /**
   * A map of one of the runtime's own small functions (a few shape, slice or select ops an
   * element or a batch), run inline on the thread that asks for the element. TensorFlow's default
   * hands each call's ops to the session's inter-op threads and waits for them, which costs more
   * than such a function's work, and more again when the hand-off crosses cores
   * (docs/performance.md#the-runtimes-own-functions-inline). The element count is the input's.
   * Users' maps keep the default: theirs may be worth running on several threads.
   */
  public static Operand<? extends TType> inlineMap(Ops tf, Operand<? extends TType> dataset,
      ConcreteFunction function, List<Class<? extends TType>> types, List<Shape> shapes) {
    return tf.data.mapDataset(dataset, List.of(), function, types, shapes,
        MapDataset.useInterOpParallelism(false), MapDataset.preserveCardinality(true));
  }

  /** TensorFlow's name of a compression, as its readers take it. */
  static String compressionType(Compression compression) {
    return switch (compression) {
      case NONE -> "";
      case GZIP -> "GZIP";
      case ZLIB -> "ZLIB";
    };
  }

  /**
   * Wraps {@code dataset} in an {@code OptionsDataset} carrying {@code options}.
   *
   * <p>Built with the raw op builder: the generated {@code optionsDataset} wrapper passes the proto
   * as a Java String, which corrupts any byte at or above 0x80.
   */
  public static Operand<TVariant> withOptions(
      Ops tf, Operand<? extends TType> dataset, ElementSpec spec, DatasetOptions.Options options) {
    TVariant.register();
    GraphOperation op =
        (GraphOperation)
            tf.scope()
                .env()
                .opBuilder("OptionsDataset", tf.scope().makeOpName("OptionsDataset"), tf.scope())
                .addInput(dataset.asOutput())
                .setAttr("serialized_options", options.toByteArray())
                .setAttr("output_types", dataTypes(spec))
                .setAttr("output_shapes", spec.shapes().toArray(Shape[]::new))
                .build();
    return op.output(0);
  }

  private static DataType[] dataTypes(ElementSpec spec) {
    return spec.components().stream()
        .map(c -> org.tensorflow.internal.types.registry.TensorTypeRegistry.find(c.type()).dataType())
        .toArray(DataType[]::new);
  }
}

package dev.feedline.runtime;

import java.util.AbstractList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.tensorflow.ConcreteFunction;
import org.tensorflow.DeviceSpec;
import org.tensorflow.Operand;
import org.tensorflow.Session;
import org.tensorflow.Signature;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Op;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.op.core.VarHandleOp;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;
import org.tensorflow.types.family.TType;

/**
 * The record counts of a source's files whose framing is still being walked: the walks run in
 * the background while the pipeline's graph is built and its first iterator made, so that
 * {@code build()} costs a look at each file instead of a walk through its records, and the walk
 * overlaps TensorFlow's own start-up (issue 16).
 *
 * <p>TensorFlow still reads no record that was not checked: each file's dataset takes its count
 * from a variable of the session, which holds nothing until an epoch starts, every walk has
 * ended, and none found damage ({@link #assign}). Making an iterator reads no record, so the
 * first epoch's {@code MakeIterator} runs beside the walks; a read before the assignment fails
 * on the missing variable instead of reading on. A damaged file is an error at the start of the
 * first epoch, naming the file and the record, instead of at {@code build()}.
 */
public final class FileCounts {
  private final PipelineInfo pipeline;
  private final List<String> files;
  private final List<Walk> walks;
  /** The variable's name in the session, the counts fed to it, and the op that assigns them. */
  private String sharedName;
  private Placeholder<TInt64> value;
  private Op assign;
  /** The counts fed by {@link #feed}, kept until the runner it fed has run: see {@link #close}. */
  private TInt64 fed;

  /**
   * One file's count: known, or the walk that finds it, which the first of a pool thread and
   * {@link #await} to claim it runs.
   */
  static final class Walk {
    private final AtomicBoolean claimed;
    private final Supplier<Object> walk;
    private final CompletableFuture<Object> result = new CompletableFuture<>();

    /** @param walk finds the count, a {@code Long}, or the problem that names the damage */
    Walk(Supplier<Object> walk) {
      this.walk = walk;
      this.claimed = new AtomicBoolean(false);
    }

    /** A count already known: recalled, or a remote file's -1. */
    static Walk known(long count) {
      Walk known = new Walk(null);
      known.claimed.set(true);
      known.result.complete(count);
      return known;
    }

    private void runIfUnclaimed() {
      if (claimed.compareAndSet(false, true)) {
        try {
          result.complete(walk.get());
        } catch (RuntimeException | Error e) {
          result.completeExceptionally(e);
        }
      }
    }

    boolean pending() {
      return !claimed.get();
    }
  }

  private FileCounts(PipelineInfo pipeline, List<String> files, List<Walk> walks) {
    this.pipeline = pipeline;
    this.files = List.copyOf(files);
    this.walks = List.copyOf(walks);
  }

  /** Starts the walks that are not known yet, in reading order, on the common pool. */
  static FileCounts start(PipelineInfo pipeline, List<String> files, List<Walk> walks) {
    FileCounts counts = new FileCounts(pipeline, files, walks);
    counts.walks.stream().filter(Walk::pending)
        .forEach(w -> ForkJoinPool.commonPool().execute(w::runIfUnclaimed));
    return counts;
  }

  /**
   * Every file's count, in reading order, once every walk has ended; this thread walks the files
   * no pool thread has started yet, so that waiting costs no core.
   *
   * @throws FeedlineException naming the first file, in reading order, whose walk found a problem
   */
  long[] await() {
    walks.forEach(Walk::runIfUnclaimed);
    long[] counts = new long[walks.size()];
    for (int i = 0; i < counts.length; i++) {
      Object found = walks.get(i).result.join();
      if (found instanceof String problem) {
        throw new FeedlineException(
            pipeline.simpleName(), pipeline.stages().get(0), files.get(i), problem, null);
      }
      counts[i] = (Long) found;
    }
    return counts;
  }

  /** The segments the source reads, one per file from its first byte: a count waits for its walk. */
  List<FileSegment> segments() {
    return new Segments();
  }

  /** Segments whose counts are read when asked for; {@link DatasetOps#fileSegments} does not ask. */
  final class Segments extends AbstractList<FileSegment> {
    @Override
    public FileSegment get(int index) {
      return new FileSegment(files.get(index), 0, await()[index]);
    }

    @Override
    public int size() {
      return files.size();
    }

    FileCounts counts() {
      return FileCounts.this;
    }
  }

  /**
   * The dataset of the files' segments, in {@link DatasetOps#FILE_SEGMENT}'s layout: each count is
   * read from the session's variable when the reader reaches its file, not when the iterator is
   * made.
   */
  Operand<? extends TType> dataset(Ops tf) {
    int n = files.size();
    if (assign == null) {
      // Unique in the graph: the function below finds the variable by this name. On the CPU,
      // where tf.data runs the function: a handle names the device that holds the variable.
      sharedName = tf.scope().makeOpName("file_record_counts");
      Ops cpu = tf.withDevice(DeviceSpec.newBuilder().deviceType(DeviceSpec.DeviceType.CPU).build());
      VarHandleOp handle = cpu.withName("file_record_counts").varHandleOp(TInt64.class,
          Shape.of(n), VarHandleOp.sharedName(sharedName));
      value = cpu.withName("file_record_counts_value").placeholder(TInt64.class,
          Placeholder.shape(Shape.of(n)));
      assign = cpu.withName("assign_file_record_counts").assignVariableOp(handle, value);
    }
    long[] indices = new long[n];
    for (int i = 0; i < n; i++) {
      indices[i] = i;
    }
    Operand<? extends TType> slices = tf.data.tensorSliceDataset(List.of(
            tf.array(files.toArray(String[]::new)), tf.constant(new long[n]), tf.constant(indices)),
        DatasetOps.FILE_SEGMENT.shapes());
    String shared = sharedName;
    try (ConcreteFunction withCount = ConcreteFunction.create(f -> {
      Placeholder<TString> file = f.placeholder(TString.class, Placeholder.shape(Shape.scalar()));
      Placeholder<TInt64> offset = f.placeholder(TInt64.class, Placeholder.shape(Shape.scalar()));
      Placeholder<TInt64> index = f.placeholder(TInt64.class, Placeholder.shape(Shape.scalar()));
      VarHandleOp handle = f.varHandleOp(TInt64.class, Shape.of(n), VarHandleOp.sharedName(shared));
      Operand<TInt64> count =
          f.gather(f.readVariableOp(handle, TInt64.class), index, f.constant(0));
      return Signature.builder().key("file_record_count")
          .input("file", file).input("offset", offset).input("index", index)
          .output("file", f.identity(file)).output("offset", f.identity(offset))
          .output("count", count).build();
    })) {
      return tf.data.mapDataset(slices, List.of(), withCount, DatasetOps.FILE_SEGMENT.types(),
          DatasetOps.FILE_SEGMENT.shapes());
    }
  }

  /**
   * Waits for every walk, then gives the counts to {@code session}, whose datasets may read the
   * files from then on.
   *
   * @throws FeedlineException naming the first damaged file and its record
   */
  void assign(Session session) {
    try (TInt64 counts = TInt64.vectorOf(await())) {
      session.runner().feed(value, counts).addTarget(assign).run();
    }
  }

  /**
   * Adds the assignment of the counts to {@code runner}, for tools that make iterators of the
   * graph's datasets themselves, such as the doctor.
   */
  synchronized Session.Runner feed(Session.Runner runner) {
    if (fed == null) {
      fed = TInt64.vectorOf(await());
    }
    return runner.feed(value, fed).addTarget(assign);
  }

  /** Frees the counts {@link #feed} fed. */
  synchronized void close() {
    if (fed != null) {
      fed.close();
      fed = null;
    }
  }
}

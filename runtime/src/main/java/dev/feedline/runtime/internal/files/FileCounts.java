package dev.feedline.runtime.internal.files;

import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.PipelineInfo;
import java.util.AbstractList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.types.TInt64;

/**
 * The record counts of a source's files whose framing is still being walked: the walks run in
 * the background while the pipeline's graph is built, which needs no count, so that the walk and
 * TensorFlow's graph building share the time {@code build()} takes (issue 16). {@code build()}
 * waits for them at its end ({@code DatasetIterator.Builder.build}): a damaged file is still an
 * error of the build, naming its record.
 *
 * <p>Since the graph is built before the counts are known, they are fed to every run that makes
 * an iterator of the source's dataset ({@link #run}) instead of being written into the graph as
 * constants; an iterator cannot be made without them, so TensorFlow never reads a record that was
 * not checked.
 */
public final class FileCounts {
  private final PipelineInfo pipeline;
  private final List<String> files;
  private final List<Walk> walks;
  /** Where the dataset takes the counts from: fed when its iterator is made. */
  private Placeholder<TInt64> value;
  /** The counts fed by {@link #feed}, kept until the runner it fed has run: see {@link #close}. */
  private TInt64 fed;
  /** The counts, when {@link #writeIntoGraph} asked for them as constants; else null. */
  private long[] constants;

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

    private boolean pending() {
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
   * no pool thread has started yet, so that the wait puts this core to work too.
   *
   * @throws FeedlineException naming the first file, in reading order, whose walk found a problem
   */
  public long[] await() {
    walks.forEach(Walk::runIfUnclaimed);
    long[] counts = new long[walks.size()];
    for (int i = 0; i < counts.length; i++) {
      Object found;
      try {
        found = walks.get(i).result.join();
      } catch (CompletionException e) { // what the walk threw, as it would have without a pool
        if (e.getCause() instanceof Error error) {
          throw error;
        }
        throw (RuntimeException) e.getCause();
      }
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

  /**
   * Segments whose counts are read when asked for; a dataset of them takes its counts from
   * {@link #counts}, which does not wait.
   */
  public final class Segments extends AbstractList<FileSegment> {
    @Override
    public FileSegment get(int index) {
      return new FileSegment(files.get(index), 0, await()[index]);
    }

    @Override
    public int size() {
      return files.size();
    }

    /** The files, in order, each read from its first byte. */
    public List<String> files() {
      return files;
    }

    /**
     * The files' record counts as a graph operand: fed to each run that makes an iterator of a
     * dataset of them ({@link #run}), instead of written into the graph.
     */
    public Operand<TInt64> counts(Ops tf) {
      if (constants != null) {
        return tf.constant(constants);
      }
      if (value == null) {
        value = tf.withName("file_record_counts").placeholder(TInt64.class,
            Placeholder.shape(Shape.of(files.size())));
      }
      return value;
    }
  }

  /**
   * Waits for every walk and has the datasets built from now on hold the counts as constants:
   * for a pipeline that another reads as a source, whose iterator feeds only its own files'
   * counts.
   *
   * @throws FeedlineException naming the first damaged file and its record
   */
  void writeIntoGraph() {
    constants = await();
  }

  /**
   * Runs {@code runner} with the counts fed: it may make an iterator of the dataset, which takes
   * them. Waits for every walk.
   *
   * @throws FeedlineException naming the first damaged file and its record
   */
  Result run(Session.Runner runner) {
    try (TInt64 counts = TInt64.vectorOf(await())) {
      // Null when no dataset of this graph takes them.
      return value == null ? runner.run() : runner.feed(value, counts).run();
    }
  }

  /**
   * Feeds the counts to {@code runner}, for tools that make iterators of the graph's datasets
   * themselves, such as the doctor; they stay allocated until {@link #close}.
   */
  public synchronized Session.Runner feed(Session.Runner runner) {
    if (fed == null) {
      fed = TInt64.vectorOf(await());
    }
    return value == null ? runner : runner.feed(value, fed);
  }

  /** Frees the counts {@link #feed} fed. */
  public synchronized void close() {
    if (fed != null) {
      fed.close();
      fed = null;
    }
  }
}

package dev.feedline.runtime.internal;

import dev.feedline.runtime.Devices;
import dev.feedline.runtime.ElementRandom;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.PipelineInfo;
import dev.feedline.runtime.SkippedRecords;
import dev.feedline.runtime.internal.cache.FileCaches;
import dev.feedline.runtime.internal.files.DataSource;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.tensorflow.ConcreteFunction;
import org.tensorflow.Graph;
import org.tensorflow.GraphOperation;
import org.tensorflow.Operand;
import org.tensorflow.Output;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.Signature;
import org.tensorflow.exceptions.TFOutOfRangeException;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Op;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.proto.data.DatasetOptions;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.family.TType;

/**
 * The iterator of a generated pipeline, and its lifecycle across epochs: the coordinator of the
 * parts that keep the stages up to the last cache ({@link KeptPart}), count the epochs across one
 * iterator ({@link EpochsAcross}), save and restore checkpoints ({@link IteratorCheckpoints}),
 * check the source ({@link SourceChecks}) and translate TensorFlow's errors
 * ({@link TensorFlowErrors}).
 *
 * <p>Graph mode runs the dataset-building ops again on every {@code MakeIterator}, so a memory
 * cache built with them would start empty every epoch. The stages up to the last cache are
 * therefore built once per session and parked in a resource variable; the stages after it are
 * built again for each epoch, on top of the parked part, with the epoch's number fed in. A
 * seeded shuffle after the cache takes its seed from that number: each epoch draws its own order,
 * the same on every run, and a checkpoint that records the epoch's number restores exactly; so does
 * a map that draws from per-element seeds ({@link ElementSeeds}), whose seeds the epoch's number
 * is part of.
 *
 * <p>A memory cache is read only after an epoch that filled it: one that reached its end
 * ({@link KeptPart} says why).
 *
 * <p>A file cache or snapshot ({@link FileCaches}) follows the same rule across runs: each park
 * reads the complete folder of its key, or writes a new partial one, which the end of an epoch that
 * read all of it seals; the kept part is then parked again, on the sealed folder.
 *
 * <p>A pipeline runs one epoch at a time. Starting an epoch ({@link #epoch}, {@link #steps},
 * {@link #resume}) ends the open one, whose iterator then fails at its next call instead of
 * handing out the new epoch's elements; epochs start, step, save and restore under one lock, so
 * threads that share a pipeline never interleave inside one of them.
 *
 * <p>Epochs run on iterators of their own ({@link EpochIterators}), so that none waits for the
 * last one's to be freed. Where the stages after the cache hand out as many elements every epoch
 * ({@link Builder#acrossEpochs}), the epochs after the one that filled the cache run one after
 * another on one iterator, made while that epoch ran: this class ends each of them after as many
 * elements as the filling epoch handed out, and the next one goes on where it ended.
 */
public final class DatasetIterator {
  private static final System.Logger LOG = System.getLogger(DatasetIterator.class.getName());

  private final PipelineInfo pipeline;
  private final DataSource data;
  /** The seed of the seeded random stages; a checkpoint records it. */
  private final OptionalLong seed;
  private final FileCaches fileCaches;
  private final List<Op> setup;
  private final KeptPart kept;
  private final Placeholder<TInt64> epoch;
  private final EpochIterators iterators;
  private final List<Output<?>> outputs;
  private final GraphOps graphOps;
  private final DeviceBuffer deviceBuffer;
  private final TensorFlowErrors errors;
  private final SourceChecks source;
  private final IteratorCheckpoints checkpoints;
  /** The pipeline's graph, which training steps must not grow; null outside a graph. */
  private final Graph graph;
  private final EpochsAcross acrossCount = new EpochsAcross();
  /** Held while an epoch starts, steps, is saved or restored: they run one at a time. */
  private final Object lock = new Object();
  private Session parkedIn;
  private long nextEpoch;
  private long current = -1;
  /** Epochs started so far; the last one is the open epoch, until the pipeline is closed. */
  private long started;
  /** The open epoch's place in {@link #started}; 0 when the pipeline is closed or unused. */
  private volatile long open;
  /**
   * Whether the open epoch reads the source's files: no filled memory cache and no complete file
   * cache serves it. Only such an epoch has its files checked, at its start and at its end.
   */
  private boolean readsFiles;
  /** Whether the open epoch reads the complete folder of a file cache or snapshot. */
  private boolean readsSealed;

  /** Builds the device stages, in the consumer's graph, on the batch the iterator hands out. */
  @FunctionalInterface
  public interface DeviceStages {
    /**
     * @param device ops placed on the training device
     * @param batch the iterator's components, in spec order
     * @return the last device stage's components, in order
     */
    List<Output<?>> build(Ops device, List<Output<?>> batch);
  }

  /** Builds the stages of one epoch on top of the kept part, from the epoch's number. */
  @FunctionalInterface
  public interface EpochDataset {
    /**
     * @param tf the graph, or the function of the iterator across epochs, to build them in
     * @param cached the parked dataset up to the last cache; null when there is no cache
     * @param epoch the epoch's number, 0 for the first
     * @param options the tf.data options to wrap the epoch's dataset in
     */
    Operand<? extends TType> build(Ops tf, Operand<? extends TType> cached, Operand<TInt64> epoch,
        DatasetOptions.Options options);
  }

  /**
   * Starts describing the iterator of a pipeline in the graph of {@code tf}; only {@link
   * Builder#perEpoch} is required.
   *
   * @param spec the element spec of the last stage tf.data runs, whose elements the iterator hands
   *     out
   * @param options the tf.data options of every epoch
   */
  public static Builder builder(Ops tf, PipelineInfo pipeline, ElementSpec spec,
      DatasetOptions.Options options) {
    return new Builder(tf, pipeline, spec, options);
  }

  /** What a generated pipeline's iterator is made of: set what the pipeline has. */
  public static final class Builder {
    private final Ops tf;
    private final PipelineInfo pipeline;
    private final ElementSpec spec;
    private final DatasetOptions.Options options;
    private Operand<? extends TType> kept;
    private EpochDataset perEpoch;
    private DeviceStages deviceStages;
    private long deviceBuffer;
    private DataSource data = DataSource.inMemory();
    private OptionalLong seed = OptionalLong.empty();
    private FileCaches fileCaches;
    /** The options of the iterator across epochs; null without one. */
    private DatasetOptions.Options acrossEpochs;
    private final List<Op> setup = new ArrayList<>();

    private Builder(Ops tf, PipelineInfo pipeline, ElementSpec spec,
        DatasetOptions.Options options) {
      this.tf = tf;
      this.pipeline = pipeline;
      this.spec = spec;
      this.options = options;
    }

    /** The stages up to the last cache: built once per session and kept, with the cache. */
    public Builder kept(Operand<? extends TType> dataset) {
      this.kept = dataset;
      return this;
    }

    /** The stages after the last cache (all of them without one), built again for every epoch. */
    public Builder perEpoch(EpochDataset dataset) {
      this.perEpoch = dataset;
      return this;
    }

    /**
     * Runs the epochs after the one that fills the cache on one iterator. Only for a kept part
     * with a memory cache, without file caches or a device buffer, whose stages after it hand out
     * the same number of elements every epoch, and build from the epoch's number, the cache and
     * Java values alone (they are built in a graph function of their own).
     *
     * @param options the tf.data options of those epochs: {@link DatasetOps#EPOCH_OPTIONS}, or
     *     {@link DatasetOps#UNTUNED_EPOCH_OPTIONS} where they have nothing to tune
     */
    public Builder acrossEpochs(DatasetOptions.Options options) {
      this.acrossEpochs = options;
      return this;
    }

    /** The stages after the iterator, on the training device. */
    public Builder deviceStages(DeviceStages stages) {
      this.deviceStages = stages;
      return this;
    }

    /** The batches {@code @PrefetchToDevice} keeps in device memory; 0 turns it off. */
    public Builder deviceBuffer(long batches) {
      this.deviceBuffer = batches;
      return this;
    }

    /**
     * Ops to run once in every session before its first epoch, such as the initializers of the
     * lookup tables the stages' functions read.
     */
    public Builder initializing(Op... ops) {
      setup.addAll(List.of(ops));
      return this;
    }

    /**
     * The seed the stages that take an {@link ElementRandom} draw from: a checkpoint records it,
     * and only a pipeline with the same seed resumes it.
     */
    public Builder seed(long seed) {
      this.seed = OptionalLong.of(seed);
      return this;
    }

    /** What the dataset reads, to name the file and record behind a data error. */
    public Builder reading(DataSource source) {
      this.data = source;
      return this;
    }

    /** The file caches and snapshots of the kept part, whose folders each park chooses. */
    public Builder fileCaches(FileCaches caches) {
      this.fileCaches = caches;
      return this;
    }

    /** Adds the iterator ops to the graph. */
    public DatasetIterator build() {
      if (perEpoch == null) {
        throw new IllegalStateException("Pipeline " + pipeline.simpleName()
            + ": an iterator needs the stages of an epoch; call perEpoch(...)");
      }
      if (acrossEpochs != null && (kept == null || fileCaches != null || deviceBuffer > 0)) {
        throw new IllegalStateException("Pipeline " + pipeline.simpleName() + ": one iterator"
            + " across epochs needs a memory cache, and no file cache or device buffer");
      }
      DatasetIterator iterator = new DatasetIterator(this);
      iterator.source.checkBuilt(); // the counts are fed whenever an iterator is made
      return iterator;
    }
  }

  private DatasetIterator(Builder parts) {
    TVariant.register();
    Ops tf = parts.tf;
    ElementSpec spec = parts.spec;
    this.pipeline = parts.pipeline;
    this.data = parts.data;
    this.seed = parts.seed;
    this.fileCaches = parts.fileCaches == null ? FileCaches.none(pipeline) : parts.fileCaches;
    this.setup = List.copyOf(parts.setup);
    this.graph = tf.scope().env() instanceof Graph g ? g : null;
    this.errors = new TensorFlowErrors(pipeline, graph, data, fileCaches);
    this.source = new SourceChecks(pipeline, data, LOG);
    this.kept = new KeptPart(tf, parts.kept, fileCaches, data);
    this.epoch = tf.withName("epoch").placeholder(TInt64.class, Placeholder.shape(Shape.scalar()));
    Operand<? extends TType> parked = kept.parked(tf);
    this.iterators = new EpochIterators(tf, spec, epoch,
        parts.perEpoch.build(tf, parked, epoch, parts.options),
        parts.acrossEpochs != null ? acrossEpochs(tf, spec, parked, epoch, parts) : null, data);
    Operand<? extends TType> iterator = iterators.current();
    List<Output<?>> next = List.copyOf(tf.withName("next_element").data
        .iteratorGetNext(iterator, spec.types(), spec.shapes()).components());
    Ops device = tf.withSubScope("device").withDevice(Devices.GPU);
    List<Output<?>> batch =
        parts.deviceStages == null ? next : parts.deviceStages.build(device, next);
    this.deviceBuffer = parts.deviceBuffer <= 0 ? null : new DeviceBuffer(device, batch,
        batch.stream().<Class<? extends TType>>map(Output::type).toList(), parts.deviceBuffer);
    this.outputs = this.deviceBuffer == null ? List.copyOf(batch) : this.deviceBuffer.outputs();
    this.graphOps = new GraphOps(iterators.startFirst(), epoch, kept.parkOp(), iterators.first());
    this.checkpoints = new IteratorCheckpoints(tf, iterator, parts.acrossEpochs != null, pipeline,
        data, seed, fileCaches, errors, LOG);
  }

  /**
   * The epochs from the fed number on, one after another, each built on the kept part as {@code
   * perEpoch} builds it: a flat map over the epochs' numbers, whose function builds an epoch's
   * stages from its number and the cache, then a prefetch of its own where the epoch's stages
   * end without one. The function is marked as tf.data's own, so that the static rewrites epoch 1
   * gets at the top of the graph (parallel batch copies, map and batch fused, ...) reach the
   * stages of the epochs after it too. The options {@link Builder#acrossEpochs} names wrap both the
   * epochs and each epoch's stages.
   */
  private static Operand<? extends TType> acrossEpochs(Ops tf, ElementSpec spec,
      Operand<? extends TType> kept, Placeholder<TInt64> epoch, Builder parts) {
    Operand<? extends TType> numbers = tf.data.rangeDataset(epoch, tf.constant(Long.MAX_VALUE),
        tf.constant(1L), List.of(TInt64.class), List.of(Shape.scalar()));
    boolean[] prefetched = {false};
    try (ConcreteFunction oneEpoch = TfDataFunction.mark(ConcreteFunction.create(inner -> {
      Placeholder<TInt64> number = inner.placeholder(TInt64.class,
          Placeholder.shape(Shape.scalar()));
      Placeholder<TVariant> cached = inner.placeholder(TVariant.class,
          Placeholder.shape(Shape.scalar()));
      Operand<? extends TType> epochDataset = parts.perEpoch.build(inner, cached, number,
          parts.acrossEpochs);
      prefetched[0] = endsInPrefetch(epochDataset);
      return Signature.builder().key("epoch").input("number", number).input("cached", cached)
          .output("dataset", epochDataset).build();
    }))) {
      Operand<? extends TType> epochs = tf.withName("epochs_across").data.flatMapDataset(numbers,
          List.of(kept), oneEpoch, spec.types(), spec.shapes());
      // Where the epoch ends in a @Prefetch, its buffer already runs ahead on a thread of its
      // own, and a second prefetch here adds only a hand-over per element and a thread: measured
      // side by side on a loaded machine, it cost a cached epoch 9% more CPU for text, 11% for
      // photos, and halved the photos' rate; on idle cores 3 to 5% of the CPU
      // (docs/performance.md#a-third-round-without-the-second-prefetch). Without one, two
      // elements ahead across an epoch's end let the next epoch's stages start while the
      // consumer takes its last elements.
      if (!prefetched[0]) {
        epochs = tf.withName("next_epoch_ahead").data.prefetchDataset(epochs, tf.constant(2L),
            spec.types(), spec.shapes());
      }
      return DatasetOps.withOptions(tf, epochs, spec, parts.acrossEpochs);
    }
  }

  /** Whether {@code dataset}, under its options, is a prefetch. */
  private static boolean endsInPrefetch(Operand<? extends TType> dataset) {
    GraphOperation op = (GraphOperation) dataset.op();
    while (op.type().equals("OptionsDataset")) {
      op = (GraphOperation) op.input(0).op();
    }
    return op.type().equals("PrefetchDataset");
  }

  /**
   * The graph ops behind the iterator, for tools that examine the pipeline, such as the doctor.
   *
   * @param startFirstEpoch the {@code MakeIterator} of the first epoch, on the whole host dataset
   * @param epoch the epoch's number, fed when an epoch starts
   * @param park parks the stages up to the last cache in the session; null without a cache
   * @param iterator the first epoch's iterator resource, which runs the autotune model
   */
  public record GraphOps(GraphOperation startFirstEpoch, Placeholder<TInt64> epoch, Op park,
      Operand<? extends TType> iterator) {}

  /**
   * The ops a session runs once before its first epoch (the lookup tables' initializers), for a
   * tool that iterates a part of the graph itself.
   */
  public List<Op> setup() {
    return setup;
  }

  /** The graph ops behind this iterator. */
  public GraphOps graphOps() {
    return graphOps;
  }

  /** The seed of the stages that take an {@link ElementRandom}; empty when there are none. */
  public OptionalLong seed() {
    return seed;
  }

  /** The pipeline this iterator belongs to. */
  public PipelineInfo pipeline() {
    return pipeline;
  }

  /**
   * The next element's components, as graph outputs in spec order. Every run of an op that
   * depends on them consumes one element.
   */
  public List<Output<?>> outputs() {
    return outputs;
  }

  /**
   * Starts an epoch in {@code session} and iterates it, fetching every output component into a
   * {@code Result} that {@code toElement} turns into the element handed out. Epochs count from 0
   * per session; the open epoch ends.
   */
  public <T extends AutoCloseable> EpochIterator<T> epoch(
      Session session, Function<Result, T> toElement) {
    synchronized (lock) {
      begin(session, session == parkedIn ? nextEpoch : 0, false, null);
      return iterate(fetching(session, toElement));
    }
  }

  /**
   * Starts an epoch and runs one training step per element: {@code step} adds the targets and
   * fetches of a step, which consume the pipeline through {@link #outputs()}. The open epoch ends.
   */
  public EpochIterator<Result> steps(Session session, UnaryOperator<Session.Runner> step) {
    synchronized (lock) {
      begin(session, session == parkedIn ? nextEpoch : 0, false, null);
      return iterate(stepping(session, step));
    }
  }

  /**
   * Runs {@code step} once per element; a step after the first that adds ops to the graph fails
   * the epoch naming them ({@link StepGraphCheck}).
   */
  private Supplier<Result> stepping(Session session, UnaryOperator<Session.Runner> step) {
    StepGraphCheck check = StepGraphCheck.of(pipeline, graph);
    return () -> {
      Result result = step.apply(session.runner()).run();
      if (check != null) {
        try {
          check.afterStep();
        } catch (FeedlineException grew) {
          result.close();
          throw grew;
        }
      }
      return result;
    };
  }

  /**
   * Starts epoch {@code number} in {@code session}, ending the open one: parks the kept part the
   * first time this session sees it, and again whenever the last epoch over it ended before it
   * filled its cache, or {@code freshCache} asks for it; then builds this epoch's stages and a
   * fresh iterator over them, or switches to the one made ahead for it. Over a filled memory cache,
   * it makes the next epoch's iterator ahead, while this one runs: cached epochs are short, and
   * would otherwise each begin by rebuilding their dataset. A restore of an epoch saved on the
   * iterator across epochs ({@code restoring}) makes that iterator again, for the state to fill.
   */
  private void begin(Session session, long number, boolean freshCache,
      CheckpointFile.Across restoring) {
    open = ++started; // first, so that the last epoch's iterator fails even if this start does
    boolean servedFromCache = !freshCache && kept.servesFilled(session == parkedIn);
    if (!servedFromCache) {
      source.checkUnchanged();
    }
    try {
      if (deviceBuffer != null && parkedIn != null) {
        deviceBuffer.stop(parkedIn); // before the new iterator, which its thread would read from
      }
      boolean parked = false;
      if (session != parkedIn) {
        iterators.forget();
        if (!setup.isEmpty()) {
          Session.Runner runner = session.runner();
          setup.forEach(runner::addTarget);
          runner.run();
        }
        parked = kept.park(session);
        parkedIn = session;
      } else if (kept.needsParking(freshCache)) {
        parked = kept.park(session);
      }
      // Parked again after an epoch sealed a file cache, the kept part reads the complete folder,
      // not the files; were that folder gone, it writes a new one, from files not yet checked.
      readsFiles = !(servedFromCache && !parked) && !fileCaches.readsComplete();
      if (servedFromCache && readsFiles) {
        source.checkUnchanged();
      }
      readsSealed = fileCaches.readsComplete();
      if (readsSealed) {
        fileCaches.checkSealed();
      }
      source.checkUnchanged(fileCaches); // the complete folders this epoch reads, if any
      // An iterator made ahead read the dataset parked before.
      boolean across = restoring != null || across(session, number, servedFromCache && !parked);
      if (!across) {
        iterators.start(session, number, !parked);
      } else if (!acrossCount.standsAt(number) || restoring != null) {
        iterators.startAcross(session, number, restoring == null);
      }
      acrossCount.started(across, restoring);
      kept.epochStarted(restoring != null);
      if (epochsAcross() && !across) {
        iterators.prepareAcross(session, number + 1);
      } else if (kept.exists() && kept.filled() && !across) {
        iterators.prepare(session, number + 1);
      }
      if (deviceBuffer != null) {
        deviceBuffer.start(session);
      }
      current = number;
      nextEpoch = number + 1;
    } catch (RuntimeException e) {
      throw errors.translate(e);
    }
  }

  /** Whether this pipeline may run epochs on an iterator across epochs. */
  private boolean epochsAcross() {
    return iterators.hasAcross();
  }

  /**
   * Whether epoch {@code number} runs on the iterator across epochs: where it stands at that
   * epoch's start, or was made ahead from it, over the filled cache whose epochs' length is known.
   */
  private boolean across(Session session, long number, boolean overFilledCache) {
    return epochsAcross() && overFilledCache && acrossCount.lengthKnown()
        && (acrossCount.standsAt(number) || iterators.preparedAcross(session, number));
  }

  /** The file caches and snapshots of the pipeline, with their keys and folders. */
  public FileCaches fileCaches() {
    return fileCaches;
  }

  /**
   * Feeds the folders of the pipeline's file caches and snapshots to {@code runner}, for tools
   * that run the graph's dataset ops themselves, such as the doctor: parking the kept part, or
   * starting an iterator over a stage up to the last cache. Also gives the session the in-memory
   * data and the files' record counts, when they were still being walked after the build, without
   * which no dataset reads them.
   */
  public Session.Runner feedingFolders(Session.Runner runner) {
    synchronized (lock) {
      fileCaches.feed(runner);
      return data.feed(runner);
    }
  }

  /** Epochs started so far on an iterator made ahead, for tests. */
  long epochsStartedAhead() {
    return iterators.preparedStarts();
  }

  /** Epochs started so far on the iterator across epochs, for tests. */
  long epochsStartedAcross() {
    return acrossCount.starts();
  }

  /**
   * Saves the position of the running epoch to {@code file}, atomically: shuffle buffers, cache
   * contents and how far the epoch has come, so {@link #resume} continues exactly here. Call it
   * between two elements of an epoch.
   */
  public void checkpoint(Session session, Path file) {
    synchronized (lock) {
      save(session, file);
    }
  }

  private void save(Session session, Path file) {
    if (deviceBuffer != null) {
      throw new FeedlineException(pipeline.simpleName(), null, file.toString(), "cannot checkpoint"
          + " a pipeline with @PrefetchToDevice: the batches already in device memory are not in"
          + " the iterator's state, so a restore would skip them", null);
    }
    if (session != parkedIn) {
      throw new IllegalStateException("Pipeline " + pipeline.simpleName()
          + ": no epoch of this session to checkpoint; start one with epoch() or steps()");
    }
    checkpoints.save(session, file, current, acrossCount.saved());
  }

  /**
   * Restores the epoch saved in {@code file} and iterates the rest of it, fetching every output
   * component like {@link #epoch}.
   *
   * @throws FeedlineException when the file is truncated, corrupt, or from another pipeline or
   *     another definition of this one
   */
  public <T extends AutoCloseable> EpochIterator<T> resume(
      Session session, Path file, Function<Result, T> toElement) {
    synchronized (lock) {
      restore(session, file);
      return iterate(fetching(session, toElement));
    }
  }

  /** Restores the epoch saved in {@code file} and runs one step per element of the rest of it. */
  public EpochIterator<Result> resumeSteps(
      Session session, Path file, UnaryOperator<Session.Runner> step) {
    synchronized (lock) {
      restore(session, file);
      return iterate(stepping(session, step));
    }
  }

  /**
   * How long the consumer has waited for a batch in device memory during the current epoch: the
   * part of its steps that is bound by input. Zero without {@code @PrefetchToDevice}.
   */
  public Duration inputWait() {
    return deviceBuffer == null ? Duration.ZERO : deviceBuffer.waited();
  }

  /** What the pipeline reads: every input, each checked when the pipeline was built. */
  public DataSource data() {
    return data;
  }

  /** The bad records the source leaves out of every epoch; none unless it skips them. */
  public SkippedRecords skippedRecords() {
    return data.skipped();
  }

  private <T extends AutoCloseable> Supplier<T> fetching(
      Session session, Function<Result, T> toElement) {
    return () -> {
      Session.Runner runner = session.runner();
      outputs.forEach(runner::fetch);
      return toElement.apply(runner.run());
    };
  }

  /** Iterates the epoch just begun: each step runs under the lock, while the epoch is open. */
  private <T extends AutoCloseable> EpochIterator<T> iterate(Supplier<T> step) {
    JavaCppMemoryCheck.noteOnce(pipeline);
    long serial = open;
    long number = current;
    Supplier<T> next = deviceBuffer == null ? step : () -> {
      deviceBuffer.claim(); // a staged batch, or the end of the epoch
      T result = step.get();
      deviceBuffer.free();
      return result;
    };
    boolean readsFiles = this.readsFiles;
    boolean readsSealed = this.readsSealed;
    boolean across = acrossCount.onAcross();
    Supplier<T> guarded = () -> {
      synchronized (lock) {
        ensureOpen(serial, number);
        acrossCount.checkNotEnded(across, number);
        try {
          T element = next.get();
          acrossCount.took(across, number);
          return element;
        } catch (TFOutOfRangeException endOfSequence) {
          if (readsFiles) {
            source.checkUnchanged(); // a file changed mid-epoch gave other records: no filled cache
          }
          if (readsSealed) {
            fileCaches.checkSealed(); // a sealed file cut mid-epoch gave fewer elements
          }
          source.checkUnchanged(fileCaches);
          kept.epochEnded();
          acrossCount.ended(epochsAcross());
          throw endOfSequence;
        }
      }
    };
    return new EpochIterator<>(guarded, errors::translate, () -> source.reportSkipped(number),
        () -> ensureOpen(serial, number));
  }

  /** Fails when epoch {@code serial} is no longer the open one. */
  private void ensureOpen(long serial, long number) {
    long now = open;
    if (serial != now) {
      throw new EndedEpochException("Pipeline " + pipeline.simpleName() + ": epoch " + number
          + " has ended: " + (now == 0 ? "the pipeline was closed" : "a newer epoch was started")
          + ". A pipeline runs one epoch at a time: finish or close an epoch, from the thread"
          + " that runs it, before starting the next.");
    }
  }

  /** Under the lock: starts the saved epoch on a fresh cache, which the saved state fills. */
  private void restore(Session session, Path file) {
    CheckpointFile.Saved saved = checkpoints.read(file, epochsAcross());
    fileCaches.restoring(file);
    if (session == parkedIn && fileCaches.writing()) {
      // The open epoch's writer would delete the files of the shard the restored one goes on with.
      iterators.freeNow(session);
    }
    begin(session, saved.epoch(), true, saved.across());
    if (saved.across() == null) {
      acrossCount.uncounted();
    }
    checkpoints.restore(session, file, saved.state());
  }

  /**
   * Frees the dataset parked in the session, with its cache, while the session is still open: a
   * dataset freed by the session's own shutdown logs warnings about resources already gone. Stops
   * the thread that fills the device buffer. Does nothing when no epoch ran.
   */
  public void release() {
    synchronized (lock) {
      open = 0; // the open epoch ends with the pipeline
      if (parkedIn != null && deviceBuffer != null) {
        deviceBuffer.stop(parkedIn);
      }
      if (parkedIn != null && fileCaches.writing()) {
        iterators.freeNow(parkedIn); // its writer's files go before the folder does
      }
      iterators.awaitFreeing(); // its session must stay open until they are done
      if (parkedIn != null) {
        Session session = parkedIn;
        parkedIn = null;
        kept.release(session);
      }
      fileCaches.release();
      data.close();
    }
  }
}

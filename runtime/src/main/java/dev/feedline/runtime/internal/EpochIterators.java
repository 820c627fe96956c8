package dev.feedline.runtime.internal;

import dev.feedline.runtime.internal.files.DataSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.tensorflow.GraphOperation;
import org.tensorflow.Operand;
import org.tensorflow.Session;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Op;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.op.core.VarHandleOp;
import org.tensorflow.op.data.IteratorFromStringHandle;
import org.tensorflow.proto.data.DatasetOptions;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;
import org.tensorflow.types.family.TType;

/**
 * The iterators epochs run on: one for the first epoch, and two that later epochs take turns on,
 * so that the last epoch's iterator is freed on a thread of its own while the next epoch runs.
 *
 * <p>Freeing an iterator that ran tf.data's autotune model waits, idle, until the model's thread
 * ends its current sleep: the iterator's destruction wakes it without ending it (TensorFlow logs
 * "Waiting for 1714 ms" again at that moment with {@code TF_CPP_VMODULE=model=2}). The sleep
 * doubles after every optimization, so it grows with the epoch: 1 to 4 s after epochs of
 * seconds. Replacing the iterator in place would make the next epoch wait that long. The
 * consumer's ops read whichever iterator a variable names, through its string handle, so they
 * stay one set of graph outputs. The first epoch's iterator, whose model sleeps longest after the
 * longest epoch, is never reused by the epochs after it, which may be far shorter once cached.
 *
 * <p>An epoch can also be made ahead ({@link #prepare}): while one epoch runs, a thread of its own
 * makes the next one's iterator, without switching the consumer to it. {@code MakeIterator}
 * rebuilds the epoch's dataset and applies TensorFlow's rewrites: 9 to 35 ms, measured on the
 * example pipeline, that a cached epoch of a few hundred milliseconds would otherwise begin with.
 * Making an iterator reads nothing: its stages start at its first element.
 *
 * <p>A pipeline whose stages after the cache hand out the same number of elements every epoch
 * may also have an iterator across epochs ({@link #startAcross}): one iterator over every epoch
 * from a given number on, each built on the cache, that later epochs run on one after another, as
 * an iterator over a {@code repeat} does. No epoch on it starts cold: its threads and its autotune
 * model carry on from the last epoch. Its stages are made when it reaches an epoch's first element,
 * so it can be made ahead while the cache is still being filled.
 *
 * <p>A session builds and optimizes an executor for every set of fed, fetched and run ops it has
 * not run before: 5 to 13 ms of TensorFlow's graph rewrites each on the example pipeline, measured
 * at the start of its first cached epoch, on the consumer's thread for the switch and beside it
 * for the free, on 2 cores that the next batch needs. So the ops that act on a slot are one op of
 * each kind, fed the slot's number, not one per slot; and where an epoch is made ahead, the switch
 * and the free are run once ahead too, on slots where they change nothing.
 */
final class EpochIterators {
  private static final System.Logger LOG = System.getLogger(EpochIterators.class.getName());

  /** Slots 0 to 2 run one epoch each; slot 3, when there is one, runs epochs one after another. */
  private static final int ACROSS = 3;

  /**
   * The free's options: no static rewrites and no autotune model, so that its {@code MakeIterator}
   * hands the empty dataset over as it is. With tf.data's defaults it serialized and rewrote even
   * that dataset, about 2 ms of grappler's and MLIR's passes at the start of the first cached epoch.
   */
  private static final DatasetOptions.Options AS_IT_IS = DatasetOptions.Options.newBuilder()
      .setAutotuneOptions(DatasetOptions.AutotuneOptions.newBuilder().setEnabled(false))
      .setOptimizationOptions(
          DatasetOptions.OptimizationOptions.newBuilder().setApplyDefaultOptimizations(false))
      .build();

  private final Placeholder<TInt64> epoch;
  /** Feeds the files' record counts to every run that makes an iterator, where the graph needs them. */
  private final DataSource data;
  /** 3, or 4 with an iterator across epochs. */
  private final int slots;
  /** The slot the ops below act on, fed to every run of one; slot 0's first start excepted. */
  private final Placeholder<TInt32> slot;
  /** Switches the consumer to slot 0's iterator and makes it over an epoch's dataset. */
  private final Op startFirst;
  /** Switches the consumer to the fed slot's iterator and makes it over an epoch's dataset. */
  private final Op start;
  /** The same over the epochs one after another, for slot 3. */
  private final Op startAcross;
  /** Makes the fed slot's iterator over an epoch's dataset without switching the consumer to it. */
  private final Op make;
  /** The same over the epochs one after another. */
  private final Op makeAcross;
  /** Switches the consumer to the fed slot's iterator. */
  private final Op use;
  /** Frees what the fed slot's iterator holds. */
  private final Op free;
  private final Operand<? extends TType> firstIterator;
  private final Thread[] freeing;
  private final boolean[] inUse;
  private final Operand<? extends TType> current;
  /** The slot the open epoch runs on. */
  private int running;
  /** The session that has run the switch and the free once, made ahead ({@link #prepare}). */
  private volatile Session warmed;
  /** The epoch made ahead, if any. */
  private Prepared prepared;
  /** Epochs started on an iterator made ahead, for tests. */
  private long preparedStarts;

  /** An epoch whose iterator a thread of its own is making, or has made, ahead of its start. */
  private record Prepared(Session session, long number, int slot, Thread thread,
      AtomicReference<RuntimeException> failure) {}

  /**
   * @param epoch the epoch's number, which the dataset reads
   * @param dataset an epoch's dataset
   * @param across the epochs from the fed number on, one after another; null for none
   * @param data what the dataset reads
   */
  EpochIterators(Ops tf, ElementSpec spec, Placeholder<TInt64> epoch,
      Operand<? extends TType> dataset, Operand<? extends TType> across, DataSource data) {
    this.epoch = epoch;
    this.data = data;
    this.slots = across == null ? ACROSS : ACROSS + 1;
    this.freeing = new Thread[slots];
    this.inUse = new boolean[slots];
    // A resource variable needs a name of its own: with none, all of a session's variables are one.
    VarHandleOp handle = tf.withName("current_iterator").varHandleOp(TString.class, Shape.scalar(),
        VarHandleOp.sharedName(tf.scope().makeOpName("current_iterator_variable")));
    List<Operand<? extends TType>> iterators = new ArrayList<>();
    List<Operand<TString>> handles = new ArrayList<>();
    for (int i = 0; i < slots; i++) {
      iterators.add(tf.withName("epoch_iterator_" + i).data.iterator("", "", spec.types(),
          spec.shapes()));
      handles.add(tf.data.iteratorToStringHandle(iterators.get(i)));
    }
    this.firstIterator = iterators.get(0);
    this.slot = tf.withName("epoch_iterator_slot").placeholder(TInt32.class,
        Placeholder.shape(Shape.scalar()));
    Operand<TString> chosen = tf.gather(tf.stack(handles), slot, tf.constant(0));
    Operand<? extends TType> iterator = tf.data.iteratorFromStringHandle(chosen, spec.types(),
        IteratorFromStringHandle.outputShapes(spec.shapes()));
    Op useFirst = tf.assignVariableOp(handle, handles.get(0));
    this.startFirst = tf.withName("start_first_epoch").withControlDependencies(List.of(useFirst))
        .data.makeIterator(dataset, firstIterator);
    this.use = tf.withName("use_epoch_iterator").assignVariableOp(handle, chosen);
    this.start = tf.withName("start_later_epoch").withControlDependencies(List.of(use))
        .data.makeIterator(dataset, iterator);
    this.make = tf.withName("make_epoch_iterator").data.makeIterator(dataset, iterator);
    this.startAcross = across == null ? null : tf.withName("start_epochs_across")
        .withControlDependencies(List.of(use)).data.makeIterator(across, iterator);
    this.makeAcross = across == null ? null
        : tf.withName("make_epochs_across").data.makeIterator(across, iterator);
    // An empty dataset in an iterator frees what the last epoch left there.
    this.free = tf.withName("free_epoch_iterator").data.makeIterator(
        DatasetOps.withOptions(tf, empty(tf, spec, dataset), spec, AS_IT_IS), iterator);
    this.current = tf.withName("iterator").data.iteratorFromStringHandle(
        tf.readVariableOp(handle, TString.class), spec.types(),
        IteratorFromStringHandle.outputShapes(spec.shapes()));
  }

  /**
   * A dataset of no elements of {@code spec}'s types and shapes, sliced from empty tensors: freeing
   * an iterator with it runs none of the pipeline's graph, whose executor would cost the session
   * TensorFlow's rewrites of every stage. An element of unknown rank or of variants takes none of
   * {@code dataset}'s elements instead.
   */
  private static Operand<? extends TType> empty(Ops tf, ElementSpec spec,
      Operand<? extends TType> dataset) {
    List<Operand<?>> none = new ArrayList<>();
    for (ElementSpec.Component component : spec.components()) {
      Shape shape = component.shape();
      if (shape.isUnknown() || component.type() == TVariant.class) {
        return tf.data.takeDataset(dataset, tf.constant(0L), spec.types(), spec.shapes());
      }
      int[] dims = new int[shape.numDimensions() + 1]; // no slices of an element's shape
      for (int i = 0; i < shape.numDimensions(); i++) {
        dims[i + 1] = (int) Math.max(0, shape.get(i));
      }
      none.add(tf.empty(tf.constant(dims), component.type()));
    }
    return tf.data.tensorSliceDataset(none, spec.shapes());
  }

  /** Whether there is an iterator across epochs. */
  boolean hasAcross() {
    return slots > ACROSS;
  }

  /** The iterator the current epoch runs on, for ops that read it or save its state. */
  Operand<? extends TType> current() {
    return current;
  }

  /** The first epoch's {@code MakeIterator}, on the whole host dataset. */
  GraphOperation startFirst() {
    return (GraphOperation) startFirst.op();
  }

  /** The first epoch's iterator, the one that runs the autotune model. */
  Operand<? extends TType> first() {
    return firstIterator;
  }

  /**
   * Starts epoch {@code number} on its iterator, once that iterator is free, and frees the last
   * epoch's in the background. The iterator made ahead for this epoch is used when it is of the
   * same session and number and {@code madeAheadStillValid} says the dataset it read is still the
   * one to read; otherwise it is freed with the others.
   */
  void start(Session session, long number, boolean madeAheadStillValid) {
    start(session, number, slot(number), madeAheadStillValid);
  }

  /**
   * Starts epoch {@code number} on the iterator across epochs, made from that epoch on, like
   * {@link #start}; later epochs go on on it ({@link #startAcross} is not called again for them).
   */
  void startAcross(Session session, long number, boolean madeAheadStillValid) {
    start(session, number, ACROSS, madeAheadStillValid);
  }

  private void start(Session session, long number, int slot, boolean madeAheadStillValid) {
    Prepared ahead = prepared;
    prepared = null;
    boolean useAhead = false;
    if (ahead != null) {
      join(ahead.thread());
      useAhead = madeAheadStillValid && ahead.session() == session && ahead.number() == number
          && ahead.slot() == slot && ahead.failure().get() == null;
      if (!useAhead && ahead.slot() != slot && ahead.session() == session) {
        inUse[ahead.slot()] = true; // made but never started: freed below with the others
      }
    }
    if (useAhead) {
      run(session, 0, use, slot);
      preparedStarts++;
    } else {
      awaitFreeing(slot);
      run(session, number, slot == 0 ? startFirst : slot == ACROSS ? startAcross : start, slot);
    }
    for (int other = 0; other < slots; other++) {
      if (other != slot && inUse[other]) {
        free(session, other);
      }
    }
    inUse[slot] = true;
    running = slot;
  }

  /**
   * Makes epoch {@code number}'s iterator on a thread of its own, once its slot is free, for
   * {@link #start} to switch to. Call it right after starting epoch {@code number - 1}, whose
   * slot is another.
   */
  void prepare(Session session, long number) {
    prepare(session, number, slot(number));
  }

  /**
   * Makes the iterator across epochs, from epoch {@code number} on, on a thread of its own, for
   * {@link #startAcross} to switch to. It may be made while the cache is filled: its first element
   * reads the cache.
   */
  void prepareAcross(Session session, long number) {
    prepare(session, number, ACROSS);
  }

  /** Whether an iterator across epochs from {@code number} on is made ahead in {@code session}. */
  boolean preparedAcross(Session session, long number) {
    return prepared != null && prepared.slot() == ACROSS && prepared.session() == session
        && prepared.number() == number;
  }

  private void prepare(Session session, long number, int slot) {
    Thread freeing = this.freeing[slot]; // the prepare thread waits for it instead
    this.freeing[slot] = null;
    int runs = running;
    boolean warm = warmed != session;
    int idle = warm ? idleSlot(slot) : -1;
    AtomicReference<RuntimeException> failure = new AtomicReference<>();
    Thread thread = new Thread(() -> {
      join(freeing);
      try {
        run(session, number, slot == ACROSS ? makeAcross : make, slot);
      } catch (RuntimeException e) { // the epoch's own start makes it again, and reports its error
        failure.set(e);
        LOG.log(System.Logger.Level.DEBUG, "making an epoch's iterator ahead", e);
        return;
      }
      if (warm) {
        warmUp(session, runs, idle);
      }
    }, "feedline-prepare-epoch-iterator");
    thread.setDaemon(true);
    thread.start();
    prepared = new Prepared(session, number, slot, thread, failure);
  }

  /**
   * Runs the switch and the free that the next start runs once ahead, so that the session has
   * their executors before that start waits for them: the switch on the slot that runs already
   * (the consumer reads the same iterator), the free on a slot that holds nothing, where there is
   * one. No other thread switches or makes an iterator meanwhile: every start joins the thread
   * that calls this first. A failure here costs only the time it would have saved.
   */
  private void warmUp(Session session, int running, int idle) {
    try {
      run(session, 0, use, running);
      if (idle >= 0) {
        run(session, 0, free, idle);
      }
      warmed = session;
    } catch (RuntimeException e) {
      LOG.log(System.Logger.Level.DEBUG, "running an epoch's switch and free ahead", e);
    }
  }

  /** A slot of one epoch that holds nothing and is not {@code taken}; -1 if none. */
  private int idleSlot(int taken) {
    for (int slot = 1; slot < ACROSS; slot++) {
      if (slot != taken && slot != running && !inUse[slot] && freeing[slot] == null) {
        return slot;
      }
    }
    return -1;
  }

  /** Epochs started so far on an iterator made ahead. */
  long preparedStarts() {
    return preparedStarts;
  }

  /** Runs {@code target} on {@code slot}, making an iterator of epoch {@code number}'s dataset. */
  private void run(Session session, long number, Op target, int slot) {
    try (TInt64 epochNumber = TInt64.scalarOf(number); TInt32 slotNumber = TInt32.scalarOf(slot)) {
      data.run(session.runner().feed(epoch, epochNumber).feed(this.slot, slotNumber)
          .addTarget(target));
    }
  }

  private static int slot(long number) {
    return number == 0 ? 0 : 1 + (int) ((number - 1) % 2);
  }

  /** Forgets the iterators of the last session, once they are freed: a new one has its own. */
  void forget() {
    awaitFreeing();
    prepared = null;
    Arrays.fill(inUse, false);
  }

  /**
   * Frees every iterator of {@code session} now, the open epoch's too, and waits until they are
   * freed: what they hold, such as a file cache's writer, is gone when this returns. An iterator
   * made ahead is freed too.
   */
  void freeNow(Session session) {
    awaitFreeing();
    if (prepared != null && prepared.session() == session) {
      inUse[prepared.slot()] = true;
    }
    prepared = null;
    for (int slot = 0; slot < slots; slot++) {
      if (inUse[slot]) {
        inUse[slot] = false;
        try {
          run(session, 0, free, slot);
        } catch (RuntimeException e) {
          LOG.log(System.Logger.Level.DEBUG, "freeing an epoch's iterator", e);
        }
      }
    }
  }

  /**
   * Waits until no iterator is being freed or made ahead: before the session that frees or makes
   * one closes.
   */
  void awaitFreeing() {
    if (prepared != null) {
      join(prepared.thread());
    }
    for (int slot = 0; slot < slots; slot++) {
      awaitFreeing(slot);
    }
  }

  private void free(Session session, int slot) {
    inUse[slot] = false;
    freeing[slot] = new Thread(() -> {
      try {
        run(session, 0, free, slot);
      } catch (RuntimeException e) {
        LOG.log(System.Logger.Level.DEBUG, "freeing an epoch's iterator", e);
      }
    }, "feedline-free-epoch-iterator");
    freeing[slot].setDaemon(true);
    freeing[slot].start();
  }

  private void awaitFreeing(int slot) {
    join(freeing[slot]);
    freeing[slot] = null;
  }

  private static void join(Thread thread) {
    if (thread == null) {
      return;
    }
    try {
      thread.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}

package dev.feedline.runtime.internal;

import dev.feedline.runtime.internal.cache.FileCaches;
import dev.feedline.runtime.internal.files.DataSource;
import org.tensorflow.Operand;
import org.tensorflow.Session;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Op;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.DestroyResourceOp;
import org.tensorflow.op.core.VarHandleOp;
import org.tensorflow.types.family.TType;

/**
 * The stages up to the last cache, parked in a resource variable of the session, and how far
 * their memory cache has been filled.
 *
 * <p>A memory cache is read only after an epoch that filled it: one that reached its end. An
 * epoch that failed, or that its caller left early, may leave a cache that TensorFlow marks
 * complete although elements are missing: tf.data's prefetch threads read on past an error to the
 * end of the input, and the cache then completes without the elements the error cost. The next
 * epoch therefore parks the kept part again, with an empty cache, and reads the source. Each park
 * has every file cache read the complete folder of its key or write a new partial one; after an
 * epoch that sealed one, the part is parked again, on the sealed folder.
 */
final class KeptPart {
  private final VarHandleOp variable;
  /** Parks the stages in the session; null when the pipeline has no cache. */
  private final Op park;
  private final Op release;
  private final FileCaches fileCaches;
  private final DataSource data;
  private CacheState cache = CacheState.EMPTY;
  /** Whether a file cache moved since the kept part was parked: the next epoch parks it again. */
  private boolean parkAgain;

  /** How far the parked memory cache has been filled. */
  private enum CacheState {
    /** Parked, and no epoch has read it yet. */
    EMPTY,
    /** An epoch has read it, but none has reached its end: it may miss elements. */
    FILLING,
    /** An epoch reached its end over it: complete. */
    FILLED
  }

  /**
   * Adds the ops that park and release the kept part.
   *
   * @param kept the stages up to the last cache; null when there is none
   * @param fileCaches the file caches and snapshots of those stages, whose folders each park
   *     chooses
   * @param data the source, whose record counts a park feeds
   */
  KeptPart(Ops tf, Operand<? extends TType> kept, FileCaches fileCaches, DataSource data) {
    this.fileCaches = fileCaches;
    this.data = data;
    // Resource variables need names of their own: with none, every variable of the session is one.
    this.variable = tf.withName("parked_dataset").varHandleOp(TVariant.class, Shape.scalar(),
        VarHandleOp.sharedName(tf.scope().makeOpName("parked_dataset_variable")));
    this.park = kept == null ? null
        : tf.withName("park_dataset").assignVariableOp(variable, kept);
    this.release = tf.withName("release_dataset")
        .destroyResourceOp(variable, DestroyResourceOp.ignoreLookupError(true));
  }

  /** The parked dataset, for the stages of each epoch to build on; null when nothing is kept. */
  Operand<? extends TType> parked(Ops tf) {
    return park == null ? null : tf.readVariableOp(variable, TVariant.class);
  }

  /** The op that parks the stages; null when there is no cache. */
  Op parkOp() {
    return park;
  }

  /** Whether the pipeline has a part to keep. */
  boolean exists() {
    return park != null;
  }

  /** Whether an epoch started now reads the filled cache instead of the files. */
  boolean servesFilled(boolean sameSession) {
    return park != null && sameSession && cache == CacheState.FILLED;
  }

  /** Whether the memory cache is complete: an epoch reached its end over it. */
  boolean filled() {
    return cache == CacheState.FILLED;
  }

  /**
   * Whether the next epoch of the same session parks the part again: asked for
   * ({@code freshCache}), the last epoch over it ended before it filled its cache, or a file cache
   * moved.
   */
  boolean needsParking(boolean freshCache) {
    return freshCache || cache == CacheState.FILLING || parkAgain;
  }

  /**
   * Parks the kept part in {@code session}, with an empty memory cache: the old one is dropped.
   * Each file cache reads the complete folder of its key, or writes a new partial one. Returns
   * whether there was a part to park.
   */
  boolean park(Session session) {
    if (park != null) {
      fileCaches.choose();
      Session.Runner runner = session.runner().addTarget(park);
      fileCaches.feed(runner);
      data.run(runner);
      cache = CacheState.EMPTY;
      parkAgain = false;
    }
    return park != null;
  }

  /**
   * An epoch started over the part: it fills the cache, unless it is restored from a checkpoint,
   * whose saved state holds the complete cache and refills it.
   */
  void epochStarted(boolean restored) {
    if (restored) {
      cache = CacheState.FILLED;
    }
    if (cache == CacheState.EMPTY) {
      cache = CacheState.FILLING;
    }
  }

  /** The open epoch reached its end: it read all of the cache it was filling. */
  void epochEnded() {
    if (cache == CacheState.FILLING) {
      cache = CacheState.FILLED;
      parkAgain = fileCaches.epochCompleted();
    }
  }

  /** Frees the parked part, with its cache, in {@code session}. */
  void release(Session session) {
    if (park != null) {
      session.run(release);
    }
  }
}

package dev.feedline.runtime;

import dev.feedline.runtime.internal.EndedEpochException;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.function.Function;
import java.util.function.Supplier;
import org.tensorflow.exceptions.TFOutOfRangeException;

/**
 * One epoch of a pipeline, as a Java iterator.
 *
 * <p>It owns what it hands out, like a cursor: an element stays valid until the next call to
 * {@link #next()} or {@link #close()}, which close it. Copy out what must outlive the step. The
 * epoch ends at TensorFlow's end of sequence; any other TensorFlow error ends it too, rethrown as a
 * {@link FeedlineException} that names the stage, so a failing pipeline never loops on its error.
 *
 * <p>A pipeline runs one epoch at a time: once a newer epoch of the same pipeline starts, or the
 * pipeline is closed, this one's next call throws an {@link IllegalStateException} that says so,
 * and the epoch ends. Use it from one thread at a time.
 *
 * @param <T> the element handed out: a record of tensors, or a session {@code Result}
 */
public final class EpochIterator<T extends AutoCloseable>
    implements Iterator<T>, Iterable<T>, AutoCloseable {
  private final Supplier<T> step;
  private final Function<RuntimeException, RuntimeException> translate;
  private final Runnable atEnd;
  private final Runnable ensureOpen;
  private T lent;
  private T ahead;
  private boolean finished;
  private long count;

  /**
   * Made by the runtime's iterator ({@code internal.DatasetIterator}) for every epoch: a pipeline's
   * user gets epochs from {@link BuiltPipeline} and has no use for this constructor.
   *
   * @param step fetches the next element; TensorFlow's end of sequence ends the epoch, and an
   *     {@link EndedEpochException} passes through as it is
   * @param translate turns any other TensorFlow error into the one thrown
   * @param atEnd runs once when the epoch reaches its end of sequence
   * @param ensureOpen throws an {@link EndedEpochException} once the epoch has ended early, so
   *     that not even an element fetched ahead is handed out after that
   */
  public EpochIterator(Supplier<T> step, Function<RuntimeException, RuntimeException> translate,
      Runnable atEnd, Runnable ensureOpen) {
    this.step = step;
    this.translate = translate;
    this.atEnd = atEnd;
    this.ensureOpen = ensureOpen;
  }

  /** An epoch that nothing ends early. */
  EpochIterator(Supplier<T> step, Function<RuntimeException, RuntimeException> translate,
      Runnable atEnd) {
    this(step, translate, atEnd, () -> { });
  }

  @Override
  public boolean hasNext() {
    if (!finished) {
      try {
        ensureOpen.run();
      } catch (EndedEpochException superseded) {
        finished = true;
        release(ahead); // fetched before the epoch ended, but never handed out after
        ahead = null;
        throw superseded;
      }
    }
    if (ahead == null && !finished) {
      try {
        ahead = step.get();
      } catch (TFOutOfRangeException endOfSequence) {
        finished = true;
        atEnd.run();
      } catch (EndedEpochException superseded) {
        finished = true;
        throw superseded;
      } catch (RuntimeException error) {
        finished = true; // TensorFlow repeats some errors forever; never ask again
        throw translate.apply(error);
      }
    }
    return ahead != null;
  }

  @Override
  public T next() {
    if (!hasNext()) {
      throw new NoSuchElementException("end of epoch");
    }
    release(lent);
    lent = ahead;
    ahead = null;
    count++;
    return lent;
  }

  /** Elements handed out so far. */
  public long count() {
    return count;
  }

  @Override
  public Iterator<T> iterator() {
    return this;
  }

  @Override
  public void close() {
    finished = true;
    release(lent);
    release(ahead);
    lent = null;
    ahead = null;
  }

  private static void release(AutoCloseable element) {
    if (element == null) {
      return;
    }
    try {
      element.close();
    } catch (Exception e) {
      throw new IllegalStateException("Could not close a pipeline element", e);
    }
  }
}

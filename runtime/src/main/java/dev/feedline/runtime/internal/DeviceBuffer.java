package dev.feedline.runtime.internal;

import java.time.Duration;
import java.util.List;
import org.tensorflow.Operand;
import org.tensorflow.Output;
import org.tensorflow.Session;
import org.tensorflow.exceptions.TFOutOfRangeException;
import org.tensorflow.op.Op;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Stage;
import org.tensorflow.op.core.StageClear;
import org.tensorflow.op.core.Unstage;
import org.tensorflow.types.family.TType;

/**
 * {@code @PrefetchToDevice}: a staging area in device memory, filled by a thread of its own while
 * the consumer runs its steps, so the copy of batch N+1 overlaps step N.
 *
 * <p>The producer runs {@code Stage} (one batch from the iterator, through the device stages,
 * into the area) until the iterator ends, and waits in Java while the area is full: a
 * {@code Stage} that blocked would hold one of the session's inter-op threads, which on a
 * two-core machine halves the threads the training step runs on. The consumer's outputs are
 * {@code Unstage}'s, which it reads only after a batch is known to be staged, so the end of an
 * epoch never leaves it waiting on an empty area.
 */
final class DeviceBuffer {
  private final Op put;
  private final Op clear;
  private final List<Output<?>> outputs;
  private final Object lock = new Object();
  private final long capacity;
  private Thread producer;
  private long staged;
  private long taken;
  private long freed;
  private long waitedNanos;
  private boolean done = true;
  private boolean stopping;
  private RuntimeException failure;

  /**
   * @param device ops placed on the device
   * @param values one batch, as it leaves the device stages
   * @param types their dtypes
   * @param capacity the batches the area holds
   */
  DeviceBuffer(Ops device, List<Output<?>> values, List<Class<? extends TType>> types, long capacity) {
    this.capacity = capacity;
    String name = device.scope().makeOpName("device_buffer");
    this.put = device.withName("device_buffer_put")
        .stage(List.<Operand<?>>copyOf(values), Stage.capacity(capacity), Stage.sharedName(name));
    Unstage unstage = device.withName("device_buffer_take")
        .unstage(types, Unstage.capacity(capacity), Unstage.sharedName(name));
    this.outputs = List.copyOf(unstage.values());
    this.clear = device.withName("device_buffer_clear")
        .stageClear(types, StageClear.capacity(capacity), StageClear.sharedName(name));
  }

  /** The batch the consumer takes: run an op that depends on them once per step. */
  List<Output<?>> outputs() {
    return outputs;
  }

  /**
   * Starts filling the area from the epoch's iterator, which must be made; {@link #stop} the last
   * epoch's filling before making it.
   */
  void start(Session session) {
    session.run(clear);
    synchronized (lock) {
      staged = 0;
      taken = 0;
      freed = 0;
      waitedNanos = 0;
      done = false;
      failure = null;
    }
    producer = new Thread(() -> produce(session), "feedline-prefetch-to-device");
    producer.setDaemon(true);
    producer.start();
  }

  private void produce(Session session) {
    RuntimeException error = null;
    try {
      while (awaitRoom()) {
        session.run(put);
        synchronized (lock) {
          staged++;
          lock.notifyAll();
        }
      }
    } catch (TFOutOfRangeException endOfSequence) {
      // the epoch's last batch is staged
    } catch (RuntimeException e) {
      error = e;
    }
    synchronized (lock) {
      failure = error;
      done = true;
      lock.notifyAll();
    }
  }

  /** Waits until the area has room for a batch; false when the buffer is stopping. */
  private boolean awaitRoom() {
    synchronized (lock) {
      while (staged - freed >= capacity && !stopping) {
        try {
          lock.wait();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return false;
        }
      }
      return !stopping;
    }
  }

  /**
   * Waits until a batch is staged and claims it.
   *
   * @throws TFOutOfRangeException when the epoch has no batch left
   * @throws RuntimeException what the producer met, such as a data error
   */
  void claim() {
    synchronized (lock) {
      long start = System.nanoTime();
      while (staged == taken && !done) {
        try {
          lock.wait();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException("interrupted while waiting for a batch on the device", e);
        }
      }
      waitedNanos += System.nanoTime() - start;
      if (staged > taken) {
        taken++;
        return;
      }
      if (failure != null) {
        throw failure;
      }
      throw new TFOutOfRangeException("End of sequence: every staged batch was taken");
    }
  }

  /** Says that the step that took the claimed batch has run, so its place in the area is free. */
  void free() {
    synchronized (lock) {
      freed++;
      lock.notifyAll();
    }
  }

  /** How long the consumer has waited for a staged batch since the epoch started. */
  Duration waited() {
    synchronized (lock) {
      return Duration.ofNanos(waitedNanos);
    }
  }

  /** Stops the producer, emptying the area so that a blocked {@code Stage} returns. */
  void stop(Session session) {
    if (producer == null) {
      return;
    }
    synchronized (lock) {
      stopping = true;
      lock.notifyAll();
    }
    try {
      while (producer.isAlive()) {
        session.run(clear);
        producer.join(20);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      session.run(clear);
      synchronized (lock) {
        stopping = false;
      }
      producer = null;
    }
  }
}

package dev.feedline.runtime.internal;

import org.tensorflow.exceptions.TFOutOfRangeException;

/**
 * The count of epochs run one after another on the iterator across epochs: it ends each of them
 * after as many elements as the epoch that filled the cache handed out, so that the next one goes
 * on where it ended.
 */
final class EpochsAcross {
  /**
   * Elements an epoch over the filled cache hands out, counted in the epoch that filled it; -1
   * while unknown, and always without an iterator across epochs.
   */
  private long epochElements = -1;
  /**
   * The epoch whose first element the iterator across epochs hands out next: set when an epoch on
   * it has taken all its elements, asked for its end or not; -1 otherwise.
   */
  private long standsAt = -1;
  /** Whether the open epoch runs on the iterator across epochs, whose end this class counts. */
  private boolean onAcross;
  /** Elements the open epoch has taken from its iterator; -1 when not counted from its start. */
  private long taken;
  /** Epochs started on the iterator across epochs, for tests. */
  private long starts;

  /** Whether the length of an epoch over the filled cache is known. */
  boolean lengthKnown() {
    return epochElements >= 0;
  }

  /** Whether the iterator across epochs stands at epoch {@code number}'s first element. */
  boolean standsAt(long number) {
    return standsAt == number;
  }

  /**
   * An epoch started, on the iterator across epochs or not; one restored from a checkpoint
   * ({@code restoring}) goes on counting from the saved count.
   */
  void started(boolean across, CheckpointFile.Across restoring) {
    onAcross = across;
    starts += across ? 1 : 0;
    taken = restoring == null ? 0 : restoring.taken();
    standsAt = -1;
    if (restoring != null) {
      epochElements = restoring.epochElements();
    }
  }

  /** The restored epoch's elements before the checkpoint were not counted: its length is unknown. */
  void uncounted() {
    taken = -1;
  }

  /** Whether the open epoch runs on the iterator across epochs. */
  boolean onAcross() {
    return onAcross;
  }

  /** What a checkpoint of the open epoch records of the count; null when it is not across. */
  CheckpointFile.Across saved() {
    return onAcross ? new CheckpointFile.Across(epochElements, taken) : null;
  }

  /** Ends epoch {@code number} on the iterator across epochs once it handed out its elements. */
  void checkNotEnded(boolean across, long number) {
    if (across && taken == epochElements) {
      throw new TFOutOfRangeException("End of epoch " + number + ": its " + epochElements
          + " elements were handed out");
    }
  }

  /** Epoch {@code number} took one more element. */
  void took(boolean across, long number) {
    taken = taken < 0 ? -1 : taken + 1;
    if (across && taken == epochElements) {
      standsAt = number + 1; // the iterator stands at the next epoch's first element
    }
  }

  /** The open epoch reached its end: with an iterator across epochs, every epoch hands out as many. */
  void ended(boolean runsAcross) {
    if (runsAcross && taken >= 0) {
      epochElements = taken;
    }
  }

  /** Epochs started on the iterator across epochs, for tests. */
  long starts() {
    return starts;
  }
}

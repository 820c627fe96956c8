package dev.feedline.runtime.internal;

import dev.feedline.runtime.FeedlineException;

/**
 * An epoch iterator was used after its epoch ended early: a newer epoch of its pipeline started,
 * or the pipeline was closed. A pipeline runs one epoch at a time; its elements would otherwise
 * come from the newer epoch's iterator. It is a programming error, not a data error, so it is no
 * {@link FeedlineException}, which a loop that tolerates bad epochs catches and continues from.
 */
public final class EndedEpochException extends IllegalStateException {
  public EndedEpochException(String message) {
    super(message);
  }
}

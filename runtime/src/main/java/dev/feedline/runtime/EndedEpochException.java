package dev.feedline.runtime;

/**
 * An epoch iterator was used after its epoch ended early: a newer epoch of its pipeline started,
 * or the pipeline was closed. A pipeline runs one epoch at a time; its elements would otherwise
 * come from the newer epoch's iterator. It is a programming error, not a data error, so it is no
 * {@link FeedlineException}, which a loop that tolerates bad epochs catches and continues from.
 */
final class EndedEpochException extends IllegalStateException {
  EndedEpochException(String message) {
    super(message);
  }
}

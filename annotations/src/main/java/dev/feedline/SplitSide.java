package dev.feedline;

/** Which side of a {@link Split} a pipeline keeps. */
public enum SplitSide {
  /** The elements whose bucket is at or above {@code evalPercent}: the training rows. */
  TRAIN,
  /** The elements whose bucket is below {@code evalPercent}: the held-out rows. */
  EVAL
}

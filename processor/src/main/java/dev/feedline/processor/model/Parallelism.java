package dev.feedline.processor.model;

import dev.feedline.Feedline;
import java.util.OptionalInt;

/**
 * How many elements a stage works on at once: {@link Feedline#AUTO} (tf.data's autotuner decides),
 * {@link Feedline#SEQUENTIAL}, or a fixed count of parallel calls.
 *
 * @param value as declared: -1, 0 or a count
 */
public record Parallelism(int value) {
  public boolean isAuto() {
    return value == Feedline.AUTO;
  }

  /** Whether elements are worked on in parallel: AUTO or a count. */
  public boolean isParallel() {
    return value != Feedline.SEQUENTIAL;
  }

  /** The fixed count of parallel calls; empty for AUTO and SEQUENTIAL. */
  public OptionalInt fixed() {
    return value > 0 ? OptionalInt.of(value) : OptionalInt.empty();
  }

  /** As written in an annotation: {@code AUTO}, {@code SEQUENTIAL} or the count. */
  @Override
  public String toString() {
    return isAuto() ? "AUTO" : isParallel() ? Integer.toString(value) : "SEQUENTIAL";
  }
}

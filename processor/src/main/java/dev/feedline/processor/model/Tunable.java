package dev.feedline.processor.model;

import dev.feedline.Feedline;
import java.util.OptionalLong;

/**
 * A size tf.data may tune at run time: {@link Feedline#AUTO}, or a fixed count (a prefetch
 * buffer, an interleave's cycle length).
 *
 * @param value as declared: -1 or a count of 1 or more
 */
public record Tunable(long value) {
  public boolean isAuto() {
    return value == Feedline.AUTO;
  }

  /** The fixed count; empty for AUTO. */
  public OptionalLong fixed() {
    return isAuto() ? OptionalLong.empty() : OptionalLong.of(value);
  }

  /** As written in an annotation: {@code AUTO} or the count. */
  @Override
  public String toString() {
    return isAuto() ? "AUTO" : Long.toString(value);
  }
}

package dev.feedline.processor.model;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A static tensor shape: dimension sizes, outermost first, with {@link #UNKNOWN} for a size known
 * only at run time.
 */
public record StaticShape(List<Long> dims) {
  public static final long UNKNOWN = -1;

  public StaticShape {
    dims = List.copyOf(dims);
  }

  public static StaticShape scalar() {
    return new StaticShape(List.of());
  }

  public int rank() {
    return dims.size();
  }

  public boolean isFullyKnown() {
    return dims.stream().allMatch(d -> d >= 0);
  }

  /** This shape with the given outer dimensions in front, as after batching. */
  public StaticShape withOuter(List<Long> outer) {
    List<Long> all = new ArrayList<>(outer);
    all.addAll(dims);
    return new StaticShape(all);
  }

  /** Number of values, when every dimension is known; {@link Long#MAX_VALUE} past it. */
  public long elementCount() {
    return elementCount(dims);
  }

  /** The product of known dimensions, saturating at {@link Long#MAX_VALUE}. */
  static long elementCount(List<Long> dims) {
    long count = 1;
    for (long dim : dims) {
      count = SizeModel.saturatedMultiply(count, dim);
    }
    return count;
  }

  /** As written in the stage plan: {@code [?,224,224,3]}, {@code []} for a scalar. */
  @Override
  public String toString() {
    return dims.stream()
        .map(d -> d == UNKNOWN ? "?" : Long.toString(d))
        .collect(Collectors.joining(",", "[", "]"));
  }
}

package dev.feedline.runtime.internal.cache;

import org.tensorflow.ndarray.Shape;

/**
 * One {@code @Statistics} to fit, as generated code asks {@link StatisticsFit} for it.
 *
 * @param name the {@code @Statistics} method's name
 * @param kind what it computes
 * @param component the component of the over pipeline's element
 * @param index the component's position in that element, as its iterator hands it out
 * @param shape the component's shape in one element, without the batch dimensions
 * @param buckets the buckets of {@link Kind#QUANTILES}; 0 otherwise
 * @param cache the folder it is kept in; empty to fit it at every build
 */
public record StatisticRequest(String name, Kind kind, String component, int index, Shape shape,
    int buckets, String cache) {

  /** What a statistic is. */
  public enum Kind { MOMENTS, MIN_MAX, QUANTILES }
}

package dev.feedline.runtime.internal.cache;

import org.tensorflow.ndarray.Shape;

/**
 * One {@code @Statistics} to fit, as generated code asks {@link StatisticsFit} for it.
 *
 * @param name the {@code @Statistics} method's name
 * @param kind what it computes
 * @param component the component of the over pipeline's element
 * @param index the component's position in that element, as its iterator hands it out
 * @param shape the component's shape in one element, without the batch dimensions; a scalar for
 *     the statistics that pool every position
 * @param buckets the buckets of {@link Kind#QUANTILES}; 0 otherwise
 * @param minCount the least count of a {@link Kind#VOCABULARY}'s token; 1 otherwise
 * @param topK the most tokens of a {@link Kind#VOCABULARY}, 0 for no limit; 0 otherwise
 * @param oovBuckets the out-of-vocabulary buckets of a {@link Kind#VOCABULARY}; 0 otherwise
 * @param cache the folder it is kept in; empty to fit it at every build
 */
public record StatisticRequest(String name, Kind kind, String component, int index, Shape shape,
    int buckets, long minCount, int topK, long oovBuckets, String cache) {

  /** What a statistic is. */
  public enum Kind { MOMENTS, MIN_MAX, QUANTILES, VOCABULARY }

  /** A numeric statistic's request: no vocabulary parameters. */
  public StatisticRequest(String name, Kind kind, String component, int index, Shape shape,
      int buckets, String cache) {
    this(name, kind, component, index, shape, buckets, 1, 0, 0, cache);
  }
}

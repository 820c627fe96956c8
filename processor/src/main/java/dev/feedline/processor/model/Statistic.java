package dev.feedline.processor.model;

import java.util.Arrays;
import java.util.Optional;

/**
 * What a {@code @Statistics} input fits, and over what.
 *
 * @param type what it computes, by the method's return type
 * @param over the pipeline whose elements it is fitted over, as read on its own
 * @param component the component of the over pipeline's last element
 * @param index the component's position in that element, as its iterator hands it out
 * @param shape the component's shape in one element, without batch dimensions; a scalar for
 *     quantiles and vocabularies, which pool every position
 * @param buckets the buckets of quantiles; 0 otherwise
 * @param minCount the least count of a vocabulary's token; 1 otherwise
 * @param topK the most tokens of a vocabulary, 0 for no limit; 0 otherwise
 * @param oovBuckets the out-of-vocabulary buckets of a vocabulary; 0 otherwise
 * @param cache the folder the values are kept in; empty for none
 */
public record Statistic(Type type, PipelineModel over, Component component, int index,
    StaticShape shape, int buckets, long minCount, int topK, long oovBuckets, String cache) {

  /** The statistics, by the runtime class a {@code @Statistics} method returns. */
  public enum Type {
    MOMENTS("Moments"), MIN_MAX("MinMax"), QUANTILES("Quantiles"),
    VOCABULARY("FittedVocabulary");

    /** The runtime package of every statistic's class. */
    public static final String PACKAGE = "dev.feedline.runtime";
    private final String simpleName;

    Type(String simpleName) {
      this.simpleName = simpleName;
    }

    /** The runtime class's simple name: {@code Moments}. */
    public String simpleName() {
      return simpleName;
    }

    /** Whether it pools every position of its component, so that any shape will do. */
    public boolean pools() {
      return this == QUANTILES || this == VOCABULARY;
    }

    /** The type a method returning {@code qualifiedName} fits, if it is one. */
    public static Optional<Type> ofClass(String qualifiedName) {
      return Arrays.stream(values())
          .filter(t -> (PACKAGE + "." + t.simpleName).equals(qualifiedName)).findFirst();
    }
  }
}

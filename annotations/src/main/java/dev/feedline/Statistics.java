package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a statistic fitted over the elements of another pipeline, {@link #over} (the training
 * split), once, when this pipeline is built, and handed to every {@link Map} that takes a
 * parameter of this name and type, where its values are constants of the graph. A pipeline built
 * later (evaluation, a serving function) with the same statistic uses exactly the same values.
 * The method's return type says what is fitted:
 *
 * <ul>
 *   <li>{@code Moments}: the mean and the population variance of each position of the component;
 *   <li>{@code MinMax}: the least and greatest value of each position;
 *   <li>{@code Quantiles}: the boundaries of {@link #buckets} buckets of equal count, over all
 *       positions pooled;
 *   <li>{@code FittedVocabulary}: the tokens of a string component (a scalar, or a vector of
 *       tokens, every position pooled) with their counts, those seen at least {@link #minCount}
 *       times, the {@link #topK} most frequent of them (ties by the token's bytes), looked up as
 *       ids in a map as a {@code VocabularyTable} is, with {@link #oovBuckets} for the others.
 * </ul>
 *
 * <pre>{@code
 * @Statistics(over = HousingTrain.class, component = "features", cache = "target/statistics")
 * Moments features();
 *
 * @Map static Scaled scale(Ops tf, Row row, Moments features) {
 *   return new Scaled(features.normalize(tf, row.features()), row.price());
 * }
 * }</pre>
 *
 * <p>The generated builder takes the over pipeline's builder, with its data, and fits every
 * statistic over one pipeline in one epoch of it. The processor checks that the over pipeline's
 * element has the component, with a numeric dtype and a fixed shape.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Statistics {
  /** The {@code @Pipeline} whose elements the statistic is fitted over. */
  Class<?> over();

  /**
   * The component of the over pipeline's element: float32, float64, int32 or int64, or, for a
   * {@code FittedVocabulary}, string.
   */
  String component();

  /** The buckets of a {@code Quantiles}, 2 or more; only for {@code Quantiles}. */
  int buckets() default 0;

  /**
   * The least number of times a token is seen to be in a {@code FittedVocabulary}, 1 or more;
   * only for {@code FittedVocabulary}.
   */
  long minCount() default 1;

  /**
   * The most tokens a {@code FittedVocabulary} keeps, the most frequent (of equal counts, those
   * whose UTF-8 bytes come first, unsigned); 0, the default, keeps every token of
   * {@link #minCount}. Only for {@code FittedVocabulary}.
   */
  int topK() default 0;

  /**
   * Ids for tokens outside a {@code FittedVocabulary}, after its own, as a {@code @Vocabulary}'s;
   * 0 maps them all to -1. Only for {@code FittedVocabulary}.
   */
  long oovBuckets() default 1;

  /**
   * The folder the fitted values are kept in, as {@code <name>-<key>.stats}, keyed like a file
   * cache: the over pipeline's graph (its stages and their code), its files and TensorFlow's
   * version, so the next build reads them instead of fitting again until one of those changes.
   * Empty (the default): fitted at every build. The builder's {@code <name>Cache(folder)}
   * changes it.
   */
  String cache() default "";
}

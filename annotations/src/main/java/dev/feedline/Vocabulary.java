package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a vocabulary: a text file of one token per line, named at run time by the generated
 * builder's method of the same name, loaded into a lookup table once per session, and handed to
 * every {@link Map} that takes a {@code VocabularyTable} parameter of this name. Token {@code i}
 * (from 0, line order) maps to id {@code i}; a token not in the file maps to one of
 * {@link #oovBuckets()} ids after them, by its hash, or, in a {@link #strict()} vocabulary, is an
 * error.
 *
 * <pre>{@code @Vocabulary(oovBuckets = 1) VocabularyTable words();
 * @Vocabulary(strict = true) VocabularyTable labels();}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Vocabulary {
  /** Ids for tokens outside the file, after its own; 0 maps them all to -1. */
  long oovBuckets() default 1;

  /**
   * Whether a token not in the file is an error instead of an id: for labels, where an unknown one
   * is a mistake in the data, not a rare word. {@code build()} runs every element through the
   * maps that look it up and fails with a {@code FeedlineException} naming the data file and line
   * (or record) that holds the token, the token and the vocabulary; under the source's
   * {@code badRecords = SKIP} the record is left out and counted instead. Where a stage before
   * the map keeps the record from being told (a filter), the epoch fails at the token, naming it
   * and the vocabulary. A strict vocabulary has no out-of-vocabulary buckets; {@code oovBuckets}
   * above 0 with it is a compile error.
   */
  boolean strict() default false;
}

package dev.feedline.runtime;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.tensorflow.Operand;
import org.tensorflow.ndarray.NdArrays;
import org.tensorflow.op.Op;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * The tokens of a string component, with their counts, over every element of the pipeline it
 * was fitted over ({@code @Statistics(over = Training.class, component = "words", minCount = 2)
 * FittedVocabulary words();}): every position of the component pooled, so a scalar string is one
 * token and a vector of tokens is as many; the empty string, which padded batches pad with, is
 * never a token. A token is kept when it was seen at least {@code minCount} times; then, with
 * {@code topK} above 0, the {@code topK} most frequent are. Tokens are in id order: the greatest
 * count first, and, of equal counts, the token whose UTF-8 bytes come first (compared unsigned,
 * which is code point order), so that the fit is the same however the elements came.
 *
 * <p>In a map's graph function, {@link #ids} looks tokens up as a {@link VocabularyTable} does:
 * token {@code i} is id {@code i}, a token not kept is one of {@code oovBuckets} ids after them,
 * by its hash (-1 with none). The table is filled from constants of the pipeline's graph, never
 * from a file, so any byte a token holds (a line break, a quote) is held as it is.
 */
public final class FittedVocabulary extends FittedStatistic {
  private final List<byte[]> tokens;
  private final long[] counts;
  private final long minCount;
  private final int topK;
  private final long oovBuckets;
  /** The table in the graph this vocabulary was put in; null until {@link #inGraph}. */
  private final TokenIds table;

  /**
   * The tokens kept, in id order, and how many times each was seen.
   *
   * @throws IllegalArgumentException when the counts do not match the tokens, or are not in id
   *     order
   */
  public FittedVocabulary(Fit fit, List<byte[]> tokens, long[] counts, long minCount, int topK,
      long oovBuckets) {
    this(fit, tokens.stream().map(byte[]::clone).toList(), counts.clone(), minCount, topK,
        oovBuckets, null);
    if (tokens.size() != counts.length) {
      throw new IllegalArgumentException("vocabulary '" + fit.name() + "': " + tokens.size()
          + " tokens and " + counts.length + " counts");
    }
    for (int i = 1; i < counts.length; i++) {
      if (idOrder(tokens.get(i - 1), counts[i - 1], tokens.get(i), counts[i]) >= 0) {
        throw new IllegalArgumentException("vocabulary '" + fit.name() + "': tokens " + (i - 1)
            + " and " + i + " are not in id order (count descending, then bytes ascending)");
      }
    }
  }

  private FittedVocabulary(Fit fit, List<byte[]> tokens, long[] counts, long minCount, int topK,
      long oovBuckets, TokenIds table) {
    super(fit);
    this.tokens = tokens;
    this.counts = counts;
    this.minCount = minCount;
    this.topK = topK;
    this.oovBuckets = oovBuckets;
    this.table = table;
  }

  /**
   * The id order of two tokens seen {@code countA} and {@code countB} times, negative when
   * {@code a} comes first: the count descending, then the bytes ascending, unsigned.
   */
  public static int idOrder(byte[] a, long countA, byte[] b, long countB) {
    return countA != countB ? Long.compare(countB, countA) : Arrays.compareUnsigned(a, b);
  }

  /**
   * This vocabulary with its table in the graph of {@code tf}: the pipeline's builder puts it in
   * the pipeline's graph, a serving function in its own. Its {@link #initializer()} fills it.
   */
  public FittedVocabulary inGraph(Ops tf) {
    TokenIds ids;
    try (TString keys = TString.tensorOfBytes(NdArrays.vectorOfObjects(
        tokens.toArray(byte[][]::new)))) {
      ids = TokenIds.create(tf, name(), tf.constantOf(keys), tokens.size());
    }
    return new FittedVocabulary(fit(), tokens, counts, minCount, topK, oovBuckets, ids);
  }

  /** Fills the table: once per session, before the first epoch. */
  public Op initializer() {
    return bound().initializer();
  }

  /**
   * The ids of {@code tokens}, in a map's graph function: each kept token's id, or, for another,
   * {@code tokens() + hash % oovBuckets} (-1 without buckets).
   */
  public Operand<TInt64> ids(Ops tf, Operand<TString> tokens) {
    return bound().ids(tf, tokens, oovBuckets);
  }

  private TokenIds bound() {
    if (table == null) {
      throw new IllegalStateException("vocabulary '" + name() + "' is in no graph: a pipeline's"
          + " builder puts it in the pipeline's graph; elsewhere call inGraph(tf) first");
    }
    return table;
  }

  /** Ids in all: the tokens kept and the out-of-vocabulary buckets, for an embedding's size. */
  public long size() {
    return tokens.size() + oovBuckets;
  }

  /** The number of tokens kept. */
  public long tokens() {
    return tokens.size();
  }

  /** The out-of-vocabulary buckets after the tokens' ids. */
  public long oovBuckets() {
    return oovBuckets;
  }

  /** The least count of a kept token. */
  public long minCount() {
    return minCount;
  }

  /** The most tokens kept; 0 for no limit. */
  public int topK() {
    return topK;
  }

  /** The tokens kept, in id order, read as UTF-8: token {@code i} has id {@code i}. */
  public List<String> tokenList() {
    return tokens.stream().map(t -> new String(t, StandardCharsets.UTF_8)).toList();
  }

  /** The tokens kept, in id order, as the bytes they were seen as. */
  public List<byte[]> tokenBytes() {
    return tokens.stream().map(byte[]::clone).toList();
  }

  /** How many times each kept token was seen, in id order: the counts descend. */
  public long[] counts() {
    return counts.clone();
  }

  @Override
  public String kind() {
    return "vocabulary '" + name() + "'";
  }
}

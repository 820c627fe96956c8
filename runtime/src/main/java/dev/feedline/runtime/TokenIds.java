package dev.feedline.runtime;

import java.util.stream.LongStream;
import org.tensorflow.Operand;
import org.tensorflow.op.Op;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.HashTable;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * The lookup table of a vocabulary, a {@link VocabularyTable} or a {@link FittedVocabulary}: a
 * TensorFlow hash table of its tokens, token {@code i} id {@code i}, created in a graph and filled
 * once per session from constants of that graph. The graph functions of maps find it by its
 * shared name, so it is never copied into them.
 */
final class TokenIds {
  private final String sharedName;
  private final long tokens;
  private final Op initializer;

  private TokenIds(String sharedName, long tokens, Op initializer) {
    this.sharedName = sharedName;
    this.tokens = tokens;
    this.initializer = initializer;
  }

  /**
   * Adds the table of {@code keys}, a vector of {@code tokens} distinct tokens in id order, to the
   * graph of {@code tf}.
   */
  static TokenIds create(Ops tf, String name, Operand<TString> keys, long tokens) {
    // Unique in the graph: the maps' functions find the table by this name.
    String sharedName = tf.scope().makeOpName("vocabulary_" + name);
    HashTable table = tf.hashTable(TString.class, TInt64.class, HashTable.sharedName(sharedName));
    Op fill = tf.initializeTable(table, keys,
        tf.constant(LongStream.range(0, tokens).toArray()));
    return new TokenIds(sharedName, tokens, fill);
  }

  /** Fills the table: once per session, before the first epoch. */
  Op initializer() {
    return initializer;
  }

  /**
   * Adds this table, under the same shared name, to the graph of {@code tf}, another than the one
   * it was created in, filled with {@code keys}, the same tokens in id order. Returns the op that
   * fills it.
   */
  Op initializerIn(Ops tf, Operand<TString> keys) {
    HashTable table = tf.hashTable(TString.class, TInt64.class, HashTable.sharedName(sharedName));
    return tf.initializeTable(table, keys, tf.constant(LongStream.range(0, tokens).toArray()));
  }

  /** Each token's id, in a map's graph function; -1 for a token not in the table. */
  Operand<TInt64> find(Ops tf, Operand<TString> tokens) {
    HashTable table = tf.hashTable(TString.class, TInt64.class, HashTable.sharedName(sharedName));
    @SuppressWarnings("unchecked")
    Operand<TInt64> found = (Operand<TInt64>) (Operand<?>) tf.lookupTableFind(table, tokens,
        tf.constant(-1L));
    return found;
  }

  /**
   * Each token's id, or, for a token not in the table, {@code tokens + hash % oovBuckets} (-1
   * without buckets).
   */
  Operand<TInt64> ids(Ops tf, Operand<TString> tokens, long oovBuckets) {
    Operand<TInt64> found = find(tf, tokens);
    if (oovBuckets == 0) {
      return found;
    }
    Operand<TInt64> bucket = tf.math.add(tf.constant(this.tokens),
        tf.strings.toHashBucketFast(tokens, oovBuckets));
    return tf.select(tf.math.greaterEqual(found, tf.constant(0L)), found, bucket);
  }
}

package dev.feedline.runtime;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tensorflow.Operand;
import org.tensorflow.op.Op;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.HashTable;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * A {@code @Vocabulary}: the tokens of a text file, one per line, as ids. Token {@code i} (from
 * 0, in line order) is id {@code i}; a token not in the file is one of {@code oovBuckets} ids
 * after them, by the hash of its text (-1 with no buckets).
 *
 * <p>The table is a TensorFlow hash table, created and filled once per session; the graph
 * functions of maps find it by its shared name, so it is never copied into them.
 */
public final class VocabularyTable implements CheckedInput {
  private final String name;
  private final FileIdentity identity;
  private final String sharedName;
  private final long tokens;
  private final long oovBuckets;
  private final Op initializer;

  private VocabularyTable(String name, FileIdentity identity, String sharedName, long tokens,
      long oovBuckets, Op initializer) {
    this.name = name;
    this.identity = identity;
    this.sharedName = sharedName;
    this.tokens = tokens;
    this.oovBuckets = oovBuckets;
    this.initializer = initializer;
  }

  /**
   * Checks {@code file} and adds its table to the graph of {@code tf}.
   *
   * @param name the {@code @Vocabulary}'s name, for messages
   * @throws FeedlineException naming the file, and the line, when it cannot be read, is empty, or
   *     holds a token twice
   */
  public static VocabularyTable load(Ops tf, PipelineInfo pipeline, String name, Path file,
      long oovBuckets) {
    if (file == null) {
      throw new IllegalStateException("Pipeline " + pipeline.simpleName() + ": call " + name
          + "(file) with its vocabulary before build(graph)");
    }
    FileIdentity identity = identity(pipeline, name, file);
    long tokens = count(pipeline, name, file);
    Optional<String> change = identity.changeTo(identity(pipeline, name, file), true);
    if (change.isPresent()) {
      throw problem(pipeline, name, file, "it changed while it was counted: " + change.get());
    }
    // Unique in the graph: the maps' functions find the table by this name.
    String sharedName = tf.scope().makeOpName("vocabulary_" + name);
    HashTable table = tf.hashTable(TString.class, TInt64.class, HashTable.sharedName(sharedName));
    // Keys: the whole line (-2); values: the line number (-1).
    Op fill = tf.initializeTableFromTextFile(table, tf.constant(file.toAbsolutePath().toString()),
        -2L, -1L);
    return new VocabularyTable(name, identity, sharedName, tokens, oovBuckets, fill);
  }

  private static FileIdentity identity(PipelineInfo pipeline, String name, Path file) {
    try {
      return FileIdentity.of(file.toAbsolutePath());
    } catch (IOException e) {
      throw problem(pipeline, name, file, "it cannot be read: " + DataFiles.reason(e));
    }
  }

  @Override
  public String kind() {
    return "vocabulary '" + name + "'";
  }

  @Override
  public String check() {
    return "every line, counted as a token, none twice";
  }

  /** The vocabulary file as it was counted: a session that fills the table later reads it. */
  @Override
  public List<FileIdentity> identities() {
    return List.of(identity);
  }

  /** Counts the tokens, refusing an empty file and a token twice, which TensorFlow would reject. */
  private static long count(PipelineInfo pipeline, String name, Path file) {
    Map<String, Long> seen = new HashMap<>();
    long line = 0;
    try (BufferedReader lines = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      for (String token = lines.readLine(); token != null; token = lines.readLine()) {
        Long first = seen.putIfAbsent(token, line);
        if (first != null) {
          throw problem(pipeline, name, file, "line " + (line + 1) + " repeats the token \""
              + token + "\" of line " + (first + 1) + "; a token has one id");
        }
        line++;
      }
    } catch (IOException e) {
      throw problem(pipeline, name, file, "it cannot be read: " + e.getMessage());
    }
    if (line == 0) {
      throw problem(pipeline, name, file, "it holds no token");
    }
    return line;
  }

  private static FeedlineException problem(PipelineInfo pipeline, String name, Path file,
      String why) {
    return new FeedlineException(pipeline.simpleName(), null, file.toString(),
        "vocabulary '" + name + "': " + why, null);
  }

  /** Fills the table: once per session, before the first epoch. */
  public Op initializer() {
    return initializer;
  }

  /** Ids in all: the file's tokens and the out-of-vocabulary buckets, for an embedding's size. */
  public long size() {
    return tokens + oovBuckets;
  }

  /** The tokens of the file. */
  public long tokens() {
    return tokens;
  }

  /**
   * The ids of {@code tokens}, in a map's graph function: each token's line in the file, or, for a
   * token not there, {@code tokens() + hash % oovBuckets} (-1 without buckets).
   */
  public Operand<TInt64> ids(Ops tf, Operand<TString> tokens) {
    HashTable table = tf.hashTable(TString.class, TInt64.class, HashTable.sharedName(sharedName));
    @SuppressWarnings("unchecked")
    Operand<TInt64> found = (Operand<TInt64>) (Operand<?>) tf.lookupTableFind(table, tokens,
        tf.constant(-1L));
    if (oovBuckets == 0) {
      return found;
    }
    Operand<TInt64> bucket = tf.math.add(tf.constant(this.tokens),
        tf.strings.toHashBucketFast(tokens, oovBuckets));
    return tf.select(tf.math.greaterEqual(found, tf.constant(0L)), found, bucket);
  }
}

package dev.feedline.runtime;

import dev.feedline.runtime.internal.UnknownTokens;
import dev.feedline.runtime.internal.files.CheckedInput;
import dev.feedline.runtime.internal.files.DataFiles;
import dev.feedline.runtime.internal.files.FileIdentity;
import dev.feedline.runtime.internal.files.TextFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tensorflow.Operand;
import org.tensorflow.op.Op;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.AssertThat;
import org.tensorflow.types.TBool;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * A {@code @Vocabulary}: the tokens of a text file, one per line, as ids. Token {@code i} (from
 * 0, in line order) is id {@code i}; a token not in the file is one of {@code oovBuckets} ids
 * after them, by the hash of its text (-1 with no buckets), or, in a strict vocabulary, an
 * error: the graph checks every token looked up, and the epoch fails with a
 * {@link FeedlineException} naming the token, the vocabulary, its file and the pipeline (and the
 * stage, when TensorFlow's error tells it). Where the map is reached from the source one element
 * a record, {@code build()} runs every element through it first, which names the data file and
 * line, or leaves the record out under the source's skip policy ({@code StrictTokens}).
 *
 * <p>The table is a TensorFlow hash table, created and filled once per session; the graph
 * functions of maps find it by its shared name, so it is never copied into them. It is filled from
 * the tokens read when the pipeline is built, held in the graph as constants, never from the file:
 * the table and {@link #size()} always agree, and a file cache's key, which hashes the graph, covers
 * exactly the tokens the table holds. The file is still one of the pipeline's inputs: changed after
 * {@code build()}, the next epoch fails at its start naming it.
 *
 * <p>A line is what a text source reads as one: the bytes before a line feed, without a carriage
 * return just before it (and the bytes after the last line feed, unless they are only carriage
 * returns). A byte-order mark at the start is left out, with a note in the log naming the file.
 * A line that is not valid UTF-8, an empty line, a carriage return inside a line (a file whose
 * lines end with a carriage return alone), and a token twice are errors naming the file and the
 * line: the table's keys are the tokens' UTF-8 bytes, so a line read with U+FFFD for a bad byte
 * would be another token than the file's, and two such lines one token.
 */
public final class VocabularyTable implements CheckedInput {
  private static final System.Logger LOG = System.getLogger(VocabularyTable.class.getName());
  private final String pipeline;
  private final String name;
  private final Path file;
  private final FileIdentity identity;
  private final TokenIds table;
  private final List<String> tokens;
  private final long oovBuckets;
  private final boolean strict;

  private VocabularyTable(String pipeline, String name, Path file, FileIdentity identity,
      TokenIds table, List<String> tokens, long oovBuckets, boolean strict) {
    this.pipeline = pipeline;
    this.name = name;
    this.file = file;
    this.identity = identity;
    this.table = table;
    this.tokens = List.copyOf(tokens);
    this.oovBuckets = oovBuckets;
    this.strict = strict;
  }

  /**
   * Checks {@code file} and adds its table to the graph of {@code tf}.
   *
   * @param name the {@code @Vocabulary}'s name, for messages
   * @throws FeedlineException naming the file, and the line, when it cannot be read, is not
   *     valid UTF-8, is empty, or holds a token twice
   */
  public static VocabularyTable load(Ops tf, PipelineInfo pipeline, String name, Path file,
      long oovBuckets) {
    return load(tf, pipeline, name, file, oovBuckets, false);
  }

  /**
   * Checks {@code file} and adds the table of a {@code @Vocabulary(strict = true)} to the graph of
   * {@code tf}: a token not in it is an error when it is looked up.
   *
   * @param name the {@code @Vocabulary}'s name, for messages
   * @throws FeedlineException as {@link #load} does
   */
  public static VocabularyTable loadStrict(Ops tf, PipelineInfo pipeline, String name, Path file) {
    return load(tf, pipeline, name, file, 0, true);
  }

  private static VocabularyTable load(Ops tf, PipelineInfo pipeline, String name, Path file,
      long oovBuckets, boolean strict) {
    if (file == null) {
      throw new IllegalStateException("Pipeline " + pipeline.simpleName() + ": call " + name
          + "(file) with its vocabulary before build(graph)");
    }
    FileIdentity identity = identity(pipeline, name, file);
    List<String> tokens = tokens(pipeline, name, file);
    Optional<String> change = identity.changeTo(identity(pipeline, name, file), true);
    if (change.isPresent()) {
      throw problem(pipeline, name, file, "it changed while it was read: " + change.get());
    }
    // Keys: the tokens as they were read; ids: their lines, from 0.
    TokenIds table = TokenIds.create(tf, name, tf.array(tokens.toArray(String[]::new)),
        tokens.size());
    return new VocabularyTable(pipeline.simpleName(), name, file, identity, table, tokens,
        oovBuckets, strict);
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
    return "every line, read as a token, UTF-8, none empty or twice";
  }

  /**
   * The vocabulary file as it was read. The table holds what was read then; a later change is
   * still an error, at the next epoch's start, so that a run never mixes two vocabularies with
   * the ids a model learned.
   */
  @Override
  public List<FileIdentity> identities() {
    return List.of(identity);
  }

  /**
   * Reads the tokens, refusing an empty file, a line not UTF-8, an empty line, a carriage return
   * and a repeat.
   */
  private static List<String> tokens(PipelineInfo pipeline, String name, Path file) {
    List<String> tokens;
    try {
      tokens = TextFile.lines(file, bom -> {
        if (bom) {
          LOG.log(System.Logger.Level.INFO, "Vocabulary {0}: {1} starts with a byte-order mark"
              + " (EF BB BF), which is not part of its first token", name, file);
        }
      });
    } catch (TextFile.Bad e) {
      throw problem(pipeline, name, file, e.getMessage());
    } catch (IOException e) {
      throw problem(pipeline, name, file, "it cannot be read: " + e.getMessage());
    }
    Map<String, Integer> seen = new HashMap<>();
    for (int line = 0; line < tokens.size(); line++) {
      String token = tokens.get(line);
      if (token.isEmpty()) {
        throw problem(pipeline, name, file, "line " + (line + 1) + " is empty; every line holds"
            + " one token");
      }
      if (token.indexOf('\r') >= 0) {
        throw problem(pipeline, name, file, "line " + (line + 1) + " holds a carriage return;"
            + " lines end with a line feed (or CR LF), not with a carriage return alone");
      }
      Integer first = seen.putIfAbsent(token, line);
      if (first != null) {
        throw problem(pipeline, name, file, "line " + (line + 1) + " repeats the token \""
            + token + "\" of line " + (first + 1) + "; a token has one id");
      }
    }
    if (tokens.isEmpty()) {
      throw problem(pipeline, name, file, "it holds no token");
    }
    return tokens;
  }

  private static FeedlineException problem(PipelineInfo pipeline, String name, Path file,
      String why) {
    return new FeedlineException(pipeline.simpleName(), null, file.toString(),
        "vocabulary '" + name + "': " + why, null);
  }

  /** Fills the table: once per session, before the first epoch. */
  public Op initializer() {
    return table.initializer();
  }

  /**
   * Adds this table, filled with the same tokens under the same shared name, to the graph of
   * {@code tf}, another than the pipeline's: for the check of a strict vocabulary at
   * {@code build()}, whose maps run in a session of their own. Returns the op that fills it.
   */
  public Op initializerIn(Ops tf) {
    return table.initializerIn(tf, tf.array(tokens.toArray(String[]::new)));
  }

  /** The {@code @Vocabulary}'s name: its method's, as {@code builder().name(file)} sets it. */
  public String name() {
    return name;
  }

  /** The simple name of the pipeline that declares it. */
  public String pipeline() {
    return pipeline;
  }

  /** The file its tokens were read from, as the builder was given it. */
  public Path file() {
    return file;
  }

  /**
   * Ids in all: the file's tokens and the out-of-vocabulary buckets, for an embedding's size or a
   * classifier's number of classes. Read it from the built pipeline
   * ({@link BuiltPipeline#vocabulary}) rather than counting the file's lines.
   */
  public long size() {
    return tokens.size() + oovBuckets;
  }

  /** The number of tokens in the file. */
  public long tokens() {
    return tokens.size();
  }

  /** The out-of-vocabulary buckets after the tokens' ids. */
  public long oovBuckets() {
    return oovBuckets;
  }

  /** Whether a token not in the file is an error rather than an id. */
  public boolean strict() {
    return strict;
  }

  /**
   * The file's tokens, in id order: token {@code i} has id {@code i}; for a model's predicted ids
   * back to text. The ids of the buckets after them stand for no token.
   */
  public List<String> tokenList() {
    return tokens;
  }

  /**
   * The ids of {@code tokens}, in a map's graph function: each token's line in the file, or, for a
   * token not there, {@code tokens() + hash % oovBuckets} (-1 without buckets); in a strict
   * vocabulary, a token not there fails the step that looks it up, naming the token.
   */
  public Operand<TInt64> ids(Ops tf, Operand<TString> tokens) {
    return strict ? checked(tf, tokens, table.find(tf, tokens))
        : table.ids(tf, tokens, oovBuckets);
  }

  /**
   * {@code found}, once an assert has checked that every token was: its message names this
   * vocabulary, and its data the tokens that were not, which TensorFlow prints in its error (the
   * first only, {@code summarize = 1}) and {@code TensorFlowErrors} reads back.
   */
  private Operand<TInt64> checked(Ops tf, Operand<TString> tokens, Operand<TInt64> found) {
    Operand<TInt64> flat = tf.reshape(found, tf.constant(new long[] {-1}));
    Operand<TBool> known = tf.math.greaterEqual(flat, tf.constant(0L));
    Operand<TString> unknown = tf.gather(tf.reshape(tokens, tf.constant(new long[] {-1})),
        tf.reshape(tf.where(tf.math.logicalNot(known)), tf.constant(new long[] {-1})),
        tf.constant(0));
    Op check = tf.assertThat(
        tf.reduceAll(known, tf.constant(0)),
        List.of(tf.constant(UnknownTokens.message(name, file.toString())), unknown),
        AssertThat.summarize(1L));
    return tf.withControlDependencies(List.of(check)).identity(found);
  }
}

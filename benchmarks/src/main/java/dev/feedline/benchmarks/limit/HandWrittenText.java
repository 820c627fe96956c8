package dev.feedline.benchmarks.limit;

import dev.feedline.example.Word;
import dev.feedline.runtime.internal.ElementSpec;
import java.util.List;
import org.tensorflow.ConcreteFunction;
import org.tensorflow.Operand;
import org.tensorflow.Signature;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Op;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.HashTable;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.op.data.ParallelMapDataset;
import org.tensorflow.op.data.ShuffleDataset;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;
import org.tensorflow.types.family.TType;

/**
 * The text benchmark's hand-written reference, as a TensorFlow expert writes it with raw tf.data
 * ops: a parallel interleave of the files' lines, a memory cache, a shuffle, the lines batched,
 * then each batch tokenized at once in a parallel map (one regex, one split, one table lookup, one
 * sparse-to-dense for the whole batch), and an autotuned prefetch; or the same with the lines read
 * in one thread, as the generated code reads them. Its vocabulary is a hash table
 * of the letters A to Z, with one bucket for any other token, as the generated pipelines' is.
 */
final class HandWrittenText extends HandWritten {
  /** Lines a batch, by both sides. */
  static final int BATCH = 64;
  private static final String TABLE = "letters_handwritten";

  private static final ElementSpec LINE = ElementSpec.of(
      ElementSpec.component("line", TString.class, Shape.scalar()));
  private static final ElementSpec LINES = ElementSpec.of(
      ElementSpec.component("line", TString.class, Shape.of(-1)));
  private static final ElementSpec WORDS = ElementSpec.of(
      ElementSpec.component("ids", TInt64.class, Shape.of(-1, -1)),
      ElementSpec.component("length", TInt32.class, Shape.of(-1)),
      ElementSpec.component("label", TInt64.class, Shape.of(-1)));

  private final Op fill;

  /** @param oneThread whether the files' lines are read in one thread, as the generated code does */
  HandWrittenText(List<String> files, long rowsPerEpoch, boolean oneThread) {
    super(rowsPerEpoch);
    String[] letters = new String[26];
    long[] ids = new long[26];
    for (int i = 0; i < 26; i++) {
      letters[i] = String.valueOf((char) ('A' + i));
      ids[i] = i;
    }
    HashTable table = tf.hashTable(TString.class, TInt64.class, HashTable.sharedName(TABLE));
    fill = tf.initializeTable(table, tf.array(letters), tf.constant(ids));
    Operand<? extends TType> dataset;
    try (ConcreteFunction read = ConcreteFunction.create(HandWrittenText::readFile)) {
      dataset = lines(files, read, LINE, oneThread);
    }
    dataset = tf.data.cacheDataset(dataset, tf.constant(""), tf.dummyMemoryCache(), LINE.types(),
        LINE.shapes());
    dataset = tf.data.shuffleDataset(dataset, tf.constant((long) HandWrittenCsv.SHUFFLE),
        tf.constant(1L), tf.constant(2L), tf.random.dummySeedGenerator(), LINE.types(),
        LINE.shapes(), ShuffleDataset.reshuffleEachIteration(true));
    dataset = tf.data.batchDataset(dataset, tf.constant((long) BATCH), tf.constant(false),
        LINES.types(), LINES.shapes());
    try (ConcreteFunction tokenize = ConcreteFunction.create(HandWrittenText::tokenize)) {
      dataset = tf.data.parallelMapDataset(dataset, List.of(), tf.constant(-1L), tokenize,
          WORDS.types(), WORDS.shapes(), ParallelMapDataset.deterministic("true"));
    }
    dataset = tf.data.prefetchDataset(dataset, tf.constant(-1L), WORDS.types(), WORDS.shapes());
    finish(dataset, WORDS);
  }

  @Override
  void initialize() {
    session.run(fill);
  }

  private static Signature readFile(Ops tf) {
    Placeholder<TString> file = tf.placeholder(TString.class, Placeholder.shape(Shape.scalar()));
    return Signature.builder().key("read").input("file", file)
        .output("lines", tf.data.textLineDataset(file, tf.constant(""), tf.constant(256L * 1024)))
        .build();
  }

  private static Signature tokenize(Ops tf) {
    Placeholder<TString> lines = tf.placeholder(TString.class, Placeholder.shape(Shape.of(-1)));
    Word word = Tokenize.batch(tf, lines, tokens -> lookUp(tf, tokens));
    return Signature.builder().key("tokenize").input("lines", lines)
        .output("ids", word.ids()).output("length", word.length()).output("label", word.label())
        .build();
  }

  /** The table's id of each token, or 26 (the one out-of-vocabulary bucket). */
  @SuppressWarnings("unchecked")
  private static Operand<TInt64> lookUp(Ops tf, Operand<TString> tokens) {
    HashTable table = tf.hashTable(TString.class, TInt64.class, HashTable.sharedName(TABLE));
    Operand<TInt64> found = (Operand<TInt64>) (Operand<?>) tf.lookupTableFind(table, tokens,
        tf.constant(-1L));
    Operand<TInt64> bucket = tf.math.add(tf.constant(26L), tf.strings.toHashBucketFast(tokens, 1L));
    return tf.select(tf.math.greaterEqual(found, tf.constant(0L)), found, bucket);
  }
}

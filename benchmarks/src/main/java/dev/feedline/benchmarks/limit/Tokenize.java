package dev.feedline.benchmarks.limit;

import dev.feedline.example.Word;
import java.util.function.Function;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.op.strings.StringSplit;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * The text benchmark's tokenization of a dictionary line {@code WORD  PHONEMES}: the word's
 * letters as vocabulary ids, their count, and the class of its syllables (the phonemes with a
 * stress digit), 0 to 4 for 1 to 5 or more, as the text example computes them. The same ops for
 * the generated and the hand-written pipelines; only the pipelines around them differ.
 */
final class Tokenize {
  private Tokenize() {}

  /** A batch of lines {@code [n]}: ids {@code [n, longest]}, padded with 0, lengths and labels. */
  static Word batch(Ops tf, Operand<TString> lines, Function<Operand<TString>, Operand<TInt64>> ids) {
    Operand<TString> words = tf.strings.staticRegexReplace(lines, "  .*$", "");
    StringSplit letters = tf.strings.stringSplit(words, tf.constant(""));
    Operand<TInt64> dense = tf.sparse.sparseToDense(letters.indices(), letters.shape(),
        ids.apply(letters.values()), tf.constant(0L));
    return new Word(dense, tf.strings.stringLength(words), label(tf, lines));
  }

  /** One line: ids {@code [letters]}, its length and its label. */
  static Word line(Ops tf, Operand<TString> line, Function<Operand<TString>, Operand<TInt64>> ids) {
    Operand<TString> word = tf.strings.staticRegexReplace(line, "  .*$", "");
    Operand<TString> letters = tf.strings.stringSplit(
        tf.reshape(word, tf.constant(new long[] {1})), tf.constant("")).values();
    return new Word(ids.apply(letters), tf.strings.stringLength(word), label(tf, line));
  }

  /** The word is letters A to Z: every digit of the line is a stress mark of a vowel. */
  private static Operand<TInt64> label(Ops tf, Operand<TString> lines) {
    Operand<TInt32> digits = tf.strings.stringLength(
        tf.strings.staticRegexReplace(lines, "[^0-9]", ""));
    return tf.math.sub(tf.math.minimum(tf.dtypes.cast(digits, TInt64.class), tf.constant(5L)),
        tf.constant(1L));
  }
}

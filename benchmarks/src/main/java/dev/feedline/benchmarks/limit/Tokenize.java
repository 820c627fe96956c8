package dev.feedline.benchmarks.limit;

import dev.feedline.example.Word;
import dev.feedline.runtime.Text;
import java.util.List;
import java.util.function.Function;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.op.ragged.RaggedTensorToSparse;
import org.tensorflow.op.strings.StringLength;
import org.tensorflow.op.strings.UnicodeDecode;
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

  /**
   * A batch of lines {@code [n]}: ids {@code [n, longest]}, padded with 0, lengths and labels. A
   * line that is not valid UTF-8 fails the run, as it does a line at a time.
   */
  static Word batch(Ops tf, Operand<TString> lines, Function<Operand<TString>, Operand<TInt64>> ids) {
    Operand<TString> words = tf.strings.staticRegexReplace(lines, "  .*$", "");
    // Every letter of the batch a string of its own, then back into rows of the words' letters.
    // (StringSplitV2 with an empty separator splits at whitespace: it gave each word whole.)
    // Strict, as the line path is: invalid UTF-8 fails the run instead of becoming U+FFFD.
    UnicodeDecode<TInt64> codes = tf.strings.unicodeDecode(words, "UTF-8", TInt64.class,
        UnicodeDecode.errors("strict"));
    Operand<TInt64> count = tf.size(codes.charValues(), TInt64.class);
    Operand<TString> letters = tf.strings.unicodeEncode(codes.charValues(),
        tf.range(tf.constant(0L), tf.math.add(count, tf.constant(1L)), tf.constant(1L)), "UTF-8");
    RaggedTensorToSparse<TInt64> rows = tf.ragged.raggedTensorToSparse(
        List.of(codes.rowSplits()), ids.apply(letters));
    Operand<TInt64> dense = tf.sparse.sparseToDense(rows.sparseIndices(), rows.sparseDenseShape(),
        rows.sparseValues(), tf.constant(0L));
    return new Word(dense, tf.strings.stringLength(words, StringLength.unit("UTF8_CHAR")),
        label(tf, lines));
  }

  /** One line: ids {@code [letters]}, its length and its label. */
  static Word line(Ops tf, Operand<TString> line, Function<Operand<TString>, Operand<TInt64>> ids) {
    Operand<TString> word = tf.strings.staticRegexReplace(line, "  .*$", "");
    return new Word(ids.apply(Text.characters(tf, word)),
        tf.strings.stringLength(word, StringLength.unit("UTF8_CHAR")), label(tf, line));
  }

  /** The word is letters A to Z: every digit of the line is a stress mark of a vowel. */
  private static Operand<TInt64> label(Ops tf, Operand<TString> lines) {
    Operand<TInt32> digits = tf.strings.stringLength(
        tf.strings.staticRegexReplace(lines, "[^0-9]", ""));
    return tf.math.sub(tf.math.minimum(tf.dtypes.cast(digits, TInt64.class), tf.constant(5L)),
        tf.constant(1L));
  }
}

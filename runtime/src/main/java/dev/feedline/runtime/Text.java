package dev.feedline.runtime;

import java.util.List;
import org.tensorflow.Operand;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.index.Indices;
import org.tensorflow.op.Ops;
import org.tensorflow.op.strings.Lower;
import org.tensorflow.op.strings.ReduceJoin;
import org.tensorflow.op.strings.StringLength;
import org.tensorflow.op.strings.Substr;
import org.tensorflow.types.TBool;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;
import org.tensorflow.types.family.TType;

/**
 * The common text steps of a {@code @Map}, as TensorFlow string ops, so that a map reads as what it
 * does: {@code Text.words(tf, Text.lower(tf, review.text()))}. Each step takes the element's own
 * values: one text (a scalar string), or its tokens (a vector); batching pads the vectors
 * afterwards ({@code @PaddedBatch}, {@code @BucketByLength}), and a vocabulary turns tokens into
 * ids ({@link VocabularyTable#ids}). The docs page is docs/text.md.
 *
 * <p>Strings are UTF-8. Every step works in graph mode, in a pipeline's functions and in a serving
 * function, and in eager mode.
 */
public final class Text {
  /**
   * What {@link #split} replaces each match with before it splits on it: the ASCII unit separator,
   * which no text is expected to hold (a text that holds it is an error, not a silent split).
   */
  private static final String UNIT_SEPARATOR = "\u001f";

  private Text() {}

  /**
   * The text in lower case, by Unicode's full case mapping (ICU's, the root locale), not only
   * ASCII: {@code "ÉCOLE Straße"} becomes {@code "école straße"}; a capital sigma becomes
   * {@code σ}, or {@code ς} at the end of a word ({@code "ΣΟΦΟΣ"} gives {@code "σοφος"} with a
   * final {@code ς}); {@code "İ"} (dotted capital I) becomes i and a combining dot above (two code
   * points); characters without case, digits and punctuation stay. Any shape; the result has the
   * same. A string that is not valid UTF-8, or that holds a NUL byte, fails the run with an error
   * saying so: TensorFlow's op alone would put U+FFFD in place of the bytes it cannot read, and
   * end the text at its first NUL.
   */
  public static Operand<TString> lower(Ops tf, Operand<TString> text) {
    Ops valid = afterUtf8Check(tf, text, "Text.lower");
    Operand<TBool> noNul = all(valid, valid.math.logicalNot(
        valid.strings.staticRegexFullMatch(text, "(?s).*\\x00.*")));
    return tf.withControlDependencies(List.of(valid.assertThat(noNul, List.of(tf.constant(
            "Text.lower: the text holds a NUL byte, where TensorFlow's StringLower would end it"),
        text)))).strings.lower(text, Lower.encoding("utf-8"));
  }

  /**
   * The words of one text: the pieces between runs of whitespace, in order, none empty (leading
   * and trailing whitespace give none). Whitespace is ASCII's: space, tab, newline, carriage
   * return, vertical tab and form feed; a no-break space (U+00A0) or another Unicode space is part
   * of a word: use {@link #split} with {@code "\\s+|\\p{Z}+"} for those.
   *
   * @param text a scalar string
   * @return a vector of strings, empty for a text of only whitespace
   */
  public static Operand<TString> words(Ops tf, Operand<TString> text) {
    return tf.strings.stringSplit(tf.reshape(text, tf.constant(new long[] {1})), tf.constant(""))
        .values();
  }

  /**
   * The pieces of one text between the matches of {@code regex} (RE2 syntax, as TensorFlow's
   * regex ops take it: {@code "[,;]\\s*"}, {@code "\\W+"}), in order; empty pieces are left out, as
   * between two adjacent matches or before a match at the start.
   *
   * @param text a scalar string, valid UTF-8, which must not hold the ASCII unit separator U+001F
   *     (either fails the run with an error saying so)
   * @return a vector of strings
   */
  public static Operand<TString> split(Ops tf, Operand<TString> text, String regex) {
    Ops valid = afterUtf8Check(tf, text, "Text.split");
    Operand<TBool> clean = valid.math.logicalNot(
        valid.strings.staticRegexFullMatch(text, "(?s).*" + UNIT_SEPARATOR + ".*"));
    Ops checked = tf.withControlDependencies(List.of(valid.assertThat(clean, List.of(tf.constant(
        "Text.split: the text holds the ASCII unit separator U+001F, which split(regex) uses"
            + " in place of the matches"), text))));
    Operand<TString> marked = checked.strings.staticRegexReplace(text, regex, UNIT_SEPARATOR);
    Operand<TString> pieces = checked.strings.stringSplit(
        checked.reshape(marked, checked.constant(new long[] {1})),
        checked.constant(UNIT_SEPARATOR)).values();
    return tf.booleanMask(pieces, tf.math.notEqual(pieces, tf.constant("")));
  }

  /**
   * The characters of one text, one string each: its Unicode code points, each as its UTF-8
   * bytes ({@code "Café"} gives {@code "C", "a", "f", "é"}). A combining mark is a character of its
   * own.
   *
   * @param text a scalar string, valid UTF-8 (invalid UTF-8 fails the run with an error saying
   *     so, which names the text)
   * @return a vector of strings
   */
  public static Operand<TString> characters(Ops tf, Operand<TString> text) {
    // Substr and StringLength count UTF-8 lead bytes without checking what follows them, so a
    // stray byte would come out as a "character".
    Ops checked = afterUtf8Check(tf, text, "Text.characters");
    Operand<TInt32> count = checked.strings.stringLength(text, StringLength.unit("UTF8_CHAR"));
    Operand<TInt32> positions = checked.range(checked.constant(0), count, checked.constant(1));
    return checked.strings.substr(text, positions, checked.onesLike(positions),
        Substr.unit("UTF8_CHAR"));
  }

  /**
   * The {@code n}-grams of a vector of tokens: each run of {@code n} adjacent tokens joined by
   * {@code separator}, in order: {@code ["a", "b", "c"]} gives {@code ["a b", "b c"]} for 2. Fewer
   * than {@code n} tokens give none; 1 gives the tokens themselves.
   *
   * @param tokens a vector of strings
   * @return a vector of strings: {@code max(0, tokens - n + 1)} of them
   */
  public static Operand<TString> ngrams(Ops tf, Operand<TString> tokens, int n,
      String separator) {
    if (n < 1) {
      throw new IllegalArgumentException("Text.ngrams: n is 1 or more, not " + n);
    }
    Operand<TInt64> splits = tf.stack(List.of(tf.constant(0L), tf.size(tokens, TInt64.class)));
    return tf.strings.stringNGrams(tokens, splits, separator, List.of((long) n), "", "", 0L,
        false).ngrams();
  }

  /**
   * The first {@code max} values of a vector, or all of them where it has fewer: for tokens,
   * ids or characters alike.
   */
  public static <T extends TType> Operand<T> truncate(Ops tf, Operand<T> values, int max) {
    if (max < 0) {
      throw new IllegalArgumentException("Text.truncate: max is 0 or more, not " + max);
    }
    return tf.stridedSlice(values, Indices.sliceTo(max));
  }

  /**
   * The tokens of a vector joined into one string, {@code separator} between each two:
   * {@code ["a", "b"]} gives {@code "a b"} for {@code " "}; no tokens give {@code ""}.
   *
   * @return a scalar string
   */
  public static Operand<TString> join(Ops tf, Operand<TString> tokens, String separator) {
    return tf.strings.reduceJoin(tokens, tf.constant(0), ReduceJoin.separator(separator));
  }

  /**
   * {@code tf}, with its ops run only after a check that every string of {@code text} is valid
   * UTF-8, which fails the run with an error naming {@code step} and the text: TensorFlow's ops
   * that read characters would otherwise replace what they cannot read (ICU's case mapping), skip
   * it (RE2), or count a stray byte as a character ({@code Substr}).
   */
  private static Ops afterUtf8Check(Ops tf, Operand<TString> text, String step) {
    // A transcoding from UTF-8 to UTF-8 keeps valid text byte for byte and puts U+FFFD in place
    // of anything else, so the strings it keeps are exactly the valid ones.
    Operand<TBool> kept = tf.math.equal(tf.strings.unicodeTranscode(text, "UTF-8", "UTF-8"), text);
    return tf.withControlDependencies(List.of(tf.assertThat(all(tf, kept),
        List.of(tf.constant(step + ": the text is not valid UTF-8"), text))));
  }

  /** Whether every value of {@code values} is true; a scalar as it is, for the ops a call saves. */
  private static Operand<TBool> all(Ops tf, Operand<TBool> values) {
    Shape shape = values.shape();
    return !shape.isUnknown() && shape.isScalar() ? values
        : tf.reduceAll(values, tf.range(tf.constant(0), tf.rank(values), tf.constant(1)));
  }
}

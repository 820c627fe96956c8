package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Element;
import dev.feedline.Interleave;
import dev.feedline.Map;
import dev.feedline.PaddedBatch;
import dev.feedline.Pipeline;
import dev.feedline.Serving;
import dev.feedline.Shape;
import dev.feedline.Split;
import dev.feedline.SplitSide;
import dev.feedline.StageGroup;
import dev.feedline.Statistics;
import dev.feedline.TextLineSource;
import dev.feedline.runtime.FittedVocabulary;
import dev.feedline.runtime.Text;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.StridedSlice;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * Vocabularies fitted over lines of the CMU Pronouncing Dictionary ({@code ABANDON  AH0 B AE1 N
 * D AH0 N}): each line a word and its phones, split by word into a training and an evaluation
 * side; the phones' vocabulary (a vector of tokens per element) and the words' (a scalar), fitted
 * over the training side, padded in batches, then the ids of each line looked up with them.
 */
public final class VocabularyPipelines {
  private VocabularyPipelines() {}

  /** A line: its first token, and the tokens after it. */
  @Element
  public record Pronunciation(@Shape({}) Operand<TString> word,
      @Shape({-1}) Operand<TString> phones) {}

  /** A line's ids. */
  @Element
  public record Encoded(@Shape({}) Operand<TInt64> word, @Shape({-1}) Operand<TInt64> phones) {}

  /** The lines as words and phones, the training side of a split by word. */
  @StageGroup
  public interface Lines {
    @TextLineSource
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> lines(Operand<TString> file);

    /**
     * Splits a line on whitespace; in a token, the two characters {@code \n} stand for a line
     * break, so that a token can hold one (a text line cannot).
     */
    @Map(parallel = AUTO)
    static Pronunciation tokens(Ops tf, Operand<TString> line) {
      Operand<TString> tokens = tf.strings.regexReplace(Text.words(tf, line),
          tf.constant("\\\\n"), tf.constant("\n"));
      Operand<TString> rest = tf.stridedSlice(tokens, tf.constant(new long[] {1}),
          tf.constant(new long[] {0}), tf.constant(new long[] {1}), StridedSlice.endMask(1L));
      return new Pronunciation(Text.join(tf, Text.truncate(tf, tokens, 1), ""), rest);
    }

    @Split(side = SplitSide.TRAIN, evalPercent = 20, key = "word", seed = 27)
    Pronunciation split(Pronunciation pronunciation);
  }

  /** What the vocabularies are fitted over: padded batches, whose padding is never a token. */
  @Pipeline
  public interface Training extends Lines {
    @PaddedBatch(size = 64)
    Pronunciation batch(Pronunciation pronunciation);
  }

  /** The evaluation side's lines, as they are. */
  @Pipeline
  public interface Held extends Lines {
    @Split(side = SplitSide.EVAL, evalPercent = 20, key = "word", seed = 27)
    Pronunciation split(Pronunciation pronunciation);
  }

  /**
   * Each line's ids: the phones' by the phones seen 100 times or more in training, one bucket
   * for the others; the word's by the 5 first of the training words (each seen once: the cut
   * falls inside one tie), -1 for the others.
   */
  @Serving
  @Pipeline
  public interface Encoding {
    @Statistics(over = Training.class, component = "phones", minCount = 100,
        cache = "target/vocabulary")
    FittedVocabulary phones();

    @Statistics(over = Training.class, component = "word", topK = 5, oovBuckets = 0)
    FittedVocabulary words();

    @TextLineSource
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> lines(Operand<TString> file);

    @Map(parallel = AUTO)
    static Pronunciation tokens(Ops tf, Operand<TString> line) {
      return Lines.tokens(tf, line);
    }

    @Map(parallel = AUTO)
    static Encoded encode(Ops tf, Pronunciation line, FittedVocabulary phones,
        FittedVocabulary words) {
      return new Encoded(words.ids(tf, line.word()), phones.ids(tf, line.phones()));
    }
  }
}

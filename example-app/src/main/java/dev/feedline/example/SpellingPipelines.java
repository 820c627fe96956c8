package dev.feedline.example;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.BucketByLength;
import dev.feedline.Cache;
import dev.feedline.Decode;
import dev.feedline.Element;
import dev.feedline.Interleave;
import dev.feedline.Map;
import dev.feedline.PaddedBatch;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.Serving;
import dev.feedline.Shape;
import dev.feedline.Shuffle;
import dev.feedline.Split;
import dev.feedline.SplitSide;
import dev.feedline.StageGroup;
import dev.feedline.Statistics;
import dev.feedline.TFRecordSource;
import dev.feedline.runtime.FittedVocabulary;
import dev.feedline.runtime.Text;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * The text example's pipelines: words of the CMU Pronouncing Dictionary, split by word into a
 * training side (90%) and a held-out one, lower-cased and split into their letters by the
 * runtime's {@link Text} steps, the letters looked up in a vocabulary fitted over the training
 * side's letters, batched by length, or padded to the longest word of each batch to compare.
 */
public final class SpellingPipelines {
  /** Words per batch. */
  public static final int BATCH = 64;
  /** The percent of the words held out of training. */
  public static final int EVAL_PERCENT = 10;

  private SpellingPipelines() {}

  /** A word and its letters, lower-cased: what the letters' vocabulary is fitted over. */
  @Element
  public record Letters(@Shape({}) Operand<TString> word,
      @Shape({-1}) Operand<TString> letters) {}

  /**
   * The letters of {@code word}, lower-cased by Unicode's case mapping: "Zoë", "ZOË" and "zoë"
   * are the same letters, z, o and ë.
   */
  static Operand<TString> lettersOf(Ops tf, Operand<TString> word) {
    return Text.characters(tf, Text.lower(tf, word));
  }

  /** The words' records, the training side of a split by word. */
  @StageGroup
  public interface Spellings {
    @TFRecordSource(records = SpellingDataset.WORDS)
    Operand<TString> files();

    @Interleave(parallel = AUTO)
    Operand<TString> read(Operand<TString> file);

    @Decode(parallel = AUTO)
    Spelling parse(Operand<TString> record);

    @Split(side = SplitSide.TRAIN, evalPercent = EVAL_PERCENT, key = "word", seed = 27)
    Spelling split(Spelling spelling);
  }

  /** The training words' letters, which the letters' vocabulary is fitted over. */
  @Pipeline
  public interface TrainingLetters extends Spellings {
    @Map(parallel = AUTO)
    static Letters letters(Ops tf, Spelling spelling) {
      return new Letters(spelling.word(), lettersOf(tf, spelling.word()));
    }
  }

  /**
   * What both pipelines do before batching: the training words, each word's letters looked up in
   * the vocabulary fitted over the training words' letters (most frequent first, one bucket for
   * any other), and its syllables made classes 0 to 4 (5 and more share the last), cached, then
   * shuffled.
   */
  @StageGroup
  public interface Words extends Spellings {
    @Statistics(over = TrainingLetters.class, component = "letters")
    FittedVocabulary letters();

    /**
     * In the serving function too, so the exported model takes a word as anyone types it:
     * "Zoë", "ZOË" and "zoë" are the same letters, z, o and ë (out of the vocabulary).
     */
    @Map(parallel = AUTO)
    static Word encode(Ops tf, Spelling spelling, FittedVocabulary letters) {
      Operand<TString> word = lettersOf(tf, spelling.word());
      Operand<TInt64> label = tf.math.sub(
          tf.math.minimum(spelling.syllables(), tf.constant(5L)), tf.constant(1L));
      return new Word(letters.ids(tf, word), tf.size(word, TInt32.class), label);
    }

    @Cache
    Word cache(Word word);

    @Shuffle(buffer = 4096, seed = 7)
    Word shuffle(Word word);
  }

  /**
   * Batches of training words of similar length: 4 letters or fewer, 5-6, 7-8, 9-10, 11 and
   * more. Its serving function, the parse and the letters' lookup, is what
   * {@code ./feedline export --example spelling} chains into the trained model.
   */
  @Serving
  @Pipeline
  public interface Bucketed extends Words {
    @BucketByLength(component = "ids", boundaries = {5, 7, 9, 11},
        batchSizes = {BATCH, BATCH, BATCH, BATCH, BATCH})
    Word batch(Word word);

    @Prefetch(AUTO)
    Word prefetch(Word batch);
  }

  /** The same words in batches of any lengths, each padded to its longest word. */
  @Pipeline
  public interface Padded extends Words {
    @PaddedBatch(size = BATCH)
    Word batch(Word word);

    @Prefetch(AUTO)
    Word prefetch(Word batch);
  }
}

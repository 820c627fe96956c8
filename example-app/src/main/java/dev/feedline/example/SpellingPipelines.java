package dev.feedline.example;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.BucketByLength;
import dev.feedline.Cache;
import dev.feedline.Decode;
import dev.feedline.Interleave;
import dev.feedline.Map;
import dev.feedline.PaddedBatch;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.Serving;
import dev.feedline.Shuffle;
import dev.feedline.StageGroup;
import dev.feedline.TFRecordSource;
import dev.feedline.Vocabulary;
import dev.feedline.runtime.Text;
import dev.feedline.runtime.VocabularyTable;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * The text example's pipelines: words of the CMU Pronouncing Dictionary, lower-cased and split
 * into their letters by the runtime's {@link Text} steps, the letters looked up in a vocabulary,
 * batched by length, or padded to the longest word of each batch to compare.
 */
public final class SpellingPipelines {
  /** Words per batch. */
  public static final int BATCH = 64;

  private SpellingPipelines() {}

  /**
   * What both pipelines do before batching: the words' records, each word lower-cased and split
   * into its letters, which are looked up in the vocabulary, and its syllables made classes 0 to 4
   * (5 and more share the last), cached, then shuffled.
   */
  @StageGroup
  public interface Words {
    @Vocabulary(oovBuckets = 1)
    VocabularyTable letters();

    @TFRecordSource(records = SpellingDataset.WORDS)
    Operand<TString> files();

    @Interleave(parallel = AUTO)
    Operand<TString> read(Operand<TString> file);

    @Decode(parallel = AUTO)
    Spelling parse(Operand<TString> record);

    /**
     * In the serving function too, so the exported model takes a word as anyone types it:
     * "Zoë", "ZOË" and "zoë" are the same letters, z, o and ë (out of the vocabulary).
     */
    @Map(parallel = AUTO)
    static Word encode(Ops tf, Spelling spelling, VocabularyTable letters) {
      Operand<TString> word = Text.characters(tf, Text.lower(tf, spelling.word()));
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
   * Batches of words of similar length: 4 letters or fewer, 5-6, 7-8, 9-10, 11 and more. Its
   * serving function, the parse and the letters' lookup, is what {@code ./feedline export
   * --example spelling} chains into the trained model.
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

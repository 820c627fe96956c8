package dev.feedline.benchmarks.limit;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Cache;
import dev.feedline.Interleave;
import dev.feedline.Map;
import dev.feedline.PaddedBatch;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.Shuffle;
import dev.feedline.TextLineSource;
import dev.feedline.Vocabulary;
import dev.feedline.example.Word;
import dev.feedline.runtime.VocabularyTable;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TString;

/**
 * The text benchmark's generated pipelines over lines of the CMU Pronouncing Dictionary subset
 * ({@code WORD  PHONEMES}): each word's letters looked up in a vocabulary, its class its number
 * of syllables, as the text example has them. The lines are cached and shuffled, then tokenized:
 * {@link Vectorized} once a batch, {@link PerLine} once a line and padded by the batch.
 */
public final class WordPipelines {
  private WordPipelines() {}

  /** Batches of lines, each batch tokenized with one op of each kind: the hand-written way. */
  @Pipeline
  public interface Vectorized {
    @Vocabulary(oovBuckets = 1)
    VocabularyTable letters();

    @TextLineSource
    Operand<TString> files();

    @Interleave(cycleLength = HandWrittenCsv.CYCLE, parallel = AUTO)
    Operand<TString> lines(Operand<TString> file);

    @Cache
    Operand<TString> cache(Operand<TString> line);

    @Shuffle(buffer = HandWrittenCsv.SHUFFLE, seed = 7)
    Operand<TString> shuffle(Operand<TString> line);

    @Batch(size = HandWrittenText.BATCH)
    Operand<TString> batch(Operand<TString> line);

    @Map(parallel = AUTO, vectorized = true)
    static Word tokenize(Ops tf, Operand<TString> lines, VocabularyTable letters) {
      return Tokenize.batch(tf, lines, tokens -> letters.ids(tf, tokens));
    }

    @Prefetch(AUTO)
    Word prefetch(Word batch);
  }

  /** The same, tokenized a line at a time, then padded to the batch's longest word. */
  @Pipeline
  public interface PerLine {
    @Vocabulary(oovBuckets = 1)
    VocabularyTable letters();

    @TextLineSource
    Operand<TString> files();

    @Interleave(cycleLength = HandWrittenCsv.CYCLE, parallel = AUTO)
    Operand<TString> lines(Operand<TString> file);

    @Cache
    Operand<TString> cache(Operand<TString> line);

    @Shuffle(buffer = HandWrittenCsv.SHUFFLE, seed = 7)
    Operand<TString> shuffle(Operand<TString> line);

    @Map(parallel = AUTO)
    static Word tokenize(Ops tf, Operand<TString> line, VocabularyTable letters) {
      return Tokenize.line(tf, line, tokens -> letters.ids(tf, tokens));
    }

    @PaddedBatch(size = HandWrittenText.BATCH)
    Word batch(Word word);

    @Prefetch(AUTO)
    Word prefetch(Word batch);
  }
}

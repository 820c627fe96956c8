package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Cache;
import dev.feedline.Decode;
import dev.feedline.DecodeCsv;
import dev.feedline.DefaultValue;
import dev.feedline.Element;
import dev.feedline.Feature;
import dev.feedline.Interleave;
import dev.feedline.LengthOf;
import dev.feedline.Map;
import dev.feedline.PaddedBatch;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.Serving;
import dev.feedline.Shape;
import dev.feedline.Shuffle;
import dev.feedline.StageGroup;
import dev.feedline.TFRecordSource;
import dev.feedline.TextLineSource;
import dev.feedline.Vocabulary;
import dev.feedline.runtime.VocabularyTable;
import java.util.List;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * Chains of per-element stages, served and trained: {@link Trained} shuffles and batches one,
 * {@link InOrder} hands out its elements one by one; {@code ServingParityTest} compares both with
 * the serving function of {@link Trained}. {@link Spelled} looks words' letters up in a
 * vocabulary, {@link Sales} parses CSV lines by the columns of the files' header
 * ({@code ServedVocabularyAndCsvTest}).
 */
public interface ServingPipelines {
  /** TFRecord rows, parsed, then two maps whose float values a second implementation would miss. */
  @StageGroup
  interface Stages extends RowFiles {
    /** Square roots, logarithms and a division: values that depend on every op's rounding. */
    @Map(parallel = AUTO)
    static Served features(Ops tf, Row row) {
      Operand<TFloat32> v = row.values();
      Operand<TFloat32> f = tf.math.add(tf.math.mul(tf.math.sqrt(v), tf.constant(1.37f)),
          tf.math.div(tf.math.log1p(v), tf.constant(3.1f)));
      return new Served(row.id(), f, tf.constant(0f));
    }

    /** Divides by the element's own norm: per element, so it belongs to the serving function. */
    @Map(parallel = AUTO)
    static Served normalize(Ops tf, Served in) {
      Operand<TFloat32> norm = tf.math.sqrt(tf.math.add(
          tf.reduceSum(tf.math.square(in.features()), tf.constant(0)), tf.constant(1e-6f)));
      return new Served(in.id(), tf.math.div(in.features(), norm), norm);
    }
  }

  @Serving
  @Pipeline
  interface Trained extends Stages {
    @Cache
    Served cache(Served served);

    @Shuffle(buffer = 1000, seed = 5)
    Served shuffle(Served served);

    @Batch(size = 64)
    Served batch(Served served);

    @Prefetch(AUTO)
    Served prefetch(Served batch);
  }

  @Pipeline
  interface InOrder extends Stages {
    @Prefetch(AUTO)
    Served prefetch(Served served);
  }

  /** A word as its record holds it: its letters, one string each, and its id. */
  @Element
  record Letters(
      @Shape({-1}) Operand<TString> letters,
      @LengthOf("letters") @Shape({}) Operand<TInt32> length,
      @Shape({}) Operand<TInt64> id) {}

  /** A word for the model: its letters' vocabulary ids. */
  @Element
  record LetterIds(
      @Shape({-1}) Operand<TInt64> ids,
      @Shape({}) Operand<TInt32> length,
      @Shape({}) Operand<TInt64> id) {}

  /** Words' records, parsed, their letters looked up in a vocabulary with two OOV buckets. */
  @StageGroup
  interface SpelledStages {
    @Vocabulary(oovBuckets = 2)
    VocabularyTable letters();

    @TFRecordSource
    Operand<TString> files();

    @Interleave(cycleLength = 2, parallel = AUTO)
    Operand<TString> read(Operand<TString> file);

    @Decode(parallel = AUTO)
    Letters parse(Operand<TString> record);

    @Map(parallel = AUTO)
    static LetterIds lookUp(Ops tf, Letters word, VocabularyTable letters) {
      return new LetterIds(letters.ids(tf, word.letters()), word.length(), word.id());
    }
  }

  /** The words cached, shuffled and padded into batches, as a model trains on them. */
  @Serving
  @Pipeline
  interface Spelled extends SpelledStages {
    @Cache
    LetterIds cache(LetterIds word);

    @Shuffle(buffer = 500, seed = 3)
    LetterIds shuffle(LetterIds word);

    @PaddedBatch(size = 32)
    LetterIds batch(LetterIds word);
  }

  /** The same words one by one. */
  @Pipeline
  interface SpelledInOrder extends SpelledStages {
    @Prefetch(AUTO)
    LetterIds prefetch(LetterIds word);
  }

  /** A line of a sales CSV: the quantity's column is "qty", an empty price reads as -1. */
  @Element
  record Sale(
      @Shape({}) Operand<TString> item,
      @Feature("qty") @Shape({}) Operand<TInt32> quantity,
      @DefaultValue(floats = -1) @Shape({}) Operand<TFloat32> price) {}

  /** What the model takes of a sale. */
  @Element
  record Priced(
      @Shape({}) Operand<TString> item,
      @Shape({2}) Operand<TFloat32> features) {}

  /** CSV files with a header, whose columns the parse finds by name, and a map of the values. */
  @StageGroup
  interface SaleStages {
    @TextLineSource(header = true)
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> lines(Operand<TString> file);

    @DecodeCsv(parallel = AUTO)
    Sale parse(Operand<TString> line);

    /** The total, and its logarithm: float values a second implementation would round apart. */
    @Map(parallel = AUTO)
    static Priced price(Ops tf, Sale sale) {
      Operand<TFloat32> total = tf.math.mul(tf.dtypes.cast(sale.quantity(), TFloat32.class),
          sale.price());
      Operand<TFloat32> log = tf.math.log1p(tf.math.abs(total));
      return new Priced(sale.item(), tf.stack(List.of(total, log)));
    }
  }

  /** The sales shuffled and batched. */
  @Serving
  @Pipeline
  interface Sales extends SaleStages {
    @Shuffle(buffer = 100, seed = 9)
    Priced shuffle(Priced priced);

    @Batch(size = 50)
    Priced batch(Priced priced);
  }

  /** The same sales one by one, in the files' order. */
  @Pipeline
  interface SalesInOrder extends SaleStages {
    @Prefetch(AUTO)
    Priced prefetch(Priced priced);
  }
}

package dev.feedline.tests.pipelines;

import dev.feedline.BadRecords;
import dev.feedline.Batch;
import dev.feedline.BlankLines;
import dev.feedline.BucketByLength;
import dev.feedline.Cache;
import dev.feedline.Compression;
import dev.feedline.Decode;
import dev.feedline.DecodeCsv;
import dev.feedline.DefaultValue;
import dev.feedline.Element;
import dev.feedline.Feature;
import dev.feedline.FeatureList;
import dev.feedline.Interleave;
import dev.feedline.LengthOf;
import dev.feedline.Map;
import dev.feedline.Pad;
import dev.feedline.PaddedBatch;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.RunTimeValue;
import dev.feedline.Shape;
import dev.feedline.Shuffle;
import dev.feedline.TFRecordSource;
import dev.feedline.TextLineSource;
import dev.feedline.Unbatch;
import dev.feedline.Vocabulary;
import dev.feedline.runtime.Text;
import dev.feedline.runtime.VocabularyTable;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * Pipelines of variable-length data: sequences padded, truncated and bucketed, SequenceExamples,
 * compressed TFRecords, CSV and text lines with a vocabulary and a run-time value.
 */
public final class SequencePipelines {
  private SequencePipelines() {}

  /** A review: its token ids, how many there are, and a rating that may be missing. */
  @Element
  public record Review(
      @Shape({-1}) Operand<TInt64> tokens,
      @LengthOf("tokens") @Shape({}) Operand<TInt32> length,
      @DefaultValue(floats = 3) @Shape({}) Operand<TFloat32> rating) {}

  /** Reviews in batches of 4, tokens padded with -1 to 5 and cut there. */
  @Pipeline
  public interface PaddedReviews {
    @TFRecordSource
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> read(Operand<TString> file);

    @Decode
    Review parse(Operand<TString> record);

    @PaddedBatch(size = 4,
        padding = @Pad(component = "tokens", value = -1, length = 5, truncate = true))
    Review batch(Review review);
  }

  /** Reviews batched by length: up to 2 tokens, 3 to 5, 6 and more. */
  @Pipeline
  public interface BucketedReviews {
    @TFRecordSource
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> read(Operand<TString> file);

    @Decode
    Review parse(Operand<TString> record);

    @BucketByLength(component = "tokens", boundaries = {3, 6}, batchSizes = {4, 3, 2},
        padding = @Pad(component = "tokens", value = -1))
    Review batch(Review review);
  }

  /**
   * Reviews cached, shuffled with a seed and batched by length, every bucket 3 reviews a batch:
   * the processor batches sorted windows.
   */
  @Pipeline
  public interface SortedReviews {
    @TFRecordSource
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> read(Operand<TString> file);

    @Decode
    Review parse(Operand<TString> record);

    @Cache
    Review cache(Review review);

    @Shuffle(buffer = 64, seed = 5)
    Review shuffle(Review review);

    @BucketByLength(component = "tokens", boundaries = {3, 6}, batchSizes = {3, 3, 3},
        padding = @Pad(component = "tokens", value = -1))
    Review batch(Review review);
  }

  /** The same buckets padded to their boundary, then split into reviews again. */
  @Pipeline
  public interface RebatchedReviews {
    @TFRecordSource
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> read(Operand<TString> file);

    @Decode
    Review parse(Operand<TString> record);

    @BucketByLength(component = "tokens", boundaries = {3, 6}, batchSizes = {4, 3, 2},
        padToBoundary = true)
    Review batch(Review review);

    @Unbatch
    Review split(Review batch);
  }

  /** Exactly three tokens. */
  @Element
  public record Triple(@Shape({3}) Operand<TInt64> tokens) {}

  /** A map that claims every review has three tokens, which few have. */
  @Pipeline
  public interface ClaimedTriples {
    @TFRecordSource
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> read(Operand<TString> file);

    @Decode
    Review parse(Operand<TString> record);

    @Map(parallel = 2)
    static Triple claim(Ops tf, Review review) {
      return new Triple(review.tokens());
    }

    @Prefetch(2)
    Triple prefetch(Triple triple);
  }

  /** A clip of a SequenceExample: 2 values per frame, its frame count and its context label. */
  @Element
  public record Clip(
      @FeatureList("frames") @Shape({-1, 2}) Operand<TFloat32> frames,
      @LengthOf("frames") @Shape({}) Operand<TInt32> steps,
      @Shape({}) Operand<TInt64> label) {}

  /** SequenceExamples, two per padded batch. */
  @Pipeline
  public interface Clips {
    @TFRecordSource
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> read(Operand<TString> file);

    @Decode
    Clip parse(Operand<TString> record);

    @PaddedBatch(size = 2)
    Clip batch(Clip clip);
  }

  /** The rows of {@link RowsPipeline}, from GZIP-compressed TFRecord files. */
  @Pipeline
  public interface GzipRows {
    @TFRecordSource(compression = Compression.GZIP)
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> read(Operand<TString> file);

    @Decode
    Row parse(Operand<TString> record);

    @Batch(size = 8)
    Row batch(Row row);
  }

  /** A line of a purchases CSV; the quantity's column is "qty", the price may be empty. */
  @Element
  public record Purchase(
      @Shape({}) Operand<TString> item,
      @Feature("qty") @Shape({}) Operand<TInt32> quantity,
      @DefaultValue(floats = -1) @Shape({}) Operand<TFloat32> price) {}

  /** CSV files with a header, in batches of 100. */
  @Pipeline
  public interface Purchases {
    @TextLineSource(header = true)
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> lines(Operand<TString> file);

    @DecodeCsv
    Purchase parse(Operand<TString> line);

    @Batch(size = 100)
    Purchase batch(Purchase purchase);
  }

  /** GZIP-compressed CSV files with a header. */
  @Pipeline
  public interface GzipPurchases {
    @TextLineSource(header = true, compression = Compression.GZIP)
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> lines(Operand<TString> file);

    @DecodeCsv
    Purchase parse(Operand<TString> line);

    @Batch(size = 100)
    Purchase batch(Purchase purchase);
  }

  /** GZIP-compressed CSV files whose bad rows are left out and counted. */
  @Pipeline
  public interface SkippingPurchases {
    @TextLineSource(header = true, compression = Compression.GZIP, badRecords = BadRecords.SKIP)
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> lines(Operand<TString> file);

    @DecodeCsv
    Purchase parse(Operand<TString> line);

    @Batch(size = 100)
    Purchase batch(Purchase purchase);
  }

  /** A word's vocabulary id. */
  @Element
  public record WordId(@Shape({}) Operand<TInt64> id) {}

  /** Each line a word, its vocabulary id cached in a file. */
  @Pipeline
  public interface CachedWords {
    @Vocabulary(oovBuckets = 0)
    VocabularyTable words();

    @TextLineSource
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> lines(Operand<TString> file);

    @Map
    static WordId id(Ops tf, Operand<TString> line, VocabularyTable words) {
      return new WordId(words.ids(tf, line));
    }

    @Cache(file = "target/cached-words")
    WordId cache(WordId id);

    @Batch(size = 10)
    WordId batch(WordId id);
  }

  /**
   * Lines cached in memory, then each looked up in the vocabulary after the cache: the epochs
   * after the first run on one iterator across epochs, the table found by its shared name.
   */
  @Pipeline
  public interface CachedLines {
    @Vocabulary(oovBuckets = 1)
    VocabularyTable words();

    @TextLineSource
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> lines(Operand<TString> file);

    @Cache
    Operand<TString> cache(Operand<TString> line);

    @Map
    static WordId id(Ops tf, Operand<TString> line, VocabularyTable words) {
      return new WordId(words.ids(tf, line));
    }

    @Batch(size = 4)
    WordId batch(WordId id);
  }

  /** One label a line, looked up in a strict vocabulary: an unknown label is an error. */
  @Pipeline
  public interface StrictLabels {
    @Vocabulary(strict = true)
    VocabularyTable labels();

    @TextLineSource
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> lines(Operand<TString> file);

    @Map
    static WordId label(Ops tf, Operand<TString> line, VocabularyTable labels) {
      return new WordId(labels.ids(tf, line));
    }

    @Batch(size = 2)
    WordId batch(WordId label);
  }

  /** Lines of text where an empty line is an error, in batches of 10. */
  @Pipeline
  public interface StrictLines {
    @TextLineSource(blankLines = BlankLines.FAIL)
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> lines(Operand<TString> file);

    @Batch(size = 10)
    Operand<TString> batch(Operand<TString> line);
  }

  /** Headerless, ZLIB-compressed, semicolon-separated purchases. */
  @Pipeline
  public interface ZlibPurchases {
    @TextLineSource(compression = Compression.ZLIB)
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> lines(Operand<TString> file);

    @DecodeCsv(delimiter = ";", naValue = "NA")
    PlainPurchase parse(Operand<TString> line);

    @Batch(size = 100)
    PlainPurchase batch(PlainPurchase purchase);
  }

  /**
   * A purchase read from headerless lines: its columns in order, so without Purchase's
   * {@code @Feature("qty")}, which a headerless @DecodeCsv rejects (it would be ignored).
   */
  @Element
  public record PlainPurchase(
      @Shape({}) Operand<TString> item,
      @Shape({}) Operand<TInt32> quantity,
      @DefaultValue(floats = -1) @Shape({}) Operand<TFloat32> price) {}

  /** A sentence's token ids and how many it has. */
  @Element
  public record Tokens(
      @Shape({-1}) Operand<TInt64> ids,
      @Shape({}) Operand<TInt32> count) {}

  /** Lines of words to ids through a vocabulary, cut to a length set at run time. */
  @Pipeline
  public interface Sentences {
    @Vocabulary(oovBuckets = 2)
    VocabularyTable words();

    @RunTimeValue
    Operand<TInt64> maxTokens();

    /** An empty line is an empty sentence. */
    @TextLineSource(blankLines = BlankLines.KEEP)
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> lines(Operand<TString> file);

    /** Splits at whitespace, looks each word up, keeps the first {@code maxTokens}. */
    @Map(parallel = 2)
    static Tokens tokens(Ops tf, Operand<TString> line, VocabularyTable words,
        Operand<TInt64> maxTokens) {
      // An empty separator splits at runs of whitespace, like Python's str.split().
      Operand<TString> split = tf.strings.stringSplit(
          tf.reshape(line, tf.constant(new long[] {1})), tf.constant("")).values();
      Operand<TInt64> ids = words.ids(tf, split);
      Operand<TInt64> kept = tf.math.minimum(tf.shape(ids, TInt64.class),
          tf.reshape(maxTokens, tf.constant(new long[] {1})));
      Operand<TInt64> cut = tf.slice(ids, tf.constant(new long[] {0}), kept);
      return new Tokens(cut, tf.dtypes.cast(tf.size(cut), TInt32.class));
    }

    @PaddedBatch(size = 2)
    Tokens batch(Tokens tokens);
  }

  /** Lines lower-cased, then split into words looked up in a vocabulary. */
  @Pipeline
  public interface LowerCasedWords {
    @Vocabulary(oovBuckets = 1)
    VocabularyTable words();

    @TextLineSource
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> lines(Operand<TString> file);

    @Map(parallel = 2)
    static Tokens tokens(Ops tf, Operand<TString> line, VocabularyTable words) {
      Operand<TInt64> ids = words.ids(tf, Text.words(tf, Text.lower(tf, line)));
      return new Tokens(ids, tf.dtypes.cast(tf.size(ids), TInt32.class));
    }

    @PaddedBatch(size = 2)
    Tokens batch(Tokens tokens);
  }
}

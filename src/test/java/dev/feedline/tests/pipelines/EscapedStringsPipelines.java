package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Cache;
import dev.feedline.Decode;
import dev.feedline.DecodeCsv;
import dev.feedline.DefaultValue;
import dev.feedline.Element;
import dev.feedline.Feature;
import dev.feedline.Interleave;
import dev.feedline.Pad;
import dev.feedline.PaddedBatch;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.Shape;
import dev.feedline.Snapshot;
import dev.feedline.TFRecordSource;
import dev.feedline.TextLineSource;
import org.tensorflow.Operand;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * Pipelines whose every string member holds what ends a line for JavaPoet or an editor (a
 * vertical tab, a form feed, U+0085, U+2028, U+2029), format characters (a zero-width space, a
 * right-to-left override), a no-break space, a private-use character, a noncharacter, a comment's
 * end, a quote and a backslash: their generated code compiles, and each string reaches TensorFlow
 * as declared ({@code EscapedStringsTest}).
 */
public final class EscapedStringsPipelines {
  private EscapedStringsPipelines() {}

  /** What every string below holds besides its own letters, but for a vertical tab. */
  public static final String ODD =
      "\u000c\u0085\u2028\u2029\u200b\u202e\u00a0\ue000\ufdd0*/\"\\u0041";

  /** The feature key of {@link Tagged#id}. */
  public static final String KEY = "id\u000b" + ODD;
  /** What a missing tag reads as. */
  public static final String DEFAULT = "none\u000b" + ODD;
  /** What pads the words of a batch. */
  public static final String PAD = "pad\u000b" + ODD;
  /** The folder the file cache is kept in, under the module's folder. */
  public static final String CACHE = "target/escaped-strings/cache\u000b" + ODD;
  /** The folder the snapshot is kept in, under the module's folder. */
  public static final String SNAPSHOT = "target/escaped-strings/snapshot\u000b" + ODD;
  /** A CSV field that stands for no value: no vertical tab, which is the delimiter. */
  public static final String NA = "NA" + ODD;
  /** The CSV delimiter: a vertical tab, one byte. */
  public static final String DELIMITER = "\u000b";

  /** An id under an odd feature key, words padded with an odd text, a tag with an odd default. */
  @Element
  public record Tagged(
      @Feature(KEY) @Shape({}) Operand<TInt64> id,
      @Shape({-1}) Operand<TString> words,
      @DefaultValue(strings = DEFAULT) @Shape({}) Operand<TString> tag) {}

  /** Tagged records, cached in an odd folder, in batches of 2 padded with an odd text. */
  @Pipeline
  public interface Tags {
    @TFRecordSource Operand<TString> files();

    @Interleave(cycleLength = 1, parallel = AUTO) Operand<TString> read(Operand<TString> file);

    @Decode(parallel = AUTO) Tagged parse(Operand<TString> record);

    @Cache(file = CACHE) Tagged cache(Tagged tagged);

    @PaddedBatch(size = 2, padding = @Pad(component = "words", text = PAD))
    Tagged batch(Tagged tagged);

    @Prefetch(AUTO) Tagged prefetch(Tagged batch);
  }

  /** Tagged records snapshotted in an odd folder. */
  @Pipeline
  public interface SnapshottedTags {
    @TFRecordSource Operand<TString> files();

    @Interleave(cycleLength = 1, parallel = AUTO) Operand<TString> read(Operand<TString> file);

    @Decode(parallel = AUTO) Tagged parse(Operand<TString> record);

    @Snapshot(path = SNAPSHOT, shards = 1) Tagged snapshot(Tagged tagged);

    @Prefetch(AUTO) Tagged prefetch(Tagged tagged);
  }

  /** A CSV line's name and tag. */
  @Element
  public record Named(
      @Shape({}) Operand<TString> name,
      @DefaultValue(strings = DEFAULT) @Shape({}) Operand<TString> tag) {}

  /**
   * Lines of a name and a tag separated by a vertical tab, where an odd field is no value; a quote
   * is a character like any other.
   */
  @Pipeline
  public interface Names {
    @TextLineSource Operand<TString> files();

    @Interleave(cycleLength = 1, parallel = AUTO) Operand<TString> lines(Operand<TString> file);

    @DecodeCsv(delimiter = DELIMITER, naValue = NA, quoted = false, parallel = AUTO)
    Named parse(Operand<TString> line);

    @Prefetch(AUTO) Named prefetch(Named named);
  }
}

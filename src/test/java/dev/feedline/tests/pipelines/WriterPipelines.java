package dev.feedline.tests.pipelines;

import dev.feedline.Compression;
import dev.feedline.Decode;
import dev.feedline.DefaultValue;
import dev.feedline.Element;
import dev.feedline.Feature;
import dev.feedline.FeatureList;
import dev.feedline.Interleave;
import dev.feedline.LengthOf;
import dev.feedline.Pipeline;
import dev.feedline.Shape;
import dev.feedline.TFRecordSource;
import dev.feedline.Writable;
import org.tensorflow.Operand;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * A record per dtype and shape kind, each with a pipeline that reads it back element by element:
 * written by their generated writers, read by their generated pipelines.
 */
public final class WriterPipelines {
  private WriterPipelines() {}

  /** A scalar of every Example dtype; the string holds any bytes. */
  @Element
  public record Scalars(
      @Shape({}) Operand<TInt64> count,
      @Shape({}) Operand<TFloat32> score,
      @Feature("payload/bytes") @Shape({}) Operand<TString> payload) {}

  /** Fixed vectors and a matrix, written flat in row-major order. */
  @Element
  public record Vectors(
      @Shape({3}) Operand<TInt64> ids,
      @Shape({2, 2}) Operand<TFloat32> matrix,
      @Shape({2}) Operand<TString> tags) {}

  /** Value lists of any length, one with its length. */
  @Element
  public record Lists(
      @Shape({-1}) Operand<TInt64> tokens,
      @LengthOf("tokens") @Shape({}) Operand<TInt32> length,
      @Shape({-1}) Operand<TFloat32> weights,
      @Shape({-1}) Operand<TString> words) {}

  /** Any number of rows of 3 floats and of 2 longs. */
  @Element
  public record Rows(
      @Shape({-1, 3}) Operand<TFloat32> points,
      @LengthOf("points") @Shape({}) Operand<TInt32> count,
      @Shape({-1, 2}) Operand<TInt64> pairs) {}

  /** Components a record may leave out: the reader's defaults fill them in. */
  @Element
  public record Optionals(
      @Shape({}) Operand<TInt64> id,
      @DefaultValue(longs = 7) @Shape({}) Operand<TInt64> level,
      @DefaultValue(floats = {0.5f, 1.5f}) @Shape({2}) Operand<TFloat32> scale,
      @DefaultValue(strings = "none") @Shape({}) Operand<TString> tag) {}

  /** A SequenceExample: two feature lists of one row per turn, and a context. */
  @Element
  public record Game(
      @FeatureList @Shape({-1, 3}) Operand<TFloat32> moves,
      @LengthOf("moves") @Shape({}) Operand<TInt32> turns,
      @FeatureList("players") @Shape({-1}) Operand<TString> player,
      @Shape({}) Operand<TInt64> id,
      @DefaultValue(floats = -1) @Shape({}) Operand<TFloat32> score) {}

  /** Components named like the generated writer's own members and its methods' parameters. */
  @Element
  @Writable
  public record Named(
      @Shape({}) Operand<TInt64> example,
      @Shape({}) Operand<TInt64> builder,
      @Shape({-1}) Operand<TFloat32> values,
      @Shape({}) Operand<TString> toByteArray,
      @Shape({}) Operand<TInt64> value,
      @Shape({}) Operand<TInt64> SCHEMA) {}

  @Pipeline
  public interface ReadScalars {
    @TFRecordSource
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> read(Operand<TString> file);

    @Decode
    Scalars parse(Operand<TString> record);
  }

  @Pipeline
  public interface ReadVectors {
    @TFRecordSource
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> read(Operand<TString> file);

    @Decode
    Vectors parse(Operand<TString> record);
  }

  @Pipeline
  public interface ReadLists {
    @TFRecordSource
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> read(Operand<TString> file);

    @Decode
    Lists parse(Operand<TString> record);
  }

  @Pipeline
  public interface ReadRows {
    @TFRecordSource
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> read(Operand<TString> file);

    @Decode
    Rows parse(Operand<TString> record);
  }

  @Pipeline
  public interface ReadOptionals {
    @TFRecordSource
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> read(Operand<TString> file);

    @Decode
    Optionals parse(Operand<TString> record);
  }

  @Pipeline
  public interface ReadGames {
    @TFRecordSource
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> read(Operand<TString> file);

    @Decode
    Game parse(Operand<TString> record);
  }

  @Pipeline
  public interface ReadNamed {
    @TFRecordSource
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> read(Operand<TString> file);

    @Decode
    Named parse(Operand<TString> record);
  }

  /** The rows, from GZIP-compressed shards. */
  @Pipeline
  public interface ReadGzipRows {
    @TFRecordSource(compression = Compression.GZIP)
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> read(Operand<TString> file);

    @Decode
    Rows parse(Operand<TString> record);
  }

  /** The games, from ZLIB-compressed shards. */
  @Pipeline
  public interface ReadZlibGames {
    @TFRecordSource(compression = Compression.ZLIB)
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> read(Operand<TString> file);

    @Decode
    Game parse(Operand<TString> record);
  }
}

package dev.feedline.tools;

import dev.feedline.Compression;
import dev.feedline.Decode;
import dev.feedline.DefaultValue;
import dev.feedline.Element;
import dev.feedline.Interleave;
import dev.feedline.LengthOf;
import dev.feedline.Pipeline;
import dev.feedline.Shape;
import dev.feedline.TFRecordSource;
import org.tensorflow.Operand;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * A record of every shape kind the conversions write, and pipelines that read it back: plain,
 * GZIP and ZLIB.
 */
final class Reviews {
  private Reviews() {}

  @Element
  record Review(
      @Shape({}) Operand<TInt64> id,
      @Shape({-1}) Operand<TInt64> tokens,
      @LengthOf("tokens") @Shape({}) Operand<TInt32> length,
      @DefaultValue(floats = 3) @Shape({}) Operand<TFloat32> rating,
      @Shape({}) Operand<TString> text,
      @Shape({2}) Operand<TFloat32> xy) {}

  @Pipeline
  interface Read {
    @TFRecordSource
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> read(Operand<TString> file);

    @Decode
    Review parse(Operand<TString> record);
  }

  @Pipeline
  interface ReadGzip {
    @TFRecordSource(compression = Compression.GZIP)
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> read(Operand<TString> file);

    @Decode
    Review parse(Operand<TString> record);
  }

  @Pipeline
  interface ReadZlib {
    @TFRecordSource(compression = Compression.ZLIB)
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> read(Operand<TString> file);

    @Decode
    Review parse(Operand<TString> record);
  }
}

package dev.feedline.tools;

import dev.feedline.Decode;
import dev.feedline.DecodeCsv;
import dev.feedline.Element;
import dev.feedline.Feature;
import dev.feedline.Interleave;
import dev.feedline.Pipeline;
import dev.feedline.Shape;
import dev.feedline.TFRecordSource;
import dev.feedline.TextLineSource;
import org.tensorflow.Operand;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * A record whose columns are named by {@code @Feature} keys unlike its components' names, read
 * from a CSV or TSV file directly ({@code @DecodeCsv}) and from the shards {@code convert} writes
 * of the same file ({@code @Decode}).
 */
final class Wines {
  private Wines() {}

  @Element
  record Wine(
      @Shape({}) Operand<TFloat32> alcohol,
      @Feature("malic_acid") @Shape({}) Operand<TFloat32> malicAcid,
      @Feature("region") @Shape({}) Operand<TString> origin,
      @Feature("class") @Shape({}) Operand<TInt64> label) {}

  @Pipeline
  interface Shards {
    @TFRecordSource
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> read(Operand<TString> file);

    @Decode
    Wine parse(Operand<TString> record);
  }

  @Pipeline
  interface Csv {
    @TextLineSource(header = true)
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> lines(Operand<TString> file);

    @DecodeCsv
    Wine parse(Operand<TString> line);
  }

  @Pipeline
  interface Tsv {
    @TextLineSource(header = true)
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> lines(Operand<TString> file);

    @DecodeCsv(delimiter = "\t")
    Wine parse(Operand<TString> line);
  }
}

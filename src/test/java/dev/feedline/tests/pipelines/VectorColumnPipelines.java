package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.BadRecords;
import dev.feedline.Batch;
import dev.feedline.Columns;
import dev.feedline.DecodeCsv;
import dev.feedline.DefaultValue;
import dev.feedline.Element;
import dev.feedline.Feature;
import dev.feedline.Filter;
import dev.feedline.Pipeline;
import dev.feedline.Shape;
import dev.feedline.StageGroup;
import dev.feedline.TextLineSource;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TBool;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TFloat64;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * The Boston house-price table with vector columns: the 13 columns from crim to lstat as one
 * [13] float vector, the two prices as a [2] double vector by name, and a scalar beside them;
 * parsed 256 lines a DecodeCSV, one line a parse after a filter, and with bad rows skipped.
 */
public final class VectorColumnPipelines {
  private VectorColumnPipelines() {}

  @Element
  public record Tract(
      @Columns(from = "crim", to = "lstat") @Shape({13}) Operand<TFloat32> features,
      @Columns({"medv", "cmedv"}) @Shape({2}) Operand<TFloat64> prices,
      @Feature("rad") @Shape({}) Operand<TInt64> highway) {}

  /** Vectors whose empty fields read as their defaults: one per column, and one for all. */
  @Element
  public record Gaps(
      @Columns({"a", "b"}) @DefaultValue(floats = {7, 8}) @Shape({2}) Operand<TFloat32> ab,
      @Columns(from = "c", to = "d") @DefaultValue(longs = 9) @Shape({2}) Operand<TInt64> cd) {}

  @Pipeline
  public interface Gapped extends CsvLines {
    @DecodeCsv
    Gaps parse(Operand<TString> line);

    @Batch(size = 10)
    Gaps batch(Gaps gaps);
  }

  /** Parsed 256 lines a DecodeCSV. */
  @StageGroup
  interface Parsed extends CsvLines {
    @DecodeCsv(parallel = AUTO)
    Tract parse(Operand<TString> line);

    @Batch(size = 100)
    Tract batch(Tract tract);
  }

  @Pipeline
  public interface Vectorized extends Parsed {}

  @Pipeline
  public interface Skipping extends Parsed {
    @TextLineSource(header = true, badRecords = BadRecords.SKIP)
    Operand<TString> files();
  }

  @Pipeline
  public interface PerLine extends CsvLines {
    @Filter
    static Operand<TBool> all(Ops tf, Operand<TString> line) {
      return tf.constant(true);
    }

    @DecodeCsv(parallel = AUTO)
    Tract parse(Operand<TString> line);

    @Batch(size = 100)
    Tract batch(Tract tract);
  }
}

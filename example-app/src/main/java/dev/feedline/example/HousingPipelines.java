package dev.feedline.example;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Columns;
import dev.feedline.DecodeCsv;
import dev.feedline.Element;
import dev.feedline.Feature;
import dev.feedline.Interleave;
import dev.feedline.Map;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.Shape;
import dev.feedline.Shuffle;
import dev.feedline.Split;
import dev.feedline.SplitSide;
import dev.feedline.StageGroup;
import dev.feedline.Statistics;
import dev.feedline.TextLineSource;
import dev.feedline.runtime.Moments;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * The table example's pipelines ({@link TableCommand}): the Boston house-price table, numbered
 * ({@link HousingDataset#writeNumbered}), split by row number into training and evaluation rows,
 * its 12 features standardized with moments fitted over the training rows alone.
 */
public final class HousingPipelines {
  /** Percent of the rows kept for evaluation. */
  public static final int EVAL_PERCENT = 20;
  /** Rows per training batch. */
  public static final int BATCH = 32;

  private HousingPipelines() {}

  /**
   * A tract: its row number, 12 of its columns in one vector (not {@code b}: see the table's
   * ATTRIBUTION.md), and its price (cmedv, in $1000s).
   */
  @Element
  public record Tract(
      @Shape({}) Operand<TInt64> row,
      @Columns({"crim", "zn", "indus", "chas", "nox", "rm", "age", "dis", "rad", "tax", "ptratio",
          "lstat"}) @Shape(12) Operand<TFloat32> features,
      @Feature("cmedv") @Shape({}) Operand<TFloat32> price) {}

  /** The rows of one side of the split; the training side unless a pipeline overrides it. */
  @StageGroup
  public interface Rows {
    @TextLineSource(header = true)
    Operand<TString> files();

    @Interleave(parallel = AUTO)
    Operand<TString> lines(Operand<TString> file);

    @DecodeCsv(parallel = AUTO)
    Tract parse(Operand<TString> line);

    // By the row number: a row is on one side in every epoch and run, whatever the shuffle.
    @Split(side = SplitSide.TRAIN, evalPercent = EVAL_PERCENT, key = "row", seed = 27)
    Tract split(Tract tract);
  }

  /** The training rows as they are: what the statistics are fitted over. */
  @Pipeline
  public interface TrainingRows extends Rows {
    @Prefetch(AUTO)
    Tract prefetch(Tract tract);
  }

  /** A side's rows, features standardized with the training rows' moments. */
  @StageGroup
  public interface Standardized extends Rows {
    @Statistics(over = TrainingRows.class, component = "features")
    Moments features();

    @Statistics(over = TrainingRows.class, component = "price")
    Moments price();

    @Map(parallel = AUTO)
    static Tract standardize(Ops tf, Tract tract, Moments features) {
      return new Tract(tract.row(), features.normalize(tf, tract.features()), tract.price());
    }
  }

  /** The training rows, standardized, shuffled anew each epoch. */
  // Shuffled after the parse on purpose: the whole table is in the buffer, and a parsed row (14
  // numbers, 56 bytes) is smaller than its text. The budget lets the processor check the buffer.
  @SuppressWarnings("feedline:healthy-order")
  @Pipeline(ramBudget = "1GiB")
  public interface Training extends Standardized {
    @Shuffle(buffer = HousingDataset.ROWS, seed = 11)
    Tract shuffle(Tract tract);

    @Batch(size = BATCH)
    Tract batch(Tract tract);

    @Prefetch(AUTO)
    Tract prefetch(Tract batch);
  }

  /** The evaluation rows, standardized with the training rows' moments. */
  @Pipeline
  public interface Evaluation extends Standardized {
    @Split(side = SplitSide.EVAL, evalPercent = EVAL_PERCENT, key = "row", seed = 27)
    Tract split(Tract tract);

    @Batch(size = HousingDataset.ROWS)
    Tract batch(Tract tract);

    @Prefetch(AUTO)
    Tract prefetch(Tract batch);
  }
}

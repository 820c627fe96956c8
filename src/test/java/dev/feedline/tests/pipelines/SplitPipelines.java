package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.DecodeCsv;
import dev.feedline.Interleave;
import dev.feedline.Pipeline;
import dev.feedline.Shuffle;
import dev.feedline.Split;
import dev.feedline.SplitSide;
import dev.feedline.StageGroup;
import dev.feedline.TextLineSource;
import dev.feedline.example.House;
import org.tensorflow.Operand;
import org.tensorflow.types.TString;

/**
 * Train/eval splits on real data, each a shared group whose evaluation pipeline overrides only
 * the split's side: the CMU dictionary's lines by their text, after a shuffle that reshuffles
 * every epoch; the Boston house-price table by each row's position in the file, before the
 * shuffle; the test rows by their int64 id.
 */
public final class SplitPipelines {
  private SplitPipelines() {}

  /** Dictionary lines, shuffled anew every epoch and build, then split by the line itself. */
  @StageGroup
  public interface WordLines {
    @TextLineSource
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> lines(Operand<TString> file);

    @Shuffle(buffer = 4096)
    Operand<TString> shuffle(Operand<TString> line);

    @Split(side = SplitSide.TRAIN, evalPercent = 20, key = "value", seed = 27)
    Operand<TString> split(Operand<TString> line);

    @Batch(size = 1000)
    Operand<TString> batch(Operand<TString> line);
  }

  @Pipeline
  public interface WordsTrain extends WordLines {}

  @Pipeline
  public interface WordsEval extends WordLines {
    @Split(side = SplitSide.EVAL, evalPercent = 20, key = "value", seed = 27)
    Operand<TString> split(Operand<TString> line);
  }

  /** Table rows split by their position in the file, in file order, then shuffled. */
  @StageGroup
  public interface HousingRows {
    @TextLineSource(header = true)
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> lines(Operand<TString> file);

    @DecodeCsv(parallel = AUTO)
    House parse(Operand<TString> line);

    @Split(side = SplitSide.TRAIN, evalPercent = 20, seed = 5)
    House split(House house);

    @Shuffle(buffer = 600)
    House shuffle(House house);

    @Batch(size = 100)
    House batch(House house);
  }

  @Pipeline
  public interface HousingTrain extends HousingRows {}

  @Pipeline
  public interface HousingEval extends HousingRows {
    @Split(side = SplitSide.EVAL, evalPercent = 20, seed = 5)
    House split(House house);
  }

  /** The test rows, shuffled, split by their int64 id. */
  @StageGroup
  public interface KeyedRows extends RowFiles {
    @Shuffle(buffer = 100)
    Row shuffle(Row row);

    @Split(side = SplitSide.TRAIN, evalPercent = 30, key = "id", seed = 1)
    Row split(Row row);

    @Batch(size = 16)
    Row batch(Row row);
  }

  @Pipeline
  public interface RowsTrain extends KeyedRows {}

  @Pipeline
  public interface RowsEval extends KeyedRows {
    @Split(side = SplitSide.EVAL, evalPercent = 30, key = "id", seed = 1)
    Row split(Row row);
  }
}

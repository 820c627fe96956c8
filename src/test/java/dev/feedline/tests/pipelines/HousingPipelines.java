package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.BadRecords;
import dev.feedline.Batch;
import dev.feedline.Cache;
import dev.feedline.DecodeCsv;
import dev.feedline.Filter;
import dev.feedline.Interleave;
import dev.feedline.Pipeline;
import dev.feedline.Shuffle;
import dev.feedline.StageGroup;
import dev.feedline.TextLineSource;
import dev.feedline.example.House;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TBool;
import org.tensorflow.types.TString;

/**
 * The Boston house-price table parsed by {@code @DecodeCsv}: vectorized where the decode reads
 * the lines as they are read (every row checked at build), one line a parse after a filter; its
 * rows packed where only a cache and a shuffle come between the parse and the batch; three files
 * interleaved, their lines read in one thread or by reader threads of their own.
 */
public final class HousingPipelines {
  private HousingPipelines() {}

  /** Parsed 256 lines a DecodeCSV, every row checked at build. */
  @StageGroup
  interface Parsed extends CsvLines {
    @DecodeCsv(parallel = AUTO)
    House parse(Operand<TString> line);

    @Batch(size = 100)
    House batch(House house);
  }

  /** Rows checked at build, bad ones left out; parsed 256 lines a DecodeCSV. */
  @Pipeline
  public interface Skipping extends Parsed {
    @TextLineSource(header = true, badRecords = BadRecords.SKIP)
    Operand<TString> files();
  }

  /** Rows checked at build, a bad one an error; parsed 256 lines a DecodeCSV. */
  @Pipeline
  public interface Failing extends Parsed {}

  /**
   * Rows checked at build, parsed 256 lines a DecodeCSV, cached and shuffled packed: each row's
   * 13 floats one tensor from the parse to the batch, which unpacks them.
   */
  @Pipeline
  public interface Packed extends CsvLines {
    @DecodeCsv(parallel = AUTO)
    House parse(Operand<TString> line);

    @Cache
    House cache(House house);

    @Shuffle(buffer = 300, seed = 11)
    House shuffle(House house);

    @Batch(size = 100)
    House batch(House house);
  }

  /** The same rows packed through a file cache, which a later run reads instead of the files. */
  @Pipeline
  public interface PackedFileCached extends CsvLines {
    @DecodeCsv(parallel = AUTO)
    House parse(Operand<TString> line);

    @Cache(file = "target/feedline-tests/housing-cache")
    House cache(House house);

    @Batch(size = 100)
    House batch(House house);
  }

  /**
   * The per-line parse: a filter between the lines and the decode, which drops lines holding
   * "n/a", so the rows are not checked at build and the decode parses one line a call.
   */
  @Pipeline
  public interface PerLine extends CsvLines {
    @Filter
    static Operand<TBool> withValues(Ops tf, Operand<TString> line) {
      return tf.math.logicalNot(tf.strings.regexFullMatch(line, tf.constant(".*n/a.*")));
    }

    @DecodeCsv(parallel = AUTO)
    House parse(Operand<TString> line);

    @Batch(size = 100)
    House batch(House house);
  }

  /**
   * Three files at a time, a line from each in turn, parsed 256 lines a DecodeCSV: with
   * {@code parallel = AUTO} over uncompressed files, the plan reads the lines in one thread.
   */
  @Pipeline
  public interface InterleavedInOneThread {
    @TextLineSource(header = true)
    Operand<TString> files();

    @Interleave(cycleLength = 3, parallel = AUTO)
    Operand<TString> lines(Operand<TString> file);

    @DecodeCsv(parallel = AUTO)
    House parse(Operand<TString> line);

    @Batch(size = 100)
    House batch(House house);
  }

  /** The same, the lines read by two reader threads: a parallelism the user fixed is kept. */
  @Pipeline
  public interface InterleavedByTwoThreads {
    @TextLineSource(header = true)
    Operand<TString> files();

    @Interleave(cycleLength = 3, parallel = 2)
    Operand<TString> lines(Operand<TString> file);

    @DecodeCsv(parallel = AUTO)
    House parse(Operand<TString> line);

    @Batch(size = 100)
    House batch(House house);
  }
}

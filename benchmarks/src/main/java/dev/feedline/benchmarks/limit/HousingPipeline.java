package dev.feedline.benchmarks.limit;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Cache;
import dev.feedline.DecodeCsv;
import dev.feedline.Interleave;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.Shuffle;
import dev.feedline.TextLineSource;
import dev.feedline.example.House;
import org.tensorflow.Operand;
import org.tensorflow.types.TString;

/**
 * The tables benchmark's generated pipeline: CSV files of the Boston house-price table, each row
 * parsed into 13 floats taken by their header names, cached, shuffled and batched, as a user
 * writes it. Its {@code @DecodeCsv} is vectorized by the generator (256 lines a parse).
 */
@Pipeline
public interface HousingPipeline {
  @TextLineSource(header = true)
  Operand<TString> files();

  @Interleave(cycleLength = HandWrittenCsv.CYCLE, parallel = AUTO)
  Operand<TString> lines(Operand<TString> file);

  @DecodeCsv(parallel = AUTO)
  House parse(Operand<TString> line);

  @Cache
  House cache(House house);

  @Shuffle(buffer = HandWrittenCsv.SHUFFLE, seed = 7)
  House shuffle(House house);

  @Batch(size = HandWrittenCsv.BATCH)
  House batch(House house);

  @Prefetch(AUTO)
  House prefetch(House batch);
}

package dev.feedline.tests.pipelines;

import dev.feedline.Interleave;
import dev.feedline.StageGroup;
import dev.feedline.TextLineSource;
import org.tensorflow.Operand;
import org.tensorflow.types.TString;

/**
 * A CSV table's lines, its header left out, one file after another: how the CSV pipelines start.
 * A pipeline that skips bad rows overrides {@code files} with {@code badRecords = SKIP}.
 */
@StageGroup
public interface CsvLines {
  @TextLineSource(header = true)
  Operand<TString> files();

  @Interleave(cycleLength = 1)
  Operand<TString> lines(Operand<TString> file);
}

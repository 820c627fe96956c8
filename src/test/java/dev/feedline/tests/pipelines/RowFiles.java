package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Decode;
import dev.feedline.Interleave;
import dev.feedline.StageGroup;
import dev.feedline.TFRecordSource;
import org.tensorflow.Operand;
import org.tensorflow.types.TString;

/** The test rows' files, two read at a time, parsed: how the row pipelines start. */
@StageGroup
public interface RowFiles {
  @TFRecordSource
  Operand<TString> files();

  @Interleave(cycleLength = 2, parallel = AUTO)
  Operand<TString> read(Operand<TString> file);

  @Decode(parallel = AUTO)
  Row parse(Operand<TString> record);
}

package dev.feedline.benchmarks.images;

import dev.feedline.Pipeline;
import dev.feedline.TFRecordSource;
import dev.feedline.example.PhotoStages;
import org.tensorflow.Operand;
import org.tensorflow.types.TString;

/**
 * The example's photo pipeline without its cache: every epoch decodes again. The scaling runs use
 * it, since memory must stay flat as the data grows.
 */
@Pipeline
public interface StreamingPhotoPipeline
    extends PhotoStages.Files, PhotoStages.Decoding, PhotoStages.Batches {
  /** Any number of files: the scaling runs' data sets are larger than the demo's. */
  @TFRecordSource
  Operand<TString> shards();
}

package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Interleave;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.TFRecordSource;
import dev.feedline.example.DecodedPhoto;
import dev.feedline.example.PhotoStages;
import org.tensorflow.Operand;
import org.tensorflow.types.TString;

/**
 * The example's photo pipeline without its cache and shuffle: the decoding {@code @Map} is
 * directly followed by {@code @Batch}, which tf.data fuses into one {@code MapAndBatch} dataset.
 * It reads the test's few files two at a time, replacing the example's source and read.
 */
@Pipeline
public interface PlainPhotoPipeline extends PhotoStages.Files, PhotoStages.Decoding {
  @TFRecordSource
  Operand<TString> shards();

  @Interleave(cycleLength = 2, parallel = AUTO)
  Operand<TString> read(Operand<TString> shard);

  @Batch(size = 4)
  DecodedPhoto batch(DecodedPhoto photo);

  @Prefetch(AUTO)
  DecodedPhoto prefetch(DecodedPhoto batch);
}

package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Decode;
import dev.feedline.Interleave;
import dev.feedline.Map;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.TFRecordSource;
import dev.feedline.example.Photo;
import dev.feedline.example.PhotoPipeline;
import dev.feedline.photos.EncodedPhoto;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TString;

/**
 * The example's photo pipeline without its cache and shuffle: the decoding {@code @Map} is
 * directly followed by {@code @Batch}, which tf.data fuses into one {@code MapAndBatch} dataset.
 */
@Pipeline
public interface PlainPhotoPipeline {
  @TFRecordSource
  Operand<TString> shards();

  @Interleave(cycleLength = 2, parallel = AUTO)
  Operand<TString> read(Operand<TString> shard);

  @Decode(parallel = AUTO)
  EncodedPhoto parse(Operand<TString> record);

  @Map(parallel = AUTO)
  static Photo decodeAndResize(Ops tf, EncodedPhoto photo) {
    return PhotoPipeline.decodeAndResize(tf, photo);
  }

  @Batch(size = 4)
  Photo batch(Photo photo);

  @Prefetch(AUTO)
  Photo prefetch(Photo batch);
}

package dev.feedline.benchmarks.images;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Decode;
import dev.feedline.Interleave;
import dev.feedline.Map;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.Shuffle;
import dev.feedline.TFRecordSource;
import dev.feedline.example.Photo;
import dev.feedline.example.PhotoPipeline;
import dev.feedline.photos.EncodedPhoto;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TString;

/**
 * The example's photo pipeline without its cache: every epoch decodes again. The scaling runs use
 * it, since memory must stay flat as the data grows.
 */
@Pipeline
public interface StreamingPhotoPipeline {
  @TFRecordSource
  Operand<TString> shards();

  @Interleave(cycleLength = 8, parallel = AUTO)
  Operand<TString> read(Operand<TString> shard);

  @Decode(parallel = AUTO)
  EncodedPhoto parse(Operand<TString> record);

  @Map(parallel = AUTO)
  static Photo decodeAndResize(Ops tf, EncodedPhoto photo) {
    return PhotoPipeline.decodeAndResize(tf, photo);
  }

  @Shuffle(buffer = 1000)
  Photo shuffle(Photo photo);

  @Batch(size = 32)
  Photo batch(Photo photo);

  @Prefetch(AUTO)
  Photo prefetch(Photo batch);
}

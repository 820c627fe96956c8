package dev.feedline.benchmarks.images;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Cache;
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
 * The example's photo pipeline with its cache in files: a later run's first epoch reads the
 * decoded photos from disk instead of decoding them ({@code ./feedline bench-cache}).
 */
@Pipeline
public interface FileCachedPhotoPipeline {
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

  @Cache(file = "target/photo-cache")
  Photo cache(Photo photo);

  @Shuffle(buffer = 1000)
  Photo shuffle(Photo photo);

  @Batch(size = 32)
  Photo batch(Photo photo);

  @Prefetch(AUTO)
  Photo prefetch(Photo batch);
}

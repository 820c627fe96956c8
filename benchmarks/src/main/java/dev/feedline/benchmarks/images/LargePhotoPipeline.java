package dev.feedline.benchmarks.images;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Decode;
import dev.feedline.DecodeJpeg;
import dev.feedline.Interleave;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.Shuffle;
import dev.feedline.TFRecordSource;
import dev.feedline.example.Photo;
import dev.feedline.photos.EncodedPhoto;
import org.tensorflow.Operand;
import org.tensorflow.types.TString;

/**
 * Camera-sized photos (longer side 960–1280 px, shorter side over 700) fed to a 224×224 model,
 * without a cache: the built-in {@code @DecodeJpeg} knows both sizes and decodes at half scale.
 */
@Pipeline
public interface LargePhotoPipeline {
  @TFRecordSource
  Operand<TString> shards();

  @Interleave(cycleLength = 8, parallel = AUTO)
  Operand<TString> read(Operand<TString> shard);

  @Decode(parallel = AUTO)
  EncodedPhoto parse(Operand<TString> record);

  @DecodeJpeg(minSourceSide = 640, parallel = AUTO)
  Photo decode(EncodedPhoto photo);

  @Shuffle(buffer = 1000)
  Photo shuffle(Photo photo);

  @Batch(size = 32)
  Photo batch(Photo photo);

  @Prefetch(AUTO)
  Photo prefetch(Photo batch);
}

package dev.feedline.example;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Decode;
import dev.feedline.Interleave;
import dev.feedline.Map;
import dev.feedline.Mix;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.TFRecordSource;
import dev.feedline.photos.EncodedPhoto;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TString;

/**
 * Two photo data sets, one per photograph (crops of the temple, the "city" photos, and crops of
 * the flower), read by two pipelines and mixed 70/30 into one: the photo pipeline's stages, with
 * the decoding of {@link PhotoPipeline#decodeAndResize}.
 */
public final class PhotoSources {
  private PhotoSources() {}

  /** Crops of the temple photograph, label 0. */
  @Pipeline
  public interface CityPhotos {
    @TFRecordSource(records = 1000)
    Operand<TString> shards();

    @Interleave(cycleLength = 4, parallel = AUTO)
    Operand<TString> read(Operand<TString> shard);

    @Decode(parallel = AUTO)
    EncodedPhoto parse(Operand<TString> record);

    @Map(parallel = AUTO)
    static Photo decode(Ops tf, EncodedPhoto photo) {
      return PhotoPipeline.decodeAndResize(tf, photo);
    }
  }

  /** Crops of the flower photograph, label 1. */
  @Pipeline
  public interface FlowerPhotos {
    @TFRecordSource(records = 1000)
    Operand<TString> shards();

    @Interleave(cycleLength = 4, parallel = AUTO)
    Operand<TString> read(Operand<TString> shard);

    @Decode(parallel = AUTO)
    EncodedPhoto parse(Operand<TString> record);

    @Map(parallel = AUTO)
    static Photo decode(Ops tf, EncodedPhoto photo) {
      return PhotoPipeline.decodeAndResize(tf, photo);
    }
  }

  /**
   * City and flower photos drawn 70/30 with a fixed seed: the same sequence on every run, a new
   * one every epoch; the epoch ends when either runs out, so every photo handed out was drawn with
   * these weights. Each batch mixes both.
   */
  @Pipeline(reproducible = true)
  public interface MixedPhotos {
    @Mix(of = {CityPhotos.class, FlowerPhotos.class}, weights = {0.7, 0.3}, seed = 7)
    Photo photos();

    @Batch(size = 32)
    Photo batch(Photo photo);

    @Prefetch(AUTO)
    Photo prefetch(Photo batch);
  }
}

package dev.feedline.example;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Interleave;
import dev.feedline.Mix;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.StageGroup;
import dev.feedline.TFRecordSource;
import org.tensorflow.Operand;
import org.tensorflow.types.TString;

/**
 * Two photo data sets, one per photograph (crops of the temple, the "city" photos, and crops of
 * the flower), read by two pipelines and mixed 70/30 into one. Both read like the photo pipeline
 * and decode with its {@link PhotoStages.Decoding} stages.
 */
public final class PhotoSources {
  private PhotoSources() {}

  /** A data set of one photograph's crops: 1,000 photos, read 4 files at a time. */
  @StageGroup
  public interface OnePhotograph {
    @TFRecordSource(records = 1000)
    Operand<TString> shards();

    @Interleave(cycleLength = 4, parallel = AUTO)
    Operand<TString> read(Operand<TString> shard);
  }

  /** Crops of the temple photograph, label 0. */
  @Pipeline
  public interface CityPhotos extends OnePhotograph, PhotoStages.Decoding {}

  /** Crops of the flower photograph, label 1. */
  @Pipeline
  public interface FlowerPhotos extends OnePhotograph, PhotoStages.Decoding {}

  /**
   * City and flower photos drawn 70/30 with a fixed seed: the same sequence on every run, a new
   * one every epoch; the epoch ends when either runs out, so every photo handed out was drawn with
   * these weights. Each batch mixes both.
   */
  @Pipeline(reproducible = true)
  public interface MixedPhotos {
    @Mix(of = {CityPhotos.class, FlowerPhotos.class}, weights = {0.7, 0.3}, seed = 7)
    DecodedPhoto photos();

    @Batch(size = 32)
    DecodedPhoto batch(DecodedPhoto photo);

    @Prefetch(AUTO)
    DecodedPhoto prefetch(DecodedPhoto batch);
  }
}

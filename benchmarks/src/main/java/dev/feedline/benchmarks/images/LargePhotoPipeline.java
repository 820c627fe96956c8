package dev.feedline.benchmarks.images;

import dev.feedline.Pipeline;
import dev.feedline.TFRecordSource;
import dev.feedline.example.PhotoStages;
import org.tensorflow.Operand;
import org.tensorflow.types.TString;

/**
 * Camera-sized photos (longer side 960–1280 px, shorter side over 700) fed to a 224×224 model,
 * without a cache: the built-in {@code @DecodeJpeg} knows both sizes and decodes at half scale.
 */
@Pipeline
public interface LargePhotoPipeline
    extends PhotoStages.Files, ScaledDecoding, PhotoStages.Batches {
  /** Any number of files: the benchmark writes its own. */
  @TFRecordSource
  Operand<TString> shards();
}

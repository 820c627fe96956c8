package dev.feedline.benchmarks.images;

import dev.feedline.Cache;
import dev.feedline.Pipeline;
import dev.feedline.example.DecodedPhoto;
import dev.feedline.example.PhotoStages;

/**
 * The example's photo pipeline with its cache in files: a later run's first epoch reads the
 * decoded photos from disk instead of decoding them ({@code ./feedline bench-cache}).
 */
@Pipeline
public interface FileCachedPhotoPipeline extends PhotoStages.Files, PhotoStages.Decoding,
    PhotoStages.Cached, PhotoStages.Batches {
  @Cache(file = "target/photo-cache")
  DecodedPhoto cache(DecodedPhoto photo);
}

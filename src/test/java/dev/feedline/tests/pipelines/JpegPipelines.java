package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.DecodeJpeg;
import dev.feedline.InMemorySource;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.example.DecodedPhoto;
import dev.feedline.example.Photo;
import dev.feedline.photos.EncodedPhoto;

/** The built-in JPEG decode, at the reduced scale the declared sizes allow, and in full. */
public final class JpegPipelines {
  private JpegPipelines() {}

  /** Sources of 640 px or more, decoded at 1/2 scale for 224 px. */
  @Pipeline
  public interface Scaled {
    @InMemorySource
    EncodedPhoto photos();

    @DecodeJpeg(minSourceSide = 640, parallel = AUTO)
    Photo decode(EncodedPhoto photo);

    @Batch(size = 4)
    Photo batch(Photo photo);

    @Prefetch(AUTO)
    Photo prefetch(Photo batch);
  }

  /** The same, decoded in full. */
  @Pipeline
  public interface Full {
    @InMemorySource
    EncodedPhoto photos();

    @DecodeJpeg(minSourceSide = 640, scaledDecode = false, parallel = AUTO)
    Photo decode(EncodedPhoto photo);

    @Batch(size = 4)
    Photo batch(Photo photo);

    @Prefetch(AUTO)
    Photo prefetch(Photo batch);
  }

  /** The scaled decode to 8-bit pixels, as a cache after it would keep them. */
  @Pipeline
  public interface Pixels {
    @InMemorySource
    EncodedPhoto photos();

    @DecodeJpeg(minSourceSide = 640, parallel = AUTO)
    DecodedPhoto decode(EncodedPhoto photo);

    @Batch(size = 4)
    DecodedPhoto batch(DecodedPhoto photo);

    @Prefetch(AUTO)
    DecodedPhoto prefetch(DecodedPhoto batch);
  }
}

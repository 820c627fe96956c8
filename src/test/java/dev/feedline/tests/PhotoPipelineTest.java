package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.example.FeedlinePhotoPipeline;
import dev.feedline.example.FeedlinePhotoPipeline.DecodedPhotoTensors;
import dev.feedline.example.PhotoDataset;
import dev.feedline.runtime.EpochIterator;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.ndarray.Shape;

/**
 * The example's photo pipeline over real-photo JPEGs: decoded and resized 8-bit pixels match an
 * independent Java decode and bilinear resize of the same JPEG bytes.
 */
class PhotoPipelineTest {
  private static final int PHOTOS = 48;
  private static final long SEED = 42;

  @TempDir static Path dir;
  private static PhotoDataset photos;

  @BeforeAll
  static void writePhotos() throws IOException {
    photos = new PhotoDataset(SEED);
    photos.write(dir, PHOTOS, 3);
  }

  @Test
  void pixelsMatchAJavaDecodeAndBilinearResizeOfTheSameJpeg() throws IOException {
    Set<Long> seen = new HashSet<>();
    double worstMean = 0;
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlinePhotoPipeline pipeline =
            FeedlinePhotoPipeline.builder().files(dir.resolve("*.tfrecord").toString()).build(graph);
        EpochIterator<DecodedPhotoTensors> batches = pipeline.epoch(session)) {
      for (DecodedPhotoTensors batch : batches) {
        long size = batch.id().shape().get(0);
        assertEquals(Shape.of(size, 224, 224, 3), batch.pixels().shape());
        for (int i = 0; i < size; i++) {
          long id = batch.id().getLong(i);
          seen.add(id);
          assertEquals(PhotoDataset.labelOf(id), batch.label().getLong(i), "label of photo " + id);
          BufferedImage expected = ImageIO.read(new ByteArrayInputStream(photos.jpeg(id)));
          double meanError = 0;
          int samples = 0;
          for (int y = 3; y < 224; y += 20) {
            for (int x = 5; x < 224; x += 20) {
              for (int c = 0; c < 3; c++) {
                int actual = batch.pixels().getByte(i, y, x, c) & 0xff;
                meanError += Math.abs(actual - bilinear(expected, y, x, c)) / 255.0;
                samples++;
              }
            }
          }
          meanError /= samples;
          worstMean = Math.max(worstMean, meanError);
        }
      }
    }
    assertEquals(PHOTOS, seen.size(), "every photo once");
    // libjpeg-turbo and ImageIO's decoder round differently by a few levels out of 255.
    assertTrue(worstMean < 0.01, "mean pixel error " + worstMean);
  }

  /**
   * TensorFlow's ResizeBilinear with its defaults (no corner alignment, no half-pixel centers):
   * output pixel y samples input row y · in/out.
   */
  private static double bilinear(BufferedImage image, int y, int x, int channel) {
    double inY = y * (double) image.getHeight() / 224;
    double inX = x * (double) image.getWidth() / 224;
    int y0 = (int) inY;
    int x0 = (int) inX;
    int y1 = Math.min(y0 + 1, image.getHeight() - 1);
    int x1 = Math.min(x0 + 1, image.getWidth() - 1);
    double dy = inY - y0;
    double dx = inX - x0;
    double top = lerp(value(image, x0, y0, channel), value(image, x1, y0, channel), dx);
    double bottom = lerp(value(image, x0, y1, channel), value(image, x1, y1, channel), dx);
    return lerp(top, bottom, dy);
  }

  private static double lerp(double a, double b, double t) {
    return a + (b - a) * t;
  }

  private static int value(BufferedImage image, int x, int y, int channel) {
    return (image.getRGB(x, y) >> (16 - 8 * channel)) & 0xff;
  }
}

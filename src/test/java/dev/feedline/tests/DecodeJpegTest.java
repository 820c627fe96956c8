package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.example.PhotoDataset;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.tests.pipelines.FeedlineJpegPipelines_Full;
import dev.feedline.tests.pipelines.FeedlineJpegPipelines_Pixels;
import dev.feedline.tests.pipelines.FeedlineJpegPipelines_Scaled;
import java.awt.image.BufferedImage;
import java.awt.image.DataBuffer;
import java.awt.image.Raster;
import java.awt.image.WritableRaster;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.ndarray.NdArrays;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * {@code @DecodeJpeg} on camera-sized photos: in full it matches an independent Java decode and
 * bilinear resize; at the reduced scale its declared sizes allow, it stays within a few levels of
 * the full decode and closer to an area-averaged resize; the other components pass through.
 */
class DecodeJpegTest {
  private static final int PHOTOS = 8;
  private static final List<byte[]> jpegs = new ArrayList<>();

  @BeforeAll
  static void photos() throws IOException {
    PhotoDataset large = new PhotoDataset(43, 960, 1280);
    for (int id = 0; id < PHOTOS; id++) {
      byte[] jpeg = large.jpeg(id);
      BufferedImage image = ImageIO.read(new ByteArrayInputStream(jpeg));
      assertTrue(Math.min(image.getWidth(), image.getHeight()) >= 640,
          "the pipelines declare minSourceSide = 640");
      jpegs.add(jpeg);
    }
  }

  private static TString jpegTensor() {
    return TString.tensorOfBytes(NdArrays.vectorOfObjects(jpegs.toArray(byte[][]::new)));
  }

  private static TInt64 ids() {
    return TInt64.vectorOf(0, 1, 2, 3, 4, 5, 6, 7);
  }

  /** Every image's pixels, in id order, with the ids and labels checked. */
  private static float[][] full() {
    return full(jpegs);
  }

  /** {@code photos} decoded in full: each image's pixels, in order. */
  private static float[][] full(List<byte[]> photos) {
    long[] order = LongStream.range(0, photos.size()).toArray();
    try (TString jpeg = TString.tensorOfBytes(NdArrays.vectorOfObjects(photos.toArray(byte[][]::new)));
        TInt64 label = TInt64.vectorOf(order); TInt64 id = TInt64.vectorOf(order);
        Graph graph = new Graph(); Session session = new Session(graph);
        FeedlineJpegPipelines_Full pipeline =
            FeedlineJpegPipelines_Full.builder().data(jpeg, label, id).build(graph);
        EpochIterator<FeedlineJpegPipelines_Full.PhotoTensors> epoch = pipeline.epoch(session)) {
      List<float[]> images = new ArrayList<>();
      epoch.forEach(batch -> collect(batch.image(), batch.label(), batch.id(), images));
      return images.toArray(float[][]::new);
    }
  }

  private static float[][] scaled() {
    try (TString jpeg = jpegTensor(); TInt64 label = ids(); TInt64 id = ids();
        Graph graph = new Graph(); Session session = new Session(graph);
        FeedlineJpegPipelines_Scaled pipeline =
            FeedlineJpegPipelines_Scaled.builder().data(jpeg, label, id).build(graph);
        EpochIterator<FeedlineJpegPipelines_Scaled.PhotoTensors> epoch = pipeline.epoch(session)) {
      List<float[]> images = new ArrayList<>();
      epoch.forEach(batch -> collect(batch.image(), batch.label(), batch.id(), images));
      return images.toArray(float[][]::new);
    }
  }

  /** The scaled decode's 8-bit pixels, in id order. */
  private static byte[][] pixels() {
    try (TString jpeg = jpegTensor(); TInt64 label = ids(); TInt64 id = ids();
        Graph graph = new Graph(); Session session = new Session(graph);
        FeedlineJpegPipelines_Pixels pipeline =
            FeedlineJpegPipelines_Pixels.builder().data(jpeg, label, id).build(graph);
        EpochIterator<FeedlineJpegPipelines_Pixels.DecodedPhotoTensors> epoch =
            pipeline.epoch(session)) {
      List<byte[]> images = new ArrayList<>();
      epoch.forEach(batch -> {
        long size = batch.id().shape().get(0);
        assertEquals(Shape.of(size, 224, 224, 3), batch.pixels().shape());
        for (int i = 0; i < size; i++) {
          assertEquals(images.size(), batch.id().getLong(i), "in order, ids passed through");
          byte[] values = new byte[224 * 224 * 3];
          batch.pixels().get(i).copyTo(
              org.tensorflow.ndarray.buffer.DataBuffers.of(values, false, false));
          images.add(values);
        }
      });
      return images.toArray(byte[][]::new);
    }
  }

  private static void collect(TFloat32 image, TInt64 label, TInt64 id, List<float[]> images) {
    long size = id.shape().get(0);
    assertEquals(Shape.of(size, 224, 224, 3), image.shape());
    for (int i = 0; i < size; i++) {
      assertEquals(images.size(), id.getLong(i), "in order, ids passed through");
      assertEquals(images.size(), label.getLong(i), "labels passed through");
      float[] pixels = new float[224 * 224 * 3];
      image.get(i).copyTo(org.tensorflow.ndarray.buffer.DataBuffers.of(pixels, false, false));
      images.add(pixels);
    }
  }

  @Test
  void aFullDecodeMatchesJavasDecodeAndBilinearResize() throws IOException {
    float[][] images = full();
    assertEquals(PHOTOS, images.length);
    for (int id = 0; id < PHOTOS; id++) {
      BufferedImage expected = ImageIO.read(new ByteArrayInputStream(jpegs.get(id)));
      double error = meanError(images[id], expected);
      assertTrue(error < 0.01, "photo " + id + ": mean error " + error);
    }
  }

  /**
   * A bilinear resize from 1000 px to 224 samples one pixel in four and aliases; decoding at half
   * scale first averages in the DCT domain. So the scaled decode differs from the full one by a few
   * levels, and is at least as close to an area-averaged resize of the photo.
   */
  @Test
  void aHalfScaleDecodeIsAsCloseToAnAreaAveragedResizeAsTheFullOne() throws IOException {
    float[][] full = full();
    float[][] scaled = scaled();
    for (int id = 0; id < PHOTOS; id++) {
      int[] reference = areaAveraged(ImageIO.read(new ByteArrayInputStream(jpegs.get(id))));
      double fullError = 0;
      double scaledError = 0;
      double difference = 0;
      for (int p = 0; p < full[id].length; p++) {
        assertTrue(scaled[id][p] >= 0 && scaled[id][p] <= 1, "scaled to [0, 1]");
        double expected = ((reference[p / 3] >> (16 - 8 * (p % 3))) & 0xff) / 255.0;
        fullError += Math.abs(full[id][p] - expected);
        scaledError += Math.abs(scaled[id][p] - expected);
        difference += Math.abs(full[id][p] - scaled[id][p]);
      }
      int n = full[id].length;
      // Measured on these photos: differences of 0.009 to 0.023; errors against the area average
      // of 0.007 to 0.026 scaled, 0.014 to 0.043 full. A wrong ratio, channel order or value
      // scale gives 0.1 or more.
      assertTrue(difference / n < 0.04, "photo " + id + ": mean difference " + difference / n);
      assertTrue(scaledError < fullError, "photo " + id + ": scaled error " + scaledError / n
          + ", full " + fullError / n);
    }
  }

  /**
   * A JPEG of four components, CMYK, as print workflows write them: with Adobe's marker, whose
   * values are stored inverted (Photoshop's), and without it, stored as ink. Each decodes to the
   * colors it shows, like the RGB photo it was made from: mean errors of 0.005 and 0.003 measured;
   * Adobe's inverted values without the marker, read the wrong way round, gave 0.39.
   */
  @Test
  void aCmykJpegDecodesToTheColorsItShowsWithOrWithoutAdobesMarker() throws IOException {
    BufferedImage photo = ImageIO.read(new ByteArrayInputStream(jpegs.get(0)));
    float[][] images = full(List.of(cmykJpeg(photo, true), cmykJpeg(photo, false)));
    for (int i = 0; i < 2; i++) {
      String kind = i == 0 ? "Adobe's inverted CMYK" : "CMYK without Adobe's marker";
      double error = meanError(images[i], photo);
      assertTrue(error < 0.02, kind + ": mean error " + error);
    }
  }

  /**
   * {@code photo} as a CMYK JPEG: black is what the brightest channel lacks, each ink what its
   * channel lacks beside it; with {@code adobe}, the APP14 marker and every value inverted.
   */
  private static byte[] cmykJpeg(BufferedImage photo, boolean adobe) throws IOException {
    int width = photo.getWidth();
    int height = photo.getHeight();
    WritableRaster cmyk = Raster.createInterleavedRaster(
        DataBuffer.TYPE_BYTE, width, height, 4, null);
    int[] values = new int[4];
    for (int y = 0; y < height; y++) {
      for (int x = 0; x < width; x++) {
        int rgb = photo.getRGB(x, y);
        int max = Math.max((rgb >> 16) & 0xff, Math.max((rgb >> 8) & 0xff, rgb & 0xff));
        for (int c = 0; c < 3; c++) {
          int channel = (rgb >> (16 - 8 * c)) & 0xff;
          int kept = max == 0 ? 0 : Math.round(255f * channel / max); // 255 minus the ink
          values[c] = adobe ? kept : 255 - kept;
        }
        values[3] = adobe ? max : 255 - max;
        cmyk.setPixel(x, y, values);
      }
    }
    ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ImageOutputStream out = ImageIO.createImageOutputStream(bytes)) {
      writer.setOutput(out);
      ImageWriteParam quality = writer.getDefaultWriteParam();
      quality.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
      quality.setCompressionQuality(0.95f);
      writer.write(null, new IIOImage(cmyk, null, null), quality); // no conversion
    } finally {
      writer.dispose();
    }
    byte[] jpeg = bytes.toByteArray();
    assertEquals(4, components(jpeg), "four components");
    if (!adobe) {
      return jpeg;
    }
    // APP14 "Adobe", version 100, no flags, transform 0 (CMYK as stored), right after the SOI.
    byte[] marker = {(byte) 0xff, (byte) 0xee, 0, 14, 'A', 'd', 'o', 'b', 'e', 0, 100, 0, 0, 0, 0, 0};
    byte[] marked = new byte[jpeg.length + marker.length];
    System.arraycopy(jpeg, 0, marked, 0, 2);
    System.arraycopy(marker, 0, marked, 2, marker.length);
    System.arraycopy(jpeg, 2, marked, 2 + marker.length, jpeg.length - 2);
    return marked;
  }

  /** The component count of a baseline JPEG's frame header (SOF0). */
  private static int components(byte[] jpeg) {
    for (int i = 2; i + 9 < jpeg.length; ) {
      int marker = jpeg[i + 1] & 0xff;
      int length = ((jpeg[i + 2] & 0xff) << 8) | (jpeg[i + 3] & 0xff);
      if (marker == 0xc0) {
        return jpeg[i + 9] & 0xff;
      }
      i += 2 + length;
    }
    return -1;
  }

  /**
   * An 8-bit image is the float one's values times 255, rounded to the nearest: the same decode
   * and resize, a quarter of the bytes.
   */
  @Test
  void eightBitPixelsAreTheFloatValuesRounded() {
    float[][] scaled = scaled();
    byte[][] pixels = pixels();
    assertEquals(PHOTOS, pixels.length);
    long exact = 0;
    long values = 0;
    for (int id = 0; id < PHOTOS; id++) {
      for (int p = 0; p < scaled[id].length; p++) {
        double expected = Math.rint(scaled[id][p] * 255.0);
        int actual = pixels[id][p] & 0xff;
        // The float path divides by 255, so a value exactly between two levels can land a unit
        // in the last place to either side of it.
        assertTrue(Math.abs(actual - expected) <= 1,
            "photo " + id + " value " + p + ": " + actual + " against " + expected);
        exact += actual == expected ? 1 : 0;
        values++;
      }
    }
    assertTrue(exact > 0.99 * values, exact + " of " + values + " values exact");
  }

  /** The photo resized to 224×224 by averaging the pixels each output pixel covers, as RGB ints. */
  private static int[] areaAveraged(BufferedImage photo) {
    BufferedImage small = new BufferedImage(224, 224, BufferedImage.TYPE_INT_RGB);
    small.getGraphics().drawImage(
        photo.getScaledInstance(224, 224, java.awt.Image.SCALE_AREA_AVERAGING), 0, 0, null);
    return small.getRGB(0, 0, 224, 224, null, 0, 224);
  }

  /**
   * The mean difference, on a 0 to 1 scale, between a decoded 224×224 image and a bilinear resize
   * of {@code photo}, over a grid of sampled pixels and every channel.
   */
  private static double meanError(float[] image, BufferedImage photo) {
    double error = 0;
    int samples = 0;
    for (int y = 3; y < 224; y += 20) {
      for (int x = 5; x < 224; x += 20) {
        for (int c = 0; c < 3; c++) {
          error += Math.abs(image[(y * 224 + x) * 3 + c] - bilinear(photo, y, x, c) / 255.0);
          samples++;
        }
      }
    }
    return error / samples;
  }

  /** TensorFlow's ResizeBilinear with its defaults: output pixel y samples input row y · in/out. */
  private static double bilinear(BufferedImage image, int y, int x, int channel) {
    double inY = y * (double) image.getHeight() / 224;
    double inX = x * (double) image.getWidth() / 224;
    int y0 = (int) inY;
    int x0 = (int) inX;
    int y1 = Math.min(y0 + 1, image.getHeight() - 1);
    int x1 = Math.min(x0 + 1, image.getWidth() - 1);
    double top = lerp(value(image, x0, y0, channel), value(image, x1, y0, channel), inX - x0);
    double bottom = lerp(value(image, x0, y1, channel), value(image, x1, y1, channel), inX - x0);
    return lerp(top, bottom, inY - y0);
  }

  private static double lerp(double a, double b, double t) {
    return a + (b - a) * t;
  }

  private static int value(BufferedImage image, int x, int y, int channel) {
    return (image.getRGB(x, y) >> (16 - 8 * channel)) & 0xff;
  }
}

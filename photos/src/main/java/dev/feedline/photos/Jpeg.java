package dev.feedline.photos;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/**
 * JPEG encoding with the JDK's encoder, at a given quality: the example's data set encodes its
 * crops with it, and {@code ./feedline shard} the images it re-encodes (PNGs), since the pipeline
 * decodes JPEG. The same image and quality always give the same bytes on one JDK.
 */
public final class Jpeg {
  private Jpeg() {}

  /**
   * The JPEG bytes of {@code image}, which must have no alpha channel (see {@link #rgb}).
   *
   * @param quality from 0 to 1, as {@link ImageWriteParam#setCompressionQuality} takes it
   */
  public static byte[] encode(BufferedImage image, float quality) {
    ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (MemoryCacheImageOutputStream out = new MemoryCacheImageOutputStream(bytes)) {
      ImageWriteParam param = writer.getDefaultWriteParam();
      param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
      param.setCompressionQuality(quality);
      writer.setOutput(out);
      writer.write(null, new IIOImage(image, null, null), param);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      writer.dispose();
    }
    return bytes.toByteArray();
  }

  /** {@code image} drawn onto plain RGB: JPEG has no alpha, and the JDK's encoder refuses it. */
  public static BufferedImage rgb(BufferedImage image) {
    BufferedImage rgb =
        new BufferedImage(image.getWidth(), image.getHeight(), BufferedImage.TYPE_INT_RGB);
    rgb.getGraphics().drawImage(image, 0, 0, null);
    return rgb;
  }
}

package dev.feedline.photos;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** JPEG encoding: decodable, the same bytes for the same image, smaller at a lower quality. */
class JpegTest {
  private static BufferedImage gradient(int type) {
    BufferedImage image = new BufferedImage(64, 48, type);
    for (int x = 0; x < 64; x++) {
      for (int y = 0; y < 48; y++) {
        image.setRGB(x, y, new Color(x * 4, y * 5, (x + y) * 2, 128).getRGB());
      }
    }
    return image;
  }

  @Test
  void anImageWithAlphaIsDrawnOnRgbAndDecodesAtItsSize() throws IOException {
    BufferedImage rgb = Jpeg.rgb(gradient(BufferedImage.TYPE_INT_ARGB));
    assertEquals(BufferedImage.TYPE_INT_RGB, rgb.getType());
    byte[] jpeg = Jpeg.encode(rgb, 0.95f);
    BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(jpeg));
    assertEquals(64, decoded.getWidth());
    assertEquals(48, decoded.getHeight());
    assertArrayEquals(jpeg, Jpeg.encode(Jpeg.rgb(gradient(BufferedImage.TYPE_INT_ARGB)), 0.95f),
        "the same image and quality, the same bytes");
    assertTrue(Jpeg.encode(rgb, 0.3f).length < jpeg.length, "a lower quality is smaller");
  }
}

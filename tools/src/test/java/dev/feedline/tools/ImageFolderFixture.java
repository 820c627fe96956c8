package dev.feedline.tools;

import dev.feedline.example.PhotoDataset;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;

/** A folder of labelled photos, as users have them, and a reader for the shards made from it. */
final class ImageFolderFixture {
  static final int JPEGS = 12;
  static final int PNGS = 2;

  private ImageFolderFixture() {}

  /**
   * Writes {@code flower/} and {@code temple/} sub-folders: 12 JPEGs and 2 PNGs cut from the
   * example's photographs, a file that is not an image under a JPEG name, and a text file.
   */
  static void write(Path folder) throws IOException {
    PhotoDataset photos = new PhotoDataset(7);
    for (int id = 0; id < JPEGS + PNGS; id++) {
      Path dir = folder.resolve(PhotoDataset.labelOf(id) == 0 ? "temple" : "flower");
      Files.createDirectories(dir);
      byte[] jpeg = photos.jpeg(id);
      if (id < JPEGS) {
        Files.write(dir.resolve("photo-" + id + ".jpg"), jpeg);
      } else {
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(jpeg));
        ImageIO.write(image, "png", dir.resolve("photo-" + id + ".png").toFile());
      }
    }
    Files.write(folder.resolve("temple/broken.jpg"), "not a JPEG at all".getBytes());
    Files.writeString(folder.resolve("flower/notes.txt"), "not an image name: ignored");
  }

  /** The records of a TFRecord file, in order. */
  static List<byte[]> records(Path file) throws IOException {
    List<byte[]> records = new ArrayList<>();
    try (DataInputStream in = new DataInputStream(Files.newInputStream(file))) {
      while (true) {
        byte[] header = new byte[12];
        try {
          in.readFully(header);
        } catch (EOFException end) {
          return records;
        }
        byte[] data = new byte[(int) ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN).getLong(0)];
        in.readFully(data);
        in.skipNBytes(4);
        records.add(data);
      }
    }
  }
}

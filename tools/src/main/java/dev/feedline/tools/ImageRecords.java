package dev.feedline.tools;

import dev.feedline.launcher.FileErrors;
import dev.feedline.photos.EncodedPhoto;
import dev.feedline.photos.FeedlineEncodedPhotoWriter;
import dev.feedline.photos.Jpeg;
import dev.feedline.runtime.TFRecordWriter;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * Turns one image file into the serialized {@code tf.train.Example} the example pipeline reads:
 * an {@link EncodedPhoto} ({@code image/encoded}, {@code label}, {@code id}), written by its
 * generated writer. JPEG bytes are kept as they are; a PNG is re-encoded as JPEG at quality 95,
 * since the pipeline decodes JPEG. A file that does not decode is not a record: the caller names
 * it and skips it.
 */
public final class ImageRecords {
  /** The start of the shards' names, as the example's data set names them. */
  static final String PREFIX = "photos";
  /** The JPEG quality a PNG is re-encoded at. */
  private static final float QUALITY = 0.95f;

  private ImageRecords() {}

  /**
   * The values of one image's record.
   *
   * @param jpeg the JPEG bytes, the file's or re-encoded
   */
  public record Photo(long id, long label, byte[] jpeg) implements Serializable {
    /** The serialized {@link EncodedPhoto}. */
    public byte[] record() {
      return FeedlineEncodedPhotoWriter.builder().jpeg(jpeg).label(label).id(id).toByteArray();
    }
  }

  /** The photo, or why the file was skipped. */
  public record Converted(Photo photo, String problem) {}

  public static Converted convert(ImageFolder.Image image) {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(Path.of(image.path()));
    } catch (IOException e) {
      return new Converted(null, "cannot be read: " + FileErrors.reason(e));
    }
    BufferedImage decoded;
    try {
      decoded = ImageIO.read(new ByteArrayInputStream(bytes));
    } catch (IOException | RuntimeException e) {
      decoded = null;
    }
    if (decoded == null) {
      return new Converted(null, "does not decode as an image");
    }
    boolean png = image.relative().toLowerCase(Locale.ROOT).endsWith(".png");
    byte[] jpeg = png ? Jpeg.encode(Jpeg.rgb(decoded), QUALITY) : bytes;
    return new Converted(new Photo(image.id(), image.label(), jpeg), null);
  }

  /** The file name of shard {@code index} of {@code count}, as the example's data set names them. */
  public static String shardName(int index, int count) {
    return TFRecordWriter.shardName(PREFIX, index, count);
  }
}

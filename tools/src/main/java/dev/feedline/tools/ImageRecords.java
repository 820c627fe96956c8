package dev.feedline.tools;

import com.google.protobuf.ByteString;
import dev.feedline.launcher.FileErrors;
import dev.feedline.runtime.TFRecordWriter;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import org.tensorflow.proto.BytesList;
import org.tensorflow.proto.Example;
import org.tensorflow.proto.Feature;
import org.tensorflow.proto.Features;
import org.tensorflow.proto.Int64List;

/**
 * Turns one image file into the serialized {@code tf.train.Example} the example pipeline reads
 * ({@code image/encoded}, {@code label}, {@code id}: the features of its {@code EncodedPhoto}).
 * JPEG bytes are kept as they are; a PNG is re-encoded as JPEG at quality 95, since the pipeline
 * decodes JPEG. A file that does not decode is not a record: the caller names it and skips it.
 */
public final class ImageRecords {
  private ImageRecords() {}

  /** The record, or why the file was skipped. */
  public record Converted(byte[] record, String problem) {}

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
    byte[] jpeg = png ? jpeg(decoded) : bytes;
    return new Converted(example(image.id(), image.label(), jpeg).toByteArray(), null);
  }

  /** The record of one image: the features the example pipeline's {@code EncodedPhoto} parses. */
  static Example example(long id, long label, byte[] jpeg) {
    return Example.newBuilder()
        .setFeatures(Features.newBuilder()
            .putFeature("image/encoded", Feature.newBuilder()
                .setBytesList(BytesList.newBuilder().addValue(ByteString.copyFrom(jpeg))).build())
            .putFeature("label", int64(label))
            .putFeature("id", int64(id)))
        .build();
  }

  private static Feature int64(long value) {
    return Feature.newBuilder().setInt64List(Int64List.newBuilder().addValue(value)).build();
  }

  private static byte[] jpeg(BufferedImage image) {
    BufferedImage rgb = new BufferedImage(image.getWidth(), image.getHeight(), BufferedImage.TYPE_INT_RGB);
    rgb.getGraphics().drawImage(image, 0, 0, null); // drops alpha: JPEG has none
    ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (MemoryCacheImageOutputStream stream = new MemoryCacheImageOutputStream(out)) {
      ImageWriteParam param = writer.getDefaultWriteParam();
      param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
      param.setCompressionQuality(0.95f);
      writer.setOutput(stream);
      writer.write(null, new IIOImage(rgb, null, null), param);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    } finally {
      writer.dispose();
    }
    return out.toByteArray();
  }

  /** The file name of shard {@code index} of {@code count}, as the example's data set names them. */
  public static String shardName(int index, int count) {
    return TFRecordWriter.shardName("photos", index, count);
  }
}

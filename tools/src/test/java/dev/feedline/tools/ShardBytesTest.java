package dev.feedline.tools;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.protobuf.ByteString;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.proto.BytesList;
import org.tensorflow.proto.Example;
import org.tensorflow.proto.Feature;
import org.tensorflow.proto.Features;
import org.tensorflow.proto.Int64List;

/**
 * The shards {@code ./feedline shard} writes, pinned byte for byte: data sets written before the
 * generated writers (issue 17) and after them are the same files. The input is JPEG files whose
 * bytes are fixed (the example's two photographs, under several names), so the pinned digests do
 * not depend on the JDK's image encoders; the digests were taken from the hand-written writer. A
 * PNG's record, which does, is compared with the hand-written converter's code in the same JVM.
 */
class ShardBytesTest {
  @TempDir Path dir;

  @Test
  void shardsOfFixedJpegsAreTheBytesOfTheHandWrittenWriter() throws Exception {
    Path images = dir.resolve("images");
    for (int copy = 0; copy < 3; copy++) {
      copy("china.jpg", images.resolve("temple/temple-" + copy + ".jpg"));
      copy("flower.jpg", images.resolve("flower/flower-" + copy + ".JPEG"));
    }
    Files.writeString(images.resolve("flower/broken.jpg"), "not a JPEG");
    List<ImageFolder.Image> scanned = ImageFolder.scan(images, null, 42);
    Path out = dir.resolve("out");
    try (ShardFolder folder = ShardFolder.open(out, false, "image")) {
      ShardCommand.convert(scanned, folder, 2, new PrintStream(OutputStream.nullOutputStream()));
      folder.commit(ImageRecords.PREFIX, ShardCommand.shardNames(2));
    }

    Map<String, String> digests = new LinkedHashMap<>();
    for (int s = 0; s < 2; s++) {
      String shard = ImageRecords.shardName(s, 2);
      digests.put(shard, sha256(Files.readAllBytes(out.resolve(shard))));
    }
    assertEquals(Map.of(
        "photos-00000-of-00002.tfrecord",
        "112bdfac944b7fcd2d8e81d4a2c254aa0da69220fcbaf33870eebc9836dde879",
        "photos-00001-of-00002.tfrecord",
        "f43c8716ff0fc388d6fe689c612ba4ceb0e7d3c9e9a2a768ce929cc91631307a"), digests);
  }

  /**
   * A PNG, whose JPEG depends on the JDK's encoder, is re-encoded and written as the hand-written
   * converter did: the record equals the one its code, kept here, makes in the same JVM.
   */
  @Test
  void aPngBecomesTheRecordOfTheHandWrittenConverter() throws IOException {
    BufferedImage photo;
    try (InputStream in = ShardBytesTest.class.getResourceAsStream(
        "/dev/feedline/example/photos/flower.jpg")) {
      photo = ImageIO.read(in);
    }
    BufferedImage withAlpha = new BufferedImage(120, 80, BufferedImage.TYPE_INT_ARGB);
    withAlpha.getGraphics().drawImage(photo, 0, 0, 120, 80, null);
    Path png = dir.resolve("flower.png");
    ImageIO.write(withAlpha, "png", png.toFile());

    ImageRecords.Converted converted =
        ImageRecords.convert(new ImageFolder.Image(png.toString(), "flowers/flower.png", 1, 5));

    byte[] handWritten = handWrittenExample(5, 1, handWrittenJpeg(ImageIO.read(png.toFile())));
    assertArrayEquals(handWritten, converted.photo().record());
  }

  /** The record of the converter before generated writers. */
  private static byte[] handWrittenExample(long id, long label, byte[] jpeg) {
    return Example.newBuilder()
        .setFeatures(Features.newBuilder()
            .putFeature("image/encoded", Feature.newBuilder()
                .setBytesList(BytesList.newBuilder().addValue(ByteString.copyFrom(jpeg))).build())
            .putFeature("label", Feature.newBuilder()
                .setInt64List(Int64List.newBuilder().addValue(label)).build())
            .putFeature("id", Feature.newBuilder()
                .setInt64List(Int64List.newBuilder().addValue(id)).build()))
        .build().toByteArray();
  }

  /** The converter's re-encoding before the shared JPEG code: RGB, quality 95. */
  private static byte[] handWrittenJpeg(BufferedImage image) throws IOException {
    BufferedImage rgb = new BufferedImage(image.getWidth(), image.getHeight(),
        BufferedImage.TYPE_INT_RGB);
    rgb.getGraphics().drawImage(image, 0, 0, null);
    ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (MemoryCacheImageOutputStream stream = new MemoryCacheImageOutputStream(out)) {
      ImageWriteParam param = writer.getDefaultWriteParam();
      param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
      param.setCompressionQuality(0.95f);
      writer.setOutput(stream);
      writer.write(null, new IIOImage(rgb, null, null), param);
    } finally {
      writer.dispose();
    }
    return out.toByteArray();
  }

  private static void copy(String photograph, Path to) throws IOException {
    Files.createDirectories(to.getParent());
    try (InputStream in = ShardBytesTest.class.getResourceAsStream(
        "/dev/feedline/example/photos/" + photograph)) {
      Files.copy(in, to);
    }
  }

  private static String sha256(byte[] bytes) throws NoSuchAlgorithmException {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
  }
}

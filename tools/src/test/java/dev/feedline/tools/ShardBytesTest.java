package dev.feedline.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shards {@code ./feedline shard} writes, pinned byte for byte: data sets written before the
 * generated writers (issue 17) and after them are the same files. The input is JPEG files whose
 * bytes are fixed (the example's two photographs, under several names), so the pinned digests do
 * not depend on the JDK's image encoders; the digests were taken from the hand-written writer.
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
      folder.commit(ShardCommand.shardNames(2));
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

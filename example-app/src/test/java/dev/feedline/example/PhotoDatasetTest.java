package dev.feedline.example;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.proto.BytesList;
import org.tensorflow.proto.Example;
import org.tensorflow.proto.Feature;
import org.tensorflow.proto.Features;
import org.tensorflow.proto.Int64List;

/** The photo data set: distinct real-photo JPEGs, framed as TFRecords, the same on every run. */
class PhotoDatasetTest {
  @TempDir Path dir;

  @Test
  void photosAreDistinctDecodableCropsAndTheSameForTheSameSeed() throws IOException {
    PhotoDataset photos = new PhotoDataset(7);
    byte[] first = photos.jpeg(0);
    assertArrayEquals(first, new PhotoDataset(7).jpeg(0), "deterministic");
    assertFalse(Arrays.equals(first, photos.jpeg(2)), "distinct photos");
    BufferedImage image = ImageIO.read(new ByteArrayInputStream(first));
    int longSide = Math.max(image.getWidth(), image.getHeight());
    assertTrue(longSide >= 160 && longSide <= 320, "long side " + longSide);
  }

  @Test
  void shardsHoldFramedExamplesWithValidChecksums() throws IOException {
    List<Path> shards = new PhotoDataset(7).write(dir, 10, 3);
    assertEquals(List.of(dir.resolve("photos-00000-of-00003.tfrecord"),
        dir.resolve("photos-00001-of-00003.tfrecord"), dir.resolve("photos-00002-of-00003.tfrecord")),
        shards);
    try (var listing = Files.list(dir)) {
      assertEquals(List.of("photos-00000-of-00003.tfrecord", "photos-00001-of-00003.tfrecord",
          "photos-00002-of-00003.tfrecord", "photos.feedline-shards"),
          listing.map(f -> f.getFileName().toString()).sorted().toList(),
          "the shards and their manifest; no partial files left behind");
    }
    ByteBuffer shard = ByteBuffer.wrap(Files.readAllBytes(shards.get(1))).order(ByteOrder.LITTLE_ENDIAN);
    long[] ids = new long[3];
    for (int i = 0; i < 3; i++) {
      byte[] length = new byte[8];
      shard.get(length);
      assertArrayEquals(maskedCrc(length), bytes(shard, 4), "length CRC");
      byte[] data = bytes(shard, (int) ByteBuffer.wrap(length).order(ByteOrder.LITTLE_ENDIAN).getLong());
      assertArrayEquals(maskedCrc(data), bytes(shard, 4), "data CRC");
      Example example = Example.parseFrom(data);
      ids[i] = example.getFeatures().getFeatureOrThrow("id").getInt64List().getValue(0);
      assertEquals(PhotoDataset.labelOf(ids[i]),
          example.getFeatures().getFeatureOrThrow("label").getInt64List().getValue(0));
    }
    assertFalse(shard.hasRemaining());
    assertArrayEquals(new long[] {1, 4, 7}, ids, "photo id goes to shard id % 3");
  }

  /**
   * The data set written through the generated writer holds the bytes the hand-written Example
   * builder of before wrote (kept here): data sets stay the same files.
   */
  @Test
  void recordsAreTheBytesOfTheHandWrittenExamples() throws IOException {
    PhotoDataset photos = new PhotoDataset(7);
    List<Path> shards = photos.write(dir, 6, 2);
    for (int s = 0; s < 2; s++) {
      ByteBuffer shard =
          ByteBuffer.wrap(Files.readAllBytes(shards.get(s))).order(ByteOrder.LITTLE_ENDIAN);
      for (long id = s; id < 6; id += 2) {
        int length = (int) shard.getLong();
        shard.getInt();
        byte[] data = bytes(shard, length);
        shard.getInt();
        assertArrayEquals(handWritten(id, PhotoDataset.labelOf(id), photos.jpeg(id)), data,
            "photo " + id);
      }
      assertFalse(shard.hasRemaining());
    }
  }

  private static byte[] handWritten(long id, long label, byte[] jpeg) {
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

  /** A writer never writes an empty shard, nor shards beside those of an earlier data set. */
  @Test
  void emptyShardsAndShardsBesideOlderOnesAreRefused() throws IOException {
    PhotoDataset photos = new PhotoDataset(7);
    IllegalArgumentException tooFew = assertThrows(IllegalArgumentException.class,
        () -> photos.write(dir, 3, 8));
    assertEquals("3 photos cannot fill 8 shards: a shard holds at least one photo; write 3"
        + " shards or fewer", tooFew.getMessage());

    photos.write(dir, 4, 2);
    IllegalArgumentException older = assertThrows(IllegalArgumentException.class,
        () -> photos.write(dir, 6, 3));
    assertEquals(dir + " already holds 2 TFRecord file(s), such as photos-00000-of-00002.tfrecord;"
        + " new shards beside them would be read together with them", older.getMessage());
    try (var listing = Files.list(dir)) {
      assertEquals(3, listing.count(), "the older data set is left as it was: 2 shards and their"
          + " manifest");
    }
  }

  /** The masked CRC32C TFRecord framing stores, computed here apart from the writer's. */
  private static byte[] maskedCrc(byte[] bytes) {
    CRC32C crc = new CRC32C();
    crc.update(bytes);
    int value = (int) crc.getValue();
    int masked = ((value >>> 15) | (value << 17)) + 0xa282ead8;
    return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(masked).array();
  }

  private static byte[] bytes(ByteBuffer buffer, int n) {
    byte[] bytes = new byte[n];
    buffer.get(bytes);
    return bytes;
  }
}

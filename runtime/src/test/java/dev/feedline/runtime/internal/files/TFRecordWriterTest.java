package dev.feedline.runtime.internal.files;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.Compression;
import dev.feedline.runtime.TFRecordWriter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The TFRecord writer: TensorFlow's framing, read back by the runtime's own reader. */
class TFRecordWriterTest {
  @TempDir Path dir;

  @Test
  void theMaskedCrcMatchesTensorFlowsDefinition() {
    // crc32c("123456789") = 0xE3069283 (RFC 3720); masked: rotate right 15, add 0xa282ead8.
    int crc = 0xE3069283;
    int masked = ((crc >>> 15) | (crc << 17)) + 0xa282ead8;
    byte[] bytes = "123456789".getBytes(StandardCharsets.US_ASCII);
    assertEquals(masked, TFRecordFraming.maskedCrc(bytes, 0, bytes.length));
    assertArrayEquals(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(masked).array(),
        TFRecordFraming.footer(bytes));
  }

  @Test
  void recordsWrittenAreReadBackInOrderAndTheFileAppearsOnlyWhenCommitted() throws IOException {
    Path file = dir.resolve("a.tfrecord");
    List<byte[]> records = List.of(new byte[0], "one".getBytes(StandardCharsets.UTF_8),
        new byte[100_000]);
    try (TFRecordWriter writer = new TFRecordWriter(file)) {
      for (byte[] record : records) {
        writer.write(record);
      }
      assertEquals(3, writer.records());
      assertEquals(List.of(dir.resolve("a.tfrecord.partial")), list(), "written under a temporary name");
      writer.commit();
    }
    assertEquals(List.of(file), list());
    List<byte[]> read = new ArrayList<>();
    assertEquals(java.util.Optional.empty(), TFRecordFile.checkAll(file, read::add));
    assertEquals(3, read.size());
    for (int i = 0; i < 3; i++) {
      assertArrayEquals(records.get(i), read.get(i), "record " + i);
    }
  }

  @Test
  void compressedFilesHoldTheSameRecordsAsGzipAndZlibStreams() throws IOException {
    List<byte[]> records = List.of("one".getBytes(StandardCharsets.UTF_8), new byte[70_000],
        new byte[0]);
    for (Compression compression : List.of(Compression.GZIP, Compression.ZLIB)) {
      Path file = dir.resolve(compression + ".tfrecord");
      try (TFRecordWriter writer = new TFRecordWriter(file, compression)) {
        for (byte[] record : records) {
          writer.write(record);
        }
        assertEquals(12 + 3 + 4 + 12 + 70_000 + 4 + 12 + 4, writer.bytes(), "framed, uncompressed");
        writer.commit();
      }
      byte[] head = Arrays.copyOf(Files.readAllBytes(file), 2);
      assertEquals(compression == Compression.GZIP ? "1f8b" : "789c",
          java.util.HexFormat.of().formatHex(head), "the stream's magic bytes");
      assertTrue(Files.size(file) < 1000, "70,000 zeros compress: " + Files.size(file));
      assertEquals(records.stream().map(Arrays::toString).toList(), read(file, compression),
          compression.toString());
    }
  }

  /** A write that fails leaves no file under the real name, nor a temporary one. */
  @Test
  void aFailedWriteLeavesNoFileBehind() throws IOException {
    Path file = dir.resolve("a.tfrecord");
    try (TFRecordWriter writer = new TFRecordWriter(file)) {
      writer.write(new byte[10]);
      assertThrows(NullPointerException.class, () -> writer.write(null));
      assertThrows(IllegalStateException.class, () -> writer.write(new byte[1]),
          "nothing more goes into a file that will not be kept");
    }
    assertEquals(List.of(), list(), "neither a.tfrecord nor a.tfrecord.partial");
  }

  /** Try-with-resources and the caller's own exception: the file must not appear half written. */
  @Test
  void aWriterClosedByTheCallersExceptionLeavesNoFile() throws IOException {
    Path file = dir.resolve("a.tfrecord");
    assertThrows(IllegalStateException.class, () -> {
      try (TFRecordWriter writer = new TFRecordWriter(file)) {
        writer.write(new byte[] {1});
        if (writer.records() == 1) {
          throw new IllegalStateException("the caller's own failure");
        }
        writer.commit();
      }
    });
    assertEquals(List.of(), list(), "neither a.tfrecord nor a.tfrecord.partial");
  }

  @Test
  void shardNamesSortInShardOrder() {
    assertEquals("part-00002-of-00008.tfrecord", TFRecordWriter.shardName("part", 2, 8));
    assertEquals("IllegalArgumentException: shard 8 of 8 does not exist",
        describe(assertThrows(IllegalArgumentException.class,
            () -> TFRecordWriter.shardName("part", 8, 8))));
  }

  /** The records of {@code file}, each as {@code Arrays.toString}. */
  static List<String> read(Path file, Compression compression) {
    List<String> read = new ArrayList<>();
    TFRecordFile.Framing framing = CompressedTFRecordFile.check(file, compression, data -> {
      read.add(Arrays.toString(data));
      return java.util.Optional.empty();
    });
    assertEquals(java.util.Optional.empty(), framing.damage(), file.toString());
    return read;
  }

  private List<Path> list() throws IOException {
    try (var files = Files.list(dir)) {
      return files.sorted().toList();
    }
  }

  private static String describe(Exception e) {
    return e.getClass().getSimpleName() + ": " + e.getMessage();
  }
}

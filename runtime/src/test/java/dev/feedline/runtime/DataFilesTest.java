package dev.feedline.runtime;

import static dev.feedline.runtime.PipelineInfo.elementWork;
import static dev.feedline.runtime.PipelineInfo.source;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.feedline.Interleave;
import dev.feedline.TFRecordSource;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Resolving the file names and globs a TFRecord source is given. */
class DataFilesTest {
  private static final PipelineInfo PIPELINE =
      new PipelineInfo("x.Rows", "test", List.of(
          source("files", TFRecordSource.class, "TensorSliceDataset"),
          elementWork("read", Interleave.class, "ParallelInterleaveDatasetV4", "TFRecordDatasetV2")));

  @TempDir Path dir;

  /** Writes a TFRecord file of one empty record: valid framing, nothing more. */
  private String touch(String name) throws IOException {
    Path file = dir.resolve(name);
    Files.createDirectories(file.getParent());
    byte[] length = new byte[8];
    ByteBuffer record = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN)
        .put(length).putInt(maskedCrc(length)).putInt(maskedCrc(new byte[0]));
    Files.write(file, record.array());
    return file.toString();
  }

  private static int maskedCrc(byte[] bytes) {
    CRC32C crc = new CRC32C();
    crc.update(bytes);
    int value = (int) crc.getValue();
    return ((value >>> 15) | (value << 17)) + 0xa282ead8;
  }

  @Test
  void globsMatchInSortedOrderAndAFileNamedTwiceIsReadOnce() throws IOException {
    String b = touch("b.tfrecord");
    String a = touch("a.tfrecord");
    String c = touch("sub/c.tfrecord");
    Files.writeString(dir.resolve("notes.txt"), "not matched");

    DataFiles.Resolved resolved =
        DataFiles.resolve(PIPELINE, List.of(dir + "/*.tfrecord", b, dir + "/sub/*"));

    assertEquals(List.of(a, b, c), resolved.files());
    assertEquals(3, resolved.records(), "one record per file, each counted once");
  }

  @Test
  void tensorFlowListsFilesForPatternsWithAScheme() throws IOException {
    String a = touch("a.tfrecord");
    Files.writeString(dir.resolve("b.txt"), "not a record file, not matched");
    DataFiles.Resolved resolved = DataFiles.resolve(PIPELINE, List.of("file://" + dir + "/*.tfrecord"));
    assertEquals(List.of("file://" + a), resolved.files());
    assertEquals(-1, resolved.records(), "not counted on a file system TensorFlow reads");
  }

  @Test
  void everyBadPatternOrFileIsNamed() throws IOException {
    touch("a.tfrecord");
    Files.createDirectories(dir.resolve("folder"));
    assertProblem(List.of(dir + "/*.tfrec"), dir + "/*.tfrec", "the pattern matches no file");
    assertProblem(List.of(dir + "/missing/*.tfrecord"), dir + "/missing/*.tfrecord",
        "the pattern matches no file");
    assertProblem(List.of(dir + "/gone.tfrecord"), dir + "/gone.tfrecord", "the file does not exist");
    assertProblem(List.of(dir + "/folder"), dir + "/folder", "the path is a folder, not a file");
    FeedlineException none = assertThrows(FeedlineException.class,
        () -> DataFiles.resolve(PIPELINE, List.of()));
    assertEquals("Pipeline Rows, stage 'files' (@TFRecordSource): no files given to read",
        none.getMessage());
  }

  @Test
  void aFileWithoutReadPermissionIsNamed() throws IOException {
    Path file = Path.of(touch("locked.tfrecord"));
    Files.setPosixFilePermissions(file, Set.of());
    assumeFalse(Files.isReadable(file), "root reads every file, whatever its permissions");
    assertProblem(List.of(file.toString()), file.toString(),
        "the file is not readable (permission denied)");
  }

  private static void assertProblem(List<String> patterns, String file, String problem) {
    FeedlineException error =
        assertThrows(FeedlineException.class, () -> DataFiles.resolve(PIPELINE, patterns));
    assertEquals("Pipeline Rows, stage 'files' (@TFRecordSource), file " + file + ": " + problem,
        error.getMessage());
  }
}

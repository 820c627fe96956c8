package dev.feedline.runtime.internal.files;

import static dev.feedline.runtime.PipelineInfo.elementWork;
import static dev.feedline.runtime.PipelineInfo.source;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.feedline.Interleave;
import dev.feedline.TFRecordSource;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.PipelineInfo;
import dev.feedline.runtime.internal.CapturedLog;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Resolving the file names and globs a TFRecord source is given. */
class DataFilesTest {
  static final PipelineInfo PIPELINE =
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

  @Test
  void aGlobFollowsASymbolicLinkToAFolder() throws IOException {
    touch("real/a.tfrecord");
    Files.createSymbolicLink(dir.resolve("link"), dir.resolve("real"));
    assertEquals(List.of(dir + "/link/a.tfrecord"),
        DataFiles.resolve(PIPELINE, List.of(dir + "/link/*.tfrecord")).files());
  }

  @Test
  void aSymbolicLinkLoopAndABrokenLinkAreNamedAsSuch() throws IOException {
    Path loop = Files.createSymbolicLink(dir.resolve("loop.tfrecord"), dir.resolve("loop.tfrecord"));
    Path broken = Files.createSymbolicLink(dir.resolve("broken.tfrecord"), dir.resolve("none"));
    assertProblem(List.of(loop.toString()), loop.toString(),
        "the path is a symbolic link that leads back to itself: a loop");
    assertProblem(List.of(broken.toString()), broken.toString(),
        "the path is a symbolic link to " + dir.resolve("none") + ", which does not exist");
  }

  @Test
  void aGlobWalksOnlyAsDeepAsItsNamesAndSkipsLinkLoopsBelowADoubleStar() throws IOException {
    String a = touch("a.tfrecord");
    String b = touch("sub/b.tfrecord");
    Files.createDirectories(dir.resolve("sub/deeper"));
    Files.createSymbolicLink(dir.resolve("sub/deeper/up"), dir);
    try (CapturedLog log = new CapturedLog(DataFiles.class)) {
      assertEquals(List.of(a), DataFiles.resolve(PIPELINE, List.of(dir + "/*.tfrecord")).files());
      assertEquals(List.of(b), DataFiles.resolve(PIPELINE, List.of(dir + "/*/b.tfrecord")).files());
      assertEquals(List.of(), log.messages(), "sub/deeper is below what the patterns name");

      assertEquals(List.of(b), DataFiles.resolve(PIPELINE, List.of(dir + "/**/*.tfrecord")).files());
      assertEquals(List.of("Skipping " + dir + "/sub/deeper/up while matching " + dir
          + "/**/*.tfrecord: a symbolic link leads back to a folder above it"), log.messages());
    }
  }

  @Test
  void anUnreadableFolderBelowAGlobIsSkippedAndNamed() throws IOException {
    String a = touch("a.tfrecord");
    String b = touch("sub/b.tfrecord");
    touch("lost+found/c.tfrecord");
    Path locked = dir.resolve("lost+found");
    Files.setPosixFilePermissions(locked, Set.of());
    try (CapturedLog log = new CapturedLog(DataFiles.class)) {
      assumeFalse(Files.isReadable(locked), "root reads every folder, whatever its permissions");
      assertEquals(List.of(a), DataFiles.resolve(PIPELINE, List.of(dir + "/*.tfrecord")).files());
      assertEquals(List.of(), log.messages(), "a folder the pattern does not enter is not listed");
      assertEquals(List.of(b), DataFiles.resolve(PIPELINE, List.of(dir + "/**/*.tfrecord")).files());
      assertEquals(List.of("Skipping " + locked + " while matching " + dir + "/**/*.tfrecord:"
          + " permission denied"), log.messages());
    } finally {
      Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwx------"));
    }
  }

  @Test
  void filesAreReadWithExactlyTheRecordsTheirCheckCounted() throws IOException {
    String a = touch("a.tfrecord");
    DataFiles.Resolved resolved = DataFiles.resolve(PIPELINE, List.of(a));
    assertEquals(List.of(new FileSegment(a, 0, 1)), resolved.segments(),
        "TensorFlow reads no further, whatever is appended");
    assertEquals(List.of(a), resolved.identities().stream().map(FileIdentity::file).toList());
  }

  @Test
  void aFilesCheckIsRecalledUntilTheFileChanges() throws Exception {
    Path checks = dir.resolve("checks");
    String before = System.getProperty("feedline.checks");
    System.setProperty("feedline.checks", checks.toString());
    try {
      Path file = Path.of(touch("a.tfrecord"));
      assertEquals(1, DataFiles.resolve(PIPELINE, List.of(file.toString())).records());
      assertFalse(Files.exists(checks), "a file changed just now is checked again next time");

      Thread.sleep(2100); // file times advance in coarse steps: a check is kept once they settle
      assertEquals(1, DataFiles.resolve(PIPELINE, List.of(file.toString())).records());
      try (var stored = Files.list(checks)) {
        assertEquals(1, stored.count(), "one remembered check per file");
      }
      // Plant another count for the file as it is now: a later build recalls it, unread.
      FileChecks.remember(FileIdentity.of(file), DataFiles.FRAMING, List.of("records 7"),
          System.currentTimeMillis());
      FileChecks.forgetInProcess();
      assertEquals(7, DataFiles.resolve(PIPELINE, List.of(file.toString())).records());

      Path check;
      try (var stored = Files.list(checks)) {
        check = stored.findFirst().orElseThrow();
      }
      FileChecks.forgetInProcess();
      Files.writeString(check, Files.readString(check).replace("records 7", "records 8"));
      assertEquals(1, DataFiles.resolve(PIPELINE, List.of(file.toString())).records(),
          "a remembered check whose own checksum fails is not trusted");

      Files.write(file, Files.readAllBytes(file), StandardOpenOption.APPEND); // now 2 records
      assertEquals(2, DataFiles.resolve(PIPELINE, List.of(file.toString())).records(),
          "a changed file is checked again");
    } finally {
      FileChecks.forgetInProcess();
      if (before == null) {
        System.clearProperty("feedline.checks");
      } else {
        System.setProperty("feedline.checks", before);
      }
    }
  }

  private static void assertProblem(List<String> patterns, String file, String problem) {
    FeedlineException error =
        assertThrows(FeedlineException.class, () -> DataFiles.resolve(PIPELINE, patterns));
    assertEquals("Pipeline Rows, stage 'files' (@TFRecordSource), file " + file + ": " + problem,
        error.getMessage());
  }
}

package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.TFRecordWriter;
import dev.feedline.tests.pipelines.FeedlineFileCachedRowsPipeline;
import dev.feedline.tests.pipelines.FeedlineRowsPipeline;
import dev.feedline.tests.pipelines.FeedlineSkippingRowsPipeline;
import dev.feedline.tests.pipelines.FeedlineStreamingRowsPipeline;
import dev.feedline.tests.pipelines.FeedlineStreamingRowsPipeline.RowTensors;
import dev.feedline.tests.support.EpochRows;
import dev.feedline.tests.support.TestData;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.LongStream;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;

/**
 * Files that change after the pipeline was built: between epochs, during an epoch, or into a file
 * that would make TensorFlow's reader allocate 2^40 bytes. Each epoch yields the records of the
 * files as they were at {@code build()}, each once, or fails naming the file; never duplicates, a
 * silent loss or a crash. docs/reliability.md lists the cases.
 */
class ChangingFilesTest {
  @TempDir Path dir;

  private Path file(int index) {
    return dir.resolve("rows-" + index + ".tfrecord");
  }

  /** Writes rows {@code first ..} to {@code file} under a staging name, then moves it in place. */
  private void replace(Path file, long first, int count) throws IOException {
    Path staged = Files.createDirectories(dir.resolve("staging")).resolve(file.getFileName());
    try (TFRecordWriter writer = new TFRecordWriter(staged)) {
      for (long id = first; id < first + count; id++) {
        writer.write(TestData.row(id).toByteArray());
      }
      writer.commit();
    }
    Files.move(staged, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  private void append(Path file, long first, int count) throws IOException {
    Path extra = dir.resolve("extra.bin");
    replace(extra, first, count);
    Files.write(file, Files.readAllBytes(extra), StandardOpenOption.APPEND);
    Files.delete(extra);
  }

  /** A record header claiming {@code length} bytes, with its checksum computed: TFRecord framing. */
  private static byte[] header(long length) {
    ByteBuffer header = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN).putLong(length);
    CRC32C crc = new CRC32C();
    crc.update(header.array(), 0, 8);
    int value = (int) crc.getValue();
    return header.putInt(((value >>> 15) | (value << 17)) + 0xa282ead8).array();
  }

  private FeedlineStreamingRowsPipeline streaming(Graph graph) {
    return FeedlineStreamingRowsPipeline.builder().files(dir + "/*.tfrecord").build(graph);
  }

  private static List<Long> ids(RowTensors batch) {
    List<Long> ids = new ArrayList<>();
    batch.id().scalars().forEach(id -> ids.add(id.getLong()));
    return ids;
  }

  private static List<Long> drain(EpochIterator<RowTensors> epoch) {
    List<Long> ids = new ArrayList<>();
    epoch.forEach(batch -> ids.addAll(ids(batch)));
    return ids;
  }

  private static List<Long> range(long from, long to) {
    return LongStream.range(from, to).boxed().toList();
  }

  private String changed(Path file, long size, long was) {
    return String.format(Locale.ROOT, "Pipeline StreamingRowsPipeline, stage 'files'"
        + " (@TFRecordSource), file %s: the file has changed since the pipeline was built: its size"
        + " is %,d bytes, was %,d", file, size, was);
  }

  private static void assertEndsRebuild(FeedlineException error) {
    assertTrue(error.getMessage().endsWith("; build the pipeline again to read it as it is now"),
        error.getMessage());
  }

  @Test
  void aFileAppendedToOrCutBetweenEpochsFailsTheNextEpochNamingTheFile() throws IOException {
    TestData.writeRows(dir, 2, 20);
    long size = Files.size(file(1));
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineStreamingRowsPipeline pipeline = streaming(graph)) {
      try (EpochIterator<RowTensors> first = pipeline.epoch(session)) {
        assertEquals(range(0, 40), drain(first));
      }
      append(file(1), 40, 5);
      FeedlineException appended = assertThrows(FeedlineException.class, () -> pipeline.epoch(session));
      assertEquals(file(1).toString(), appended.file().orElseThrow());
      assertEquals("files", appended.stage().orElseThrow().method());
      assertTrue(appended.getMessage().startsWith(changed(file(1), Files.size(file(1)), size)),
          appended.getMessage());
      assertEndsRebuild(appended);

      byte[] bytes = Files.readAllBytes(file(1));
      long cut = size - (16 + TestData.row(19).getSerializedSize()); // at a record boundary
      Files.write(file(1), Arrays.copyOf(bytes, (int) cut));
      FeedlineException truncated = assertThrows(FeedlineException.class, () -> pipeline.epoch(session));
      assertTrue(truncated.getMessage().startsWith(changed(file(1), cut, size)),
          truncated.getMessage());
    }
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineStreamingRowsPipeline rebuilt = streaming(graph);
        EpochIterator<RowTensors> epoch = rebuilt.epoch(session)) {
      assertEquals(range(0, 39), drain(epoch), "built again, it reads the files as they are");
    }
  }

  @Test
  void aFileReplacedByOneThatClaims2To40BytesFailsInsteadOfCrashingTheProcess() throws IOException {
    TestData.writeRows(dir, 2, 20);
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineStreamingRowsPipeline pipeline = streaming(graph)) {
      try (EpochIterator<RowTensors> first = pipeline.epoch(session)) {
        assertEquals(range(0, 40), drain(first));
      }
      // Same path, same size: a first record whose valid header claims 1 TiB. TensorFlow's reader
      // would allocate it, and the process would die in BufferedInputStream::ReadNBytes.
      byte[] bytes = Files.readAllBytes(file(1));
      System.arraycopy(header(1L << 40), 0, bytes, 0, 12);
      Path staged = Files.write(dir.resolve("staged.bin"), bytes);
      Files.move(staged, file(1), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);

      FeedlineException error = assertThrows(FeedlineException.class, () -> pipeline.epoch(session));
      assertTrue(error.getMessage().startsWith("Pipeline StreamingRowsPipeline, stage 'files'"
          + " (@TFRecordSource), file " + file(1) + ": the file has changed since the pipeline was"
          + " built: it was replaced by another file"), error.getMessage());
      assertThrows(FeedlineException.class, () -> pipeline.epoch(session), "and every time after");
    }
    try (Graph graph = new Graph()) {
      FeedlineException atBuild = assertThrows(FeedlineException.class, () -> streaming(graph));
      assertEquals("Pipeline StreamingRowsPipeline, stage 'files' (@TFRecordSource), file "
          + file(1) + ": record 0 at byte 0 has a corrupt length: its checksum matches, but it"
          + " claims 1099511627776 bytes where the file has " + (Files.size(file(1)) - 16)
          + " left, and a record starts at byte " + (16 + TestData.row(20).getSerializedSize()),
          atBuild.getMessage());
    }
  }

  @Test
  void aFileAppendedToDuringAnEpochIsReadAsItWasAndTheEpochFailsAtItsEnd() throws IOException {
    TestData.writeRows(dir, 1, 200);
    long size = Files.size(file(0));
    List<Long> ids = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineStreamingRowsPipeline pipeline = streaming(graph);
        EpochIterator<RowTensors> epoch = pipeline.epoch(session)) {
      ids.addAll(ids(epoch.next()));
      append(file(0), 200, 50);
      FeedlineException error = assertThrows(FeedlineException.class,
          () -> epoch.forEachRemaining(batch -> ids.addAll(ids(batch))));
      assertEquals(range(0, 200), ids, "the records of build() time, each once");
      assertTrue(error.getMessage().startsWith(changed(file(0), Files.size(file(0)), size)),
          error.getMessage());
      assertFalse(epoch.hasNext(), "the epoch has ended");
    }
  }

  @Test
  void aFileReplacedOrCutDuringAnEpochFailsTheEpochAtItsEndWithoutDuplicates() throws IOException {
    TestData.writeRows(dir, 1, 200);
    for (boolean cut : new boolean[] {false, true}) {
      replace(file(0), 0, 200);
      List<Long> ids = new ArrayList<>();
      try (Graph graph = new Graph();
          Session session = new Session(graph);
          FeedlineStreamingRowsPipeline pipeline = streaming(graph);
          EpochIterator<RowTensors> epoch = pipeline.epoch(session)) {
        ids.addAll(ids(epoch.next()));
        if (cut) {
          byte[] bytes = Files.readAllBytes(file(0));
          Files.write(file(0), Arrays.copyOf(bytes, bytes.length / 2));
        } else {
          replace(file(0), 1000, 200);
        }
        FeedlineException error = assertThrows(FeedlineException.class,
            () -> epoch.forEachRemaining(batch -> ids.addAll(ids(batch))));
        assertEquals(file(0).toString(), error.file().orElseThrow());
        assertTrue(error.getMessage().contains(cut ? ": the file has changed since the pipeline was"
            + " built: its size is " : ": the file has changed since the pipeline was built: it was"
            + " replaced by another file"), error.getMessage());
        Set<Long> distinct = new TreeSet<>(ids);
        assertEquals(ids.size(), distinct.size(), "no duplicates");
        assertTrue(range(0, 200).containsAll(distinct), "only records of build() time: " + distinct);
      }
    }
  }

  @Test
  void aFileDeletedDuringAnEpochIsNamedWhenTheEpochReachesIt() throws IOException {
    TestData.writeRows(dir, 3, 200);
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineStreamingRowsPipeline pipeline = streaming(graph);
        EpochIterator<RowTensors> epoch = pipeline.epoch(session)) {
      epoch.next(); // file 0 is open; file 1, read after it, is not yet
      Files.delete(file(1));
      FeedlineException error = assertThrows(FeedlineException.class,
          () -> epoch.forEachRemaining(batch -> { }));
      assertEquals(file(1).toString(), error.file().orElseThrow());
      assertTrue(error.getMessage().startsWith("Pipeline StreamingRowsPipeline, stage 'read'"
          + " (@Interleave), file " + file(1) + ": the file has disappeared (TensorFlow: "),
          error.getMessage());
      assertFalse(epoch.hasNext());
    }
  }

  @Test
  void aPermissionRemovedAfterBuildNamesTheStageAndTheFile() throws IOException {
    TestData.writeRows(dir, 3, 200);
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineStreamingRowsPipeline pipeline = streaming(graph)) {
      try (EpochIterator<RowTensors> epoch = pipeline.epoch(session)) {
        epoch.next();
        Files.setPosixFilePermissions(file(1), Set.of());
        assumeFalse(Files.isReadable(file(1)), "root reads every file, whatever its permissions");
        FeedlineException error = assertThrows(FeedlineException.class,
            () -> epoch.forEachRemaining(batch -> { }));
        assertTrue(error.getMessage().startsWith("Pipeline StreamingRowsPipeline, stage 'read'"
            + " (@Interleave), file " + file(1) + ": the file is no longer readable (permission"
            + " denied) (TensorFlow: "), error.getMessage());
      }
      assertEquals("Pipeline StreamingRowsPipeline, stage 'files' (@TFRecordSource), file "
          + file(1) + ": the file is no longer readable (permission denied)",
          assertThrows(FeedlineException.class, () -> pipeline.epoch(session)).getMessage());
    }
  }

  @Test
  void underTheSkipPolicyAFileChangedBetweenEpochsFailsTheNextEpochToo() throws IOException {
    TestData.writeRows(dir, 2, 20);
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineSkippingRowsPipeline pipeline =
            FeedlineSkippingRowsPipeline.builder().files(dir + "/*.tfrecord").build(graph)) {
      try (EpochIterator<FeedlineSkippingRowsPipeline.RowTensors> first = pipeline.epoch(session)) {
        first.forEachRemaining(batch -> { });
      }
      replace(file(0), 100, 20);
      FeedlineException error = assertThrows(FeedlineException.class, () -> pipeline.epoch(session));
      assertTrue(error.getMessage().startsWith("Pipeline SkippingRowsPipeline, stage 'files'"
          + " (@TFRecordSource), file " + file(0) + ": the file has changed since the pipeline was"
          + " built: it was replaced by another file"), error.getMessage());
    }
  }

  @Test
  void epochsServedFromAFilledCacheDoNotReadTheFilesAndDoNotCheckThem() throws IOException {
    TestData.writeRows(dir, 2, 20);
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineRowsPipeline pipeline =
            FeedlineRowsPipeline.builder().files(dir + "/*.tfrecord").build(graph)) {
      List<Set<Long>> epochs = new ArrayList<>();
      for (int epoch = 0; epoch < 2; epoch++) {
        Set<Long> ids = new TreeSet<>();
        try (EpochIterator<FeedlineRowsPipeline.TotalsTensors> batches = pipeline.epoch(session)) {
          batches.forEach(batch -> batch.id().scalars().forEach(id -> ids.add(id.getLong())));
        }
        epochs.add(ids);
        append(file(1), 40, 5);
      }
      assertEquals(new TreeSet<>(range(0, 40)), epochs.get(1), "epoch 2 came from the cache");
      assertEquals(epochs.get(0), epochs.get(1));
    }
  }

  @Test
  void epochsServedFromACompleteFileCacheDoNotReadTheFilesAndDoNotCheckThem() throws IOException {
    TestData.writeRows(dir, 2, 20);
    String files = dir + "/*.tfrecord";
    String cache = dir.resolve("cache").toString();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineFileCachedRowsPipeline pipeline =
            FeedlineFileCachedRowsPipeline.builder().files(files).cacheFile(cache).build(graph)) {
      assertEquals(new TreeSet<>(range(0, 40)), EpochRows.read(pipeline, session).keySet());
      append(file(1), 40, 5);
      // Epoch 2 reads the folder epoch 1 sealed: it yielded every row, then failed at its end
      // saying the file had changed (found by the chaos test), and every later epoch at its start.
      for (int epoch = 2; epoch <= 3; epoch++) {
        assertEquals(new TreeSet<>(range(0, 40)), EpochRows.read(pipeline, session).keySet(),
            "epoch " + epoch + " came from the cache");
      }
    }
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineFileCachedRowsPipeline rebuilt =
            FeedlineFileCachedRowsPipeline.builder().files(files).cacheFile(cache).build(graph)) {
      assertEquals(new TreeSet<>(range(0, 45)), EpochRows.read(rebuilt, session).keySet(),
          "built again, it reads the files as they are");
    }
  }
}

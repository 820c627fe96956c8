package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.feedline.runtime.internal.DatasetIterator;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.SkippedRecords;
import dev.feedline.runtime.TFRecordWriter;
import dev.feedline.tests.pipelines.FeedlineSkippingRowsPipeline.RowTensors;
import dev.feedline.tests.pipelines.FeedlineSkippingRowsPipeline;
import dev.feedline.tests.support.CapturedLog;
import dev.feedline.tests.support.TestData;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.LongStream;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;

/**
 * Bad data under {@code @TFRecordSource(badRecords = SKIP)}: each bad record is left out, alone,
 * and counted per file and cause; every other record is read. docs/reliability.md lists the cases.
 */
class SkipBadRecordsTest {
  @TempDir Path dir;

  /** Writes records to a file; returns the byte offset of each. */
  private static List<Long> write(Path file, List<byte[]> records) throws IOException {
    List<Long> offsets = new ArrayList<>();
    long offset = 0;
    try (TFRecordWriter writer = new TFRecordWriter(file)) {
      for (byte[] record : records) {
        offsets.add(offset);
        writer.write(record);
        offset += 16 + record.length;
      }
      writer.commit();
    }
    return offsets;
  }

  private static List<byte[]> rows(long first, long count) {
    return LongStream.range(first, first + count).mapToObj(id -> TestData.row(id).toByteArray())
        .collect(java.util.stream.Collectors.toCollection(ArrayList::new));
  }

  private static void flip(Path file, long at) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    bytes[(int) at] ^= 0x55;
    Files.write(file, bytes);
  }

  /** The ids of one epoch, sorted. */
  private static List<Long> ids(EpochIterator<RowTensors> batches) {
    TreeSet<Long> ids = new TreeSet<>();
    for (RowTensors batch : batches) {
      batch.id().scalars().forEach(id -> ids.add(id.getLong()));
    }
    return List.copyOf(ids);
  }

  @Test
  void eachBadRecordIsLeftOutAloneCountedAndReportedEveryEpoch() throws IOException {
    Path rows0 = dir.resolve("rows-0.tfrecord");
    List<byte[]> first = rows(0, 10);
    first.set(2, "NOT AN EXAMPLE".getBytes(StandardCharsets.UTF_8));
    first.set(4, TestData.rowWithoutValues(4).toByteArray());
    write(rows0, first);

    Path rows1 = dir.resolve("rows-1.tfrecord");
    List<Long> offsets = write(rows1, rows(10, 10));
    flip(rows1, offsets.get(4) + 14); // a byte of record 4's data
    flip(rows1, offsets.get(7)); // a byte of record 7's length: where record 8 starts is lost

    Path rows2 = dir.resolve("rows-2.tfrecord");
    offsets = write(rows2, rows(20, 5));
    Files.write(rows2, Arrays.copyOf(Files.readAllBytes(rows2), (int) (offsets.get(4) + 20)));

    List<Long> expected = new ArrayList<>();
    LongStream.range(0, 25).filter(id -> !List.of(2L, 4L, 14L, 17L, 24L).contains(id))
        .forEach(expected::add);
    try (CapturedLog log = new CapturedLog(DatasetIterator.class);
        Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineSkippingRowsPipeline pipeline =
            FeedlineSkippingRowsPipeline.builder().files(dir + "/*.tfrecord").build(graph)) {
      for (int epoch = 0; epoch < 2; epoch++) {
        try (EpochIterator<RowTensors> batches = pipeline.epoch(session)) {
          assertEquals(expected, ids(batches), "every good record, once, in epoch " + epoch);
        }
      }

      SkippedRecords skipped = pipeline.skippedRecords();
      assertEquals(Map.of(
              rows0.toString(), Map.of("not a tf.train.Example", 1L, "no feature 'values'", 1L),
              rows1.toString(), Map.of("corrupt data", 1L, "corrupt length", 1L),
              rows2.toString(), Map.of("cut short", 1L)),
          skipped.countsByFileAndCause());
      assertEquals(List.of(2L, 4L, 4L, 7L, 4L),
          skipped.records().stream().map(SkippedRecords.Record::index).toList());
      String summary = "5 bad records left out: " + rows0 + ": 1 not a tf.train.Example, 1 no"
          + " feature 'values'; " + rows1 + ": 1 corrupt data, 1 corrupt length; " + rows2
          + ": 1 cut short";
      assertEquals(summary, skipped.summary());
      assertEquals(List.of("Pipeline SkippingRowsPipeline, epoch 0: " + summary,
          "Pipeline SkippingRowsPipeline, epoch 1: " + summary), log.messages());
    }
  }

  @Test
  void aLengthWhoseChecksumMatchesButClaimsMoreThanTheFileCostsOneRecord() throws IOException {
    for (long claimed : new long[] {1L << 40, Integer.MAX_VALUE}) {
      Path file = dir.resolve("rows-0.tfrecord");
      List<Long> offsets = write(file, rows(0, 60));
      byte[] bytes = Files.readAllBytes(file);
      ByteBuffer header = ByteBuffer.wrap(bytes, offsets.get(5).intValue(), 12)
          .order(ByteOrder.LITTLE_ENDIAN);
      header.putLong(offsets.get(5).intValue(), claimed); // and its checksum, recomputed
      CRC32C crc = new CRC32C();
      crc.update(bytes, offsets.get(5).intValue(), 8);
      int value = (int) crc.getValue();
      header.putInt(offsets.get(5).intValue() + 8, ((value >>> 15) | (value << 17)) + 0xa282ead8);
      Files.write(file, bytes);

      try (Graph graph = new Graph();
          Session session = new Session(graph);
          FeedlineSkippingRowsPipeline pipeline =
              FeedlineSkippingRowsPipeline.builder().files(file.toString()).build(graph);
          EpochIterator<RowTensors> batches = pipeline.epoch(session)) {
        assertEquals(LongStream.range(0, 60).filter(id -> id != 5).boxed().toList(), ids(batches),
            "every other record, claimed length " + claimed);
        assertEquals(Map.of(file.toString(), Map.of("corrupt length", 1L)),
            pipeline.skippedRecords().countsByFileAndCause());
      }
    }
  }

  @Test
  void aCleanDataSetSkipsNothingAndSaysNothing() throws IOException {
    TestData.writeRows(dir, 2, 6);
    try (CapturedLog log = new CapturedLog(DatasetIterator.class);
        Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineSkippingRowsPipeline pipeline =
            FeedlineSkippingRowsPipeline.builder().files(dir + "/*.tfrecord").build(graph);
        EpochIterator<RowTensors> batches = pipeline.epoch(session)) {
      assertEquals(LongStream.range(0, 12).boxed().toList(), ids(batches));
      assertEquals(0, pipeline.skippedRecords().count());
      assertEquals(List.of(), log.messages());
    }
  }

  @Test
  void missingAndEmptyFilesAreStillErrors() throws IOException {
    TestData.writeRows(dir, 1, 3);
    Files.write(dir.resolve("empty.tfrecord"), new byte[0]);
    try (Graph graph = new Graph()) {
      FeedlineException empty = assertThrows(FeedlineException.class,
          () -> FeedlineSkippingRowsPipeline.builder().files(dir + "/*.tfrecord").build(graph));
      assertEquals("Pipeline SkippingRowsPipeline, stage 'files' (@TFRecordSource), file "
          + dir.resolve("empty.tfrecord") + ": the file is empty, but a TFRecord file holds at"
          + " least one record", empty.getMessage());

      String glob = dir.resolve("nothing-*.tfrecord").toString();
      FeedlineException none = assertThrows(FeedlineException.class,
          () -> FeedlineSkippingRowsPipeline.builder().files(glob).build(graph));
      assertEquals("Pipeline SkippingRowsPipeline, stage 'files' (@TFRecordSource), file " + glob
          + ": the pattern matches no file", none.getMessage());
    }
  }
}

package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.doctor.StageChain;
import dev.feedline.runtime.BuiltPipeline;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.tests.pipelines.FeedlineSkippingRowsPipeline;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_FileRows;
import dev.feedline.tests.pipelines.FeedlineStreamingRowsPipeline;
import dev.feedline.tests.pipelines.FeedlineStreamingRowsPipeline.RowTensors;
import dev.feedline.tests.support.TestData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.GraphOperation;
import org.tensorflow.Session;

/**
 * A {@code @Decode} of Examples with fixed-shape features parses 32 records at a time
 * (docs/performance.md#epoch-1): the same elements, in the same order, as one parse a record;
 * a bad record still names its file and index, and the skip policy still leaves out exactly the
 * bad records.
 */
class VectorizedParseTest {
  @TempDir Path dir;

  /** Writes rows {@code first ..} into {@code file}, with {@code bad} in place of some. */
  private static Path write(Path file, long first, int count, Map<Integer, byte[]> bad)
      throws IOException {
    List<byte[]> records = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      records.add(bad.getOrDefault(i, TestData.rowRecord(first + i)));
    }
    return TestData.writeRecords(file, records);
  }

  private static Set<String> opTypes(Graph graph) {
    Set<String> types = new HashSet<>();
    graph.operations().forEachRemaining(op -> types.add(((GraphOperation) op).type()));
    return types;
  }

  /** The ids of the rows read before the epoch ends or fails, in order, checked against their values. */
  private static void readRows(EpochIterator<RowTensors> batches, List<Long> ids) {
    for (RowTensors batch : batches) {
      for (int i = 0; i < batch.id().shape().get(0); i++) {
        long id = batch.id().getLong(i);
        assertEquals(id % 10, batch.label().getLong(i), "label of row " + id);
        for (int v = 0; v < 3; v++) {
          assertEquals((float) ((v + 1) * id), batch.values().getFloat(i, v),
              "value " + v + " of row " + id);
        }
        ids.add(id);
      }
    }
  }

  @Test
  void seventyRecordsComeOutAsWrittenInOrderAcrossAFileAndAPartialLastBatch() throws IOException {
    write(dir.resolve("rows-0.tfrecord"), 0, 40, Map.of()); // records 32..63 span both files
    write(dir.resolve("rows-1.tfrecord"), 40, 30, Map.of()); // 70 = 32 + 32 + 6
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineStreamingRowsPipeline pipeline =
            FeedlineStreamingRowsPipeline.builder().files(dir + "/*.tfrecord").build(graph)) {
      assertTrue(opTypes(graph).contains("UnbatchDataset"), "the parse is vectorized");
      for (int epoch = 0; epoch < 2; epoch++) {
        List<Long> ids = new ArrayList<>();
        try (EpochIterator<RowTensors> batches = pipeline.epoch(session)) {
          readRows(batches, ids);
        }
        assertEquals(LongStream.range(0, 70).boxed().toList(), ids, "epoch " + epoch);
      }
    }
  }

  /** The error an epoch of the streaming rows ends with; {@code read} gets the rows before it. */
  private FeedlineException failure(List<Long> read) {
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineStreamingRowsPipeline pipeline =
            FeedlineStreamingRowsPipeline.builder().files(dir + "/*.tfrecord").build(graph);
        EpochIterator<RowTensors> batches = pipeline.epoch(session)) {
      return assertThrows(FeedlineException.class, () -> readRows(batches, read));
    }
  }

  @Test
  void aBadRecordInALaterBatchNamesItsFileAndIndex() throws IOException {
    Path file = write(dir.resolve("rows-0.tfrecord"), 0, 70,
        Map.of(45, "NOT AN EXAMPLE".getBytes(StandardCharsets.UTF_8)));
    List<Long> read = new ArrayList<>();
    FeedlineException error = failure(read);
    assertEquals("parse", error.stage().orElseThrow().method());
    assertEquals(file.toString(), error.file().orElseThrow());
    assertTrue(error.getMessage().startsWith("Pipeline StreamingRowsPipeline, stage 'parse'"
        + " (@Decode), file " + file + ": record 45 is not a tf.train.Example (TensorFlow: "),
        error.getMessage());
    // Record 45 fails its batch, records 32 to 63: the rows before it are those of batch 1, or
    // fewer, in order; nothing after it.
    assertEquals(LongStream.range(0, read.size()).boxed().toList(), read);
    assertTrue(read.size() <= 32, read.size() + " rows read");

    write(file, 0, 70, Map.of(66, TestData.rowWithoutValues(66).toByteArray()));
    error = failure(new ArrayList<>());
    assertTrue(error.getMessage().startsWith("Pipeline StreamingRowsPipeline, stage 'parse'"
        + " (@Decode), file " + file + ": record 66 has no feature 'values'; its features are id,"
        + " label (TensorFlow: "), error.getMessage());
  }

  @Test
  void theSkipPolicyLeavesOutExactlyTheBadRecordsOfAnyBatch() throws IOException {
    Path file = write(dir.resolve("rows-0.tfrecord"), 0, 70, Map.of(
        31, "NOT AN EXAMPLE".getBytes(StandardCharsets.UTF_8),
        32, TestData.rowWithoutValues(32).toByteArray(),
        69, "NOT AN EXAMPLE EITHER".getBytes(StandardCharsets.UTF_8)));
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineSkippingRowsPipeline pipeline =
            FeedlineSkippingRowsPipeline.builder().files(file.toString()).build(graph);
        EpochIterator<FeedlineSkippingRowsPipeline.RowTensors> batches = pipeline.epoch(session)) {
      assertTrue(opTypes(graph).contains("UnbatchDataset"), "the parse is vectorized");
      List<Long> ids = new ArrayList<>();
      for (FeedlineSkippingRowsPipeline.RowTensors batch : batches) {
        batch.id().scalars().forEach(id -> ids.add(id.getLong()));
      }
      // The source reads the good runs of records, 0 to 30 and 33 to 68, as two segments that
      // its interleave alternates: every good record once, whatever the order.
      assertEquals(67, ids.size(), "rows read");
      assertEquals(LongStream.range(0, 70).filter(id -> id != 31 && id != 32 && id != 69)
          .boxed().toList(), ids.stream().sorted().toList(), "every good record, once");
      assertEquals(Map.of(file.toString(),
              Map.of("not a tf.train.Example", 2L, "no feature 'values'", 1L)),
          pipeline.skippedRecords().countsByFileAndCause());
    }
  }

  /** The parse's link in the doctor's chain: its unbatch, sequential as its map is. */
  private static StageChain.Link parseLink(BuiltPipeline<?, ?> pipeline) {
    return StageChain.find(pipeline.iterator()).stream()
        .filter(link -> link.name().equals("parse")).findFirst().orElseThrow();
  }

  @Test
  void theDoctorFindsTheParseByItsUnbatchAndTellsASequentialOne() throws IOException {
    TestData.writeRows(dir, 1, 3);
    try (Graph graph = new Graph();
        FeedlineSourcePipelines_FileRows sequential = FeedlineSourcePipelines_FileRows.builder()
            .files(dir + "/*.tfrecord").build(graph);
        FeedlineStreamingRowsPipeline parallel = FeedlineStreamingRowsPipeline.builder()
            .files(dir + "/*.tfrecord").build(graph)) {
      StageChain.Link link = parseLink(sequential);
      assertEquals("UnbatchDataset", link.type());
      assertTrue(link.sequential(), "@Decode without parallel");
      assertFalse(parseLink(parallel).sequential(), "@Decode(parallel = 2)");
    }
  }
}

package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.example.FeedlinePhotoPipeline;
import dev.feedline.example.PhotoDataset;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.tests.pipelines.FeedlinePlainPhotoPipeline;
import dev.feedline.runtime.TFRecordWriter;
import dev.feedline.tests.pipelines.FeedlineRowsPipeline;
import dev.feedline.tests.pipelines.FeedlineUnseededRowsPipeline;
import dev.feedline.tests.support.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.proto.Example;
import org.tensorflow.proto.Feature;
import org.tensorflow.proto.Features;
import org.tensorflow.proto.FloatList;
import org.tensorflow.proto.Int64List;

/**
 * Bad data, under the default policy: every case stops with an exception that names the pipeline,
 * the stage and the file, and the record where there is one; nothing ends silently.
 * docs/reliability.md lists each case with this test.
 */
class BadDataTest {
  @TempDir Path dir;

  /** Runs one epoch of the rows pipeline over the files in {@code dir}; returns the row count. */
  private long epoch() {
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineRowsPipeline pipeline =
            FeedlineRowsPipeline.builder().files(dir + "/*.tfrecord").build(graph);
        EpochIterator<FeedlineRowsPipeline.TotalsTensors> batches = pipeline.epoch(session)) {
      long rows = 0;
      for (FeedlineRowsPipeline.TotalsTensors batch : batches) {
        rows += batch.id().shape().get(0);
      }
      return rows;
    }
  }

  private FeedlineException failure() {
    return assertThrows(FeedlineException.class, this::epoch);
  }

  private Path rows1() {
    return dir.resolve("rows-1.tfrecord");
  }

  /** Byte offset of record {@code index} in a file of test rows written by {@link TestData}. */
  private static long offsetOf(int index, long firstId) {
    long offset = 0;
    for (int i = 0; i < index; i++) {
      offset += 16 + TestData.row(firstId + i).getSerializedSize();
    }
    return offset;
  }

  @Test
  void aRecordWithABadChecksumNamesItsFileRecordAndOffset() throws IOException {
    TestData.writeRows(dir, 2, 10);
    byte[] bytes = Files.readAllBytes(rows1());
    long record4 = offsetOf(4, 10);
    bytes[(int) record4 + 14] ^= 0x55; // a byte of record 4's data
    Files.write(rows1(), bytes);

    FeedlineException error = failure();
    assertEquals(rows1().toString(), error.file().orElseThrow());
    assertEquals("read", error.stage().orElseThrow().method());
    assertEquals("Pipeline RowsPipeline, stage 'read' (@Interleave), file " + rows1() + ": record 4 at"
        + " byte " + record4 + " is corrupt: its data checksum does not match (TensorFlow: corrupted"
        + " record at " + (record4 + 12) + ")", error.getMessage());
  }

  @Test
  void aFileCutShortFailsBeforeTheFirstElementInsteadOfLosingItsTail() throws IOException {
    TestData.writeRows(dir, 2, 10);
    byte[] bytes = Files.readAllBytes(rows1());
    long record6 = offsetOf(6, 10);
    Files.write(rows1(), Arrays.copyOf(bytes, (int) record6 + 5)); // inside record 6's header

    FeedlineException error = failure();
    assertEquals("Pipeline RowsPipeline, stage 'files' (@TFRecordSource), file " + rows1()
        + ": record 6 at byte " + record6 + " is cut short: 5 of its 12 header bytes",
        error.getMessage());

    Files.write(rows1(), Arrays.copyOf(bytes, (int) record6 + 30)); // inside its data
    assertTrue(failure().getMessage().endsWith(": record 6 at byte " + record6 + " is cut short: it"
        + " needs " + (16 + TestData.row(16).getSerializedSize()) + " bytes, the file has 30 left"));
  }

  @Test
  void aRecordThatIsNotAnExampleNamesItsFileAndRecord() throws IOException {
    TestData.writeRows(dir, 1, 10);
    try (TFRecordWriter writer = new TFRecordWriter(rows1())) {
      writer.write(TestData.row(10).toByteArray());
      writer.write("NOT AN EXAMPLE".getBytes());
      writer.commit();
    }
    FeedlineException error = failure();
    assertEquals("parse", error.stage().orElseThrow().method());
    assertTrue(error.getMessage().startsWith("Pipeline RowsPipeline, stage 'parse' (@Decode), file "
        + rows1() + ": record 1 is not a tf.train.Example (TensorFlow: Error in user-defined"
        + " function"), error.getMessage());
  }

  @Test
  void aMissingFeatureAWrongDtypeAndAWrongShapeNameFileRecordAndFeature() throws IOException {
    TestData.writeRows(dir, 1, 10);
    TestData.write(rows1(), List.of(TestData.row(10), TestData.rowWithoutValues(11)));
    assertTrue(failure().getMessage().startsWith("Pipeline RowsPipeline, stage 'parse' (@Decode),"
        + " file " + rows1() + ": record 1 has no feature 'values'; its features are id, label"
        + " (TensorFlow: "));

    TestData.write(rows1(), List.of(TestData.row(10), row(11, floats(1), floats(1, 2, 3))));
    assertTrue(failure().getMessage().startsWith("Pipeline RowsPipeline, stage 'parse' (@Decode),"
        + " file " + rows1() + ": record 1 holds float values in feature 'label', which is declared"
        + " TInt64 (int64) (TensorFlow: "));

    TestData.write(rows1(), List.of(TestData.row(10), TestData.row(11), row(12, ints(2), floats(1, 2))));
    assertTrue(failure().getMessage().startsWith("Pipeline RowsPipeline, stage 'parse' (@Decode),"
        + " file " + rows1() + ": record 2 holds 2 values in feature 'values', whose declared shape"
        + " [3] needs 3 (TensorFlow: "));
  }

  /** A key whose Feature sets no value list: TensorFlow reads it as missing, and says only that. */
  @Test
  void aFeatureWithNoValueListIsNamedAsMissing() throws IOException {
    TestData.writeRows(dir, 1, 10);
    TestData.write(rows1(), List.of(TestData.row(10), row(11, ints(1), Feature.getDefaultInstance())));
    FeedlineException error = failure();
    assertTrue(error.getMessage().startsWith("Pipeline RowsPipeline, stage 'parse' (@Decode), file "
        + rows1() + ": record 1 has feature 'values' with no value list, which TensorFlow reads as"
        + " missing, and it has no default (TensorFlow: "), error.getMessage());
  }

  @Test
  void anEmptyFileFailsBeforeTheFirstElement() throws IOException {
    TestData.writeRows(dir, 1, 10);
    Files.write(rows1(), new byte[0]);
    assertEquals("Pipeline RowsPipeline, stage 'files' (@TFRecordSource), file " + rows1()
        + ": the file is empty, but a TFRecord file holds at least one record",
        failure().getMessage());
  }

  @Test
  void aFileDeletedBetweenEpochsIsNamedWhenTheNextEpochStarts() throws IOException {
    TestData.writeRows(dir, 1, 300);
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineUnseededRowsPipeline pipeline = // no cache: every epoch reads the file again
            FeedlineUnseededRowsPipeline.builder().files(dir + "/*.tfrecord").build(graph)) {
      try (EpochIterator<FeedlineUnseededRowsPipeline.RowTensors> first = pipeline.epoch(session)) {
        first.forEach(batch -> { });
      }
      Files.delete(dir.resolve("rows-0.tfrecord"));
      for (int attempt = 0; attempt < 2; attempt++) { // refused each time, never TensorFlow's loop
        FeedlineException error = assertThrows(FeedlineException.class, () -> pipeline.epoch(session));
        assertEquals(dir.resolve("rows-0.tfrecord").toString(), error.file().orElseThrow());
        assertEquals("Pipeline UnseededRowsPipeline, stage 'files' (@TFRecordSource), file "
            + dir.resolve("rows-0.tfrecord") + ": the file has disappeared since the pipeline was"
            + " built", error.getMessage());
      }
    }
  }

  @Test
  void aJpegThatDoesNotDecodeNamesTheMapStage() throws IOException {
    PhotoDataset photos = new PhotoDataset(3);
    try (TFRecordWriter writer = new TFRecordWriter(dir.resolve("photos.tfrecord"))) {
      writer.write(PhotoDataset.record(0, photos.jpeg(0)));
      writer.write(PhotoDataset.record(1, Arrays.copyOf(photos.jpeg(1), 200)));
      writer.commit();
    }
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlinePhotoPipeline pipeline =
            FeedlinePhotoPipeline.builder().files(dir + "/photos.tfrecord").build(graph);
        EpochIterator<FeedlinePhotoPipeline.DecodedPhotoTensors> batches = pipeline.epoch(session)) {
      FeedlineException error = assertThrows(FeedlineException.class, batches::hasNext);
      assertEquals("decodeAndResize", error.stage().orElseThrow().method());
      assertTrue(error.getMessage().contains("Invalid JPEG data or crop window"), error.getMessage());
    }
  }

  /**
   * tf.data fuses a {@code @Map} directly followed by {@code @Batch} into one {@code MapAndBatch}
   * dataset, whose errors carry no iterator path: the stage is found from the graph function that
   * failed, which TensorFlow names.
   */
  @Test
  void aJpegThatDoesNotDecodeInAMapFusedWithItsBatchNamesTheMapStage() throws IOException {
    PhotoDataset photos = new PhotoDataset(3);
    try (TFRecordWriter writer = new TFRecordWriter(dir.resolve("photos.tfrecord"))) {
      writer.write(PhotoDataset.record(0, photos.jpeg(0)));
      writer.write(PhotoDataset.record(1, Arrays.copyOf(photos.jpeg(1), 200)));
      writer.commit();
    }
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlinePlainPhotoPipeline pipeline =
            FeedlinePlainPhotoPipeline.builder().files(dir + "/photos.tfrecord").build(graph);
        EpochIterator<FeedlinePlainPhotoPipeline.DecodedPhotoTensors> batches = pipeline.epoch(session)) {
      FeedlineException error = assertThrows(FeedlineException.class, batches::hasNext);
      assertTrue(error.getMessage().startsWith("Pipeline PlainPhotoPipeline, stage"
          + " 'decodeAndResize' (@Map): "), error.getMessage());
      assertTrue(error.getMessage().contains("Invalid JPEG data or crop window"), error.getMessage());
    }
  }

  private static Example row(long id, Feature label, Feature values) {
    return Example.newBuilder().setFeatures(Features.newBuilder()
        .putFeature("id", ints(id)).putFeature("label", label).putFeature("values", values)).build();
  }

  private static Feature ints(long... values) {
    Int64List.Builder list = Int64List.newBuilder();
    Arrays.stream(values).forEach(list::addValue);
    return Feature.newBuilder().setInt64List(list).build();
  }

  private static Feature floats(float... values) {
    FloatList.Builder list = FloatList.newBuilder();
    for (float v : values) {
      list.addValue(v);
    }
    return Feature.newBuilder().setFloatList(list).build();
  }
}

package dev.feedline.runtime.internal.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.Interleave;
import dev.feedline.TFRecordSource;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.PipelineInfo;
import dev.feedline.runtime.TFRecordWriter;
import dev.feedline.runtime.internal.DatasetIterator;
import dev.feedline.runtime.internal.DatasetOps;
import dev.feedline.runtime.internal.ElementSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.ConcreteFunction;
import org.tensorflow.Graph;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.proto.data.DatasetOptions;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * Files whose framing is walked while the graph is built: no iterator of their dataset is made
 * without every file's count, so TensorFlow reads no record that was not checked, and damage the
 * walk finds is still an error of the build, naming the file and the record.
 */
class FileCountsTest {
  private static final PipelineInfo PIPELINE = new PipelineInfo("x.Files", "test", List.of(
      PipelineInfo.source("files", TFRecordSource.class, "TensorSliceDataset"),
      PipelineInfo.elementWork("read", Interleave.class, "InterleaveDataset", "TFRecordDataset")));
  private static final ElementSpec RECORD =
      ElementSpec.of(ElementSpec.component("value", TString.class, Shape.scalar()));

  @TempDir Path dir;

  /** Writes {@code count} records, record i holding "record i"; returns their offsets. */
  private Path write(String name, int count, List<Long> offsets) throws IOException {
    Path file = dir.resolve(name);
    long offset = 0;
    try (TFRecordWriter writer = new TFRecordWriter(file)) {
      for (int i = 0; i < count; i++) {
        byte[] record = ("record " + i).getBytes(StandardCharsets.UTF_8);
        offsets.add(offset);
        writer.write(record);
        offset += 16 + record.length;
      }
      writer.commit();
    }
    return file;
  }

  /** The files' records, read two files at a time, as the generated code reads them. */
  private static DatasetIterator records(Graph graph, DataFiles.Resolved resolved) {
    Ops tf = Ops.create(graph);
    return DatasetIterator.builder(tf, PIPELINE, RECORD, DatasetOptions.Options.getDefaultInstance())
        .perEpoch((ops, cached, epoch, options) -> {
          try (ConcreteFunction read = DatasetOps.tfRecordReader()) {
            return DatasetOps.withOptions(tf, tf.data.interleaveDataset(
                DatasetOps.fileSegments(tf, resolved.segments()), List.of(), tf.constant(2L),
                tf.constant(1L), read, RECORD.types(), RECORD.shapes()), RECORD, options);
          }
        })
        .reading(DataSource.tfRecords(resolved))
        .build();
  }

  @Test
  void noIteratorIsMadeWithoutEveryFilesCount() throws IOException {
    Path a = write("a.tfrecord", 3, new ArrayList<>());
    Path b = write("b.tfrecord", 2, new ArrayList<>());
    DataFiles.Resolved resolved = DataFiles.resolve(PIPELINE, List.of(a.toString(), b.toString()));
    assertNotNull(resolved.counts(), "the counts are fed, not constants in the graph");
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      DatasetIterator records = records(graph, resolved);
      DatasetIterator.GraphOps ops = records.graphOps();
      try (TInt64 epoch = TInt64.scalarOf(0)) { // the counts are not in the graph
        Session.Runner make =
            session.runner().feed(ops.epoch(), epoch).addTarget(ops.startFirstEpoch());
        RuntimeException refused = assertThrows(RuntimeException.class, make::run);
        assertTrue(refused.getMessage().contains("file_record_counts"), refused.getMessage());
      }

      List<String> read = new ArrayList<>();
      try (EpochIterator<Result> epoch = records.epoch(session, result -> result)) {
        epoch.forEachRemaining(result -> read.add(((TString) result.get(0)).getObject()));
      }
      assertEquals(List.of("record 0", "record 0", "record 1", "record 1", "record 2"), read);
      records.release();
    }
    assertEquals(5, resolved.records());
  }

  @Test
  void damageFoundWhileTheGraphIsBuiltIsAnErrorOfTheBuild() throws IOException {
    List<Long> offsets = new ArrayList<>();
    Path file = write("claims.tfrecord", 60, offsets);
    byte[] bytes = Files.readAllBytes(file);
    // A length whose checksum matches, claiming a terabyte: TensorFlow's reader would allocate it.
    System.arraycopy(TFRecordFraming.header(1L << 40), 0, bytes, offsets.get(5).intValue(), 12);
    Files.write(file, bytes);

    DataFiles.Resolved resolved = DataFiles.resolve(PIPELINE, List.of(file.toString()));
    assertNotNull(resolved.counts(), "a file written just now is walked while the graph is built");
    String expected = "Pipeline Files, stage 'files' (@TFRecordSource), file " + file + ": record 5"
        + " at byte " + offsets.get(5) + " has a corrupt length: its checksum matches, but it"
        + " claims " + (1L << 40) + " bytes";
    try (Graph graph = new Graph()) {
      FeedlineException error = assertThrows(FeedlineException.class, () -> records(graph, resolved));
      assertEquals(file.toString(), error.file().orElseThrow());
      assertTrue(error.getMessage().startsWith(expected), error.getMessage());
    }
    FeedlineException counted = assertThrows(FeedlineException.class, resolved::records);
    assertTrue(counted.getMessage().startsWith(expected), counted.getMessage());
  }
}

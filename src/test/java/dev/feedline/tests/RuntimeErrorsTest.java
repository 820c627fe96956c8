package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.tests.pipelines.FeedlineRowsPipeline;
import dev.feedline.tests.pipelines.FeedlineRowsPipeline.TotalsTensors;
import dev.feedline.tests.support.TestData;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;

/** TensorFlow's errors reach users as exceptions that name the pipeline, the stage and the file. */
class RuntimeErrorsTest {
  @TempDir Path dir;

  @Test
  void aMissingFeatureNamesTheDecodeStageAndTheFeature() throws IOException {
    TestData.write(dir.resolve("bad.tfrecord"),
        List.of(TestData.row(0), TestData.rowWithoutValues(1), TestData.row(2)));
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineRowsPipeline pipeline =
            FeedlineRowsPipeline.builder().files(dir.resolve("bad.tfrecord").toString()).build(graph);
        EpochIterator<TotalsTensors> batches = pipeline.epoch(session)) {
      FeedlineException error = assertThrows(FeedlineException.class, batches::hasNext);

      assertEquals("RowsPipeline", error.pipeline());
      assertEquals("parse", error.stage().orElseThrow().method());
      assertEquals(dir.resolve("bad.tfrecord").toString(), error.file().orElseThrow());
      assertTrue(error.getMessage().startsWith("Pipeline RowsPipeline, stage 'parse' (@Decode), file "
          + dir.resolve("bad.tfrecord") + ": record 1 has no feature 'values'; its features are"
          + " id, label (TensorFlow: "),
          error.getMessage());
      assertTrue(error.getMessage().contains("Feature: values (data type: float) is required"),
          error.getMessage());
      assertFalse(batches.hasNext(), "a failed epoch ends instead of repeating its error");
    }
  }

  @Test
  void aGlobThatMatchesNothingFailsBeforeTheFirstElement() {
    String glob = dir.resolve("nothing-*.tfrecord").toString();
    try (Graph graph = new Graph()) {
      FeedlineException error = assertThrows(FeedlineException.class,
          () -> FeedlineRowsPipeline.builder().files(glob).build(graph));

      assertEquals("Pipeline RowsPipeline, stage 'files' (@TFRecordSource), file " + glob
          + ": the pattern matches no file", error.getMessage());
      assertEquals(glob, error.file().orElseThrow());
    }
  }

  @Test
  void aMissingFileFailsBeforeTheFirstElement() throws IOException {
    TestData.writeRows(dir, 1, 3);
    String missing = dir.resolve("missing.tfrecord").toString();
    try (Graph graph = new Graph()) {
      FeedlineException error = assertThrows(FeedlineException.class,
          () -> FeedlineRowsPipeline.builder()
              .files(dir.resolve("rows-0.tfrecord").toString(), missing)
              .build(graph));

      assertEquals(missing, error.file().orElseThrow());
      assertTrue(error.getMessage().endsWith(": the file does not exist"), error.getMessage());
    }
  }
}

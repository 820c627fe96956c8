package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.tests.pipelines.FeedlinePointsPipeline;
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
import org.tensorflow.ndarray.NdArrays;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;

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

  @Test
  void inMemoryTensorsThatDoNotHoldTheElementAreNamedAtBuildDeclarationFirst() {
    try (Graph graph = new Graph();
        TFloat32 wide = TFloat32.tensorOf(NdArrays.ofFloats(Shape.of(4, 3)));
        TFloat32 points = TFloat32.tensorOf(NdArrays.ofFloats(Shape.of(4, 2)));
        TInt32 fiveClasses = TInt32.vectorOf(0, 1, 2, 3, 4)) {
      FeedlineException shape = assertThrows(FeedlineException.class,
          () -> FeedlinePointsPipeline.builder().data(wide, fiveClasses).build(graph));
      assertEquals("Pipeline PointsPipeline, stage 'points' (@InMemorySource): component 'xy' is"
          + " declared TFloat32 [2] per element, so its tensor must be TFloat32 [n, 2], one row per"
          + " element; got TFloat32 [4, 3]", shape.getMessage());
      FeedlineException count = assertThrows(FeedlineException.class,
          () -> FeedlinePointsPipeline.builder().data(points, fiveClasses).build(graph));
      assertEquals("Pipeline PointsPipeline, stage 'points' (@InMemorySource): component 'cls'"
          + " holds 5 elements, but component 'xy' holds 4; every component holds one row per"
          + " element", count.getMessage());
    }
  }
}

package dev.feedline.runtime;

import static dev.feedline.runtime.PipelineInfo.stage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Error messages as TensorFlow 2.18 writes them, mapped back to the stage they come from. */
class StageLocatorTest {
  private static final PipelineInfo PHOTOS = new PipelineInfo("x.PhotoPipeline", "test", List.of(
      stage("shards", "TFRecordSource"),
      stage("read", "Interleave"),
      stage("parse", "Decode"),
      stage("decodeAndResize", "Map"),
      stage("cache", "Cache"),
      stage("shuffle", "Shuffle"),
      stage("batch", "Batch"),
      stage("prefetch", "Prefetch")));

  private static String locate(String message) {
    PipelineInfo.Stage stage = StageLocator.locate(PHOTOS, message);
    return stage == null ? null : stage.method();
  }

  @Test
  void theDeepestDatasetOnTheIteratorPathIsTheFailingStage() {
    assertEquals("decodeAndResize", locate("Error in user-defined function passed to"
        + " ParallelMapDatasetV2:12 transformation with iterator:"
        + " Iterator::Root::Prefetch::BatchV2::Shuffle::MemoryCacheImpl::ParallelMapV2:"
        + " Unknown image file format. One of JPEG, PNG, GIF, BMP required."));
    assertEquals("parse", locate("Error in user-defined function passed to ParallelMapDatasetV2:8"
        + " transformation with iterator: Iterator::Root::Prefetch::BatchV2::Shuffle::"
        + "MemoryCacheImpl::ParallelMapV2::ParallelMapV2: Feature: label (data type: int64) is"
        + " required but could not be found."));
  }

  @Test
  void datasetsTensorFlowInsertsThemselvesAreSkipped() {
    assertEquals("decodeAndResize", locate("with iterator: Iterator::Root::Model::Prefetch::"
        + "MaxIntraOpParallelism::BatchV2::Shuffle::MemoryCacheImpl::ParallelMapV2: bad"));
  }

  @Test
  void aFusedMapAndBatchNamesTheMap() {
    PipelineInfo noShuffle = new PipelineInfo("x.P", "test", List.of(
        stage("source", "InMemorySource"), stage("square", "Map"), stage("batch", "Batch")));
    PipelineInfo.Stage stage = StageLocator.locate(noShuffle,
        "Error in user-defined function passed to MapAndBatchDataset:3 transformation with"
            + " iterator: Iterator::Root::MapAndBatch: Incompatible shapes");
    assertEquals("square", stage.method());
  }

  @Test
  void aCorruptRecordIsBlamedOnTheReadingStage() {
    assertEquals("read", locate("corrupted record at 3687"));
    assertEquals("read", locate("truncated record at 8882' failed with Read less bytes than requested"));
  }

  @Test
  void aMessageWithoutClueNamesNoStage() {
    assertNull(locate("Cannot batch tensors with different shapes"));
    assertNull(locate(null));
  }
}

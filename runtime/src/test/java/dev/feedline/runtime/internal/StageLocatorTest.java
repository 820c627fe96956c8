package dev.feedline.runtime.internal;

import static dev.feedline.runtime.PipelineInfo.batching;
import static dev.feedline.runtime.PipelineInfo.elementWork;
import static dev.feedline.runtime.PipelineInfo.source;
import static dev.feedline.runtime.PipelineInfo.stage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.feedline.Batch;
import dev.feedline.Cache;
import dev.feedline.Decode;
import dev.feedline.DecodeJpeg;
import dev.feedline.InMemorySource;
import dev.feedline.Interleave;
import dev.feedline.Map;
import dev.feedline.Prefetch;
import dev.feedline.Shuffle;
import dev.feedline.TFRecordSource;
import dev.feedline.Take;
import dev.feedline.runtime.PipelineInfo;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Error messages as TensorFlow 2.18 writes them, mapped back to the stage they come from. */
class StageLocatorTest {
  private static final PipelineInfo PHOTOS = new PipelineInfo("x.PhotoPipeline", "test", List.of(
      source("shards", TFRecordSource.class, "TensorSliceDataset"),
      elementWork("read", Interleave.class, "ParallelInterleaveDatasetV4", "TFRecordDatasetV2"),
      elementWork("parse", Decode.class, "ParallelMapDatasetV2"),
      elementWork("decodeAndResize", Map.class, "ParallelMapDatasetV2"),
      stage("cache", Cache.class, "CacheDatasetV2"),
      stage("shuffle", Shuffle.class, "ShuffleDatasetV3"),
      batching("batch", Batch.class, "BatchDatasetV2"),
      stage("prefetch", Prefetch.class, "PrefetchDataset")));

  private static String locate(PipelineInfo pipeline, String message) {
    PipelineInfo.Stage stage = StageLocator.locate(pipeline, message);
    return stage == null ? null : stage.method();
  }

  private static String locate(String message) {
    return locate(PHOTOS, message);
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
        source("source", InMemorySource.class, "TensorSliceDataset"),
        elementWork("square", Map.class, "MapDataset"),
        batching("batch", Batch.class, "BatchDatasetV2")));
    assertEquals("square", locate(noShuffle,
        "Error in user-defined function passed to MapAndBatchDataset:3 transformation with"
            + " iterator: Iterator::Root::MapAndBatch: Incompatible shapes"));
  }

  /** A map fused with its batch reports no iterator path, only the node that failed. */
  @Test
  void withoutAnIteratorPathTheStageWhoseFunctionHoldsTheFailingNodeIsNamed() {
    String fused = "jpeg::Uncompress failed. Invalid JPEG data or crop window.\n\t"
        + " [[{{node DecodeJpeg}}]]\n\t [[PhotoPipeline/next_element]]";
    StageLocator.GraphFunctions graph = node -> switch (node) {
      case "DecodeJpeg" -> List.of("decodeAndResize_Xk3_q9L0aZc");
      case "ParseExample" -> List.of("parse_7yT0Qw1mNpE", "score_OtherPipeline_1mNpE");
      case "Cast" -> List.of("parse_7yT0Qw1mNpE", "decodeAndResize_Xk3_q9L0aZc");
      default -> List.of();
    };
    assertEquals("decodeAndResize", StageLocator.locate(PHOTOS, fused, graph).method());
    assertEquals("parse", StageLocator.locate(PHOTOS, "bad [[{{node ParseExample}}]]", graph)
        .method(), "a function no stage is keyed by is not a stage's");
    assertNull(StageLocator.locate(PHOTOS, "bad [[{{node Cast}}]]", graph),
        "a node name in two stages' functions names neither");
    assertNull(StageLocator.locate(PHOTOS, "bad [[{{node Elsewhere}}]]", graph));

    PipelineInfo renamed = new PipelineInfo("x.P", "test", List.of(
        source("files", TFRecordSource.class, "TensorSliceDataset"),
        elementWork("records", Interleave.class, "ParallelInterleaveDatasetV4", "TFRecordDatasetV2"),
        elementWork("read", Map.class, "MapDataset")));
    assertEquals("records", StageLocator.locate(renamed, "bad [[{{node TFRecordDatasetV2}}]]",
        node -> List.of("read_tfrecord_gY5wx3b0uY0")).method(),
        "the runtime's reader function belongs to the stage that reads TFRecord files");

    PipelineInfo prefixes = new PipelineInfo("x.P", "test", List.of(
        source("source", InMemorySource.class, "TensorSliceDataset"),
        elementWork("parse", Map.class, "MapDataset"),
        elementWork("parse_extra", Map.class, "MapDataset")));
    assertEquals("parse_extra", StageLocator.locate(prefixes, "bad [[{{node Cast}}]]",
        node -> List.of("parse_extra_Xk3q9L0aZc")).method());
  }

  @Test
  void aJpegDecodeIsNamedLikeAnyOtherMap() {
    PipelineInfo jpegs = new PipelineInfo("x.P", "test", List.of(
        source("shards", TFRecordSource.class, "TensorSliceDataset"),
        elementWork("read", Interleave.class, "ParallelInterleaveDatasetV4", "TFRecordDatasetV2"),
        elementWork("parse", Decode.class, "ParallelMapDatasetV2"),
        elementWork("decode", DecodeJpeg.class, "ParallelMapDatasetV2"),
        batching("batch", Batch.class, "BatchDatasetV2")));
    assertEquals("decode", locate(jpegs, "Error in user-defined function passed to"
        + " ParallelMapDatasetV2:9 transformation with iterator: Iterator::Root::BatchV2::"
        + "ParallelMapV2: jpeg::Uncompress failed. Invalid JPEG data or crop window."));
  }

  @Test
  void iteratorNamesAroundAnOpNameAreRecognized() {
    PipelineInfo taken = new PipelineInfo("x.P", "test", List.of(
        source("source", InMemorySource.class, "TensorSliceDataset"),
        elementWork("square", Map.class, "MapDataset"),
        stage("first", Take.class, "TakeDataset")));
    assertEquals("first", locate(taken, "with iterator: Iterator::Root::FiniteTake: bad"));
    assertEquals("Map", StageLocator.base("ParallelMapDatasetV2"));
    assertEquals("Cache", StageLocator.base("MemoryCacheImpl"));
    assertEquals("Repeat", StageLocator.base("ForeverRepeat"));
    assertEquals("TFRecord", StageLocator.base("TFRecordDatasetV2"));
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

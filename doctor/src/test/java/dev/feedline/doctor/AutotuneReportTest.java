package dev.feedline.doctor;

import static dev.feedline.runtime.PipelineInfo.batching;
import static dev.feedline.runtime.PipelineInfo.elementWork;
import static dev.feedline.runtime.PipelineInfo.source;
import static dev.feedline.runtime.PipelineInfo.stage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.feedline.Batch;
import dev.feedline.Decode;
import dev.feedline.Interleave;
import dev.feedline.Map;
import dev.feedline.Prefetch;
import dev.feedline.Shuffle;
import dev.feedline.TFRecordSource;
import dev.feedline.runtime.PipelineInfo;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tensorflow.proto.data.model.Model.ModelProto;

/** The autotune model of the photo pipeline as TensorFlow reports it: nothing above the shuffle. */
class AutotuneReportTest {
  private static ModelProto.Node node(long id, String name, long elements, long nanos,
      List<Long> inputs, String parameter, double value) {
    ModelProto.Node.Builder node = ModelProto.Node.newBuilder().setId(id).setName(name)
        .setNumElements(elements).setProcessingTime(nanos).addAllInputs(inputs);
    if (parameter != null) {
      node.addParameters(ModelProto.Node.Parameter.newBuilder().setName(parameter).setValue(value));
    }
    return node.build();
  }

  private static StageChain.Link link(int position, PipelineInfo.Stage stage) {
    return new StageChain.Link(stage, position, null, stage.ops().get(0), false, null);
  }

  @Test
  void nodesAreNamedWithTheirStagesAndTheStagesAboveTheShuffleAreMissing() {
    ModelProto model = ModelProto.newBuilder().setOutput(1)
        .putNodes(1, node(1, "Root", 10, 100_000, List.of(2L), null, 0))
        .putNodes(2, node(2, "Prefetch", 10, 2_000_000, List.of(3L), "buffer_size", 4))
        .putNodes(3, node(3, "BatchV2", 10, 300_000_000, List.of(4L), null, 0))
        .putNodes(4, node(4, "Shuffle", 320, 3_200_000, List.of(), null, 0))
        .build();
    List<StageChain.Link> links = List.of(
        link(1, source("shards", TFRecordSource.class, "TensorSliceDataset")),
        link(2, elementWork("decode", Map.class, "ParallelMapDatasetV2")),
        link(3, stage("shuffle", Shuffle.class, "ShuffleDatasetV3")),
        link(4, batching("batch", Batch.class, "BatchDatasetV2")),
        link(5, stage("prefetch", Prefetch.class, "PrefetchDataset")));

    AutotuneReport report = AutotuneReport.of(model, links);

    assertEquals(List.of("Root", "Prefetch", "BatchV2", "Shuffle"),
        report.nodes().stream().map(AutotuneReport.Node::name).toList());
    assertNull(report.nodes().get(0).stage(), "TensorFlow's root");
    assertEquals(List.of("prefetch", "batch", "shuffle"),
        report.nodes().subList(1, 4).stream().map(AutotuneReport.Node::stage).toList());
    assertEquals(4.0, report.nodes().get(1).bufferSize());
    assertEquals(30.0, report.nodes().get(2).msPerElement(), 1e-9);
    assertEquals(0.01, report.nodes().get(3).msPerElement(), 1e-9);
    assertEquals("BatchV2", report.bottleneck().name());
    assertEquals(List.of("shards", "decode"), report.missing());
  }

  /** A vectorized parse's nodes, under its unbatch, are its own, not TensorFlow's. */
  @Test
  void aVectorizedParsesMapAndBatchNodesAreNamedWithItsStage() {
    ModelProto model = ModelProto.newBuilder().setOutput(1)
        .putNodes(1, node(1, "Root", 10, 100_000, List.of(2L), null, 0))
        .putNodes(2, node(2, "Unbatch", 320, 320_000, List.of(3L), null, 0))
        .putNodes(3, node(3, "ParallelMapV2", 10, 20_000_000, List.of(4L), "parallelism", 2))
        .putNodes(4, node(4, "BatchV2", 10, 1_000_000, List.of(5L), null, 0))
        .putNodes(5, node(5, "ParallelInterleaveV4", 320, 3_200_000, List.of(), "parallelism", 2))
        .build();
    List<StageChain.Link> links = List.of(
        link(1, source("shards", TFRecordSource.class, "TensorSliceDataset")),
        link(2, elementWork("read", Interleave.class, "ParallelInterleaveDatasetV4",
            "TfRecordDataset")),
        link(3, elementWork("parse", Decode.class, "UnbatchDataset", "ParallelMapDatasetV2",
            "BatchDatasetV2")));

    AutotuneReport report = AutotuneReport.of(model, links);

    assertEquals(Arrays.asList(null, "parse", "parse", "parse", "read"),
        report.nodes().stream().map(AutotuneReport.Node::stage).toList());
    assertEquals("ParallelMapV2", report.bottleneck().name());
    assertEquals(List.of("shards"), report.missing());
  }
}

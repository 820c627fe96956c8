package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.feedline.doctor.Diagnosis;
import dev.feedline.doctor.PipelineDoctor;
import dev.feedline.doctor.StageChain;
import dev.feedline.runtime.BuiltPipeline;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_FileRows;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_MemoryIds;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_MixedThenSlow;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_SlowIds;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_SlowlyMixed;
import dev.feedline.tests.support.TestData;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.types.TInt64;

/**
 * The doctor on pipelines whose source mixes other pipelines: it finds each stage's op, the mix's
 * included, and names the stage that costs the most, whether that is the mix (a pipeline it reads
 * is slow) or a stage after it.
 */
class MixedPipelineDoctorTest {
  @TempDir Path dir;
  private TInt64 ids;

  @BeforeEach
  void data() throws IOException {
    // Few elements, each costly: 30 rows and 30 ids.
    TestData.writeRows(dir, 2, 15);
    ids = TInt64.vectorOf(LongStream.range(1000, 1030).toArray());
  }

  @AfterEach
  void release() {
    ids.close();
  }

  private Diagnosis examine(Function<Graph, BuiltPipeline<?, ?>> pipeline) {
    return PipelineDoctor.of(pipeline).examples(12).steps(4)
        .model(dev.feedline.doctor.ModelStep.simulated(Duration.ofMillis(1)))
        .examine();
  }

  @Test
  void aSlowPipelineInsideTheMixMakesTheMixTheCostliestStage() {
    Function<Graph, BuiltPipeline<?, ?>> build = graph -> FeedlineSourcePipelines_SlowlyMixed
        .builder()
        .slowIds(FeedlineSourcePipelines_SlowIds.builder().data(ids))
        .memoryIds(FeedlineSourcePipelines_MemoryIds.builder().data(ids))
        .build(graph);
    try (Graph graph = new Graph(); BuiltPipeline<?, ?> built = build.apply(graph)) {
      assertEquals(List.of("mixed", "batch", "prefetch"), StageChain.find(built.iterator())
          .stream().map(StageChain.Link::name).toList());
      assertEquals("DirectedInterleaveDataset", StageChain.find(built.iterator()).get(0).type());
    }
    assertEquals("mixed", examine(build).costliestStage());
  }

  @Test
  void aSlowStageAfterTheMixIsTheCostliest() {
    Function<Graph, BuiltPipeline<?, ?>> build = graph -> FeedlineSourcePipelines_MixedThenSlow
        .builder()
        .fileRows(FeedlineSourcePipelines_FileRows.builder().files(dir + "/*.tfrecord"))
        .memoryIds(FeedlineSourcePipelines_MemoryIds.builder().data(ids))
        .build(graph);
    assertEquals("work", examine(build).costliestStage());
  }
}

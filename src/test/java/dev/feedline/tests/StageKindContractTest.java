package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.Interleave;
import dev.feedline.doctor.RuleIds;
import dev.feedline.doctor.StageChain;
import dev.feedline.processor.base.Rule;
import dev.feedline.processor.model.StageKind;
import dev.feedline.example.HousingDataset;
import dev.feedline.runtime.BuiltPipeline;
import dev.feedline.runtime.PipelineInfo;
import dev.feedline.tests.pipelines.FeedlineClashingNamesPipelines_InMemory;
import dev.feedline.tests.pipelines.FeedlineExpandingPipelines_Copies;
import dev.feedline.tests.pipelines.FeedlineExpandingPipelines_Overlapping;
import dev.feedline.tests.pipelines.FeedlineFileCachedRowsPipeline;
import dev.feedline.tests.pipelines.FeedlineJpegPipelines_Scaled;
import dev.feedline.tests.pipelines.FeedlineKeyedPipelines_Snapshotted;
import dev.feedline.tests.pipelines.FeedlinePointsPipeline;
import dev.feedline.tests.pipelines.FeedlineRebatchedRowsPipeline;
import dev.feedline.tests.pipelines.FeedlineSplitPipelines_HousingTrain;
import dev.feedline.tests.pipelines.FeedlineSplitPipelines_RowsEval;
import dev.feedline.tests.pipelines.FeedlineSeededPipelines_Drawn;
import dev.feedline.tests.pipelines.FeedlineFortunePipelines_Fortunes;
import dev.feedline.tests.pipelines.FeedlineSequencePipelines_Purchases;
import dev.feedline.tests.pipelines.FeedlineSequencePipelines_RebatchedReviews;
import dev.feedline.tests.pipelines.FeedlineRowsPipeline;
import dev.feedline.tests.pipelines.FeedlineShardedRowsPipeline;
import dev.feedline.tests.pipelines.FeedlineSkippingRowsPipeline;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_Appended;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_Chosen;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_FileRows;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_LabeledRows;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_Labels;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_MemoryIds;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_Mixed;
import dev.feedline.tests.pipelines.FeedlineWordsPipeline;
import dev.feedline.tests.support.TestData;
import java.io.IOException;
import java.lang.annotation.Annotation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.ndarray.NdArrays;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.data.ShuffleDataset;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * What the runtime and the doctor need of every stage kind, they get from generated code: each
 * stage of every kind names its annotation and the dataset op built for it, and the doctor finds
 * that op in the graph for every stage. A kind that generated code does not describe fails here;
 * so does a rule id the doctor names that the processor does not have.
 */
class StageKindContractTest {
  @TempDir Path dir;

  @Test
  void theDoctorNamesOnlyRulesOfTheProcessor() {
    Set<String> ids = Arrays.stream(Rule.values()).map(Rule::id).collect(Collectors.toSet());
    for (String id : RuleIds.ALL) {
      assertTrue(ids.contains(id), id + " is not a rule of the processor");
    }
  }

  @Test
  void everyStageKindIsDescribedByGeneratedCodeAndFoundInTheGraph() throws IOException {
    TestData.writeRows(dir, 3, 4);
    String files = dir.resolve("*.tfrecord").toString();
    String csv = Files.writeString(dir.resolve("purchases.csv"), "item,qty,price\ntea,1,2\n")
        .toString();
    String housing = HousingDataset.write(dir.resolve("housing"), 1, 1).get(0).toString();
    // The delimited form of a text source: its interleave reads a whole file in its function.
    String fortunes = Files.writeString(dir.resolve("fortunes.txt"), "a\nb\n%\nc\n%\n")
        .toString();
    Set<Class<? extends Annotation>> seen = new HashSet<>();
    try (TInt64 ids = TInt64.vectorOf(0, 1, 2, 3);
        TInt64 choices = TInt64.vectorOf(0, 1, 1, 0);
        TFloat32 values = TFloat32.vectorOf(0, 1, 2, 3);
        TFloat32 points = TFloat32.tensorOf(NdArrays.ofFloats(Shape.of(4, 2)));
        TInt32 classes = TInt32.vectorOf(0, 1, 2, 3);
        TInt32 slots = TInt32.tensorOf(NdArrays.ofInts(Shape.of(4, 6)));
        TString jpegs = TString.tensorOfBytes(NdArrays.vectorOfObjects(new byte[0], new byte[0], new byte[0], new byte[0]))) {
      List<Function<Graph, BuiltPipeline<?, ?>>> pipelines = List.of(
          graph -> FeedlineRowsPipeline.builder().files(files).build(graph),
          graph -> FeedlineShardedRowsPipeline.builder().files(files).build(graph),
          graph -> FeedlineFileCachedRowsPipeline.builder().files(files)
              .cacheFile(dir.resolve("cache").toString()).build(graph),
          graph -> FeedlineKeyedPipelines_Snapshotted.builder().files(files)
              .snapshotPath(dir.resolve("snapshot").toString()).build(graph),
          graph -> FeedlineSkippingRowsPipeline.builder().files(files).build(graph),
          graph -> FeedlineRebatchedRowsPipeline.builder().files(files).build(graph),
          graph -> FeedlineSplitPipelines_RowsEval.builder().files(files).build(graph),
          graph -> FeedlineSplitPipelines_HousingTrain.builder().files(housing).build(graph),
          graph -> FeedlinePointsPipeline.builder().data(points, classes).build(graph),
          graph -> FeedlineSeededPipelines_Drawn.builder().data(points, classes).seed(1)
              .build(graph),
          graph -> FeedlineWordsPipeline.builder().data(slots, classes).build(graph),
          graph -> FeedlineJpegPipelines_Scaled.builder().data(jpegs, ids, ids).build(graph),
          graph -> FeedlineSequencePipelines_RebatchedReviews.builder().files(files).build(graph),
          graph -> FeedlineSequencePipelines_Purchases.builder().files(csv).build(graph),
          graph -> FeedlineFortunePipelines_Fortunes.builder().files(fortunes).build(graph),
          graph -> FeedlineClashingNamesPipelines_InMemory.builder()
              .data(ids, values, values, ids, ids, ids, ids).build(graph),
          graph -> FeedlineExpandingPipelines_Copies.builder().data(ids, values).build(graph),
          graph -> FeedlineExpandingPipelines_Overlapping.builder().data(ids, values).build(graph),
          graph -> FeedlineSourcePipelines_Mixed.builder()
              .fileRows(FeedlineSourcePipelines_FileRows.builder().files(files))
              .memoryIds(FeedlineSourcePipelines_MemoryIds.builder().data(ids)).build(graph),
          graph -> FeedlineSourcePipelines_Chosen.builder()
              .fileRows(FeedlineSourcePipelines_FileRows.builder().files(files))
              .memoryIds(FeedlineSourcePipelines_MemoryIds.builder().data(ids))
              .choices(choices).build(graph),
          graph -> FeedlineSourcePipelines_Appended.builder()
              .fileRows(FeedlineSourcePipelines_FileRows.builder().files(files))
              .memoryIds(FeedlineSourcePipelines_MemoryIds.builder().data(ids)).build(graph),
          graph -> FeedlineSourcePipelines_LabeledRows.builder()
              .fileRows(FeedlineSourcePipelines_FileRows.builder().files(files))
              .labels(FeedlineSourcePipelines_Labels.builder().data(ids, ids)).build(graph));
      for (Function<Graph, BuiltPipeline<?, ?>> build : pipelines) {
        try (Graph graph = new Graph(); BuiltPipeline<?, ?> pipeline = build.apply(graph)) {
          PipelineInfo info = pipeline.iterator().pipeline();
          List<PipelineInfo.Stage> host = new ArrayList<>();
          for (PipelineInfo.Stage stage : info.stages()) {
            seen.add(stage.annotation());
            if (stage.has(PipelineInfo.Trait.ON_DEVICE)) {
              assertEquals(List.of(), stage.ops(), stage + " runs after the iterator");
            } else {
              assertFalse(stage.ops().isEmpty(), stage + " names no dataset op");
              host.add(stage);
            }
          }
          List<StageChain.Link> links = StageChain.find(pipeline.iterator());
          assertEquals(host, links.stream().map(StageChain.Link::stage).toList(), info.name());
          for (StageChain.Link link : links) {
            // The doctor times an @Interleave whose records epoch 1 shuffles as read at the
            // interleave, the op under that shuffle; every other stage at its first op.
            List<String> ops = link.stage().ops();
            boolean shufflesRecords = link.stage().is(Interleave.class)
                && ops.get(0).equals(ShuffleDataset.OP_NAME);
            assertEquals(ops.get(shufflesRecords ? 1 : 0), link.type(), link.stage().toString());
          }
        }
      }
    }
    Set<String> kinds = StageKind.all().stream().map(StageKind::annotation)
        .collect(Collectors.toCollection(TreeSet::new));
    assertEquals(kinds, seen.stream().map(Class::getSimpleName)
        .collect(Collectors.toCollection(TreeSet::new)), "every kind is covered here");
  }
}

package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.EpochIterator;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_Appended;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_Chosen;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_ChosenToTheEnd;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_FileRows;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_LabeledRows;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_LabeledRows.LabeledTensors;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_Labels;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_MemoryIds;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_Mixed;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_MixedToTheEnd;
import dev.feedline.tests.support.TestData;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.types.TInt64;

/**
 * Pipelines that read other pipelines, on TensorFlow: {@code FileRows} hands out the test rows'
 * ids 0 .. ROWS - 1 in file order, tagged 0; {@code MemoryIds} the ids ID_BASE .. in a seeded
 * shuffle, tagged 1.
 */
class ManySourcesTest {
  private static final int ROWS = 1400;
  private static final int IDS = 1400;
  private static final long ID_BASE = 100_000;

  @TempDir Path dir;

  @BeforeEach
  void data() throws IOException {
    TestData.writeRows(dir, 2, ROWS / 2);
  }

  private FeedlineSourcePipelines_FileRows.Builder rows() {
    return FeedlineSourcePipelines_FileRows.builder().files(dir + "/*.tfrecord");
  }

  /** One element: its id and the pipeline it came from. */
  private record Drawn(long id, int from) {}

  private List<Drawn> mixedEpochs(int epochs) {
    List<Drawn> drawn = new ArrayList<>();
    try (TInt64 ids = TInt64.vectorOf(LongStream.range(ID_BASE, ID_BASE + IDS).toArray());
        Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineSourcePipelines_Mixed mixed = FeedlineSourcePipelines_Mixed.builder()
            .fileRows(rows())
            .memoryIds(FeedlineSourcePipelines_MemoryIds.builder().data(ids))
            .build(graph)) {
      for (int e = 0; e < epochs; e++) {
        try (var epoch = mixed.epoch(session)) {
          epoch.forEach(batch -> {
            for (int i = 0; i < batch.id().shape().get(0); i++) {
              drawn.add(new Drawn(batch.id().getLong(i), batch.from().getInt(i)));
            }
          });
        }
        drawn.add(null); // the end of an epoch
      }
    }
    return drawn;
  }

  @Test
  void aSeededMixDrawsTheDeclaredSharesAndKeepsEachPipelinesOrder() {
    List<Drawn> epoch = mixedEpochs(1);
    epoch.remove(epoch.size() - 1);
    long fromRows = epoch.stream().filter(d -> d.from() == 0).count();
    int n = epoch.size();
    // Stops when the first pipeline ends: the rows (70%) end near ROWS / 0.7 elements.
    assertTrue(n > ROWS && n < ROWS + IDS, "elements: " + n);
    double share = (double) fromRows / n;
    double sigma = Math.sqrt(0.7 * 0.3 / n);
    assertTrue(Math.abs(share - 0.7) < 4 * sigma, "share of rows " + share + " over " + n);
    List<Long> rowIds = epoch.stream().filter(d -> d.from() == 0).map(Drawn::id).toList();
    assertEquals(LongStream.range(0, rowIds.size()).boxed().toList(), rowIds,
        "rows keep their file order");
    List<Long> memoryIds = epoch.stream().filter(d -> d.from() == 1).map(Drawn::id).toList();
    assertEquals(memoryIds.size(), new HashSet<>(memoryIds).size(), "no id twice");
    assertTrue(memoryIds.stream().allMatch(id -> id >= ID_BASE && id < ID_BASE + IDS));
    assertNotEquals(memoryIds.stream().sorted().toList(), memoryIds, "ids keep their shuffle");
  }

  @Test
  void aSeededMixDrawsTheSameOrderOnEveryRunAndANewOneEachEpoch() {
    List<Drawn> first = mixedEpochs(2);
    List<Drawn> second = mixedEpochs(2);
    assertEquals(first, second);
    int end = first.indexOf(null);
    List<Integer> epoch1 = first.subList(0, end).stream().map(Drawn::from).toList();
    List<Integer> epoch2 = first.subList(end + 1, first.size() - 1).stream().map(Drawn::from)
        .toList();
    assertNotEquals(epoch1, epoch2.subList(0, Math.min(epoch1.size(), epoch2.size())),
        "each epoch draws again");
  }

  @Test
  void aMixThatContinuesHandsOutEveryElementOfBothOnce() {
    List<Long> drawn = new ArrayList<>();
    try (TInt64 ids = TInt64.vectorOf(LongStream.range(ID_BASE, ID_BASE + 300).toArray());
        Graph graph = new Graph();
        Session session = new Session(graph);
        var mixed = FeedlineSourcePipelines_MixedToTheEnd.builder()
            .fileRows(rows())
            .memoryIds(FeedlineSourcePipelines_MemoryIds.builder().data(ids))
            .build(graph);
        var epoch = mixed.epoch(session)) {
      epoch.forEach(t -> drawn.add(t.id().getLong()));
    }
    Set<Long> expected = new HashSet<>();
    LongStream.range(0, ROWS).forEach(expected::add);
    LongStream.range(ID_BASE, ID_BASE + 300).forEach(expected::add);
    assertEquals(ROWS + 300, drawn.size());
    assertEquals(expected, new HashSet<>(drawn));
    // With equal weights the 300 ids run out first; the rest of the epoch is rows only.
    int lastId = 0;
    for (int i = 0; i < drawn.size(); i++) {
      if (drawn.get(i) >= ID_BASE) {
        lastId = i;
      }
    }
    assertTrue(lastId < 800, "the ids end around element 600, not at " + lastId);
  }

  @Test
  void aConcatenationHandsOutTheFirstPipelineThenTheSecond() {
    List<long[]> drawn = new ArrayList<>();
    try (TInt64 ids = TInt64.vectorOf(LongStream.range(ID_BASE, ID_BASE + 50).toArray());
        Graph graph = new Graph();
        Session session = new Session(graph);
        var appended = FeedlineSourcePipelines_Appended.builder()
            .fileRows(rows())
            .memoryIds(FeedlineSourcePipelines_MemoryIds.builder().data(ids))
            .build(graph);
        var epoch = appended.epoch(session)) {
      epoch.forEach(t -> drawn.add(new long[] {t.id().getLong(), t.from().getInt()}));
    }
    assertEquals(ROWS + 50, drawn.size());
    for (int i = 0; i < ROWS; i++) {
      assertEquals(i, drawn.get(i)[0]);
      assertEquals(0, drawn.get(i)[1]);
    }
    Set<Long> tail = new HashSet<>();
    drawn.subList(ROWS, drawn.size()).forEach(d -> {
      assertEquals(1, d[1]);
      tail.add(d[0]);
    });
    assertEquals(LongStream.range(ID_BASE, ID_BASE + 50).boxed().collect(
        java.util.stream.Collectors.toSet()), tail);
  }

  @Test
  void aZipJoinsElementIOfEachPipeline() {
    int labels = ROWS; // unequal lengths are an error: ComposedSourcesTest
    List<Long> seen = new ArrayList<>();
    try (TInt64 labelIds = TInt64.vectorOf(LongStream.range(0, labels).toArray());
        TInt64 values = TInt64.vectorOf(LongStream.range(0, labels).map(i -> i * 10).toArray());
        Graph graph = new Graph();
        Session session = new Session(graph);
        var labeled = FeedlineSourcePipelines_LabeledRows.builder()
            .fileRows(rows())
            .labels(FeedlineSourcePipelines_Labels.builder().data(labelIds, values))
            .build(graph);
        EpochIterator<LabeledTensors> epoch = labeled.epoch(session)) {
      epoch.forEach(batch -> {
        for (int i = 0; i < batch.id().shape().get(0); i++) {
          long id = batch.id().getLong(i);
          assertEquals(id, batch.labelId().getLong(i), "element " + seen.size());
          assertEquals(id * 10, batch.label().getLong(i));
          assertEquals(0, batch.from().getInt(i));
          seen.add(id);
        }
      });
    }
    assertEquals(LongStream.range(0, labels).boxed().toList(), seen);
  }

  /**
   * Runs the mixed pipeline: {@code k} batches of the first epoch, a checkpoint, then, in a new
   * graph and session, the rest of that epoch from the checkpoint and all of the next.
   */
  private List<List<Long>> mixedBatches(int k, Path checkpoint) {
    List<List<Long>> batches = new ArrayList<>();
    try (TInt64 ids = TInt64.vectorOf(LongStream.range(ID_BASE, ID_BASE + IDS).toArray())) {
      for (int process = 0; process < 2; process++) {
        try (Graph graph = new Graph();
            Session session = new Session(graph);
            FeedlineSourcePipelines_Mixed mixed = FeedlineSourcePipelines_Mixed.builder()
                .fileRows(rows())
                .memoryIds(FeedlineSourcePipelines_MemoryIds.builder().data(ids))
                .build(graph)) {
          if (process == 0) {
            try (var epoch = mixed.epoch(session)) {
              for (int i = 0; i < k; i++) {
                batches.add(ids(epoch.next()));
              }
            }
            mixed.checkpoint(session, checkpoint);
            continue;
          }
          try (var rest = mixed.resume(session, checkpoint)) {
            rest.forEach(batch -> batches.add(ids(batch)));
          }
          try (var next = mixed.epoch(session)) {
            next.forEach(batch -> batches.add(ids(batch)));
          }
        }
      }
    }
    return batches;
  }

  private static List<Long> ids(FeedlineSourcePipelines_Mixed.TaggedTensors batch) {
    List<Long> ids = new ArrayList<>();
    for (int i = 0; i < batch.id().shape().get(0); i++) {
      ids.add(batch.id().getLong(i) * 2 + batch.from().getInt(i));
    }
    return ids;
  }

  @Test
  void aMixedPipelineResumedInTheMiddleOfAnEpochHandsOutExactlyTheRest() {
    List<Drawn> twoEpochs = mixedEpochs(2);
    List<Long> expected = twoEpochs.stream().filter(d -> d != null)
        .map(d -> d.id() * 2 + d.from()).toList();
    for (int k : new int[] {1, 57}) {
      List<Long> run = mixedBatches(k, dir.resolve("mixed-" + k)).stream()
          .flatMap(List::stream).toList();
      assertEquals(expected, run, "stopped after " + k + " batches");
    }
  }

  /** The elements a choice hands out, as (id, pipeline) pairs, for {@code indices}. */
  private List<Drawn> chosen(long[] indices, int memoryIds, boolean toTheEnd) {
    List<Drawn> drawn = new ArrayList<>();
    try (TInt64 ids = TInt64.vectorOf(LongStream.range(ID_BASE, ID_BASE + memoryIds).toArray());
        TInt64 choices = TInt64.vectorOf(indices);
        Graph graph = new Graph();
        Session session = new Session(graph)) {
      var memory = FeedlineSourcePipelines_MemoryIds.builder().data(ids);
      if (toTheEnd) {
        try (var pipeline = FeedlineSourcePipelines_ChosenToTheEnd.builder().fileRows(rows())
                .memoryIds(memory).choices(choices).build(graph);
            var epoch = pipeline.epoch(session)) {
          epoch.forEach(t -> drawn.add(new Drawn(t.id().getLong(), t.from().getInt())));
        }
      } else {
        try (var pipeline = FeedlineSourcePipelines_Chosen.builder().fileRows(rows())
                .memoryIds(memory).choices(choices).build(graph);
            var epoch = pipeline.epoch(session)) {
          epoch.forEach(t -> drawn.add(new Drawn(t.id().getLong(), t.from().getInt())));
        }
      }
    }
    return drawn;
  }

  @Test
  void aChoiceFollowsItsIndicesAndEndsWithThem() {
    long[] indices = {0, 1, 1, 0, 0, 1, 0};
    List<Drawn> drawn = chosen(indices, 10, false);
    assertEquals(LongStream.of(indices).boxed().toList(),
        drawn.stream().map(d -> (long) d.from()).toList());
    assertEquals(List.of(0L, 1L, 2L, 3L), drawn.stream().filter(d -> d.from() == 0)
        .map(Drawn::id).toList(), "rows in file order");
    assertEquals(3, drawn.stream().filter(d -> d.from() == 1).map(Drawn::id).distinct().count());
  }

  @Test
  void aChoiceStopsAtAnEmptyPipelineOrSkipsItsIndices() {
    long[] indices = {1, 1, 1, 0, 1, 0};
    assertEquals(List.of(1, 1), chosen(indices, 2, false).stream().map(Drawn::from).toList(),
        "stops when the third index finds the two ids gone");
    assertEquals(List.of(1, 1, 0, 0), chosen(indices, 2, true).stream().map(Drawn::from)
        .toList(), "skips the indices of the pipeline that ran out");
  }

  @Test
  void anIndexOutOfRangeIsRefusedAtBuildNamingItsPosition() {
    try (TInt64 ids = TInt64.vectorOf(ID_BASE);
        TInt64 choices = TInt64.vectorOf(0, 1, 2);
        Graph graph = new Graph()) {
      var builder = FeedlineSourcePipelines_Chosen.builder().fileRows(rows())
          .memoryIds(FeedlineSourcePipelines_MemoryIds.builder().data(ids)).choices(choices);
      IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
          () -> builder.build(graph));
      assertEquals("Pipeline Chosen: @Choose 'chosen' chooses from 2 pipelines, indices 0 to 1,"
          + " but index 2 is 2", bad.getMessage());
    }
  }

  @Test
  void weightsGivenAtRunTimeAreCheckedAndUsed() {
    var builder = FeedlineSourcePipelines_Mixed.builder();
    IllegalArgumentException count = assertThrows(IllegalArgumentException.class,
        () -> builder.weights(1));
    assertEquals("Pipeline Mixed: @Mix 'mixed' mixes 2 pipelines (FileRows, MemoryIds), so it"
        + " takes 2 weights, not 1", count.getMessage());
    IllegalArgumentException negative = assertThrows(IllegalArgumentException.class,
        () -> builder.weights(1, -0.5));
    assertEquals("Pipeline Mixed: @Mix 'mixed' gives pipeline MemoryIds the weight -0.5; a"
        + " weight is a positive, finite number", negative.getMessage());
    List<Drawn> drawn = new ArrayList<>();
    try (TInt64 ids = TInt64.vectorOf(LongStream.range(ID_BASE, ID_BASE + IDS).toArray());
        Graph graph = new Graph();
        Session session = new Session(graph);
        var mixed = builder.fileRows(rows())
            .memoryIds(FeedlineSourcePipelines_MemoryIds.builder().data(ids))
            .weights(1, 3)
            .build(graph);
        var epoch = mixed.epoch(session)) {
      epoch.forEach(batch -> {
        for (int i = 0; i < batch.id().shape().get(0); i++) {
          drawn.add(new Drawn(batch.id().getLong(i), batch.from().getInt(i)));
        }
      });
    }
    int n = drawn.size();
    double share = (double) drawn.stream().filter(d -> d.from() == 1).count() / n;
    assertTrue(Math.abs(share - 0.75) < 4 * Math.sqrt(0.75 * 0.25 / n), share + " of " + n);
  }

  @Test
  void aMissingSourceBuilderIsNamedBeforeAnythingIsBuilt() {
    try (Graph graph = new Graph()) {
      IllegalStateException missing = assertThrows(IllegalStateException.class,
          () -> FeedlineSourcePipelines_Mixed.builder().fileRows(rows()).build(graph));
      assertEquals("Pipeline Mixed: call memoryIds(FeedlineSourcePipelines_MemoryIds.builder()...)"
          + " before building", missing.getMessage());
    }
  }
}

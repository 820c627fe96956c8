package dev.feedline.processor.model.kinds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.SizeModel.Count;
import dev.feedline.processor.model.StageKind;
import dev.feedline.processor.model.StaticShape;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Every kind's answers, without javac or TensorFlow: read from its annotation's defaults, each
 * definition's kind, element counts, batch dimensions, reference rank, memory-guard and
 * epoch-length answers against a table that lists every kind, so a new kind fails here until its
 * answers are written down.
 */
class StageDefinitionTest {
  private static final long UNKNOWN = StaticShape.UNKNOWN;

  private static StageDefinition defaults(StageKind kind) {
    return FakeValues.defaults().read(kind);
  }

  /**
   * The definition classes: the parameters of {@link StageCoder}'s methods (KindCatalogueTest
   * checks that no implementation is missing there).
   */
  private static Set<Class<?>> definitions() {
    return Arrays.stream(StageCoder.class.getMethods()).map(m -> m.getParameterTypes()[0])
        .collect(Collectors.toSet());
  }

  @Test
  void theKindsAndTheDefinitionsAreOneToOne() {
    Map<StageKind, Class<?>> byKind = new LinkedHashMap<>();
    for (StageKind kind : StageKind.all()) {
      StageDefinition definition = defaults(kind);
      assertEquals(kind, definition.kind(), "the definition StageKind." + kind + " reads");
      byKind.put(kind, definition.getClass());
    }
    Set<Class<?>> records = definitions();
    assertEquals(records, Set.copyOf(byKind.values()), "every definition is read by one kind");
    assertEquals(StageKind.all().size(), records.size());
    records.forEach(r -> assertTrue(r.isRecord(), r.getName()));
  }

  @Test
  void readingTurnsSentinelsIntoEmptyOptionalsAndChecksRanges() {
    ShuffleStage shuffle = (ShuffleStage) FakeValues.defaults()
        .set(ShuffleStage.BUFFER, 1000L).read(ShuffleStage.KIND);
    assertEquals(new ShuffleStage(1000, OptionalLong.empty(), true), shuffle);
    ShuffleStage seeded = (ShuffleStage) FakeValues.defaults().set(ShuffleStage.BUFFER, 10L)
        .set(ShuffleStage.SEED, 7L).read(ShuffleStage.KIND);
    assertEquals(OptionalLong.of(7), seeded.seed());

    WindowStage window = (WindowStage) FakeValues.defaults().set(WindowStage.SIZE, 5L)
        .read(WindowStage.KIND);
    assertEquals(new WindowStage(5, 5, 1, false), window, "shift SAME_AS_SIZE is the size");

    assertEquals(OptionalLong.empty(), ((RepeatStage) defaults(RepeatStage.KIND)).count());
    assertEquals(OptionalLong.empty(), ((ShardStage) defaults(ShardStage.KIND)).workers());
    assertEquals(1, ((ShardStage) defaults(ShardStage.KIND)).workerCount());
    assertTrue(((CacheStage) defaults(CacheStage.KIND)).file().isEmpty());
    assertTrue(((PrefetchStage) defaults(PrefetchStage.KIND)).value().isAuto());
    assertEquals(2, ((PrefetchToDeviceStage) defaults(PrefetchToDeviceStage.KIND)).buffer());

    FakeValues bad = FakeValues.defaults().set(BatchStage.SIZE, 0L);
    bad.read(BatchStage.KIND);
    assertEquals(List.of("INVALID_BATCH_SIZE"), bad.reported);
    FakeValues repeat = FakeValues.defaults().set(RepeatStage.COUNT, 0L);
    repeat.read(RepeatStage.KIND);
    assertEquals(List.of("INVALID_REPEAT"), repeat.reported);
    FakeValues fine = FakeValues.defaults();
    for (StageKind kind : StageKind.all()) {
      fine.read(kind);
    }
    assertEquals(List.of(), fine.reported, "the defaults are all in range");
  }

  private static final SizeModel.Upstream AFTER_BATCH_OF_32 = new SizeModel.Upstream() {
    @Override
    public List<Long> inputOuter() {
      return List.of(32L);
    }

    @Override
    public Count sourceRecords() {
      return Count.exact(5000);
    }

    @Override
    public long workers() {
      return 4;
    }
  };

  @Test
  void elementCountsOfEveryKindFrom100() {
    Count in = Count.exact(100);
    Map<StageKind, String> expected = new LinkedHashMap<>();
    // Sources count from their hints (file names for a file source), not from their input.
    expected.put(TFRecordSourceStage.KIND, "unknown");
    expected.put(TextLineSourceStage.KIND, "unknown");
    expected.put(InMemorySourceStage.KIND, "unknown");
    expected.put(ChooseStage.KIND, "unknown");
    expected.put(InterleaveStage.KIND, "at most 1,250"); // 5,000 records over 4 workers
    expected.put(DecodeStage.KIND, "100");
    expected.put(DecodeJpegStage.KIND, "100");
    expected.put(DecodeCsvStage.KIND, "100");
    expected.put(MapStage.KIND, "100");
    expected.put(FilterStage.KIND, "at most 100");
    expected.put(FlatMapStage.KIND, "unknown");
    expected.put(ShuffleStage.KIND, "100");
    expected.put(CacheStage.KIND, "100");
    expected.put(SnapshotStage.KIND, "100");
    expected.put(BatchStage.KIND, "13"); // 8 a batch, the remainder kept
    expected.put(PaddedBatchStage.KIND, "13");
    expected.put(BucketByLengthStage.KIND, "at most 100");
    expected.put(UnbatchStage.KIND, "at most 3,200");
    expected.put(WindowStage.KIND, "13");
    expected.put(RepeatStage.KIND, "infinite");
    expected.put(TakeStage.KIND, "8");
    expected.put(SkipStage.KIND, "92");
    expected.put(ShardStage.KIND, "at most 100"); // no workers declared: 1
    expected.put(PrefetchStage.KIND, "100");
    expected.put(PrefetchToDeviceStage.KIND, "100");
    expected.put(RebatchStage.KIND, "400"); // 100 batches of 32 rows, 8 a batch
    expected.put(SplitStage.KIND, "at most 100"); // one side of the split
    Set<StageKind> readsPipelines = Set.of(MixStage.KIND, ConcatenateStage.KIND,
        ZipStage.KIND); // counted from the pipelines they read: SourcesDiagnosticsTest
    assertEquals(StageKind.all().stream().filter(k -> !readsPipelines.contains(k))
        .collect(Collectors.toSet()), expected.keySet());
    for (Map.Entry<StageKind, String> e : expected.entrySet()) {
      assertEquals(e.getValue(), defaults(e.getKey()).elements(in, AFTER_BATCH_OF_32).toString(),
          "@" + e.getKey().annotation());
    }
    assertEquals("12", new BatchStage(8, true).elements(in, AFTER_BATCH_OF_32).toString());
    assertEquals("300", new RepeatStage(OptionalLong.of(3)).elements(in, AFTER_BATCH_OF_32)
        .toString());
    assertEquals("at most 25", new ShardStage(OptionalLong.of(4)).elements(in, AFTER_BATCH_OF_32)
        .toString());
    assertEquals("48", new WindowStage(5, 2, 1, true).elements(in, AFTER_BATCH_OF_32).toString());
    assertEquals("8", new TakeStage(8).elements(Count.INFINITE, AFTER_BATCH_OF_32).toString());
    assertEquals("0", new SkipStage(200).elements(in, AFTER_BATCH_OF_32).toString());
  }

  @Test
  void batchDimensionsOfEveryKindOnA32BatchedElement() {
    List<Long> in = List.of(32L);
    Map<StageKind, List<Long>> expected = new LinkedHashMap<>();
    for (StageKind kind : StageKind.all()) {
      expected.put(kind, in);
    }
    expected.put(BatchStage.KIND, List.of(UNKNOWN, 32L)); // the remainder kept: [?, 32]
    expected.put(PaddedBatchStage.KIND, List.of(UNKNOWN, 32L));
    expected.put(BucketByLengthStage.KIND, List.of(UNKNOWN, 32L));
    expected.put(WindowStage.KIND, List.of(UNKNOWN, 32L));
    expected.put(UnbatchStage.KIND, List.of());
    expected.put(FlatMapStage.KIND, List.of()); // makes single elements of what it is given
    expected.put(RebatchStage.KIND, List.of(UNKNOWN)); // the remainder kept: [?]
    Set<StageKind> readsPipelines = Set.of(MixStage.KIND, ConcatenateStage.KIND,
        ZipStage.KIND, ChooseStage.KIND); // start from the read pipelines': SourcesDiagnosticsTest
    for (StageKind kind : StageKind.all()) {
      if (!readsPipelines.contains(kind)) {
        assertEquals(expected.get(kind), defaults(kind).outer(in), "@" + kind.annotation());
      }
    }
    assertEquals(List.of(8L, 32L), new BatchStage(8, true).outer(in));
    assertEquals(List.of(8L, 32L), new WindowStage(8, 8, 1, true).outer(in));
    assertEquals(List.of(UNKNOWN, 32L), new BucketByLengthStage("tokens", List.of(4L),
        List.of(8L, 8L), false, true, List.of()).outer(in), "buckets differ in size");
    assertEquals(List.of(), new UnbatchStage().outer(List.of()));
    assertEquals(List.of(2L, 7L), new RebatchStage(2, true).outer(List.of(4L, 7L)),
        "a rebatch replaces the batch dimension, static when the remainder is dropped");
    assertEquals("unknown", new RebatchStage(4, false).elements(Count.exact(6).atMost(),
        new SizeModel.Upstream() {
          @Override
          public List<Long> inputOuter() {
            return List.of(UNKNOWN);
          }

          @Override
          public Count sourceRecords() {
            return Count.UNKNOWN;
          }

          @Override
          public long workers() {
            return 1;
          }
        }).toString(), "batches of unknown size: unknown rows");
  }

  @Test
  void referenceRanksMemoryGuardAndEpochLength() {
    Map<StageKind, Integer> rank = new LinkedHashMap<>();
    List.of(TFRecordSourceStage.KIND, TextLineSourceStage.KIND, InMemorySourceStage.KIND,
        MixStage.KIND, ConcatenateStage.KIND, ZipStage.KIND, ChooseStage.KIND)
        .forEach(k -> rank.put(k, 0));
    rank.put(ShardStage.KIND, 1);
    rank.put(InterleaveStage.KIND, 2);
    rank.put(ShuffleStage.KIND, 3);
    List.of(DecodeStage.KIND, DecodeJpegStage.KIND, DecodeCsvStage.KIND, MapStage.KIND,
        FilterStage.KIND, FlatMapStage.KIND).forEach(k -> rank.put(k, 4));
    rank.put(CacheStage.KIND, 5);
    rank.put(SnapshotStage.KIND, 5);
    List.of(BatchStage.KIND, PaddedBatchStage.KIND, BucketByLengthStage.KIND, WindowStage.KIND)
        .forEach(k -> rank.put(k, 7));
    rank.put(PrefetchStage.KIND, 9);
    rank.put(PrefetchToDeviceStage.KIND, 10);
    List.of(TakeStage.KIND, SkipStage.KIND, RepeatStage.KIND, UnbatchStage.KIND, RebatchStage.KIND,
            SplitStage.KIND)
        .forEach(k -> rank.put(k, -1));
    assertEquals(Set.copyOf(StageKind.all()), rank.keySet());
    for (StageKind kind : StageKind.all()) {
      assertEquals(rank.get(kind), defaults(kind).rank(null, false), "@" + kind.annotation());
    }
    assertEquals(5, defaults(ShuffleStage.KIND).rank(null, true), "a shuffle after the cache");
    MapStage map = (MapStage) defaults(MapStage.KIND);
    assertEquals(8, new MapStage(map.parallel(), true, map.cost(), false, true, false)
        .rank(null, false), "a vectorized map after the batch");
    assertEquals(6, new MapStage(map.parallel(), true, map.cost(), true, false, false)
        .rank(null, true), "a random map after the cache");
    assertEquals(10, new MapStage(map.parallel(), true, map.cost(), false, false, true)
        .rank(null, false), "a map on the device");

    Set<StageKind> dropsOrGroups = Set.of(FilterStage.KIND, FlatMapStage.KIND,
        TakeStage.KIND, SkipStage.KIND, ShardStage.KIND, RepeatStage.KIND, BatchStage.KIND,
        PaddedBatchStage.KIND, BucketByLengthStage.KIND, UnbatchStage.KIND, WindowStage.KIND,
        RebatchStage.KIND, SplitStage.KIND);
    Set<StageKind> keepsLength = Set.of(MapStage.KIND, ShuffleStage.KIND, BatchStage.KIND,
        PaddedBatchStage.KIND, PrefetchStage.KIND);
    for (StageKind kind : StageKind.all()) {
      StageDefinition definition = defaults(kind);
      assertEquals(!dropsOrGroups.contains(kind), definition.passesEverySourceElement(),
          "@" + kind.annotation() + " passes every element");
      assertEquals(keepsLength.contains(kind), definition.keepsEpochLength(),
          "@" + kind.annotation() + " keeps the epoch's length");
    }
  }

  @Test
  void traitsMatchTheFamilies() {
    for (StageKind kind : StageKind.all()) {
      StageDefinition definition = defaults(kind);
      assertEquals(definition instanceof StageDefinition.Parallel,
          definition.traits().contains(StageKind.Trait.PARALLEL), kind.toString());
      if (definition.traits().contains(StageKind.Trait.BATCHES)) {
        assertTrue(definition instanceof StageDefinition.Batching, kind.toString());
      }
      if (kind.isSource()) {
        assertFalse(definition.traits().contains(StageKind.Trait.KEEPS_TYPE), kind.toString());
      }
    }
    List<String> batching = new ArrayList<>();
    for (StageKind kind : StageKind.all()) {
      if (defaults(kind).traits().contains(StageKind.Trait.BATCHES)) {
        batching.add(kind.annotation());
      }
    }
    // The catalogue is ordered by annotation name, no longer by an enum's order: compared as sets.
    assertEquals(Set.of("Batch", "PaddedBatch", "BucketByLength", "Window"), Set.copyOf(batching));
    assertEquals(Set.of(StageKind.Trait.KEEPS_TYPE, StageKind.Trait.ON_FILE_NAMES),
        defaults(ShuffleStage.KIND).traits());
    assertEquals(StageKind.all().stream().filter(k -> k.form() == StageKind.Form.BODY)
        .map(StageKind::annotation).collect(Collectors.toSet()),
        Set.of("Map", "Filter", "FlatMap"));
  }
}

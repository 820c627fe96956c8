package dev.feedline.processor.model.kinds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.SizeModel.Count;
import dev.feedline.processor.model.StageKind;
import dev.feedline.processor.model.StaticShape;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
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

  /** The records that implement the sealed interface, through its sub-interfaces. */
  private static Set<Class<?>> definitions(Class<?> sealed) {
    Set<Class<?>> found = new java.util.HashSet<>();
    for (Class<?> sub : sealed.getPermittedSubclasses()) {
      if (sub.isInterface()) {
        found.addAll(definitions(sub));
      } else {
        found.add(sub);
      }
    }
    return found;
  }

  @Test
  void theKindsAndTheDefinitionsAreOneToOne() {
    Map<StageKind, Class<?>> byKind = new EnumMap<>(StageKind.class);
    for (StageKind kind : StageKind.values()) {
      StageDefinition definition = defaults(kind);
      assertEquals(kind, definition.kind(), "the definition StageKind." + kind + " reads");
      byKind.put(kind, definition.getClass());
    }
    Set<Class<?>> records = definitions(StageDefinition.class);
    assertEquals(records, Set.copyOf(byKind.values()), "every definition is read by one kind");
    assertEquals(StageKind.values().length, records.size());
    records.forEach(r -> assertTrue(r.isRecord(), r.getName()));
  }

  @Test
  void readingTurnsSentinelsIntoEmptyOptionalsAndChecksRanges() {
    ShuffleStage shuffle = (ShuffleStage) FakeValues.defaults()
        .set(Member.SHUFFLE_BUFFER, 1000L).read(StageKind.SHUFFLE);
    assertEquals(new ShuffleStage(1000, OptionalLong.empty(), true), shuffle);
    ShuffleStage seeded = (ShuffleStage) FakeValues.defaults().set(Member.SHUFFLE_BUFFER, 10L)
        .set(Member.SHUFFLE_SEED, 7L).read(StageKind.SHUFFLE);
    assertEquals(OptionalLong.of(7), seeded.seed());

    WindowStage window = (WindowStage) FakeValues.defaults().set(Member.WINDOW_SIZE, 5L)
        .read(StageKind.WINDOW);
    assertEquals(new WindowStage(5, 5, 1, false), window, "shift SAME_AS_SIZE is the size");

    assertEquals(OptionalLong.empty(), ((RepeatStage) defaults(StageKind.REPEAT)).count());
    assertEquals(OptionalLong.empty(), ((ShardStage) defaults(StageKind.SHARD)).workers());
    assertEquals(1, ((ShardStage) defaults(StageKind.SHARD)).workerCount());
    assertTrue(((CacheStage) defaults(StageKind.CACHE)).file().isEmpty());
    assertTrue(((PrefetchStage) defaults(StageKind.PREFETCH)).value().isAuto());
    assertEquals(2, ((PrefetchToDeviceStage) defaults(StageKind.PREFETCH_TO_DEVICE)).buffer());

    FakeValues bad = FakeValues.defaults().set(Member.BATCH_SIZE, 0L);
    bad.read(StageKind.BATCH);
    assertEquals(List.of("INVALID_BATCH_SIZE"), bad.reported);
    FakeValues repeat = FakeValues.defaults().set(Member.REPEAT_COUNT, 0L);
    repeat.read(StageKind.REPEAT);
    assertEquals(List.of("INVALID_REPEAT"), repeat.reported);
    FakeValues fine = FakeValues.defaults();
    for (StageKind kind : StageKind.values()) {
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
    Map<StageKind, String> expected = new EnumMap<>(StageKind.class);
    // Sources count from their hints (file names for a file source), not from their input.
    expected.put(StageKind.TFRECORD_SOURCE, "unknown");
    expected.put(StageKind.TEXT_LINE_SOURCE, "unknown");
    expected.put(StageKind.IN_MEMORY_SOURCE, "unknown");
    expected.put(StageKind.CHOOSE, "unknown");
    expected.put(StageKind.INTERLEAVE, "at most 1,250"); // 5,000 records over 4 workers
    expected.put(StageKind.DECODE, "100");
    expected.put(StageKind.DECODE_JPEG, "100");
    expected.put(StageKind.DECODE_CSV, "100");
    expected.put(StageKind.MAP, "100");
    expected.put(StageKind.FILTER, "at most 100");
    expected.put(StageKind.FLAT_MAP, "unknown");
    expected.put(StageKind.SHUFFLE, "100");
    expected.put(StageKind.CACHE, "100");
    expected.put(StageKind.SNAPSHOT, "100");
    expected.put(StageKind.BATCH, "13"); // 8 a batch, the remainder kept
    expected.put(StageKind.PADDED_BATCH, "13");
    expected.put(StageKind.BUCKET_BY_LENGTH, "at most 100");
    expected.put(StageKind.UNBATCH, "at most 3,200");
    expected.put(StageKind.WINDOW, "13");
    expected.put(StageKind.REPEAT, "infinite");
    expected.put(StageKind.TAKE, "8");
    expected.put(StageKind.SKIP, "92");
    expected.put(StageKind.SHARD, "at most 100"); // no workers declared: 1
    expected.put(StageKind.PREFETCH, "100");
    expected.put(StageKind.PREFETCH_TO_DEVICE, "100");
    expected.put(StageKind.REBATCH, "400"); // 100 batches of 32 rows, 8 a batch
    expected.put(StageKind.SPLIT, "at most 100"); // one side of the split
    Set<StageKind> readsPipelines = EnumSet.of(StageKind.MIX, StageKind.CONCATENATE,
        StageKind.ZIP); // counted from the pipelines they read: SourcesDiagnosticsTest
    assertEquals(EnumSet.complementOf(EnumSet.copyOf(readsPipelines)), expected.keySet());
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
    Map<StageKind, List<Long>> expected = new EnumMap<>(StageKind.class);
    for (StageKind kind : StageKind.values()) {
      expected.put(kind, in);
    }
    expected.put(StageKind.BATCH, List.of(UNKNOWN, 32L)); // the remainder kept: [?, 32]
    expected.put(StageKind.PADDED_BATCH, List.of(UNKNOWN, 32L));
    expected.put(StageKind.BUCKET_BY_LENGTH, List.of(UNKNOWN, 32L));
    expected.put(StageKind.WINDOW, List.of(UNKNOWN, 32L));
    expected.put(StageKind.UNBATCH, List.of());
    expected.put(StageKind.FLAT_MAP, List.of()); // makes single elements of what it is given
    expected.put(StageKind.REBATCH, List.of(UNKNOWN)); // the remainder kept: [?]
    Set<StageKind> readsPipelines = EnumSet.of(StageKind.MIX, StageKind.CONCATENATE,
        StageKind.ZIP, StageKind.CHOOSE); // start from the read pipelines': SourcesDiagnosticsTest
    for (StageKind kind : StageKind.values()) {
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
    Map<StageKind, Integer> rank = new EnumMap<>(StageKind.class);
    List.of(StageKind.TFRECORD_SOURCE, StageKind.TEXT_LINE_SOURCE, StageKind.IN_MEMORY_SOURCE,
        StageKind.MIX, StageKind.CONCATENATE, StageKind.ZIP, StageKind.CHOOSE)
        .forEach(k -> rank.put(k, 0));
    rank.put(StageKind.SHARD, 1);
    rank.put(StageKind.INTERLEAVE, 2);
    rank.put(StageKind.SHUFFLE, 3);
    List.of(StageKind.DECODE, StageKind.DECODE_JPEG, StageKind.DECODE_CSV, StageKind.MAP,
        StageKind.FILTER, StageKind.FLAT_MAP).forEach(k -> rank.put(k, 4));
    rank.put(StageKind.CACHE, 5);
    rank.put(StageKind.SNAPSHOT, 5);
    List.of(StageKind.BATCH, StageKind.PADDED_BATCH, StageKind.BUCKET_BY_LENGTH, StageKind.WINDOW)
        .forEach(k -> rank.put(k, 7));
    rank.put(StageKind.PREFETCH, 9);
    rank.put(StageKind.PREFETCH_TO_DEVICE, 10);
    List.of(StageKind.TAKE, StageKind.SKIP, StageKind.REPEAT, StageKind.UNBATCH, StageKind.REBATCH,
            StageKind.SPLIT)
        .forEach(k -> rank.put(k, -1));
    assertEquals(EnumSet.allOf(StageKind.class), rank.keySet());
    for (StageKind kind : StageKind.values()) {
      assertEquals(rank.get(kind), defaults(kind).rank(null, false), "@" + kind.annotation());
    }
    assertEquals(5, defaults(StageKind.SHUFFLE).rank(null, true), "a shuffle after the cache");
    MapStage map = (MapStage) defaults(StageKind.MAP);
    assertEquals(8, new MapStage(map.parallel(), true, map.cost(), false, true, false)
        .rank(null, false), "a vectorized map after the batch");
    assertEquals(6, new MapStage(map.parallel(), true, map.cost(), true, false, false)
        .rank(null, true), "a random map after the cache");
    assertEquals(10, new MapStage(map.parallel(), true, map.cost(), false, false, true)
        .rank(null, false), "a map on the device");

    Set<StageKind> dropsOrGroups = EnumSet.of(StageKind.FILTER, StageKind.FLAT_MAP,
        StageKind.TAKE, StageKind.SKIP, StageKind.SHARD, StageKind.REPEAT, StageKind.BATCH,
        StageKind.PADDED_BATCH, StageKind.BUCKET_BY_LENGTH, StageKind.UNBATCH, StageKind.WINDOW,
        StageKind.REBATCH, StageKind.SPLIT);
    Set<StageKind> keepsLength = EnumSet.of(StageKind.MAP, StageKind.SHUFFLE, StageKind.BATCH,
        StageKind.PADDED_BATCH, StageKind.PREFETCH);
    for (StageKind kind : StageKind.values()) {
      StageDefinition definition = defaults(kind);
      assertEquals(!dropsOrGroups.contains(kind), definition.passesEverySourceElement(),
          "@" + kind.annotation() + " passes every element");
      assertEquals(keepsLength.contains(kind), definition.keepsEpochLength(),
          "@" + kind.annotation() + " keeps the epoch's length");
    }
  }

  @Test
  void traitsMatchTheFamilies() {
    for (StageKind kind : StageKind.values()) {
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
    for (StageKind kind : StageKind.values()) {
      if (defaults(kind).traits().contains(StageKind.Trait.BATCHES)) {
        batching.add(kind.annotation());
      }
    }
    assertEquals(List.of("Batch", "PaddedBatch", "BucketByLength", "Window"), batching);
    assertEquals(Set.of(StageKind.Trait.KEEPS_TYPE, StageKind.Trait.ON_FILE_NAMES),
        defaults(StageKind.SHUFFLE).traits());
    assertEquals(Arrays.stream(StageKind.values()).filter(k -> k.form() == StageKind.Form.BODY)
        .map(StageKind::annotation).collect(Collectors.toList()), List.of("Map", "Filter", "FlatMap"));
  }
}

package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.EpochIterator;
import dev.feedline.tests.pipelines.FeedlineShuffledSkippingRowsPipeline;
import dev.feedline.tests.pipelines.FeedlineWorkerCachedRowsPipeline;
import dev.feedline.tests.support.TestData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.proto.Example;
import org.tensorflow.types.TInt64;

/**
 * Two pipeline shapes the golden files pin, run: workers that shard the files and cache their
 * share in files of their own, and a seeded shuffle over records read with the skip policy.
 */
class WorkersAndSeedsTest {
  @TempDir Path dir;

  private static List<Long> ids(TInt64 batch) {
    List<Long> ids = new ArrayList<>();
    batch.scalars().forEach(id -> ids.add(id.getLong()));
    return ids;
  }

  /** The ids of two epochs of worker {@code index} of 2, cached under its own prefix. */
  private List<List<Long>> worker(int index) {
    List<List<Long>> epochs = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineWorkerCachedRowsPipeline pipeline = FeedlineWorkerCachedRowsPipeline.builder()
            .files(dir.resolve("*.tfrecord").toString())
            .worker(index, 2)
            .cacheFile(dir.resolve("cache-" + index).toString())
            .build(graph)) {
      for (int e = 0; e < 2; e++) {
        List<Long> ids = new ArrayList<>();
        try (EpochIterator<FeedlineWorkerCachedRowsPipeline.RowTensors> batches =
            pipeline.epoch(session)) {
          batches.forEachRemaining(batch -> ids.addAll(ids(batch.id())));
        }
        epochs.add(ids);
      }
    }
    return epochs;
  }

  @Test
  void workersReadDisjointSharesAndEachCachesItsOwn() throws IOException {
    TestData.writeRows(dir, 4, 5); // file f holds ids 5f .. 5f + 4
    List<List<Long>> first = worker(0);
    List<List<Long>> second = worker(1);
    assertEquals(first.get(0), first.get(1), "worker 0's second epoch reads its cache");
    assertEquals(second.get(0), second.get(1), "worker 1's second epoch reads its cache");
    Set<Long> mine = new TreeSet<>(first.get(0));
    Set<Long> theirs = new TreeSet<>(second.get(0));
    assertEquals(10, mine.size());
    assertEquals(10, theirs.size());
    Set<Long> all = new TreeSet<>(mine);
    all.addAll(theirs);
    assertEquals(LongStream.range(0, 20).boxed().collect(Collectors.toSet()), all,
        "together the workers read every row once");
    assertTrue(mine.containsAll(List.of(0L, 4L, 10L, 14L)), "files 0 and 2 go to worker 0: " + mine);
  }

  /** Two epochs of one run, in the order the pipeline yields them. */
  private List<List<Long>> shuffledRun() {
    List<List<Long>> epochs = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineShuffledSkippingRowsPipeline pipeline = FeedlineShuffledSkippingRowsPipeline
            .builder().files(dir.resolve("*.tfrecord").toString()).build(graph)) {
      for (int e = 0; e < 2; e++) {
        List<Long> ids = new ArrayList<>();
        try (EpochIterator<FeedlineShuffledSkippingRowsPipeline.RowTensors> batches =
            pipeline.epoch(session)) {
          batches.forEachRemaining(batch -> ids.addAll(ids(batch.id())));
        }
        epochs.add(ids);
      }
      assertEquals(1, pipeline.skippedRecords().count());
    }
    return epochs;
  }

  @Test
  void aSeededShuffleOfTheGoodRecordsIsTheSameOnEveryRunAndNewEveryEpoch() throws IOException {
    TestData.writeRows(dir, 2, 12);
    List<Example> third = new ArrayList<>();
    for (long id = 24; id < 36; id++) {
      third.add(TestData.row(id));
    }
    TestData.write(dir.resolve("rows-2.tfrecord"), third);
    byte[] notAnExample = "NOT AN EXAMPLE".getBytes(StandardCharsets.UTF_8);
    TestData.writeRecords(dir.resolve("rows-3.tfrecord"),
        List.of(TestData.row(36).toByteArray(), notAnExample, TestData.row(38).toByteArray()));

    List<List<Long>> run = shuffledRun();
    List<List<Long>> again = shuffledRun();
    Set<Long> good = new HashSet<>(LongStream.range(0, 37).boxed().toList());
    good.add(38L);
    for (List<Long> epoch : run) {
      assertEquals(good.size(), epoch.size(), "every good record once: " + epoch);
      assertEquals(good, new HashSet<>(epoch));
    }
    assertEquals(run, again, "the same orders on every run");
    assertNotEquals(run.get(0), run.get(1), "a new order every epoch");
  }
}

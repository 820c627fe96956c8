package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.doctor.StageChain;
import dev.feedline.example.HousingDataset;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.tests.pipelines.FeedlineShuffledLinesPipelines_Seeded;
import dev.feedline.tests.pipelines.FeedlineShuffledLinesPipelines_Unseeded;
import dev.feedline.tests.pipelines.ShuffledLinesPipelines;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.GraphOperation;
import org.tensorflow.Session;
import org.tensorflow.types.TString;

/**
 * Lines of text cached, shuffled and batched travel in chunks from the interleave to the batch,
 * shuffled a window at a time (docs/performance.md#shuffled-windows): on a real text, the Boston
 * house-price table's 507 lines in each of two files, every line comes out once an epoch, in a
 * new order each epoch, the same orders on every run of a seeded shuffle and other ones of an
 * unseeded one, and a checkpoint in epoch 1 or 2 resumes the uninterrupted run's batches.
 */
class ShuffledLinesTest {
  @TempDir Path dir;
  private List<String> files;
  private List<String> written;

  @BeforeEach
  void writeTwoFiles() throws IOException {
    List<String> lines = HousingDataset.lines();
    files = List.of(Files.write(dir.resolve("lines-0.txt"), lines).toString(),
        Files.write(dir.resolve("lines-1.txt"), reversed(lines)).toString());
    List<String> all = new ArrayList<>(lines);
    all.addAll(lines);
    all.sort(null);
    written = all;
  }

  private static List<String> reversed(List<String> lines) {
    List<String> reversed = new ArrayList<>(lines);
    Collections.reverse(reversed);
    return reversed;
  }

  /** The next {@code count} batches at most, each as its lines. */
  private static <T extends AutoCloseable> void take(EpochIterator<T> epoch, int count,
      Function<T, TString> value, List<List<String>> into) {
    for (int i = 0; i < count && epoch.hasNext(); i++) {
      T batch = epoch.next();
      List<String> lines = new ArrayList<>();
      value.apply(batch).scalars().forEach(line -> lines.add(line.getObject()));
      into.add(lines);
      try {
        batch.close();
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }
  }

  private static void take(EpochIterator<FeedlineShuffledLinesPipelines_Seeded.ValueTensors> epoch,
      int count, List<List<String>> into) {
    take(epoch, count, FeedlineShuffledLinesPipelines_Seeded.ValueTensors::value, into);
  }

  private static List<String> lines(List<List<String>> batches) {
    return batches.stream().flatMap(List::stream).toList();
  }

  private static Set<String> opTypes(Graph graph) {
    Set<String> types = new HashSet<>();
    graph.operations().forEachRemaining(op -> types.add(((GraphOperation) op).type()));
    return types;
  }

  /** Three epochs of the seeded pipeline, each as its batches. */
  private List<List<List<String>>> seededEpochs() {
    List<List<List<String>>> epochs = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineShuffledLinesPipelines_Seeded.builder()
            .files(files.toArray(String[]::new)).build(graph)) {
      for (int epoch = 0; epoch < 3; epoch++) {
        List<List<String>> batches = new ArrayList<>();
        try (var iterator = pipeline.epoch(session)) {
          take(iterator, Integer.MAX_VALUE, batches);
        }
        epochs.add(batches);
      }
      assertFalse(opTypes(graph).contains("UnbatchDataset"), "no line travels alone");
      assertTrue(opTypes(graph).contains("RebatchDatasetV2"), "the windows and batches cut");
      Map<String, StageChain.Link> links = new HashMap<>();
      StageChain.find(pipeline.iterator()).forEach(link -> links.put(link.name(), link));
      assertEquals("InterleaveDataset", links.get("lines").type(), "the lines under the chunks");
      assertEquals(ShuffledLinesPipelines.BUFFER, links.get("shuffle").size(), "a window's lines");
      assertEquals(50L, links.get("batch").size(), "@Batch(size = 50)");
    }
    return epochs;
  }

  @Test
  void everyLineOnceAnEpochInANewOrderEveryEpochTheSameOnEveryRun() {
    List<List<List<String>>> epochs = seededEpochs();
    for (int epoch = 0; epoch < 3; epoch++) {
      List<String> sorted = new ArrayList<>(lines(epochs.get(epoch)));
      sorted.sort(null);
      assertEquals(written, sorted, "epoch " + (epoch + 1) + ": every line once");
      List<List<String>> batches = epochs.get(epoch);
      assertEquals(21, batches.size(), "1,014 lines in batches of 50");
      assertEquals(14, batches.get(20).size(), "the last batch, smaller");
    }
    assertNotEquals(lines(epochs.get(0)), lines(epochs.get(1)), "a new order in epoch 2");
    assertNotEquals(lines(epochs.get(1)), lines(epochs.get(2)), "a new order in epoch 3");
    assertEquals(epochs, seededEpochs(), "the same orders on the next run");
  }

  @Test
  void anUnseededShuffleDrawsOtherOrdersEachRunEveryLineOnce() {
    List<List<String>> runs = new ArrayList<>();
    for (int run = 0; run < 2; run++) {
      try (Graph graph = new Graph();
          Session session = new Session(graph);
          var pipeline = FeedlineShuffledLinesPipelines_Unseeded.builder()
              .files(files.toArray(String[]::new)).build(graph)) {
        List<List<String>> batches = new ArrayList<>();
        try (var iterator = pipeline.epoch(session)) {
          take(iterator, Integer.MAX_VALUE, FeedlineShuffledLinesPipelines_Unseeded.ValueTensors::value,
              batches);
        }
        List<String> sorted = new ArrayList<>(lines(batches));
        sorted.sort(null);
        assertEquals(written, sorted, "run " + (run + 1) + ": every line once");
        runs.add(lines(batches));
      }
    }
    assertNotEquals(runs.get(0), runs.get(1));
  }

  @Test
  void aCheckpointInEpochOneOrTwoResumesTheBatchesOfTheUninterruptedRun() {
    List<List<List<String>>> epochs = seededEpochs();
    List<List<String>> expected = new ArrayList<>(epochs.get(0));
    expected.addAll(epochs.get(1));
    // Stopped in epoch 1, which fills the cache, and in epoch 2, whose buffer holds chunks.
    for (int k : new int[] {4, 30}) {
      Path checkpoint = dir.resolve("lines-" + k);
      List<List<String>> run = new ArrayList<>();
      try (Graph graph = new Graph();
          Session session = new Session(graph);
          var pipeline = FeedlineShuffledLinesPipelines_Seeded.builder()
              .files(files.toArray(String[]::new)).build(graph)) {
        if (k > 21) {
          try (var first = pipeline.epoch(session)) {
            take(first, Integer.MAX_VALUE, run);
          }
        }
        try (var batches = pipeline.epoch(session)) {
          take(batches, k % 21, run);
          pipeline.checkpoint(session, checkpoint);
        }
      }
      assertTrue(Files.exists(checkpoint));
      try (Graph graph = new Graph();
          Session session = new Session(graph);
          var pipeline = FeedlineShuffledLinesPipelines_Seeded.builder()
              .files(files.toArray(String[]::new)).build(graph)) {
        try (var rest = pipeline.resume(session, checkpoint)) {
          take(rest, Integer.MAX_VALUE, run);
        }
        if (k < 21) {
          try (var next = pipeline.epoch(session)) {
            take(next, Integer.MAX_VALUE, run);
          }
        }
      }
      assertEquals(expected, run, "stopped after batch " + k);
    }
  }
}

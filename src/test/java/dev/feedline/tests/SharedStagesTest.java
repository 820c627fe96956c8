package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.feedline.runtime.BuiltPipeline;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.tests.pipelines.FeedlineSharedRowsPipelines_Eval;
import dev.feedline.tests.pipelines.FeedlineSharedRowsPipelines_Negated;
import dev.feedline.tests.pipelines.FeedlineSharedRowsPipelines_Train;
import dev.feedline.tests.support.TestData;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;

/**
 * Pipelines that share stages through groups run on TensorFlow as if each were written out: an
 * eval pipeline yields the rows in file order, a train pipeline with a shuffle and an
 * augmentation from another group the same rows shuffled and augmented, and a pipeline that
 * replaces an inherited stage runs its own body in its place.
 */
class SharedStagesTest {
  private static final int PER_FILE = 10;

  @TempDir Path dir;

  /** One row as the pipeline yields it. */
  record Out(long id, long label, float total) {}

  @BeforeEach
  void writeTwoFiles() throws IOException {
    TestData.writeRows(dir, 2, PER_FILE);
  }

  /** Rows of the two files in turns, as the interleave of two files reads them: 0, 10, 1, 11, ... */
  private static List<Long> fileOrder() {
    List<Long> ids = new ArrayList<>();
    for (long i = 0; i < PER_FILE; i++) {
      ids.add(i);
      ids.add(PER_FILE + i);
    }
    return ids;
  }

  @Test
  void evalYieldsEveryRowInFileOrderWithItsTotal() {
    List<Out> rows = eval();
    assertEquals(fileOrder(), rows.stream().map(Out::id).toList());
    for (Out row : rows) {
      assertEquals(row.id() % 10, row.label(), "label of row " + row.id());
      assertEquals(6f * row.id(), row.total(), 1e-3, "total of row " + row.id());
    }
  }

  @Test
  void trainYieldsTheSameRowsShuffledAndAugmented() {
    List<Out> rows = train();
    List<Long> ids = rows.stream().map(Out::id).toList();
    assertNotEquals(fileOrder(), ids, "the shuffle of the train pipeline reorders the rows");
    assertEquals(fileOrder().stream().sorted().toList(), ids.stream().sorted().toList(),
        "every row once");
    for (Out row : rows) {
      assertEquals(row.id() % 10, row.label(), "label of row " + row.id());
      assertEquals(6f * row.id() + 0.5f, row.total(), 1e-3, "augmented total of row " + row.id());
    }
    // Seeded: the same order on a second run.
    assertEquals(ids, train().stream().map(Out::id).toList());
  }

  @Test
  void aReplacedStageRunsInsteadOfTheInheritedOne() {
    List<Out> rows = negated();
    assertEquals(fileOrder(), rows.stream().map(Out::id).toList());
    for (Out row : rows) {
      assertEquals(-6f * row.id(), row.total(), 1e-3, "negated total of row " + row.id());
    }
  }

  private String files() {
    return dir.resolve("*.tfrecord").toString();
  }

  private List<Out> eval() {
    return rows(graph -> FeedlineSharedRowsPipelines_Eval.builder().files(files()).build(graph),
        FeedlineSharedRowsPipelines_Eval.TotalsTensors::id,
        FeedlineSharedRowsPipelines_Eval.TotalsTensors::label,
        FeedlineSharedRowsPipelines_Eval.TotalsTensors::total);
  }

  private List<Out> train() {
    return rows(graph -> FeedlineSharedRowsPipelines_Train.builder().files(files()).build(graph),
        FeedlineSharedRowsPipelines_Train.TotalsTensors::id,
        FeedlineSharedRowsPipelines_Train.TotalsTensors::label,
        FeedlineSharedRowsPipelines_Train.TotalsTensors::total);
  }

  private List<Out> negated() {
    return rows(graph -> FeedlineSharedRowsPipelines_Negated.builder().files(files()).build(graph),
        FeedlineSharedRowsPipelines_Negated.TotalsTensors::id,
        FeedlineSharedRowsPipelines_Negated.TotalsTensors::label,
        FeedlineSharedRowsPipelines_Negated.TotalsTensors::total);
  }

  /** One epoch of a pipeline, its batches split into rows. */
  private static <T extends AutoCloseable> List<Out> rows(Function<Graph, BuiltPipeline<?, T>> build,
      Function<T, TInt64> id, Function<T, TInt64> label, Function<T, TFloat32> total) {
    List<Out> rows = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        BuiltPipeline<?, T> pipeline = build.apply(graph);
        EpochIterator<T> batches = pipeline.epoch(session)) {
      for (T batch : batches) {
        for (int i = 0; i < id.apply(batch).shape().get(0); i++) {
          rows.add(new Out(id.apply(batch).getLong(i), label.apply(batch).getLong(i),
              total.apply(batch).getFloat(i)));
        }
      }
    }
    return rows;
  }
}

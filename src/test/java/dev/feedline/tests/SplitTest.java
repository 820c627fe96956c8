package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.example.HousingDataset;
import dev.feedline.example.SpellingDataset;
import dev.feedline.runtime.BuiltPipeline;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.tests.pipelines.FeedlineSplitPipelines_HousingEval;
import dev.feedline.tests.pipelines.FeedlineSplitPipelines_HousingTrain;
import dev.feedline.tests.pipelines.FeedlineSplitPipelines_RowsEval;
import dev.feedline.tests.pipelines.FeedlineSplitPipelines_RowsTrain;
import dev.feedline.tests.pipelines.FeedlineSplitPipelines_WordsEval;
import dev.feedline.tests.pipelines.FeedlineSplitPipelines_WordsTrain;
import dev.feedline.tests.support.TestData;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.types.TFloat32;

/**
 * {@code @Split} on TensorFlow, on real data: a training pipeline and an evaluation pipeline that
 * differ only in the split's side hand out disjoint sets that together hold every row, the same
 * sets in every epoch and in every build, though a shuffle reshuffles every epoch and draws new
 * seeds every build; the evaluation side holds about evalPercent of the rows.
 */
class SplitTest {
  private static final int EPOCHS = 3;
  @TempDir Path dir;

  /** The rows of each of {@link #EPOCHS} epochs of a pipeline built by {@code build}. */
  private static <P extends BuiltPipeline<?, T>, T extends AutoCloseable> List<List<String>> epochs(
      Function<Graph, P> build, Function<T, List<String>> rows) {
    List<List<String>> epochs = new ArrayList<>();
    try (Graph graph = new Graph(); Session session = new Session(graph);
        P pipeline = build.apply(graph)) {
      for (int e = 0; e < EPOCHS; e++) {
        List<String> epoch = new ArrayList<>();
        try (EpochIterator<T> batches = pipeline.epoch(session)) {
          for (T batch : batches) {
            epoch.addAll(rows.apply(batch));
          }
        }
        epochs.add(epoch);
      }
    }
    return epochs;
  }

  /**
   * Asserts that both sides hold each row once an epoch, the same rows every epoch and in two
   * builds, disjoint, covering {@code all}; returns the evaluation side's size.
   */
  private static int assertSplit(List<String> all, List<List<List<String>>> trainBuilds,
      List<List<List<String>>> evalBuilds) {
    Set<String> train = new HashSet<>(trainBuilds.get(0).get(0));
    Set<String> eval = new HashSet<>(evalBuilds.get(0).get(0));
    for (List<List<List<String>>> side : List.of(trainBuilds, evalBuilds)) {
      Set<String> first = new HashSet<>(side.get(0).get(0));
      for (List<List<String>> build : side) {
        for (List<String> epoch : build) {
          assertEquals(first.size(), epoch.size(), "each row once an epoch");
          assertEquals(first, new HashSet<>(epoch), "the same rows every epoch and build");
        }
      }
    }
    Set<String> shared = new HashSet<>(train);
    shared.retainAll(eval);
    assertEquals(Set.of(), shared, "the sides share no row");
    Set<String> union = new HashSet<>(train);
    union.addAll(eval);
    assertEquals(new HashSet<>(all), union, "the sides together hold every row");
    assertEquals(all.size(), train.size() + eval.size());
    assertTrue(!trainBuilds.get(0).get(0).equals(trainBuilds.get(0).get(1)),
        "the shuffle reshuffles every epoch");
    return eval.size();
  }

  @Test
  void dictionaryLinesSplitByTheirTextAfterAReshufflingShuffle() throws IOException {
    Path file = dir.resolve("cmudict-subset.txt");
    try (InputStream in = SpellingDataset.class.getResourceAsStream("cmudict/cmudict-subset.txt")) {
      Files.write(file, in.readAllBytes());
    }
    List<String> lines = Files.readAllLines(file);
    assertEquals(SpellingDataset.WORDS, lines.size());
    Function<FeedlineSplitPipelines_WordsTrain.ValueTensors, List<String>> text = batch -> {
      List<String> rows = new ArrayList<>();
      for (int i = 0; i < batch.value().shape().get(0); i++) {
        rows.add(batch.value().getObject(i));
      }
      return rows;
    };
    Function<FeedlineSplitPipelines_WordsEval.ValueTensors, List<String>> evalText = batch -> {
      List<String> rows = new ArrayList<>();
      for (int i = 0; i < batch.value().shape().get(0); i++) {
        rows.add(batch.value().getObject(i));
      }
      return rows;
    };
    List<List<List<String>>> train = new ArrayList<>();
    List<List<List<String>>> eval = new ArrayList<>();
    for (int build = 0; build < 2; build++) {
      train.add(epochs(g -> FeedlineSplitPipelines_WordsTrain.builder().files(file.toString())
          .build(g), text));
      eval.add(epochs(g -> FeedlineSplitPipelines_WordsEval.builder().files(file.toString())
          .build(g), evalText));
    }
    int held = assertSplit(lines, train, eval);
    // 20% of 11,650 is 2,330, with a standard deviation of 43 for a random hash: 5 of them.
    assertTrue(Math.abs(held - 2330) < 215, "evaluation side: " + held + " of 11650 lines");
  }

  /** A row of the table as its 13 values' float bits. */
  private static List<String> houses(List<TFloat32> columns) {
    List<String> rows = new ArrayList<>();
    for (int i = 0; i < columns.get(0).shape().get(0); i++) {
      StringBuilder row = new StringBuilder();
      for (TFloat32 column : columns) {
        row.append(Integer.toHexString(Float.floatToRawIntBits(column.getFloat(i)))).append(' ');
      }
      rows.add(row.toString());
    }
    return rows;
  }

  @Test
  void tableRowsSplitByTheirPositionBeforeTheShuffle() throws IOException {
    Path file = HousingDataset.write(dir, 1, 1).get(0);
    List<String> all = new ArrayList<>();
    // The reference rows: every row of both sides of one build, from the training side's parse.
    List<List<List<String>>> train = new ArrayList<>();
    List<List<List<String>>> eval = new ArrayList<>();
    for (int build = 0; build < 2; build++) {
      train.add(epochs(g -> FeedlineSplitPipelines_HousingTrain.builder().files(file.toString())
          .build(g), b -> houses(List.of(b.crim(), b.zn(), b.indus(), b.chas(), b.nox(), b.rm(),
          b.age(), b.dis(), b.rad(), b.tax(), b.ptratio(), b.lstat(), b.cmedv()))));
      eval.add(epochs(g -> FeedlineSplitPipelines_HousingEval.builder().files(file.toString())
          .build(g), b -> houses(List.of(b.crim(), b.zn(), b.indus(), b.chas(), b.nox(), b.rm(),
          b.age(), b.dis(), b.rad(), b.tax(), b.ptratio(), b.lstat(), b.cmedv()))));
    }
    all.addAll(train.get(0).get(0));
    all.addAll(eval.get(0).get(0));
    assertEquals(HousingDataset.ROWS, new HashSet<>(all).size(), "506 distinct rows");
    int held = assertSplit(all, train, eval);
    // 20% of 506 is 101, with a standard deviation of 9 for a random hash: 4 of them.
    assertTrue(Math.abs(held - 101) < 36, "evaluation side: " + held + " of 506 rows");
  }

  @Test
  void rowsSplitByAnIntegerIdAcrossEpochsAndAResume() throws IOException {
    TestData.writeRows(dir, 4, 250);
    String files = dir.resolve("*.tfrecord").toString();
    Function<FeedlineSplitPipelines_RowsTrain.RowTensors, List<String>> trainIds = batch -> {
      List<String> ids = new ArrayList<>();
      for (int i = 0; i < batch.id().shape().get(0); i++) {
        ids.add(Long.toString(batch.id().getLong(i)));
      }
      return ids;
    };
    Function<FeedlineSplitPipelines_RowsEval.RowTensors, List<String>> evalIds = batch -> {
      List<String> ids = new ArrayList<>();
      for (int i = 0; i < batch.id().shape().get(0); i++) {
        ids.add(Long.toString(batch.id().getLong(i)));
      }
      return ids;
    };
    List<String> all = new ArrayList<>();
    for (long id = 0; id < 1000; id++) {
      all.add(Long.toString(id));
    }
    List<List<List<String>>> train = List.of(
        epochs(g -> FeedlineSplitPipelines_RowsTrain.builder().files(files).build(g), trainIds));
    List<List<List<String>>> eval = List.of(
        epochs(g -> FeedlineSplitPipelines_RowsEval.builder().files(files).build(g), evalIds));
    int held = assertSplit(all, train, eval);
    // 30% of 1,000 is 300, with a standard deviation of 14.5 for a random hash: 4 of them.
    assertTrue(Math.abs(held - 300) < 58, "evaluation side: " + held + " of 1000 rows");

    // Stopped after 5 batches and resumed in a new graph: the rest of the epoch completes the
    // training side exactly, each row once.
    Path checkpoint = dir.resolve("ckpt");
    List<String> resumed = new ArrayList<>();
    try (Graph graph = new Graph(); Session session = new Session(graph);
        FeedlineSplitPipelines_RowsTrain pipeline =
            FeedlineSplitPipelines_RowsTrain.builder().files(files).build(graph);
        EpochIterator<FeedlineSplitPipelines_RowsTrain.RowTensors> epoch = pipeline.epoch(session)) {
      for (int b = 0; b < 5; b++) {
        try (FeedlineSplitPipelines_RowsTrain.RowTensors batch = epoch.next()) {
          resumed.addAll(trainIds.apply(batch));
        }
      }
      pipeline.checkpoint(session, checkpoint);
    }
    try (Graph graph = new Graph(); Session session = new Session(graph);
        FeedlineSplitPipelines_RowsTrain pipeline =
            FeedlineSplitPipelines_RowsTrain.builder().files(files).build(graph);
        EpochIterator<FeedlineSplitPipelines_RowsTrain.RowTensors> rest =
            pipeline.resume(session, checkpoint)) {
      for (FeedlineSplitPipelines_RowsTrain.RowTensors batch : rest) {
        resumed.addAll(trainIds.apply(batch));
      }
    }
    assertEquals(new HashSet<>(train.get(0).get(0)), new HashSet<>(resumed));
    assertEquals(train.get(0).get(0).size(), resumed.size(), "each row once across the resume");
  }
}

package dev.feedline.example;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.example.TableCommand.TableRun;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./feedline table} end to end on TensorFlow, one seeded run of the default 40 epochs: the
 * row numbers read from the two splits, the fitted statistics against a Java reference over the
 * training rows of the CSV, and the model's evaluation error against predicting the training mean.
 */
class TableCommandTest {
  @TempDir static Path dir;

  private static TableRun run;
  private static List<String> out;

  @BeforeAll
  static void runTheTable() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    run = TableCommand.table(dir, 40, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    out = bytes.toString(StandardCharsets.UTF_8).lines().toList();
  }

  @Test
  void theSplitsAreDisjointAndTogetherEveryRow() {
    Set<Long> shared = new HashSet<>(run.trainingRows());
    shared.retainAll(run.evaluationRows());
    Set<Long> all = new TreeSet<>(run.trainingRows());
    all.addAll(run.evaluationRows());

    assertEquals(Set.of(), shared);
    assertEquals(LongStream.rangeClosed(1, HousingDataset.ROWS).boxed().toList(),
        List.copyOf(all));
    // The hash of seed 27 puts 107 of the 506 rows (21%) on the evaluation side.
    assertEquals(399, run.trainingRows().size());
    assertEquals(107, run.evaluationRows().size());
    assertEquals("Split by row number (20% for evaluation): 399 training rows, 107 evaluation"
        + " rows, 506 in all", out.get(out.size() - 2));
    assertEquals("The two splits share 0 row numbers (as read from both)", out.get(out.size() - 1));
  }

  @Test
  void theStatisticsAreThoseOfTheTrainingRowsAndBothSidesUseThem() throws Exception {
    List<String> lines = HousingDataset.lines();
    List<String> header = List.of(lines.get(0).split(","));
    List<String> columns = new ArrayList<>(TableCommand.FEATURES);
    columns.add("cmedv");
    double[] sum = new double[columns.size()];
    double[][] values = new double[columns.size()][];
    for (int c = 0; c < columns.size(); c++) {
      values[c] = new double[run.trainingRows().size()];
    }
    int n = 0;
    for (long row : run.trainingRows()) {
      String[] fields = lines.get((int) row).split(",");
      for (int c = 0; c < columns.size(); c++) {
        // Parsed as the float32 the pipeline decodes, then widened.
        values[c][n] = Float.parseFloat(fields[header.indexOf(columns.get(c))]);
        sum[c] += values[c][n];
      }
      n++;
    }
    double[] mean = new double[columns.size()];
    double[] variance = new double[columns.size()];
    for (int c = 0; c < columns.size(); c++) {
      mean[c] = sum[c] / n;
      for (double v : values[c]) {
        variance[c] += (v - mean[c]) * (v - mean[c]) / n;
      }
    }

    double[] fittedMean = concat(run.features().mean(), run.price().mean());
    double[] fittedVariance = concat(run.features().variance(), run.price().variance());
    for (int c = 0; c < columns.size(); c++) {
      assertEquals(mean[c], fittedMean[c], 1e-9 * Math.max(1, Math.abs(mean[c])), columns.get(c));
      assertEquals(variance[c], fittedVariance[c], 1e-9 * Math.max(1, variance[c]),
          columns.get(c));
    }
    assertEquals(399, run.features().count());
    assertArrayEquals(run.features().mean(), run.evaluationFeatures().mean());
    assertArrayEquals(run.features().variance(), run.evaluationFeatures().variance());
    assertEquals(String.format(Locale.ROOT, "  rm       mean %9.4f  sd %9.4f",
        mean[5], Math.sqrt(variance[5])), out.get(6));
    assertEquals("Statistics fitted over the 399 training rows, standardizing both sides:",
        out.get(0));
  }

  private static double[] concat(double[] a, double[] b) {
    double[] all = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }

  @Test
  void theModelLearnsAndBeatsPredictingTheTrainingMean() throws Exception {
    List<String> lines = HousingDataset.lines();
    int price = List.of(lines.get(0).split(",")).indexOf("cmedv");
    double trainingMean = run.price().mean()[0];
    double squares = 0;
    for (long row : run.evaluationRows()) {
      double error = trainingMean - Float.parseFloat(lines.get((int) row).split(",")[price]);
      squares += error * error;
    }
    assertEquals(Math.sqrt(squares / run.evaluationRows().size()), run.baseline().rmse(), 1e-4);

    List<Double> losses = run.losses();
    assertEquals(40, losses.size());
    // Seeded, so one run's figures: epoch 1 0.79, epoch 40 0.12; eval RMSE 3.4 against 9.3,
    // MAE 2.6 against 6.7. The bounds are wide, for what a change of thread timing may move.
    assertTrue(losses.get(39) < 0.5 * losses.get(0), losses.toString());
    assertTrue(run.model().rmse() < 0.6 * run.baseline().rmse(), run.toString());
    assertTrue(run.model().mae() < 0.6 * run.baseline().mae(), run.toString());
    assertEquals(String.format(Locale.ROOT, "Epoch 40: loss %.4f", losses.get(39)),
        out.get(out.size() - 4));
    assertTrue(out.get(out.size() - 3).startsWith("Evaluation, 107 rows: RMSE "), out.toString());
  }

  @Test
  void aBadEpochCountIsAUsageError() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = TableCommand.run(new String[] {"--epochs", "0"}, System.out,
        new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(2, status);
    assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("error: --epochs"),
        err.toString(StandardCharsets.UTF_8));
  }
}

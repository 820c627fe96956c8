package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.example.House;
import dev.feedline.example.HousingDataset;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.MinMax;
import dev.feedline.runtime.Moments;
import dev.feedline.runtime.Quantiles;
import dev.feedline.tests.pipelines.FeedlineStatisticsPipelines_Scaled;
import dev.feedline.tests.pipelines.FeedlineStatisticsPipelines_Scaled.ScaledTractTensors;
import dev.feedline.tests.pipelines.FeedlineStatisticsPipelines_Training;
import dev.feedline.runtime.ServingFunction;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.ndarray.NdArrays;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TString;

/**
 * {@code @Statistics} on TensorFlow, over the real Boston house-price table (example-app's
 * resource, licence in its ATTRIBUTION.md): the moments of 12 features, the price's range and
 * quartiles, fitted in one epoch of the training pipeline, equal a reference computed in Java over
 * the same rows; the maps of a pipeline built over other data (the evaluation rows) use exactly
 * the training values; a second build reads them from the cache and runs nothing; a changed file
 * is fitted again.
 */
class FittedStatisticsTest {
  /** The features' columns, in the vector's order; the price is the last column. */
  private static final List<String> FEATURES = House.COLUMNS.subList(0, 12);
  @TempDir Path dir;
  private Path training;
  private Path evaluation;
  private Path cache;
  /** The training rows, parsed as the decode parses them (float32), then widened. */
  private double[][] rows;

  @BeforeEach
  void writeTheTable() throws IOException {
    List<String> lines = HousingDataset.lines();
    training = Files.write(dir.resolve("train.csv"), lines.subList(0, 401));
    List<String> held = new ArrayList<>(List.of(lines.get(0)));
    held.addAll(lines.subList(401, lines.size()));
    evaluation = Files.write(dir.resolve("eval.csv"), held);
    cache = dir.resolve("statistics");
    rows = parse(lines.subList(0, 401));
  }

  /** Each row's 12 features then its price, as float32 values widened to double. */
  private static double[][] parse(List<String> lines) {
    List<String> header = Arrays.asList(lines.get(0).split(","));
    double[][] parsed = new double[lines.size() - 1][];
    for (int r = 1; r < lines.size(); r++) {
      String[] fields = lines.get(r).split(",");
      parsed[r - 1] = House.COLUMNS.stream()
          .mapToDouble(c -> Float.parseFloat(fields[header.indexOf(c)])).toArray();
    }
    return parsed;
  }

  private FeedlineStatisticsPipelines_Scaled.Builder scaled(Path data) {
    return FeedlineStatisticsPipelines_Scaled.builder().files(data.toString())
        .training(FeedlineStatisticsPipelines_Training.builder().files(training.toString()))
        .featuresCache(cache.toString()).priceCache(cache.toString());
  }

  /** Column {@code c} of the training rows. */
  private double[] column(int c) {
    return Arrays.stream(rows).mapToDouble(row -> row[c]).toArray();
  }

  /** Two passes: the mean, then the mean squared deviation (the population variance). */
  private static double[] meanAndVariance(double[] values) {
    double sum = 0;
    for (double v : values) {
      sum += v;
    }
    double mean = sum / values.length;
    double squares = 0;
    for (double v : values) {
      squares += (v - mean) * (v - mean);
    }
    return new double[] {mean, squares / values.length};
  }

  private static void assertClose(double expected, double actual, String what) {
    assertEquals(expected, actual, Math.abs(expected) * 1e-12 + 1e-12, what);
  }

  @Test
  void theFittedValuesEqualAJavaReferenceOverTheSameRows() {
    try (Graph graph = new Graph(); var pipeline = scaled(training).build(graph)) {
      Moments moments = pipeline.statistic("features", Moments.class);
      assertEquals(400, moments.count(), "every training row, across the batches of 100");
      assertEquals(FEATURES.size(), moments.mean().length);
      for (int c = 0; c < FEATURES.size(); c++) {
        double[] reference = meanAndVariance(column(c));
        assertClose(reference[0], moments.mean()[c], "mean of " + FEATURES.get(c));
        assertClose(reference[1], moments.variance()[c], "variance of " + FEATURES.get(c));
      }
      double[] price = column(12);
      MinMax range = pipeline.statistic("price", MinMax.class);
      assertArrayEquals(new double[] {Arrays.stream(price).min().orElseThrow()}, range.min());
      assertArrayEquals(new double[] {Arrays.stream(price).max().orElseThrow()}, range.max());
      assertArrayEquals(new double[] {5.0}, range.min(), "the table's least price, $5,000");
      assertArrayEquals(new double[] {50.0}, range.max(), "and its censored greatest, $50,000");

      Quantiles quartiles = pipeline.statistic("quartiles", Quantiles.class);
      double[] sorted = price.clone();
      Arrays.sort(sorted);
      double[] expected = new double[3];
      for (int q = 1; q <= 3; q++) {
        // Linear between the nearest ranks: rank (n - 1) q / 4, here 399 q / 4.
        double rank = 399.0 * q / 4;
        int low = (int) rank;
        expected[q - 1] = sorted[low] + (rank - low) * (sorted[low + 1] - sorted[low]);
      }
      assertArrayEquals(expected, quartiles.boundaries(), 1e-12);
      assertEquals(4, quartiles.buckets());
    }
  }

  @Test
  void theMapsOfAPipelineOverOtherRowsUseExactlyTheTrainingStatistics() throws IOException {
    double[][] held = parse(Files.readAllLines(evaluation));
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = scaled(evaluation).build(graph)) {
      double[] mean = pipeline.statistic("features", Moments.class).mean();
      double[] variance = pipeline.statistic("features", Moments.class).variance();
      MinMax range = pipeline.statistic("price", MinMax.class);
      double[] boundaries = pipeline.statistic("quartiles", Quantiles.class).boundaries();
      assertClose(meanAndVariance(column(5))[0], mean[5], "rm's mean is the training rows'");
      int row = 0;
      try (EpochIterator<ScaledTractTensors> batches = pipeline.epoch(session)) {
        for (ScaledTractTensors batch : batches) {
          for (int i = 0; i < batch.price().shape().get(0); i++, row++) {
            for (int c = 0; c < FEATURES.size(); c++) {
              // The same float32 arithmetic as the graph: (x - mean) / max(sqrt(variance), 1e-7).
              float standardized = ((float) held[row][c] - (float) mean[c])
                  / (float) Math.max(Math.sqrt(variance[c]), 1e-7);
              assertEquals(standardized, batch.features().getFloat(i, c), 1e-6f,
                  "row " + row + ", " + FEATURES.get(c));
            }
            float price = (float) held[row][12];
            assertEquals((price - (float) range.min()[0])
                / (float) (range.max()[0] - range.min()[0]), batch.price().getFloat(i), 1e-6f);
            int bucket = 0;
            while (bucket < boundaries.length && (float) boundaries[bucket] <= price) {
              bucket++;
            }
            assertEquals(bucket, batch.quartile().getInt(i), "row " + row + "'s quartile");
          }
        }
      }
      assertEquals(HousingDataset.ROWS - 400, row, "every evaluation row");
    }
  }

  @Test
  void theServingFunctionHoldsTheTrainingStatisticsAndGivesThePipelinesValues()
      throws IOException {
    List<String> lines = Files.readAllLines(evaluation);
    List<byte[]> requests = lines.subList(1, lines.size()).stream()
        .map(line -> line.getBytes(StandardCharsets.UTF_8)).toList();
    try (Graph built = new Graph();
        Session trainingSession = new Session(built);
        var pipeline = scaled(evaluation).build(built);
        Graph graph = new Graph();
        Session session = new Session(graph);
        TString input = TString.tensorOfBytes(NdArrays.vectorOfObjects(
            requests.toArray(byte[][]::new)))) {
      List<float[]> expected = new ArrayList<>();
      try (EpochIterator<ScaledTractTensors> batches = pipeline.epoch(trainingSession)) {
        for (ScaledTractTensors batch : batches) {
          for (int i = 0; i < batch.price().shape().get(0); i++) {
            float[] row = new float[14];
            for (int c = 0; c < 12; c++) {
              row[c] = batch.features().getFloat(i, c);
            }
            row[12] = batch.price().getFloat(i);
            row[13] = batch.quartile().getInt(i);
            expected.add(row);
          }
        }
      }
      ServingFunction function = pipeline.serving(
          pipeline.statistic("features", Moments.class), pipeline.statistic("price", MinMax.class),
          pipeline.statistic("quartiles", Quantiles.class));
      Ops tf = Ops.create(graph);
      Placeholder<TString> placeholder = tf.placeholder(TString.class,
          Placeholder.shape(org.tensorflow.ndarray.Shape.of(-1)));
      ServingFunction.Applied applied = function.apply(tf, placeholder);
      Session.Runner runner = session.runner().feed(placeholder, input);
      applied.outputs().values().forEach(runner::fetch);
      try (Result result = runner.run()) {
        TFloat32 features = (TFloat32) result.get(0);
        TFloat32 price = (TFloat32) result.get(1);
        TInt32 quartile = (TInt32) result.get(2);
        assertEquals(requests.size(), expected.size());
        for (int r = 0; r < expected.size(); r++) {
          for (int c = 0; c < 12; c++) {
            assertEquals(Float.floatToRawIntBits(expected.get(r)[c]),
                Float.floatToRawIntBits(features.getFloat(r, c)), "row " + r + ", column " + c);
          }
          assertEquals(Float.floatToRawIntBits(expected.get(r)[12]),
              Float.floatToRawIntBits(price.getFloat(r)));
          assertEquals((int) expected.get(r)[13], quartile.getInt(r));
        }
      }
    }
  }

  @Test
  void aSecondBuildReadsTheCacheAndAChangedFileIsFittedAgain() throws IOException {
    String key;
    double[] mean;
    try (Graph graph = new Graph(); var pipeline = scaled(training).build(graph)) {
      Moments moments = pipeline.statistic("features", Moments.class);
      assertFalse(moments.fit().cached(), "fitted by the first build");
      key = moments.fit().key();
      assertEquals(cache.resolve("features-" + key + ".stats"), moments.fit().cacheFile());
      assertTrue(Files.isRegularFile(moments.fit().cacheFile()));
      assertNull(pipeline.statistic("quartiles", Quantiles.class).fit().cacheFile(),
          "no cache folder: fitted at every build");
      mean = moments.mean();
    }
    try (Graph graph = new Graph(); var pipeline = scaled(training).build(graph)) {
      Moments moments = pipeline.statistic("features", Moments.class);
      assertTrue(moments.fit().cached(), "read from the cache: the pass did not run");
      assertTrue(pipeline.statistic("price", MinMax.class).fit().cached());
      assertFalse(pipeline.statistic("quartiles", Quantiles.class).fit().cached());
      assertEquals(key, moments.fit().key());
      assertArrayEquals(mean, moments.mean(), "the exact values, bit for bit");
      assertEquals(400, moments.count());
    }
    // One more row: the training file is another, so its statistics have another key.
    List<String> lines = HousingDataset.lines();
    Files.write(training, lines.subList(0, 402));
    try (Graph graph = new Graph(); var pipeline = scaled(training).build(graph)) {
      Moments moments = pipeline.statistic("features", Moments.class);
      assertFalse(moments.fit().cached(), "fitted again over the changed file");
      assertNotEquals(key, moments.fit().key());
      assertEquals(401, moments.count());
      rows = parse(lines.subList(0, 402));
      assertClose(meanAndVariance(column(0))[0], moments.mean()[0], "crim's mean over 401 rows");
    }
    try (var files = Files.list(cache)) {
      assertEquals(4, files.count(), "features and price, each under both keys");
    }
  }

  @Test
  void aTrainingFileChangedAfterTheBuildFailsTheNextEpochNamingIt() throws IOException {
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = scaled(evaluation).build(graph)) {
      Files.write(training, HousingDataset.lines().subList(0, 300));
      FeedlineException changed = assertThrows(FeedlineException.class,
          () -> pipeline.epoch(session).hasNext());
      assertTrue(changed.getMessage().contains(training.toString()), changed.getMessage());
      assertEquals(Optional.of(training.toString()), changed.file());
    }
  }

  @Test
  void aMissingOverPipelineAndAnUnknownNameAreErrorsThatSayWhatToDo() {
    try (Graph graph = new Graph()) {
      IllegalStateException missing = assertThrows(IllegalStateException.class, () ->
          FeedlineStatisticsPipelines_Scaled.builder().files(training.toString()).build(graph));
      assertEquals("Pipeline Scaled: call training(FeedlineStatisticsPipelines_Training"
          + ".builder()...) with the data its statistics are fitted over before building",
          missing.getMessage());
    }
    try (Graph graph = new Graph(); var pipeline = scaled(training).build(graph)) {
      IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
          () -> pipeline.statistic("features", MinMax.class));
      assertEquals("Pipeline Scaled has no @Statistics MinMax named 'features'; it has Moments"
          + " 'features', MinMax 'price', Quantiles 'quartiles'", unknown.getMessage());
    }
  }
}

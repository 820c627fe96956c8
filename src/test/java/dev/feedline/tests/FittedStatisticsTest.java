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
import dev.feedline.runtime.internal.cache.StatisticsFit;
import dev.feedline.tests.pipelines.FeedlineClashingStatisticsPipelines_Clashing;
import dev.feedline.tests.pipelines.FeedlineClashingStatisticsPipelines_Default;
import dev.feedline.tests.pipelines.FeedlineClashingStatisticsPipelines_Training;
import dev.feedline.tests.pipelines.FeedlineStatisticsPipelines_Scaled;
import dev.feedline.tests.pipelines.FeedlineStatisticsPipelines_Scaled.ScaledTractTensors;
import dev.feedline.tests.pipelines.FeedlineStatisticsPipelines_Standardized;
import dev.feedline.tests.pipelines.FeedlineStatisticsPipelines_Training;
import dev.feedline.tests.support.CapturedLog;
import dev.feedline.runtime.ServingFunction;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
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

  /** The values of the cache file of {@code moments}, its lines after the header. */
  private static List<String> lines(Moments moments) throws IOException {
    return Files.readAllLines(moments.fit().cacheFile(), StandardCharsets.UTF_8);
  }

  /**
   * Two threads building one pipeline, and a third building another with the same statistics,
   * at once, into one cache folder: each fits the statistics and installs its own whole file
   * under the one name, so every build gets the reference values and the folder holds whole
   * files, no partial one.
   */
  @Test
  void buildsFittingIntoOneCacheFolderAtOnceEachGetTheValuesAndLeaveWholeFiles()
      throws Exception {
    double[] reference = meanAndVariance(column(0));
    for (int round = 0; round < 3; round++) {
      CyclicBarrier start = new CyclicBarrier(3);
      List<Callable<double[]>> builds = List.of(
          () -> meanOfScaled(start), () -> meanOfScaled(start), () -> {
            start.await();
            try (Graph graph = new Graph();
                var pipeline = FeedlineStatisticsPipelines_Standardized.builder()
                    .files(training.toString())
                    .training(FeedlineStatisticsPipelines_Training.builder()
                        .files(training.toString()))
                    .featuresCache(cache.toString()).build(graph)) {
              return pipeline.statistic("features", Moments.class).mean();
            }
          });
      ExecutorService threads = Executors.newFixedThreadPool(3);
      try {
        for (Future<double[]> mean : threads.invokeAll(builds)) {
          assertClose(reference[0], mean.get()[0], "crim's mean, round " + round);
        }
      } finally {
        threads.shutdown();
      }
      try (var files = Files.list(cache)) {
        List<String> names = files.map(f -> f.getFileName().toString()).sorted().toList();
        assertEquals(2, names.size(), "features and price, no partial file: " + names);
        for (String name : names) {
          List<String> lines = Files.readAllLines(cache.resolve(name));
          assertEquals("end", lines.get(lines.size() - 1), name + " is whole");
        }
      }
      try (Graph graph = new Graph(); var pipeline = scaled(training).build(graph)) {
        assertTrue(pipeline.statistic("features", Moments.class).fit().cached(), "round " + round);
      }
      try (var files = Files.list(cache)) {
        for (Path file : files.toList()) {
          Files.delete(file);
        }
      }
    }
  }

  private double[] meanOfScaled(CyclicBarrier start) throws Exception {
    start.await();
    try (Graph graph = new Graph(); var pipeline = scaled(training).build(graph)) {
      return pipeline.statistic("features", Moments.class).mean();
    }
  }

  /** The first build's moments of the features, fitted and written to the cache. */
  private Moments fittedOnce() {
    try (Graph graph = new Graph(); var pipeline = scaled(training).build(graph)) {
      return pipeline.statistic("features", Moments.class);
    }
  }

  /**
   * What a writer killed before its rename leaves, half a file under its partial name and none
   * under the cache file's, is never read: the next build fits the statistics, names the partial
   * file in a warning, and writes the cache file whole beside it.
   */
  @Test
  void aPartialFileLeftByAKilledWriterIsNeverReadButNamedInAWarning() throws IOException {
    Moments first = fittedOnce();
    List<String> whole = lines(first);
    Path file = first.fit().cacheFile();
    String text = Files.readString(file);
    // Killed before its rename: half a file under a writer's partial name, none under the name.
    Files.delete(file);
    Path partial = file.resolveSibling(file.getFileName() + ".partial-4194303-5eed");
    Files.writeString(partial, text.substring(0, text.length() / 2));
    try (CapturedLog log = new CapturedLog(StatisticsFit.class);
        Graph graph = new Graph(); var pipeline = scaled(training).build(graph)) {
      Moments moments = pipeline.statistic("features", Moments.class);
      assertFalse(moments.fit().cached(), "fitted: the partial file is not read");
      assertArrayEquals(first.mean(), moments.mean());
      assertEquals(List.of("Pipeline Scaled: statistics 'features': " + partial.toAbsolutePath()
          + " is a partial file, never read: left by a writer that stopped before renaming it to "
          + file.getFileName() + ", or another build's at work; remove it once no build runs"),
          log.messages().stream().filter(m -> m.contains("partial")).toList());
      assertEquals(whole, lines(moments), "written whole beside the partial file");
    }
  }

  /**
   * A cache file cut short inside its last value (copied half, say) is not read back, with a
   * warning naming it, but fitted again and written whole: without its end line, the shorter hex
   * word of the last variance would read as another double.
   */
  @Test
  void aCacheFileCutShortIsNotReadBackButFittedAgainWithAWarning() throws IOException {
    Moments first = fittedOnce();
    List<String> whole = lines(first);
    Path file = first.fit().cacheFile();
    String text = Files.readString(file);
    int cut = text.lastIndexOf("\nend\n") - 3;
    Files.writeString(file, text.substring(0, cut));
    try (CapturedLog log = new CapturedLog(StatisticsFit.class);
        Graph graph = new Graph(); var pipeline = scaled(training).build(graph)) {
      Moments moments = pipeline.statistic("features", Moments.class);
      assertFalse(moments.fit().cached(), "fitted again, not read");
      assertArrayEquals(first.variance(), moments.variance(), "the exact values, bit for bit");
      assertTrue(log.messages().contains("Pipeline Scaled: statistics 'features': the cache file "
          + file + " cannot be read back (it is cut short, with no 'end' line); fitting them"
          + " again"), log.messages().toString());
      assertEquals(whole, lines(moments), "written anew, whole");
    }
    try (Graph graph = new Graph(); var pipeline = scaled(training).build(graph)) {
      assertTrue(pipeline.statistic("features", Moments.class).fit().cached());
    }
  }

  /**
   * Writes the table's first {@code rows} rows as the training file, {@code column} set to
   * {@code value} in row {@code row} (1 is the first; 0, every row).
   */
  private Path trainingWith(String column, int row, String value, int rows) throws IOException {
    List<String> lines = new ArrayList<>(HousingDataset.lines().subList(0, rows + 1));
    int at = Arrays.asList(lines.get(0).split(",")).indexOf(column);
    for (int r = 1; r < lines.size(); r++) {
      if (row == 0 || r == row) {
        String[] fields = lines.get(r).split(",", -1);
        fields[at] = value;
        lines.set(r, String.join(",", fields));
      }
    }
    return Files.write(training, lines);
  }

  /**
   * A NaN or an infinity in the rows a statistic is fitted over (TensorFlow's CSV parse reads
   * {@code nan} and {@code inf}) fails the build naming the statistic, the row and the value: it
   * was fitted silently, a price range of NaN that scaled every price to NaN, and one up to
   * infinity that scaled every price to 0.
   */
  @Test
  void aNanOrAnInfinityInTheTrainingRowsFailsTheBuildNamingTheStatisticTheRowAndTheValue()
      throws IOException {
    trainingWith("cmedv", 5, "nan", 200);
    try (Graph graph = new Graph()) {
      FeedlineException nan = assertThrows(FeedlineException.class,
          () -> scaled(evaluation).build(graph));
      assertEquals("Pipeline Scaled: statistics 'price': row 5 of pipeline Training's epoch has"
          + " NaN in component 'price', and a statistic of it would be NaN or infinite: leave"
          + " the row out (@Filter) or replace the value (@Map) before the statistics",
          nan.getMessage());
    }
    trainingWith("crim", 7, "-inf", 200);
    try (Graph graph = new Graph()) {
      FeedlineException infinity = assertThrows(FeedlineException.class,
          () -> scaled(evaluation).build(graph));
      assertTrue(infinity.getMessage().startsWith("Pipeline Scaled: statistics 'features': row 7"
          + " of pipeline Training's epoch has -Infinity in component 'features' at position 0,"),
          infinity.getMessage());
    }
  }

  /**
   * A price that never varies over the training rows has an empty range, and {@code scale}
   * gives 0 for every price, the evaluation rows' other prices too (it was: {@code x - min}).
   */
  @Test
  void aPriceThatNeverVariesInTrainingScalesEveryPriceToZero() throws IOException {
    trainingWith("cmedv", 0, "20", 400);
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = scaled(evaluation).build(graph)) {
      MinMax range = pipeline.statistic("price", MinMax.class);
      assertArrayEquals(new double[] {20}, range.min());
      assertArrayEquals(new double[] {20}, range.max());
      int rows = 0;
      try (EpochIterator<ScaledTractTensors> batches = pipeline.epoch(session)) {
        for (ScaledTractTensors batch : batches) {
          for (int i = 0; i < batch.price().shape().get(0); i++, rows++) {
            assertEquals(0f, batch.price().getFloat(i), "row " + rows);
          }
        }
      }
      assertEquals(HousingDataset.ROWS - 400, rows);
    }
  }

  /**
   * Statistics named like the builder's members ({@code build}, another's cache setter
   * {@code buildCache}, {@code build}'s parameter {@code graph}, the local of the values fitted
   * over {@code Training}) and a pipeline over {@code Default}, whose setter would be a keyword:
   * the generated class compiles, each setter takes its own value, and the maps get the values.
   */
  @Test
  void statisticsNamedLikeGeneratedMembersCompileAndHoldTheirOwnValues() {
    double[][] all = rows;
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineClashingStatisticsPipelines_Clashing.builder()
            .files(training.toString())
            .training(FeedlineClashingStatisticsPipelines_Training.builder()
                .files(training.toString()))
            .default_(FeedlineClashingStatisticsPipelines_Default.builder()
                .files(training.toString()))
            .buildCache_(cache.resolve("build").toString())
            .buildCacheCache(cache.resolve("buildCache").toString())
            .trainingStatisticsCache(cache.resolve("trainingStatistics").toString())
            .build(graph)) {
      Moments build = pipeline.statistic("build", Moments.class);
      Moments buildCache = pipeline.statistic("buildCache", Moments.class);
      MinMax range = pipeline.statistic("trainingStatistics", MinMax.class);
      Quantiles quartiles = pipeline.statistic("graph", Quantiles.class);
      assertEquals("Training", build.fit().over());
      assertEquals("Default", buildCache.fit().over());
      assertEquals(cache.resolve("build"), build.fit().cacheFile().getParent());
      assertEquals(cache.resolve("buildCache"), buildCache.fit().cacheFile().getParent());
      assertEquals(cache.resolve("trainingStatistics"), range.fit().cacheFile().getParent());
      assertNull(quartiles.fit().cacheFile());
      assertClose(meanAndVariance(column(3))[0], build.mean()[3], "chas's mean");
      assertArrayEquals(build.variance(), buildCache.variance(), "the same rows, both pipelines");
      assertArrayEquals(new double[] {5.0}, range.min());
      assertEquals(3, quartiles.boundaries().length);
      int row = 0;
      try (EpochIterator<FeedlineClashingStatisticsPipelines_Clashing.ScaledTractTensors> batches =
          pipeline.epoch(session)) {
        for (var batch : batches) {
          for (int i = 0; i < batch.price().shape().get(0); i++, row++) {
            for (int c = 0; c < FEATURES.size(); c++) {
              float deviation = (float) Math.max(Math.sqrt(build.variance()[c]), 1e-7);
              float once = ((float) all[row][c] - (float) build.mean()[c]) / deviation;
              float twice = (once - (float) buildCache.mean()[c]) / deviation;
              assertEquals(twice, batch.features().getFloat(i, c), 1e-5f, "row " + row);
            }
            float price = (float) all[row][12];
            assertEquals((price - 5f) / (float) (range.max()[0] - 5.0),
                batch.price().getFloat(i), 1e-6f);
          }
        }
      }
      assertEquals(400, row, "every row");
    }
    try (Graph graph = new Graph()) {
      IllegalStateException missing = assertThrows(IllegalStateException.class, () ->
          FeedlineClashingStatisticsPipelines_Clashing.builder().files(training.toString())
              .training(FeedlineClashingStatisticsPipelines_Training.builder()
                  .files(training.toString())).build(graph));
      assertEquals("Pipeline Clashing: call default_(FeedlineClashingStatisticsPipelines_Default"
          + ".builder()...) with the data its statistics are fitted over before building",
          missing.getMessage());
    }
  }
}

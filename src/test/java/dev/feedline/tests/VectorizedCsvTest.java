package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.doctor.StageChain;
import dev.feedline.example.House;
import dev.feedline.example.HousingDataset;
import dev.feedline.runtime.BuiltPipeline;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.SkippedRecords;
import dev.feedline.runtime.internal.cache.CacheFolder;
import dev.feedline.tests.pipelines.FeedlineHousingPipelines_Failing;
import dev.feedline.tests.pipelines.FeedlineHousingPipelines_InterleavedByTwoThreads;
import dev.feedline.tests.pipelines.FeedlineHousingPipelines_InterleavedInOneThread;
import dev.feedline.tests.pipelines.FeedlineHousingPipelines_Packed;
import dev.feedline.tests.pipelines.FeedlineHousingPipelines_PackedFileCached;
import dev.feedline.tests.pipelines.FeedlineHousingPipelines_PerLine;
import dev.feedline.tests.pipelines.FeedlineHousingPipelines_Skipping;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
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
import org.tensorflow.types.TFloat32;

/**
 * A {@code @DecodeCsv} that parses the lines as they are read is vectorized (256 lines a
 * {@code DecodeCSV}, docs/performance.md#tables-and-text): on a real table, the Boston house
 * prices in two files with a bad row in the first, it gives exactly the elements, in order, that
 * one parse a line gives; the bad row is left out under {@code badRecords = SKIP} and named, by
 * file, line, column and value, at build otherwise, as before. Packed through a cache and a
 * shuffle to the batch (docs/performance.md#packed-rows), every row comes out once an epoch,
 * bit for bit, in a new order each epoch. Files interleaved with their lines read in one thread
 * (docs/performance.md#lines-in-one-thread) give the rows in the order reader threads give them,
 * and resume them from a checkpoint.
 */
class VectorizedCsvTest {
  /** The bad row: line 301 of the first file (its row 300), whose 'rm' field is "n/a". */
  private static final int BAD_LINE = 301;
  @TempDir Path dir;
  private Path first;
  private Path second;

  @BeforeEach
  void writeTwoCopiesOneWithABadRow() throws IOException {
    List<String> lines = HousingDataset.lines();
    List<String> damaged = new ArrayList<>(lines);
    String[] fields = damaged.get(BAD_LINE - 1).split(",");
    fields[5] = "n/a"; // rm
    damaged.set(BAD_LINE - 1, String.join(",", fields));
    first = Files.write(dir.resolve("housing-0.csv"), damaged);
    second = Files.write(dir.resolve("housing-1.csv"), lines);
  }

  /** Every row the epoch hands out, its 13 values as float bits joined, in order. */
  private static <T extends AutoCloseable> List<String> rows(BuiltPipeline<?, T> pipeline,
      Session session) {
    List<List<String>> batches = new ArrayList<>();
    try (EpochIterator<T> epoch = pipeline.epoch(session)) {
      take(epoch, Integer.MAX_VALUE, batches);
    }
    return batches.stream().flatMap(List::stream).toList();
  }

  /** The batch's components, in record order: the 13 columns of {@link House}. */
  private static List<TFloat32> columns(Object batch) {
    List<TFloat32> columns = new ArrayList<>();
    for (RecordComponent component : batch.getClass().getRecordComponents()) {
      try {
        columns.add((TFloat32) component.getAccessor().invoke(batch));
      } catch (ReflectiveOperationException e) {
        throw new AssertionError(e);
      }
    }
    assertEquals(House.COLUMNS, Arrays.stream(batch.getClass().getRecordComponents())
        .map(RecordComponent::getName).toList());
    return columns;
  }

  private static Set<String> opTypes(Graph graph) {
    Set<String> types = new HashSet<>();
    graph.operations().forEachRemaining(op -> types.add(((GraphOperation) op).type()));
    return types;
  }

  private <P extends BuiltPipeline<?, T>, T extends AutoCloseable> List<String> read(
      Function<Graph, P> build, boolean vectorized) {
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        P pipeline = build.apply(graph)) {
      assertEquals(vectorized, opTypes(graph).contains("UnbatchDataset"),
          vectorized ? "the parse is vectorized" : "the parse takes one line a call");
      List<String> rows = rows(pipeline, session);
      assertEquals(rows, rows(pipeline, session), "a second epoch gives the same rows");
      return rows;
    }
  }

  @Test
  void theVectorizedParseGivesThePerLineParsesRowsInOrderWithTheBadRowLeftOut() throws IOException {
    List<String> perLine = read(graph -> FeedlineHousingPipelines_PerLine.builder()
        .files(first.toString(), second.toString()).build(graph), false);
    List<String> vectorized;
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineHousingPipelines_Skipping.builder()
            .files(first.toString(), second.toString()).build(graph)) {
      assertTrue(opTypes(graph).contains("UnbatchDataset"), "the parse is vectorized");
      SkippedRecords skipped = pipeline.skippedRecords();
      assertEquals(Map.of(first.toString(), Map.of("not a number in column 'rm'", 1L)),
          skipped.countsByFileAndCause());
      assertEquals(List.of((long) BAD_LINE), skipped.records().stream()
          .map(r -> r.index() + 1).toList(), "its line number");
      vectorized = rows(pipeline, session);
      assertEquals(vectorized, rows(pipeline, session), "a second epoch gives the same rows");
    }
    assertEquals(2 * HousingDataset.ROWS - 1, perLine.size(), "every row but the bad one");
    assertEquals(perLine, vectorized);
    // And both are the file's numbers: row 1 and the last row of the second file, as written.
    List<String> lines = HousingDataset.lines();
    assertEquals(bits(lines, 1), vectorized.get(0));
    assertEquals(bits(lines, BAD_LINE), vectorized.get(BAD_LINE - 2), "the row after the bad one");
    assertEquals(bits(lines, HousingDataset.ROWS), vectorized.get(vectorized.size() - 1));
  }

  @Test
  void linesReadInOneThreadComeInTheOrderThatReaderThreadsGiveThem() throws IOException {
    // Four cuts of the table, of 506, 200, 37 and 206 rows: three files at a time, the third
    // ends first and the fourth takes its place while the first two go on.
    List<String> lines = HousingDataset.lines();
    int[][] cuts = {{1, 507}, {101, 301}, {201, 238}, {301, 507}};
    List<String> files = new ArrayList<>();
    List<String> written = new ArrayList<>();
    for (int f = 0; f < cuts.length; f++) {
      List<String> file = new ArrayList<>(List.of(lines.get(0)));
      file.addAll(lines.subList(cuts[f][0], cuts[f][1]));
      files.add(Files.write(dir.resolve("cut-" + f + ".csv"), file).toString());
      for (int i = cuts[f][0]; i < cuts[f][1]; i++) {
        written.add(bits(lines, i));
      }
    }
    List<String> oneThread;
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineHousingPipelines_InterleavedInOneThread.builder().files(files)
            .build(graph)) {
      Set<String> ops = opTypes(graph);
      assertTrue(ops.contains("InterleaveDataset") && !ops.contains("ParallelInterleaveDatasetV4"),
          "read in one thread: " + ops);
      oneThread = rows(pipeline, session);
    }
    List<String> readerThreads;
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineHousingPipelines_InterleavedByTwoThreads.builder().files(files)
            .build(graph)) {
      assertTrue(opTypes(graph).contains("ParallelInterleaveDatasetV4"), "read by two threads");
      readerThreads = rows(pipeline, session);
    }
    assertEquals(readerThreads, oneThread);
    assertEquals(List.of(bits(lines, 1), bits(lines, 101), bits(lines, 201), bits(lines, 2)),
        oneThread.subList(0, 4), "a line from each of three files in turn");
    List<String> sorted = new ArrayList<>(oneThread);
    sorted.sort(null);
    written.sort(null);
    assertEquals(written, sorted, "every row of the four files once");
    // A checkpoint after 7 of the 10 batches, the fourth file reading in the third's slot, resumes
    // the rest of the rows in a new graph.
    Path checkpoint = dir.resolve("in-one-thread");
    List<List<String>> run = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineHousingPipelines_InterleavedInOneThread.builder().files(files)
            .build(graph);
        var batches = pipeline.epoch(session)) {
      take(batches, 7, run);
      pipeline.checkpoint(session, checkpoint);
    }
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineHousingPipelines_InterleavedInOneThread.builder().files(files)
            .build(graph);
        var rest = pipeline.resume(session, checkpoint)) {
      take(rest, Integer.MAX_VALUE, run);
    }
    assertEquals(10, run.size(), "ceil(949 / 100) batches");
    assertEquals(oneThread, run.stream().flatMap(List::stream).toList());
  }

  /** The 13 columns of line {@code index + 1} of the table, parsed in Java, as {@link #rows} joins them. */
  private static String bits(List<String> lines, int index) {
    List<String> header = Arrays.asList(lines.get(0).split(","));
    String[] fields = lines.get(index).split(",");
    StringBuilder row = new StringBuilder();
    for (String column : House.COLUMNS) {
      row.append(Integer.toHexString(Float.floatToRawIntBits(
          Float.parseFloat(fields[header.indexOf(column)])))).append(' ');
    }
    return row.toString();
  }

  @Test
  void underTheFailPolicyTheBadRowIsAnErrorAtBuildNamingItsFileLineColumnAndValue()
      throws IOException {
    try (Graph graph = new Graph()) {
      FeedlineException error = assertThrows(FeedlineException.class, () ->
          FeedlineHousingPipelines_Failing.builder().files(second.toString(), first.toString())
              .build(graph));
      assertEquals("Pipeline Failing, stage 'files' (@TextLineSource), file " + first + ": line "
          + BAD_LINE + " has \"n/a\" in column 'rm', which is not a number (float32)",
          error.getMessage());
    }
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineHousingPipelines_Failing.builder().files(second.toString())
            .build(graph)) {
      assertTrue(opTypes(graph).contains("UnbatchDataset"), "the parse is vectorized");
      List<String> rows = rows(pipeline, session);
      assertEquals(HousingDataset.ROWS, rows.size());
      List<String> lines = HousingDataset.lines();
      for (int i = 0; i < rows.size(); i++) {
        assertEquals(bits(lines, i + 1), rows.get(i), "row " + (i + 1));
      }
    }
  }

  @Test
  void packedRowsThroughACacheAndAShuffleComeOutEveryRowOnceAnEpochBitForBit() throws Exception {
    List<String> lines = HousingDataset.lines();
    List<String> written = new ArrayList<>();
    for (int i = 1; i <= HousingDataset.ROWS; i++) {
      written.add(bits(lines, i));
    }
    List<String> expected = new ArrayList<>(written);
    expected.sort(null);
    assertEquals("PackedRows", FeedlineHousingPipelines_Packed.class
        .getDeclaredField("PARSE_PACKED").getType().getSimpleName(), "the rows travel packed");
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineHousingPipelines_Packed.builder().files(second.toString())
            .build(graph)) {
      List<List<String>> epochs = new ArrayList<>();
      for (int epoch = 0; epoch < 3; epoch++) {
        epochs.add(rows(pipeline, session));
        List<String> sorted = new ArrayList<>(epochs.get(epoch));
        sorted.sort(null);
        assertEquals(expected, sorted, "epoch " + (epoch + 1) + ": every row once, as written");
      }
      assertTrue(!epochs.get(0).equals(epochs.get(1)) && !epochs.get(1).equals(epochs.get(2)),
          "a new order every epoch");
      assertTrue(!epochs.get(0).equals(written), "shuffled");
      // The doctor finds the parse under its packing map (the chunks are never unbatched), the
      // shuffle under the map that orders a window, and the batch under the unpacking map.
      Map<String, StageChain.Link> links = new java.util.HashMap<>();
      StageChain.find(pipeline.iterator()).forEach(link -> links.put(link.name(), link));
      assertEquals("MapDataset", links.get("parse").type());
      assertFalse(opTypes(graph).contains("UnbatchDataset"), "no row travels alone");
      assertTrue(opTypes(graph).contains("RebatchDatasetV2"), "the windows and batches cut");
      assertFalse(links.get("parse").sequential(), "@DecodeCsv(parallel = AUTO)");
      assertEquals(300L, links.get("shuffle").size(), "@Shuffle(buffer = 300): a window's rows");
      assertEquals(100L, links.get("batch").size(), "@Batch(size = 100)");
      assertFalse(links.get("batch").sequential());
    }
  }

  /** The next {@code count} batches at most, each as its rows' 13 values as float bits joined. */
  private static <T extends AutoCloseable> void take(EpochIterator<T> epoch, int count,
      List<List<String>> into) {
    for (int i = 0; i < count && epoch.hasNext(); i++) {
      T batch = epoch.next();
      List<TFloat32> columns = columns(batch);
      List<String> rows = new ArrayList<>();
      for (int r = 0; r < columns.get(0).shape().get(0); r++) {
        StringBuilder row = new StringBuilder();
        for (TFloat32 column : columns) {
          row.append(Integer.toHexString(Float.floatToRawIntBits(column.getFloat(r)))).append(' ');
        }
        rows.add(row.toString());
      }
      into.add(rows);
    }
  }

  @Test
  void aCheckpointOfPackedRowsResumesTheBatchesOfTheUninterruptedRun() {
    List<List<String>> expected = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineHousingPipelines_Packed.builder().files(second.toString())
            .build(graph)) {
      for (int epoch = 0; epoch < 2; epoch++) {
        try (var batches = pipeline.epoch(session)) {
          take(batches, Integer.MAX_VALUE, expected);
        }
      }
    }
    assertEquals(12, expected.size(), "2 epochs of ceil(506 / 100) batches");
    // Stopped in epoch 1, which fills the cache, and in epoch 2, whose shuffle holds packed rows.
    for (int k : new int[] {3, 8}) {
      Path checkpoint = dir.resolve("packed-" + k);
      List<List<String>> run = new ArrayList<>();
      try (Graph graph = new Graph();
          Session session = new Session(graph);
          var pipeline = FeedlineHousingPipelines_Packed.builder().files(second.toString())
              .build(graph)) {
        if (k > 6) {
          try (var first = pipeline.epoch(session)) {
            take(first, Integer.MAX_VALUE, run);
          }
        }
        try (var batches = pipeline.epoch(session)) {
          take(batches, k % 6, run);
          pipeline.checkpoint(session, checkpoint);
        }
      }
      try (Graph graph = new Graph();
          Session session = new Session(graph);
          var pipeline = FeedlineHousingPipelines_Packed.builder().files(second.toString())
              .build(graph)) {
        try (var rest = pipeline.resume(session, checkpoint)) {
          take(rest, Integer.MAX_VALUE, run);
        }
        if (k < 6) {
          try (var next = pipeline.epoch(session)) {
            take(next, Integer.MAX_VALUE, run);
          }
        }
      }
      assertEquals(expected, run, "stopped after " + k + " batches");
    }
  }

  @Test
  void packedRowsInAFileCacheAreReadBackByALaterRunBitForBit() throws Exception {
    assertEquals("PackedRows", FeedlineHousingPipelines_PackedFileCached.class
        .getDeclaredField("PARSE_PACKED").getType().getSimpleName(), "the rows travel packed");
    Path folder = dir.resolve("cache");
    List<String> lines = HousingDataset.lines();
    List<String> written = new ArrayList<>();
    for (int i = 1; i <= HousingDataset.ROWS; i++) {
      written.add(bits(lines, i));
    }
    for (String run : List.of("writes the cache", "reads it")) {
      try (Graph graph = new Graph();
          Session session = new Session(graph);
          var pipeline = FeedlineHousingPipelines_PackedFileCached.builder()
              .files(second.toString()).cacheFile(folder.toString()).build(graph)) {
        assertEquals(written, rows(pipeline, session), "the run that " + run);
      }
    }
    assertEquals(1, CacheFolder.list(folder).stream()
        .filter(e -> e.state() == CacheFolder.State.COMPLETE).count(), "one key, written once");
  }
}

package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.feedline.example.HousingDataset;
import dev.feedline.runtime.BuiltPipeline;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.tests.pipelines.FeedlineVectorColumnPipelines_Gapped;
import dev.feedline.tests.pipelines.FeedlineVectorColumnPipelines_PerLine;
import dev.feedline.tests.pipelines.FeedlineVectorColumnPipelines_Skipping;
import dev.feedline.tests.pipelines.FeedlineVectorColumnPipelines_Vectorized;
import dev.feedline.tests.pipelines.FeedlineVectorColumnPipelines_Vectorized.TractTensors;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.ndarray.Shape;

/**
 * {@code @Columns} on TensorFlow, on the Boston house-price table: the 13 columns from crim to
 * lstat become one [13] float vector and medv, cmedv one [2] double vector, with the values the
 * file holds, in the vectorized parse (256 lines a DecodeCSV) and one line a parse alike; a bad
 * value in one of a vector's columns is named by file, line, column and value, or skipped and
 * counted; a header whose range has another width is refused at build naming the file.
 */
class VectorColumnsTest {
  @TempDir Path dir;

  /** Each row as the file has it: 13 floats, 2 doubles and rad, as text of their values. */
  private static List<String> expected(List<String> lines) {
    List<String> rows = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split(",");
      StringBuilder row = new StringBuilder();
      for (int c = 0; c < 13; c++) {
        row.append(Float.parseFloat(f[c])).append(' ');
      }
      row.append(Double.parseDouble(f[13])).append(' ').append(Double.parseDouble(f[14]))
          .append(' ').append(Long.parseLong(f[8]));
      rows.add(row.toString());
    }
    return rows;
  }

  private static <T extends AutoCloseable> List<String> rows(BuiltPipeline<?, T> pipeline,
      Session session, java.util.function.Function<T, TractTensors> tract) {
    List<String> rows = new ArrayList<>();
    try (EpochIterator<T> batches = pipeline.epoch(session)) {
      for (T batch : batches) {
        TractTensors t = tract.apply(batch);
        long n = t.features().shape().get(0);
        assertEquals(Shape.of(n, 13), t.features().shape());
        assertEquals(Shape.of(n, 2), t.prices().shape());
        assertEquals(Shape.of(n), t.highway().shape());
        for (int i = 0; i < n; i++) {
          StringBuilder row = new StringBuilder();
          for (int c = 0; c < 13; c++) {
            row.append(t.features().getFloat(i, c)).append(' ');
          }
          row.append(t.prices().getDouble(i, 0)).append(' ').append(t.prices().getDouble(i, 1))
              .append(' ').append(t.highway().getLong(i));
          rows.add(row.toString());
        }
      }
    }
    return rows;
  }

  @Test
  void rangesAndNamesOfColumnsAreVectorsWithTheFilesValues() throws IOException {
    Path file = HousingDataset.write(dir, 1, 1).get(0);
    List<String> expected = expected(HousingDataset.lines());
    try (Graph graph = new Graph(); Session session = new Session(graph);
        FeedlineVectorColumnPipelines_Vectorized vectorized =
            FeedlineVectorColumnPipelines_Vectorized.builder().files(file.toString()).build(graph);
        FeedlineVectorColumnPipelines_PerLine perLine =
            FeedlineVectorColumnPipelines_PerLine.builder().files(file.toString()).build(graph)) {
      assertEquals("[-1, 13]", vectorized.output().features().shape().toString());
      assertEquals("[-1, 2]", vectorized.output().prices().shape().toString());
      assertEquals(expected, rows(vectorized, session, t -> t), "256 lines a parse");
      assertEquals(expected, rows(perLine, session, t -> new TractTensors(t.features(),
          t.prices(), t.highway())), "one line a parse");
    }
  }

  /** The table with "n/a" in line 301's 'nox', the fifth column of the features' range. */
  private Path damaged() throws IOException {
    List<String> lines = new ArrayList<>(HousingDataset.lines());
    String[] fields = lines.get(300).split(",");
    fields[4] = "n/a";
    lines.set(300, String.join(",", fields));
    return Files.write(dir.resolve("damaged.csv"), lines);
  }

  @Test
  void aBadValueInAVectorsColumnIsNamedByFileLineColumnAndValue() throws IOException {
    Path file = damaged();
    try (Graph graph = new Graph()) {
      FeedlineException error = assertThrows(FeedlineException.class, () ->
          FeedlineVectorColumnPipelines_Vectorized.builder().files(file.toString()).build(graph));
      assertEquals("Pipeline Vectorized, stage 'files' (@TextLineSource), file " + file
          + ": line 301 has \"n/a\" in column 'nox', which is not a number (float32)",
          error.getMessage());
    }
    try (Graph graph = new Graph(); Session session = new Session(graph);
        FeedlineVectorColumnPipelines_Skipping pipeline =
            FeedlineVectorColumnPipelines_Skipping.builder().files(file.toString()).build(graph)) {
      List<String> kept = rows(pipeline, session, t -> new TractTensors(t.features(), t.prices(),
          t.highway()));
      assertEquals(Map.of(file.toString(), Map.of("not a number in column 'nox'", 1L)),
          pipeline.skippedRecords().countsByFileAndCause());
      List<String> expected = new ArrayList<>(expected(HousingDataset.lines()));
      expected.remove(299); // row 300, line 301
      assertEquals(expected, kept);
    }
  }

  @Test
  void aHeaderWhoseRangeHasAnotherWidthIsRefusedNamingTheFile() throws IOException {
    List<String> lines = new ArrayList<>(HousingDataset.lines());
    // Without the b column, crim to lstat spans 12 columns, not 13.
    List<String> reordered = new ArrayList<>();
    for (String line : lines) {
      List<String> f = new ArrayList<>(Arrays.asList(line.split(",")));
      String b = f.remove(11);
      f.add(b);
      reordered.add(String.join(",", f));
    }
    Path file = Files.write(dir.resolve("b-last.csv"), reordered);
    try (Graph graph = new Graph()) {
      FeedlineException error = assertThrows(FeedlineException.class, () ->
          FeedlineVectorColumnPipelines_Vectorized.builder().files(file.toString()).build(graph));
      assertEquals("Pipeline Vectorized, stage 'files' (@TextLineSource), file " + file
          + ": its header has 12 columns from 'crim' to 'lstat' [crim, zn, indus, chas, nox, rm,"
          + " age, dis, rad, tax, ptratio, lstat], but component 'features' holds 13 values"
          + " (@Shape({13}))", error.getMessage());
    }
  }

  @Test
  void emptyFieldsOfAVectorReadAsTheirColumnsDefaults() throws IOException {
    Path file = Files.writeString(dir.resolve("gaps.csv"), "a,b,c,d\n1,,3,\n,2,,4\n");
    try (Graph graph = new Graph(); Session session = new Session(graph);
        FeedlineVectorColumnPipelines_Gapped pipeline =
            FeedlineVectorColumnPipelines_Gapped.builder().files(file.toString()).build(graph);
        EpochIterator<FeedlineVectorColumnPipelines_Gapped.GapsTensors> epoch =
            pipeline.epoch(session)) {
      FeedlineVectorColumnPipelines_Gapped.GapsTensors batch = epoch.next();
      assertEquals(Shape.of(2, 2), batch.ab().shape());
      assertEquals(List.of(1f, 8f, 7f, 2f), List.of(batch.ab().getFloat(0, 0),
          batch.ab().getFloat(0, 1), batch.ab().getFloat(1, 0), batch.ab().getFloat(1, 1)));
      assertEquals(List.of(3L, 9L, 9L, 4L), List.of(batch.cd().getLong(0, 0),
          batch.cd().getLong(0, 1), batch.cd().getLong(1, 0), batch.cd().getLong(1, 1)));
    }
  }
}

package dev.feedline.benchmarks.limit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToLongFunction;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import dev.feedline.runtime.BuiltPipeline;
import dev.feedline.runtime.EpochIterator;

/** The pipelines the tables and text benchmarks compare, each run in a JVM of its own. */
enum Variant {
  TABLE_GENERATED("table-generated", "generated: @DecodeCsv, 256 lines a DecodeCSV (vectorized)"),
  TABLE_HAND_WRITTEN("table-hand-written", "hand-written: batch 256 lines, one DecodeCSV, unbatch"),
  TABLE_HAND_WRITTEN_PACKED("table-hand-written-packed", "hand-written: as table-hand-written,"
      + " the files' lines read in one thread and each row's 13 floats stacked into one tensor"
      + " from the parse to the batch, as the generated code reads and packs them"),
  TABLE_PER_LINE("table-per-line", "hand-written, one DecodeCSV a line (the generated code before)"),
  TEXT_GENERATED("text-generated", "generated: @Batch, then @Map(vectorized = true) tokenizes"),
  TEXT_HAND_WRITTEN("text-hand-written", "hand-written: batch 64 lines, tokenize and look up once"),
  TEXT_HAND_WRITTEN_ONE_THREAD("text-hand-written-one-thread", "hand-written: as"
      + " text-hand-written, the files' lines read in one thread, as the generated code reads"
      + " them"),
  TEXT_PER_LINE("text-generated-per-line", "generated: @Map tokenizes each line, @PaddedBatch");

  final String id;
  final String description;

  Variant(String id, String description) {
    this.id = id;
    this.description = description;
  }

  static Variant of(String id) {
    return Arrays.stream(values()).filter(v -> v.id.equals(id)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no variant " + id));
  }

  boolean isTable() {
    return name().startsWith("TABLE");
  }

  /** Builds the pipeline over the data in {@code dir}, whose epochs hold {@code rows} rows. */
  RowSource open(Path dir, long rows) {
    List<String> files = files(dir, isTable() ? "housing-" : "words-");
    return switch (this) {
      case TABLE_GENERATED -> generated(graph -> FeedlineHousingPipeline.builder().files(files)
          .build(graph), batch -> batch.crim().shape().get(0));
      case TABLE_HAND_WRITTEN -> new HandWrittenCsv(files, header(files.get(0)), rows,
          HandWrittenCsv.Parse.BATCHED);
      case TABLE_HAND_WRITTEN_PACKED -> new HandWrittenCsv(files, header(files.get(0)), rows,
          HandWrittenCsv.Parse.PACKED);
      case TABLE_PER_LINE -> new HandWrittenCsv(files, header(files.get(0)), rows,
          HandWrittenCsv.Parse.PER_LINE);
      case TEXT_GENERATED -> generated(graph -> FeedlineWordPipelines_Vectorized.builder()
          .letters(dir.resolve(LimitData.VOCABULARY)).files(files).build(graph),
          batch -> batch.label().shape().get(0));
      case TEXT_PER_LINE -> generated(graph -> FeedlineWordPipelines_PerLine.builder()
          .letters(dir.resolve(LimitData.VOCABULARY)).files(files).build(graph),
          batch -> batch.label().shape().get(0));
      case TEXT_HAND_WRITTEN -> new HandWrittenText(files, rows, false);
      case TEXT_HAND_WRITTEN_ONE_THREAD -> new HandWrittenText(files, rows, true);
    };
  }

  private static List<String> files(Path dir, String prefix) {
    try (var list = Files.list(dir)) {
      return list.filter(p -> p.getFileName().toString().startsWith(prefix))
          .map(Path::toString).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String header(String file) {
    try (var lines = Files.lines(Path.of(file))) {
      return lines.findFirst().orElseThrow();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Epochs of a generated pipeline in a session of its own, as users call it. */
  private static <T extends AutoCloseable> RowSource generated(
      java.util.function.Function<Graph, BuiltPipeline<?, T>> build, ToLongFunction<T> rows) {
    Graph graph = new Graph();
    BuiltPipeline<?, T> pipeline = build.apply(graph);
    Session session = new Session(graph);
    return new RowSource() {
      @Override
      public long epoch() {
        long seen = 0;
        try (EpochIterator<T> epoch = pipeline.epoch(session)) {
          for (T batch : epoch) {
            seen += rows.applyAsLong(batch);
          }
        }
        return seen;
      }

      @Override
      public void close() {
        pipeline.close();
        session.close();
        graph.close();
      }
    };
  }
}

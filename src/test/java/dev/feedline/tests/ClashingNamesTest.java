package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import dev.feedline.runtime.BuiltPipeline;
import dev.feedline.runtime.Devices;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.tests.pipelines.FeedlineClashingNamesPipelines_FileCached;
import dev.feedline.tests.pipelines.FeedlineClashingNamesPipelines_InMemory;
import dev.feedline.tests.pipelines.FeedlineClashingNamesPipelines_InMemory.ClashingTensors;
import dev.feedline.tests.support.Sources;
import java.nio.file.Path;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;

/**
 * Pipelines whose components are named like generated members ({@code ramBudget},
 * {@code options}, {@code close}, {@code dataset}, {@code epoch}, {@code deviceBuffer},
 * {@code cacheFile}), with a stage method named {@code add$one} and cache prefixes holding a
 * comment end and backslashes: they compile (which is most of the test) and run.
 */
class ClashingNamesTest {
  @TempDir Path dir;

  /** Rows 0..3: every component holds the row's number, times 10 for {@code epoch}. */
  private static <P extends BuiltPipeline<?, ?>> List<String> run(Function<Graph, P> build,
      Function<Object, String> row) {
    List<String> rows = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph, Devices.sessionConfig());
        P pipeline = build.apply(graph)) {
      for (int epoch = 0; epoch < 2; epoch++) {
        try (EpochIterator<?> batches = pipeline.epoch(session)) {
          batches.forEachRemaining(batch -> rows.add(row.apply(batch)));
        }
      }
    }
    return rows;
  }

  @Test
  void anInMemoryCacheAndADeviceBufferBesideComponentsOfTheirNames() {
    try (TInt64 ids = TInt64.vectorOf(0, 1, 2, 3);
        TFloat32 values = TFloat32.vectorOf(0, 1, 2, 3);
        TInt64 tens = TInt64.vectorOf(0, 10, 20, 30)) {
      List<String> rows = run(graph -> FeedlineClashingNamesPipelines_InMemory.builder()
          .data(ids, values, values, ids, tens, ids, ids).ramBudget(1L << 30).deviceBuffer(1)
          .build(graph), ClashingNamesTest::describe);
      assertEquals(List.of("ids [0, 1], options [1.0, 2.0], close [0.0, 1.0], epoch [0, 10]",
          "ids [2, 3], options [3.0, 4.0], close [2.0, 3.0], epoch [20, 30]",
          "ids [0, 1], options [1.0, 2.0], close [0.0, 1.0], epoch [0, 10]",
          "ids [2, 3], options [3.0, 4.0], close [2.0, 3.0], epoch [20, 30]"), rows);
    }
  }

  @Test
  void fileCachesOnPrefixesGivenAtRunTime() {
    try (TInt64 ids = TInt64.vectorOf(0, 1, 2, 3);
        TFloat32 values = TFloat32.vectorOf(0, 1, 2, 3);
        TInt64 tens = TInt64.vectorOf(0, 10, 20, 30)) {
      List<String> rows = run(graph -> FeedlineClashingNamesPipelines_FileCached.builder()
          .data(ids, values, values, ids, tens, ids, ids)
          .cacheFile_(dir.resolve("first").toString())
          .windowsFile(dir.resolve("second").toString())
          .build(graph), batch -> describe(batch));
      assertEquals(4, rows.size());
      assertEquals(rows.subList(0, 2), rows.subList(2, 4), "epoch 2 reads the caches");
      assertEquals("ids [0, 1], options [1.0, 2.0], close [0.0, 1.0], epoch [0, 10]", rows.get(0));
    }
  }

  /**
   * Run-time values named like the generated class's constants ({@code PIPELINE}, an element's
   * spec, {@code DATASET_OPTIONS}): as parameters of the methods that read those constants they
   * would hide them, and the generated code did not compile (found by the processor fuzz test).
   */
  @Test
  void runTimeValuesNamedLikeTheGeneratedConstantsCompile() {
    JavaFileObject records = Sources.source("Named", "@Element record Named(@Shape({2})"
        + " Operand<TFloat32> PIPELINE, @Shape({}) Operand<TInt64> BATCH_ELEMENT) {}");
    JavaFileObject pipeline = Sources.pipeline("Constants", List.of(
        "  @RunTimeValue Operand<TFloat32> DATASET_OPTIONS();",
        "  @InMemorySource(records = 8) Named data();",
        "  @Map(parallel = AUTO) static Named scale(Ops tf, Named in, Operand<TFloat32>"
            + " DATASET_OPTIONS) {",
        "    return new Named(tf.math.mul(in.PIPELINE(), DATASET_OPTIONS), in.BATCH_ELEMENT());",
        "  }",
        "  @Batch(size = 4) Named batch(Named named);",
        "  @Prefetch(AUTO) Named prefetch(Named batch);"));
    Compilation compilation = Sources.compile(pipeline, records);
    assertEquals(Compilation.Status.SUCCESS, compilation.status(),
        compilation.diagnostics().toString());
  }

  /**
   * Components and stages named like the locals and parameters that hold the data a pipeline
   * feeds ({@code elements}, {@code fedChoices}) and a {@code @Choose}'s indices ({@code
   * choices}): an in-memory source with a file cache, whose key hashes the data, and a choice
   * between two in-memory pipelines.
   */
  @Test
  void namesOfTheFedDataCompile() {
    JavaFileObject records = Sources.source("Fed", "@Element record Fed(@Shape({})"
        + " Operand<TFloat32> elements, @Shape({}) Operand<TInt64> fedChoices) {}");
    JavaFileObject cached = Sources.pipeline("Cached", List.of(
        "  @InMemorySource Fed elements();",
        "  @Cache(file = \"target/fed\") Fed fedChoices(Fed elements);",
        "  @Batch(size = 4) Fed choices(Fed fedChoices);"));
    JavaFileObject first = Sources.pipeline("First", List.of("  @InMemorySource Fed elements();"));
    JavaFileObject second = Sources.pipeline("Second", List.of(
        "  @InMemorySource Fed fedChoices();"));
    JavaFileObject chosen = Sources.pipeline("Chosen", List.of(
        "  @Choose(of = {First.class, Second.class}) Fed elements();",
        "  @Batch(size = 4) Fed fedChoices(Fed choices);"));
    Compilation compilation = Sources.compile(records, cached, first, second, chosen);
    assertEquals(Compilation.Status.SUCCESS, compilation.status(),
        compilation.diagnostics().toString());
  }

  /**
   * Stages named like the methods and the constant of shuffled windows (chunk, windows, rebatch,
   * chunks) compile, their lines in chunks: the constant takes a free name.
   */
  @Test
  void namesOfTheShuffledWindowsCompile() throws IOException {
    JavaFileObject lines = Sources.pipeline("Chunked", List.of(
        "  @TextLineSource Operand<TString> windows();",
        "  @Interleave(cycleLength = 2, parallel = AUTO)"
            + " Operand<TString> chunks(Operand<TString> windows);",
        "  @Cache Operand<TString> chunk(Operand<TString> line);",
        "  @Shuffle(buffer = 512) Operand<TString> rebatch(Operand<TString> line);",
        "  @Batch(size = 8) Operand<TString> chunksChunks(Operand<TString> line);"));
    Compilation compilation = Sources.compile(lines);
    assertEquals(Compilation.Status.SUCCESS, compilation.status(),
        compilation.diagnostics().toString());
    String code = compilation.generatedSourceFile("test.FeedlineChunked").orElseThrow()
        .getCharContent(true).toString();
    assertTrue(code.contains("CHUNKS_CHUNKS.chunk(tf, dataset, 256L /* lines */)"), code);
    assertTrue(code.contains("CHUNKS_CHUNKS.windows(tf, dataset, 512L"), code);
  }

  /** One batch of either pipeline, whose tensors records have the same components. */
  private static String describe(Object batch) {
    if (batch instanceof ClashingTensors t) {
      return text(t.ramBudget(), t.options(), t.close_(), t.epoch());
    }
    var t = (FeedlineClashingNamesPipelines_FileCached.ClashingTensors) batch;
    return text(t.ramBudget(), t.options(), t.close_(), t.epoch());
  }

  private static String text(TInt64 ids, TFloat32 options, TFloat32 close, TInt64 epoch) {
    List<Long> idList = new ArrayList<>();
    List<Float> optionList = new ArrayList<>();
    List<Float> closeList = new ArrayList<>();
    List<Long> epochList = new ArrayList<>();
    for (int i = 0; i < ids.shape().get(0); i++) {
      idList.add(ids.getLong(i));
      optionList.add(options.getFloat(i));
      closeList.add(close.getFloat(i));
      epochList.add(epoch.getLong(i));
    }
    return "ids " + idList + ", options " + optionList + ", close " + closeList + ", epoch "
        + epochList;
  }
}

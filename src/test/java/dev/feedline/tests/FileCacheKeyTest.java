package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.BuiltPipeline;
import dev.feedline.runtime.internal.cache.CacheFolder;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.internal.cache.FileCaches;
import dev.feedline.runtime.TFRecordWriter;
import dev.feedline.tests.pipelines.FeedlineKeyedPipelines_IdsOnly;
import dev.feedline.tests.pipelines.FeedlineKeyedPipelines_InBlocks;
import dev.feedline.tests.pipelines.FeedlineKeyedPipelines_Scaled;
import dev.feedline.tests.pipelines.FeedlineKeyedPipelines_ScaledAgain;
import dev.feedline.tests.pipelines.FeedlineKeyedPipelines_SmallBatches;
import dev.feedline.tests.pipelines.FeedlineKeyedPipelines_Tripled;
import dev.feedline.tests.pipelines.Row;
import dev.feedline.tests.support.CapturedLog;
import dev.feedline.tests.support.EpochRows;
import dev.feedline.tests.support.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;

/**
 * The key of a file cache covers everything before it: the same declaration over the same data
 * has the same key, in any interface it is declared in; other data under the same glob, a file
 * appended to, another map body, another record or another value before the cache each make a
 * new key, and the old cache is left unread; a change after the cache keeps the key and reads it.
 */
class FileCacheKeyTest {
  @TempDir Path dir;
  private Path data;
  private String files;

  @BeforeEach
  void writeData() throws IOException {
    data = Files.createDirectories(dir.resolve("data"));
    files = data.resolve("*.tfrecord").toString();
    TestData.writeRows(data, 3, 10);
  }

  private Path folder() {
    return dir.resolve("cache");
  }

  /** One run of a pipeline: its cache's key, the rows of one epoch, and what the log said. */
  private record Run(String key, Map<Long, Float> rows, List<String> log) {
    boolean readTheCache() {
      return log.stream().anyMatch(m -> m.contains("reading the file cache"));
    }
  }

  private Run run(BiFunction<Graph, String, BuiltPipeline<Row, ?>> build) {
    try (CapturedLog log = new CapturedLog(FileCaches.class);
        Graph graph = new Graph();
        Session session = new Session(graph);
        BuiltPipeline<Row, ?> pipeline = build.apply(graph, folder().toString())) {
      Map<Long, Float> rows = EpochRows.read(pipeline, session);
      return new Run(pipeline.fileCaches().key("cache"), rows, log.messages());
    }
  }

  private Run scaled() {
    return run((graph, folder) -> FeedlineKeyedPipelines_Scaled.builder().files(files)
        .cacheFile(folder).build(graph));
  }

  private static Map<Long, Float> rows(long from, long to, float factor) {
    Map<Long, Float> rows = new TreeMap<>();
    for (long id = from; id < to; id++) {
      rows.put(id, factor * id);
    }
    return rows;
  }

  private List<String> completeKeys() {
    return CacheFolder.list(folder()).stream()
        .filter(e -> e.state() == CacheFolder.State.COMPLETE).map(CacheFolder.Entry::key).sorted()
        .toList();
  }

  @Test
  void theSameDeclarationInAnotherInterfaceHasTheSameKeyAndReadsTheCache() {
    Run first = scaled();
    assertFalse(first.readTheCache(), "nothing to read yet");
    Run again = run((graph, folder) -> FeedlineKeyedPipelines_ScaledAgain.builder().files(files)
        .cacheFile(folder).build(graph));
    assertEquals(first.key(), again.key());
    assertTrue(again.readTheCache(), again.log().toString());
    assertEquals(rows(0, 30, 2f), again.rows());
    assertEquals(List.of(first.key()), completeKeys());
  }

  @Test
  void anotherDataSetUnderTheSameGlobMakesANewKeyAndTheOldCacheIsNotRead() throws IOException {
    Run first = scaled();
    for (int f = 0; f < 3; f++) { // same names, same counts: other rows
      try (TFRecordWriter writer = new TFRecordWriter(data.resolve("rows-" + f + ".tfrecord"))) {
        for (int i = 0; i < 10; i++) {
          writer.write(TestData.row(100 + f * 10L + i).toByteArray());
        }
        writer.commit();
      }
    }
    Run second = scaled();
    assertNotEquals(first.key(), second.key());
    assertFalse(second.readTheCache());
    assertEquals(rows(100, 130, 2f), second.rows());
    assertEquals(List.of(first.key(), second.key()).stream().sorted().toList(), completeKeys());
  }

  @Test
  void aFileAppendedToMakesANewKey() throws IOException {
    Run first = scaled();
    Path last = data.resolve("rows-2.tfrecord");
    byte[] more = Files.readAllBytes(TestData.write(dir.resolve("more.tfrecord"),
        List.of(TestData.row(30))));
    Files.write(last, more, StandardOpenOption.APPEND);
    Run second = scaled();
    assertNotEquals(first.key(), second.key());
    assertEquals(rows(0, 31, 2f), second.rows(), "the appended row is read");
  }

  @Test
  void anotherMapBodyMakesANewKeyAndTheOldCacheIsNotRead() {
    Run first = scaled();
    Run tripled = run((graph, folder) -> FeedlineKeyedPipelines_Tripled.builder().files(files)
        .cacheFile(folder).build(graph));
    assertNotEquals(first.key(), tripled.key());
    assertFalse(tripled.readTheCache());
    assertEquals(rows(0, 30, 3f), tripled.rows(), "computed by the new body, not read");
  }

  @Test
  void anotherRecordShapeMakesANewKey() {
    Run first = scaled();
    String ids;
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineKeyedPipelines_IdsOnly pipeline = FeedlineKeyedPipelines_IdsOnly.builder()
            .files(files).cacheFile(folder().toString()).build(graph)) {
      ids = pipeline.fileCaches().key("cache");
      long rows = 0;
      try (var batches = pipeline.epoch(session)) {
        for (var batch : batches) {
          rows += batch.id().shape().get(0);
        }
      }
      assertEquals(30, rows);
    }
    assertNotEquals(first.key(), ids);
    assertEquals(List.of(first.key(), ids).stream().sorted().toList(), completeKeys());
  }

  @Test
  void anotherValueBeforeTheCacheMakesANewKey() {
    Run first = scaled();
    Run blocks = run((graph, folder) -> FeedlineKeyedPipelines_InBlocks.builder().files(files)
        .cacheFile(folder).build(graph));
    assertNotEquals(first.key(), blocks.key());
    assertFalse(blocks.readTheCache());
    assertEquals(rows(0, 30, 2f), blocks.rows());
  }

  @Test
  void anotherValueAfterTheCacheKeepsTheKeyAndReadsTheCache() {
    Run first = scaled();
    Run small = run((graph, folder) -> FeedlineKeyedPipelines_SmallBatches.builder().files(files)
        .cacheFile(folder).build(graph));
    assertEquals(first.key(), small.key());
    assertTrue(small.readTheCache(), small.log().toString());
    assertEquals(rows(0, 30, 2f), small.rows());
  }

  @Test
  void keepingTheNewestCacheRemovesTheOlderOnesOnceANewOneIsWritten() throws IOException {
    Run first = scaled();
    TestData.write(data.resolve("rows-3.tfrecord"), List.of(TestData.row(30)));
    Run second = run((graph, folder) -> FeedlineKeyedPipelines_Scaled.builder().files(files)
        .cacheFile(folder).keepCaches(1).build(graph));
    assertNotEquals(first.key(), second.key());
    assertEquals(List.of(second.key()), completeKeys());
    assertFalse(Files.exists(folder().resolve(first.key())));
  }

  /**
   * Two pipelines of one key write their caches at once, each in a partial folder of its own: the
   * first to finish seals its folder, the other finds the key complete, drops its own and reads it.
   */
  @Test
  void twoPipelinesWritingOneKeyAtOnceLeaveOneCompleteCache() {
    try (Graph firstGraph = new Graph();
        Session firstSession = new Session(firstGraph);
        FeedlineKeyedPipelines_Scaled first = FeedlineKeyedPipelines_Scaled.builder().files(files)
            .cacheFile(folder().toString()).build(firstGraph);
        Graph secondGraph = new Graph();
        Session secondSession = new Session(secondGraph);
        FeedlineKeyedPipelines_ScaledAgain second = FeedlineKeyedPipelines_ScaledAgain.builder()
            .files(files).cacheFile(folder().toString()).build(secondGraph)) {
      Row out = first.output();
      try (var steps = first.steps(firstSession, run -> run.fetch(out.id()).fetch(out.values()))) {
        Map<Long, Float> rows = new TreeMap<>(EpochRows.collect(steps, 1));
        assertEquals(rows(0, 30, 2f), EpochRows.read(second, secondSession), "second, meanwhile");
        assertEquals(List.of(second.fileCaches().key("cache")), completeKeys());
        rows.putAll(EpochRows.collect(steps, Long.MAX_VALUE));
        assertEquals(rows(0, 30, 2f), rows, "first, after");
      }
      assertEquals(rows(0, 30, 2f), EpochRows.read(first, firstSession), "first, from the cache");
    }
    List<CacheFolder.Entry> left = CacheFolder.list(folder());
    assertEquals(1, left.size(), left.toString());
    assertEquals(CacheFolder.State.COMPLETE, left.get(0).state());
  }

  /** Issue 15: a failed epoch leaves no cache that a later epoch or run reads as complete. */
  @Test
  void anEpochThatFailsLeavesNoCompleteCacheAndEveryRunFailsNamingTheFile() throws IOException {
    Path damaged = data.resolve("rows-1.tfrecord");
    byte[] bytes = Files.readAllBytes(damaged);
    bytes[bytes.length - 1] ^= 0x01; // the last record's data checksum
    Files.write(damaged, bytes);
    for (int run = 1; run <= 2; run++) {
      try (Graph graph = new Graph();
          Session session = new Session(graph);
          FeedlineKeyedPipelines_Scaled pipeline = FeedlineKeyedPipelines_Scaled.builder()
              .files(files).cacheFile(folder().toString()).build(graph)) {
        for (int epoch = 1; epoch <= 2; epoch++) {
          FeedlineException error = assertThrows(FeedlineException.class,
              () -> EpochRows.read(pipeline, session), "run " + run);
          assertEquals(damaged.toString(), error.file().orElseThrow());
        }
      }
      assertEquals(List.of(), CacheFolder.list(folder()),
          "run " + run + " left no cache, complete or partial");
    }
  }
}

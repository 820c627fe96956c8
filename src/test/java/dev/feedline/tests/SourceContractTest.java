package dev.feedline.tests;

import dev.feedline.processor.model.kinds.CacheStage;
import dev.feedline.processor.model.kinds.SnapshotStage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.processor.model.Input;
import dev.feedline.processor.model.StageKind;
import dev.feedline.runtime.BuiltPipeline;
import dev.feedline.runtime.internal.files.CheckedInput;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.internal.files.FileIdentity;
import dev.feedline.tests.pipelines.FeedlineFileCachedRowsPipeline;
import dev.feedline.tests.pipelines.FeedlineFortunePipelines_Fortunes;
import dev.feedline.tests.pipelines.FeedlineKeyedPipelines_Snapshotted;
import dev.feedline.tests.pipelines.FeedlineSequencePipelines_Purchases;
import dev.feedline.tests.pipelines.FeedlineSequencePipelines_Sentences;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_Appended;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_Chosen;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_FileLabels;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_FileRows;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_LabeledFileRows;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_MemoryIds;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_Mixed;
import dev.feedline.tests.support.TestData;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.types.TInt64;

/**
 * The one source contract ({@link CheckedInput}), tested per kind of input rather than per
 * source: every input a pipeline reads is recorded when it is built, every file it reads among
 * them, and a file changed between epochs fails the next epoch with an error naming it. A source
 * kind, or a kind of input, without a case here fails {@link #everyKindOfInputHasItsCaseHere}.
 */
class SourceContractTest {
  /** The kinds of input the cases below cover: source stages, inputs of maps, file caches. */
  private static final Set<String> CASES = Set.of("TFRECORD_SOURCE", "TEXT_LINE_SOURCE",
      "IN_MEMORY_SOURCE", "MIX", "CONCATENATE", "ZIP", "CHOOSE", "VOCABULARY", "CACHE",
      "SNAPSHOT");

  @TempDir Path dir;

  @Test
  void everyKindOfInputHasItsCaseHere() {
    Set<String> kinds = new TreeSet<>();
    StageKind.all().stream().filter(StageKind::isSource).map(StageKind::name)
        .forEach(kinds::add);
    kinds.add(CacheStage.KIND.name()); // a @Cache(file = ...) reads its complete folder
    kinds.add(SnapshotStage.KIND.name());
    // A value is no file. A statistic's files are its over pipeline's, whose source is a case
    // here; that a changed one fails the next epoch is FittedStatisticsTest's
    // aTrainingFileChangedAfterTheBuildFailsTheNextEpochNamingIt.
    Arrays.stream(Input.Kind.values())
        .filter(k -> k != Input.Kind.VALUE && k != Input.Kind.STATISTIC)
        .map(Enum::name).forEach(kinds::add);
    assertEquals(kinds, new TreeSet<>(CASES));
  }

  /**
   * Runs one epoch of {@code pipeline}, checks that its inputs' identities cover {@code reads},
   * changes {@code changed}, and checks that the next two epochs fail naming it.
   */
  private static void heldBy(BuiltPipeline<?, ?> pipeline, Session session,
      Function<BuiltPipeline<?, ?>, CheckedInput> input, List<Path> reads, Path changed,
      int epochsBefore) throws IOException {
    for (int e = 0; e < epochsBefore; e++) {
      try (var epoch = pipeline.epoch(session)) {
        epoch.forEach(element -> { });
      }
    }
    Set<String> recorded = input.apply(pipeline).identities().stream().map(FileIdentity::file)
        .collect(Collectors.toSet());
    for (Path file : reads) {
      assertTrue(recorded.contains(file.toString()), file + " is not among " + recorded);
    }
    Files.write(changed, new byte[] {1, 2, 3}, StandardOpenOption.APPEND);
    for (int e = 0; e < 2; e++) {
      FeedlineException error = assertThrows(FeedlineException.class, () -> {
        try (var epoch = pipeline.epoch(session)) {
          epoch.forEach(element -> { });
        }
      });
      assertEquals(changed.toString(), error.file().orElseThrow(), error.getMessage());
      // A sealed cache or snapshot folder is checked against its seal first, in its own words.
      assertTrue(error.getMessage().contains("its size is")
          || error.getMessage().contains("when the folder was sealed"), error.getMessage());
    }
  }

  private static CheckedInput data(BuiltPipeline<?, ?> pipeline) {
    return pipeline.iterator().data();
  }

  private List<Path> rowFiles(Path folder) throws IOException {
    return TestData.writeRows(Files.createDirectories(folder), 2, 20);
  }

  private FeedlineSourcePipelines_FileRows.Builder rows(Path folder) {
    return FeedlineSourcePipelines_FileRows.builder().files(folder + "/*.tfrecord");
  }

  @Test
  void tfRecordFiles() throws IOException {
    List<Path> files = rowFiles(dir);
    try (Graph graph = new Graph(); Session session = new Session(graph);
        var pipeline = rows(dir).build(graph)) {
      heldBy(pipeline, session, SourceContractTest::data, files, files.get(1), 1);
    }
  }

  @Test
  void textFiles() throws IOException {
    Path csv = Files.writeString(dir.resolve("purchases.csv"), "item,qty,price\ntea,1,2\n");
    try (Graph graph = new Graph(); Session session = new Session(graph);
        var pipeline = FeedlineSequencePipelines_Purchases.builder().files(csv.toString())
            .build(graph)) {
      heldBy(pipeline, session, SourceContractTest::data, List.of(csv), csv, 1);
    }
  }

  /** The delimited form of a text source reads its files whole: held to the same contract. */
  @Test
  void textFilesOfDelimitedRecords() throws IOException {
    Path first = Files.writeString(dir.resolve("a.txt"), "one\ntwo\n%\nthree\n%\n");
    Path second = Files.writeString(dir.resolve("b.txt"), "four\n%\nfive");
    try (Graph graph = new Graph(); Session session = new Session(graph);
        var pipeline = FeedlineFortunePipelines_Fortunes.builder()
            .files(first.toString(), second.toString()).build(graph)) {
      heldBy(pipeline, session, SourceContractTest::data, List.of(first, second), second, 1);
    }
  }

  @Test
  void aDelimitedTextFileDeletedBetweenEpochsIsNamedWhenTheNextEpochStarts() throws IOException {
    Path first = Files.writeString(dir.resolve("a.txt"), "one\n%\n");
    Path second = Files.writeString(dir.resolve("b.txt"), "two\n%\n");
    try (Graph graph = new Graph(); Session session = new Session(graph);
        var pipeline = FeedlineFortunePipelines_Fortunes.builder()
            .files(first.toString(), second.toString()).build(graph)) {
      long[] records = {0};
      try (var epoch = pipeline.epoch(session)) {
        epoch.forEach(element -> records[0]++);
      }
      assertEquals(2, records[0]);
      Files.delete(first);
      FeedlineException error = assertThrows(FeedlineException.class, () -> {
        try (var epoch = pipeline.epoch(session)) {
          epoch.forEach(element -> { });
        }
      });
      assertEquals(first.toString(), error.file().orElseThrow());
      assertTrue(error.getMessage().contains("has disappeared since the pipeline was built"),
          error.getMessage());
    }
  }

  @Test
  void aMissingDelimitedTextFileIsNamedAtBuild() throws IOException {
    Path missing = dir.resolve("missing.txt");
    try (Graph graph = new Graph()) {
      FeedlineException error = assertThrows(FeedlineException.class,
          () -> FeedlineFortunePipelines_Fortunes.builder().files(missing.toString())
              .build(graph));
      assertEquals(missing.toString(), error.file().orElseThrow());
    }
  }

  @Test
  void dataInMemoryHasNoFile() {
    try (TInt64 ids = TInt64.vectorOf(1, 2, 3); Graph graph = new Graph();
        var pipeline = FeedlineSourcePipelines_MemoryIds.builder().data(ids).build(graph)) {
      assertEquals(List.of(), pipeline.iterator().data().identities());
      assertEquals("data in memory", pipeline.iterator().data().kind());
      assertEquals(1, pipeline.iterator().data().inMemoryData().size(), "fed when it is read");
    }
  }

  @Test
  void aVocabulary() throws IOException {
    Path text = Files.writeString(dir.resolve("lines.txt"), "the cat\na dog\n");
    Path words = Files.writeString(dir.resolve("words.txt"), "the\ncat\na\n");
    try (Graph graph = new Graph(); Session session = new Session(graph);
        var pipeline = FeedlineSequencePipelines_Sentences.builder().files(text.toString())
            .words(words).maxTokens(4).build(graph)) {
      heldBy(pipeline, session, SourceContractTest::data, List.of(text, words), words, 1);
    }
  }

  @Test
  void aMix() throws IOException {
    List<Path> files = rowFiles(dir);
    try (TInt64 ids = TInt64.vectorOf(LongStream.range(100, 120).toArray());
        Graph graph = new Graph(); Session session = new Session(graph);
        var pipeline = FeedlineSourcePipelines_Mixed.builder().fileRows(rows(dir))
            .memoryIds(FeedlineSourcePipelines_MemoryIds.builder().data(ids)).build(graph)) {
      heldBy(pipeline, session, SourceContractTest::data, files, files.get(0), 1);
    }
  }

  @Test
  void aConcatenation() throws IOException {
    List<Path> files = rowFiles(dir);
    try (TInt64 ids = TInt64.vectorOf(100, 101); Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineSourcePipelines_Appended.builder().fileRows(rows(dir))
            .memoryIds(FeedlineSourcePipelines_MemoryIds.builder().data(ids)).build(graph)) {
      heldBy(pipeline, session, SourceContractTest::data, files, files.get(1), 1);
    }
  }

  @Test
  void aZip() throws IOException {
    List<Path> rowFiles = rowFiles(dir.resolve("rows"));
    List<Path> labelFiles = rowFiles(dir.resolve("labels"));
    try (Graph graph = new Graph(); Session session = new Session(graph);
        var pipeline = FeedlineSourcePipelines_LabeledFileRows.builder()
            .fileRows(rows(dir.resolve("rows")))
            .fileLabels(FeedlineSourcePipelines_FileLabels.builder()
                .files(dir.resolve("labels") + "/*.tfrecord"))
            .build(graph)) {
      heldBy(pipeline, session, SourceContractTest::data,
          Stream.concat(rowFiles.stream(), labelFiles.stream()).toList(), labelFiles.get(0), 1);
    }
  }

  @Test
  void aChoice() throws IOException {
    List<Path> files = rowFiles(dir);
    try (TInt64 ids = TInt64.vectorOf(100, 101); TInt64 choices = TInt64.vectorOf(0, 1, 0);
        Graph graph = new Graph(); Session session = new Session(graph);
        var pipeline = FeedlineSourcePipelines_Chosen.builder().fileRows(rows(dir))
            .memoryIds(FeedlineSourcePipelines_MemoryIds.builder().data(ids)).choices(choices)
            .build(graph)) {
      heldBy(pipeline, session, SourceContractTest::data, files, files.get(1), 1);
    }
  }

  /** The data files of a cache's complete folder, its manifest left out. */
  private static List<Path> folderFiles(Path folder) {
    try (Stream<Path> files = Files.walk(folder)) {
      return files.filter(Files::isRegularFile)
          .filter(f -> !f.getFileName().toString().equals("feedline-cache")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void theCompleteFolderOfAFileCache() throws IOException {
    rowFiles(dir.resolve("rows"));
    Path prefix = dir.resolve("cache");
    try (Graph graph = new Graph(); Session session = new Session(graph);
        var pipeline = FeedlineFileCachedRowsPipeline.builder()
            .files(dir.resolve("rows") + "/*.tfrecord").cacheFile(prefix.toString())
            .build(graph)) {
      try (var epoch = pipeline.epoch(session)) {
        epoch.forEach(element -> { }); // writes and seals the cache
      }
      Path complete = pipeline.fileCaches().folder("cache");
      List<Path> files = folderFiles(complete);
      // The second epoch reads the complete folder, and so does every later one.
      heldBy(pipeline, session, BuiltPipeline::fileCaches, files, files.get(files.size() - 1), 1);
    }
  }

  @Test
  void theCompleteFolderOfASnapshot() throws IOException {
    rowFiles(dir.resolve("rows"));
    Path prefix = dir.resolve("snapshot");
    try (Graph graph = new Graph(); Session session = new Session(graph);
        var pipeline = FeedlineKeyedPipelines_Snapshotted.builder()
            .files(dir.resolve("rows") + "/*.tfrecord").snapshotPath(prefix.toString())
            .build(graph)) {
      try (var epoch = pipeline.epoch(session)) {
        epoch.forEach(element -> { }); // writes and seals the snapshot
      }
      Path complete = pipeline.fileCaches().folder("snapshot");
      List<Path> files = folderFiles(complete);
      heldBy(pipeline, session, BuiltPipeline::fileCaches, files, files.get(files.size() - 1), 1);
    }
  }
}

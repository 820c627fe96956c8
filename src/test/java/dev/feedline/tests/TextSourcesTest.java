package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.VocabularyTable;
import dev.feedline.tests.pipelines.FeedlineSequencePipelines_GzipRows;
import dev.feedline.tests.pipelines.FeedlineSequencePipelines_LowerCasedWords;
import dev.feedline.tests.pipelines.FeedlineSequencePipelines_Purchases;
import dev.feedline.tests.pipelines.FeedlineSequencePipelines_Sentences;
import dev.feedline.tests.pipelines.FeedlineSequencePipelines_ZlibPurchases;
import dev.feedline.tests.support.TestData;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;

/**
 * Text and compressed sources end to end: CSV columns taken by header names in every file,
 * defaults and NA values, GZIP and ZLIB files, and lines turned into ids through a vocabulary
 * with out-of-vocabulary buckets and a value set at run time.
 */
class TextSourcesTest {
  @TempDir Path dir;

  private Path gzip(Path plain, Path target) throws IOException {
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(target))) {
      Files.copy(plain, out);
    }
    return target;
  }

  private Path zlib(String text, Path target) throws IOException {
    try (OutputStream out = new DeflaterOutputStream(Files.newOutputStream(target))) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
    return target;
  }

  @Test
  void gzipCompressedTFRecordsGiveEveryRow() throws IOException {
    Path plain = Files.createDirectory(dir.resolve("plain"));
    List<Path> files = TestData.writeRows(plain, 2, 10);
    for (Path file : files) {
      gzip(file, dir.resolve(file.getFileName() + ".gz"));
    }
    TreeSet<Long> ids = new TreeSet<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineSequencePipelines_GzipRows.builder()
            .files(dir.resolve("*.gz").toString()).build(graph);
        var batches = pipeline.epoch(session)) {
      for (var batch : batches) {
        for (int i = 0; i < batch.id().shape().get(0); i++) {
          long id = batch.id().getLong(i);
          assertEquals(3f * id, batch.values().getFloat(i, 2), 0);
          ids.add(id);
        }
      }
    }
    assertEquals(20, ids.size());
    assertEquals(0, ids.first());
    assertEquals(19, ids.last());
  }

  @Test
  void aDamagedCompressedFileIsNamedAtBuild() throws IOException {
    List<Path> files = TestData.writeRows(dir, 1, 10);
    Path gz = gzip(files.get(0), dir.resolve("rows.gz"));
    byte[] bytes = Files.readAllBytes(gz);
    Files.write(gz, java.util.Arrays.copyOf(bytes, bytes.length / 2)); // cut in the middle
    try (Graph graph = new Graph()) {
      FeedlineException error = assertThrows(FeedlineException.class,
          () -> FeedlineSequencePipelines_GzipRows.builder().files(gz.toString()).build(graph));
      assertTrue(error.getMessage().contains(gz.toString()), error.getMessage());
      assertTrue(error.getMessage().contains("GZIP"), error.getMessage());
    }
  }

  @Test
  void csvColumnsAreTakenByTheirHeaderNamesInEveryFileWithDefaultsForEmptyFields()
      throws IOException {
    // Another order than the record's, and a column it does not take.
    Files.writeString(dir.resolve("a.csv"),
        "price,note,item,qty\n3.5,,\"tea, green\",2\n,,coffee,1\n");
    Files.writeString(dir.resolve("b.csv"), "price,note,item,qty\n1.25,gift,\"say \"\"hi\"\"\",7\n");
    List<String> rows = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineSequencePipelines_Purchases.builder()
            .files(dir.resolve("*.csv").toString()).build(graph);
        var batches = pipeline.epoch(session)) {
      for (var batch : batches) {
        for (int i = 0; i < batch.item().shape().get(0); i++) {
          rows.add(batch.item().getObject(i) + "|" + batch.quantity().getInt(i) + "|"
              + batch.price().getFloat(i));
        }
      }
    }
    assertEquals(List.of("tea, green|2|3.5", "coffee|1|-1.0", "say \"hi\"|7|1.25"), rows);
  }

  @Test
  void aHeaderWithoutAColumnIsNamedAtBuildWithItsFile() throws IOException {
    Files.writeString(dir.resolve("a.csv"), "item,qty,price\ntea,2,3.5\n");
    Files.writeString(dir.resolve("b.csv"), "item,quantity,price\ntea,2,3.5\n");
    try (Graph graph = new Graph()) {
      FeedlineException error = assertThrows(FeedlineException.class,
          () -> FeedlineSequencePipelines_Purchases.builder()
              .files(dir.resolve("*.csv").toString()).build(graph));
      assertTrue(error.getMessage().contains(dir.resolve("b.csv").toString()), error.getMessage());
      assertTrue(error.getMessage().contains("'qty'"), error.getMessage());
    }
  }

  @Test
  void filesWhoseHeadersOrderTheColumnsOtherwiseAreRefusedNamingTheFile() throws IOException {
    Files.writeString(dir.resolve("a.csv"), "item,qty,price\ntea,2,3.5\n");
    Files.writeString(dir.resolve("b.csv"), "qty,item,price\n2,tea,3.5\n");
    try (Graph graph = new Graph()) {
      FeedlineException error = assertThrows(FeedlineException.class,
          () -> FeedlineSequencePipelines_Purchases.builder()
              .files(dir.resolve("*.csv").toString()).build(graph));
      assertEquals("Pipeline Purchases, stage 'files' (@TextLineSource), file "
          + dir.resolve("b.csv") + ": its header orders the columns [qty, item, price] unlike the"
          + " files before it; every file of a source needs the same columns in the same order",
          error.getMessage());
    }
  }

  @Test
  void anEmptyRequiredFieldIsAnErrorAtBuildNamingFileLineAndColumn() throws IOException {
    Path file = Files.writeString(dir.resolve("a.csv"), "item,qty,price\ntea,2,3.5\ntea,,3.5\n");
    try (Graph graph = new Graph()) {
      FeedlineException error = assertThrows(FeedlineException.class,
          () -> FeedlineSequencePipelines_Purchases.builder().files(file.toString()).build(graph));
      assertEquals("Pipeline Purchases, stage 'files' (@TextLineSource), file " + file
          + ": line 3 has no value in column 'qty', which has no default", error.getMessage());
    }
  }

  @Test
  void zlibCompressedHeaderlessLinesTakeTheFirstFieldsInOrderAndReadNaAsMissing()
      throws IOException {
    Path file = zlib("tea;2;NA\ncoffee;1;4\n", dir.resolve("purchases.csv.z"));
    List<String> rows = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineSequencePipelines_ZlibPurchases.builder().files(file.toString())
            .build(graph);
        var batches = pipeline.epoch(session)) {
      for (var batch : batches) {
        for (int i = 0; i < batch.item().shape().get(0); i++) {
          rows.add(batch.item().getObject(i) + "|" + batch.quantity().getInt(i) + "|"
              + batch.price().getFloat(i));
        }
      }
    }
    assertEquals(List.of("tea|2|-1.0", "coffee|1|4.0"), rows);
  }

  @Test
  void wordsBecomeVocabularyIdsWithOutOfVocabularyBucketsCutToTheRunTimeLength()
      throws IOException {
    Path vocabulary = Files.writeString(dir.resolve("words.txt"), "the\ncat\nsat\n");
    Path text = Files.writeString(dir.resolve("lines.txt"),
        "the cat sat on the mat\n  cat  \n\nsat the\n");
    List<List<Long>> sentences = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineSequencePipelines_Sentences.builder().files(text.toString())
            .words(vocabulary).maxTokens(4).build(graph)) {
      // The vocabulary's size, for an embedding, from the built pipeline: no counting of lines.
      VocabularyTable words = pipeline.vocabulary("words");
      assertEquals(5, words.size(), "3 tokens and 2 out-of-vocabulary buckets");
      assertEquals(3, words.tokens());
      assertEquals(List.of("the", "cat", "sat"), words.tokenList());
      assertEquals(List.of(words), pipeline.vocabularies());
      IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
          () -> pipeline.vocabulary("letters"));
      assertEquals("Pipeline Sentences has no @Vocabulary named 'letters'; it has 'words'",
          none.getMessage());
      for (int epoch = 0; epoch < 2; epoch++) { // the table is filled once, and read every epoch
        sentences.clear();
        try (var batches = pipeline.epoch(session)) {
          for (var batch : batches) {
            for (int i = 0; i < batch.count().shape().get(0); i++) {
              List<Long> ids = new ArrayList<>();
              for (int j = 0; j < batch.count().getInt(i); j++) {
                ids.add(batch.ids().getLong(i, j));
              }
              sentences.add(ids);
            }
          }
        }
        assertEquals(4, sentences.size(), "one element per line, the empty one too");
        List<Long> first = sentences.get(0);
        assertEquals(List.of(0L, 1L, 2L), first.subList(0, 3), "the cat sat");
        assertTrue(first.get(3) == 3 || first.get(3) == 4, "'on' is in one of 2 extra ids: " + first);
        assertEquals(List.of(1L), sentences.get(1));
        assertEquals(List.of(), sentences.get(2));
        assertEquals(List.of(2L, 0L), sentences.get(3));
      }
    }
  }

  @Test
  void aLineThatIsNotUtf8FailsTheEpochNamingTheStageTheStepAndTheLine() throws IOException {
    Path vocabulary = Files.writeString(dir.resolve("words.txt"), "the\ncat\ncafé\n");
    Path text = dir.resolve("lines.txt");
    try (OutputStream out = Files.newOutputStream(text)) {
      out.write("The Cat\nCAFÉ\n".getBytes(StandardCharsets.UTF_8));
      out.write("CAFÉ NOIR\n".getBytes(StandardCharsets.ISO_8859_1)); // not UTF-8: 0xC9 alone
    }
    List<List<Long>> batches = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineSequencePipelines_LowerCasedWords.builder().files(text.toString())
            .words(vocabulary).build(graph);
        var epoch = pipeline.epoch(session)) {
      var batch = epoch.next();
      batches.add(List.of(batch.ids().getLong(0, 0), batch.ids().getLong(0, 1),
          batch.ids().getLong(1, 0)));
      FeedlineException error = assertThrows(FeedlineException.class, epoch::hasNext);
      assertEquals("tokens", error.stage().orElseThrow().method());
      assertTrue(error.getMessage().startsWith(
          "Pipeline LowerCasedWords, stage 'tokens' (@Map)"), error.getMessage());
      assertTrue(error.getMessage().contains("Text.lower: the text is not valid UTF-8"),
          error.getMessage());
      assertTrue(error.getMessage().contains("NOIR"), "the line is in the message: "
          + error.getMessage());
    }
    assertEquals(List.of(List.of(0L, 1L, 2L)), batches, "the lines before it: the cat, café");
  }

  @Test
  void aVocabularyLineThatIsNotUtf8IsAnErrorAtBuildNamingItsLine() throws IOException {
    Path text = Files.write(dir.resolve("lines.txt"),
        "caf\u00e9 tea th\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
    Path latin1 = Files.write(dir.resolve("latin1.txt"),
        "caf\u00e9\ntea\nth\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
    try (Graph graph = new Graph()) {
      FeedlineException error = assertThrows(FeedlineException.class,
          () -> FeedlineSequencePipelines_Sentences.builder().files(text.toString())
              .words(latin1).maxTokens(4).build(graph));
      // It was: tokens "caf\uFFFD", "tea", "th\uFFFD", and the file's own words got ids [3, 1, 3].
      assertTrue(error.getMessage().endsWith(latin1 + ": vocabulary 'words': line 1 is not valid"
          + " UTF-8: byte 4 of the line is E9; save the file as UTF-8"), error.getMessage());
    }
    Path utf8 = Files.writeString(dir.resolve("utf8.txt"), "caf\u00e9\ntea\nth\u00e9\n");
    Path utf8Text = Files.writeString(dir.resolve("utf8-lines.txt"), "caf\u00e9 tea th\u00e9\n");
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineSequencePipelines_Sentences.builder().files(utf8Text.toString())
            .words(utf8).maxTokens(4).build(graph);
        var batches = pipeline.epoch(session)) {
      var batch = batches.next();
      assertEquals(List.of(0L, 1L, 2L), List.of(batch.ids().getLong(0, 0),
          batch.ids().getLong(0, 1), batch.ids().getLong(0, 2)));
      assertEquals(List.of("caf\u00e9", "tea", "th\u00e9"),
          pipeline.vocabulary("words").tokenList());
    }
  }

  @Test
  void aLoneCarriageReturnAfterTheLastLineFeedIsNoLine() throws IOException {
    Path vocabulary = Files.writeString(dir.resolve("words.txt"), "a\nb\n\r");
    Path text = Files.writeString(dir.resolve("lines.txt"), "a b\n\nb\n\r");
    List<Integer> counts = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineSequencePipelines_Sentences.builder().files(text.toString())
            .words(vocabulary).maxTokens(4).build(graph);
        var batches = pipeline.epoch(session)) {
      // The vocabulary's last "line" is no line (it was: "line 3 is empty"), as in a text source.
      assertEquals(List.of("a", "b"), pipeline.vocabulary("words").tokenList());
      for (var batch : batches) {
        for (int i = 0; i < batch.count().shape().get(0); i++) {
          counts.add(batch.count().getInt(i));
        }
      }
    }
    assertEquals(List.of(2, 0, 1), counts, "three lines, as TensorFlow reads them");
  }

  @Test
  void aVocabularyWithATokenTwiceIsRefusedNamingItsLine() throws IOException {
    Path vocabulary = Files.writeString(dir.resolve("words.txt"), "the\ncat\nthe\n");
    Path text = Files.writeString(dir.resolve("lines.txt"), "the cat\n");
    try (Graph graph = new Graph()) {
      FeedlineException error = assertThrows(FeedlineException.class,
          () -> FeedlineSequencePipelines_Sentences.builder().files(text.toString())
              .words(vocabulary).maxTokens(4).build(graph));
      assertTrue(error.getMessage().contains(vocabulary.toString()), error.getMessage());
      assertTrue(error.getMessage().contains("line 3"), error.getMessage());
    }
  }

  @Test
  void aMissingVocabularyOrRunTimeValueIsNamedBeforeTheGraphGrows() throws IOException {
    Path vocabulary = Files.writeString(dir.resolve("words.txt"), "the\n");
    Path text = Files.writeString(dir.resolve("lines.txt"), "the\n");
    try (Graph graph = new Graph()) {
      IllegalStateException noValue = assertThrows(IllegalStateException.class,
          () -> FeedlineSequencePipelines_Sentences.builder().files(text.toString())
              .words(vocabulary).build(graph));
      assertEquals("Pipeline Sentences: call maxTokens(value) before build(graph)",
          noValue.getMessage());
      IllegalStateException noWords = assertThrows(IllegalStateException.class,
          () -> FeedlineSequencePipelines_Sentences.builder().files(text.toString())
              .maxTokens(3).build(graph));
      assertEquals("Pipeline Sentences: call words(file) with its vocabulary before build(graph)",
          noWords.getMessage());
    }
  }
}

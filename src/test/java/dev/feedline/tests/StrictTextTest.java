package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.SkippedRecords;
import dev.feedline.tests.pipelines.FeedlineSequencePipelines_CachedWords;
import dev.feedline.tests.pipelines.FeedlineSequencePipelines_GzipPurchases;
import dev.feedline.tests.pipelines.FeedlineSequencePipelines_Purchases;
import dev.feedline.tests.pipelines.FeedlineSequencePipelines_Sentences;
import dev.feedline.tests.pipelines.FeedlineSequencePipelines_SkippingPurchases;
import dev.feedline.tests.pipelines.FeedlineSequencePipelines_StrictLines;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;

/**
 * Text and CSV files read as strictly as TFRecord files (issue 25): every file read through at
 * build, decompressed, so that a cut, corrupt or padded GZIP stream is an error naming the file and
 * its last complete line; rows that do not fit the header named by line, column and value, or left
 * out and counted under {@code badRecords = SKIP}; a byte-order mark and empty lines handled by
 * rule; and a vocabulary's table filled from the tokens counted at build.
 */
class StrictTextTest {
  @TempDir Path dir;

  /** Rows {@code from} to {@code to} of purchases, "item-i,i%7,i/4". */
  private static String purchases(int from, int to) {
    StringBuilder text = new StringBuilder();
    for (int i = from; i < to; i++) {
      text.append("item-").append(i).append(',').append(i % 7).append(',').append(i / 4f)
          .append('\n');
    }
    return text.toString();
  }

  /**
   * A GZIP file of the header and 9,000 rows, flushed after row 3,000: cut there, its
   * decompressed text ends exactly at a line break. Returns the compressed length at the flush.
   */
  private long gzipFlushedAfter3000(Path file) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    long flushedAt;
    try (GZIPOutputStream out = new GZIPOutputStream(bytes, true)) {
      out.write(("item,qty,price\n" + purchases(0, 3000)).getBytes(StandardCharsets.UTF_8));
      out.flush();
      flushedAt = bytes.size();
      out.write(purchases(3000, 9000).getBytes(StandardCharsets.UTF_8));
    }
    Files.write(file, bytes.toByteArray());
    return flushedAt;
  }

  private List<String> readGzip(Path file) {
    List<String> rows = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineSequencePipelines_GzipPurchases.builder().files(file.toString())
            .build(graph);
        var batches = pipeline.epoch(session)) {
      for (var batch : batches) {
        for (int i = 0; i < batch.item().shape().get(0); i++) {
          rows.add(batch.item().getObject(i));
        }
      }
    }
    return rows;
  }

  private List<String> readCsv(Path file) {
    List<String> rows = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineSequencePipelines_Purchases.builder().files(file.toString())
            .build(graph);
        var batches = pipeline.epoch(session)) {
      for (var batch : batches) {
        for (int i = 0; i < batch.item().shape().get(0); i++) {
          rows.add(batch.item().getObject(i) + "|" + batch.quantity().getInt(i) + "|"
              + batch.price().getFloat(i));
        }
      }
    }
    return rows;
  }

  private FeedlineException buildError(Path file) {
    try (Graph graph = new Graph()) {
      return assertThrows(FeedlineException.class,
          () -> FeedlineSequencePipelines_Purchases.builder().files(file.toString()).build(graph));
    }
  }

  private FeedlineException gzipBuildError(Path file) {
    try (Graph graph = new Graph()) {
      return assertThrows(FeedlineException.class,
          () -> FeedlineSequencePipelines_GzipPurchases.builder().files(file.toString())
              .build(graph));
    }
  }

  @Test
  void aGzipFileCutAtALineBreakIsAnErrorAtBuildNamingTheLastCompleteLine() throws IOException {
    Path file = dir.resolve("purchases.csv.gz");
    long flushedAt = gzipFlushedAfter3000(file);
    assertEquals(9000, readGzip(file).size(), "the whole file");
    byte[] bytes = Files.readAllBytes(file);
    Files.write(file, Arrays.copyOf(bytes, (int) flushedAt)); // it was: 3,000 rows, no word
    FeedlineException error = gzipBuildError(file);
    assertEquals("Pipeline GzipPurchases, stage 'files' (@TextLineSource), file " + file
        + ": the GZIP stream ends early, at byte " + flushedAt + ": the file is cut short; the"
        + " last complete line before it is line 3001", error.getMessage());
  }

  @Test
  void trailingGarbageAndAFlippedByteInAGzipFileAreErrorsAtBuild() throws IOException {
    Path file = dir.resolve("purchases.csv.gz");
    gzipFlushedAfter3000(file);
    byte[] good = Files.readAllBytes(file);
    byte[] padded = Arrays.copyOf(good, good.length + 5);
    Arrays.fill(padded, good.length, padded.length, (byte) 'x');
    Files.write(file, padded);
    FeedlineException garbage = gzipBuildError(file);
    assertTrue(garbage.getMessage().endsWith("file " + file + ": trailing bytes after the end of"
        + " the GZIP data, from byte " + good.length + "; the last complete line before it is"
        + " line 9001"), garbage.getMessage());
    byte[] flipped = good.clone();
    flipped[good.length / 2] ^= 0x10;
    Files.write(file, flipped);
    FeedlineException corrupt = gzipBuildError(file);
    assertTrue(corrupt.getMessage().contains("file " + file + ": "), corrupt.getMessage());
    assertTrue(corrupt.getMessage().matches(".*(corrupt GZIP data near byte \\d+|the GZIP checksum"
        + " or length does not match).*; the last complete line before it is line \\d+"),
        corrupt.getMessage());
  }

  @Test
  void theReadmesCsvExampleNamesTheLineColumnAndValueOfABadRow() throws IOException {
    Path file = Files.writeString(dir.resolve("purchases.csv"),
        "item,qty,price\ntea,2,3.5\ncoffee,1,n/a\n");
    // It was, at the first batch: "Field 2 in record 0 is not a valid float: n/a".
    assertEquals("Pipeline Purchases, stage 'files' (@TextLineSource), file " + file + ": line 3"
        + " has \"n/a\" in column 'price', which is not a number (float32)",
        buildError(file).getMessage());
  }

  @Test
  void aRowWithAFieldTooManyIsAnErrorNamingItsLineAndTheLastColumn() throws IOException {
    Path file = Files.writeString(dir.resolve("a.csv"),
        "item,qty,price\ntea,2,3.5\ncoffee,1,4.5,extra\n");
    assertEquals("Pipeline Purchases, stage 'files' (@TextLineSource), file " + file + ": line 3"
        + " has 4 fields where there are 3 columns [item, qty, price], so field 4 after the last"
        + " column 'price': a delimiter in an unquoted value shifts the columns; quote the value",
        buildError(file).getMessage()); // it was: read, the extra field dropped
  }

  @Test
  void anUnquotedDelimiterThatShiftsTheColumnsIsAnError() throws IOException {
    Path file = Files.writeString(dir.resolve("a.csv"),
        "qty,item,price\n2,tea,3.5\n1,tea, green,4.5\n"); // "green" fell into the price column
    assertTrue(buildError(file).getMessage().endsWith(": line 3 has 4 fields where there are 3"
        + " columns [qty, item, price], so field 4 after the last column 'price': a delimiter in"
        + " an unquoted value shifts the columns; quote the value"));
  }

  @Test
  void aBadNumberATooLargeNumberAndABadQuoteNameLineColumnAndValue() throws IOException {
    Path word = Files.writeString(dir.resolve("word.csv"), "item,qty,price\ntea,2,n/a\n");
    assertTrue(buildError(word).getMessage().endsWith("file " + word + ": line 2 has \"n/a\" in"
        + " column 'price', which is not a number (float32)"), buildError(word).getMessage());
    Path large = Files.writeString(dir.resolve("large.csv"), "item,qty,price\ntea,3000000000,1\n");
    assertTrue(buildError(large).getMessage().endsWith(": line 2 has \"3000000000\" in column"
        + " 'qty', which is out of the range of int32"), buildError(large).getMessage());
    Path huge = Files.writeString(dir.resolve("huge.csv"), "item,qty,price\ntea,3,1.0e40\n");
    assertTrue(buildError(huge).getMessage().endsWith(": line 2 has \"1.0e40\" in column"
        + " 'price', which is out of the range of float32"), buildError(huge).getMessage());
    Path quote = Files.writeString(dir.resolve("quote.csv"), "item,qty,price\n\"tea\"x,3,1\n");
    assertTrue(buildError(quote).getMessage().endsWith(": line 2 has text after the closing quote"
        + " in field 1 ('item')"), buildError(quote).getMessage());
  }

  @Test
  void aPlusSignedIntegerAndInfinityThatDecodeCsvRefusesAreErrorsAtBuild() throws IOException {
    // It was: built, then the first epoch failed at DecodeCSV's "Field 1 in record … is not a
    // valid int32: +1", which names no file or line, the good rows lost with it.
    Path plus = Files.writeString(dir.resolve("plus.csv"),
        "item,qty,price\ntea,2,3.5\ncoffee,+1,4\n");
    assertEquals("Pipeline Purchases, stage 'files' (@TextLineSource), file " + plus + ": line 3"
        + " has \"+1\" in column 'qty', which is not an integer (int32); TensorFlow reads no plus"
        + " sign before an integer", buildError(plus).getMessage());
    Path infinity = Files.writeString(dir.resolve("infinity.csv"),
        "item,qty,price\ntea,2,3.5\ncoffee,1,inf\nmilk,1,Infinity\n");
    assertEquals("Pipeline Purchases, stage 'files' (@TextLineSource), file " + infinity + ": line"
        + " 4 has \"Infinity\" in column 'price', which is not a number (float32); TensorFlow"
        + " spells infinity \"inf\"", buildError(infinity).getMessage());
  }

  @Test
  void aHeaderThatNamesAColumnTwiceIsAnErrorAtBuild() throws IOException {
    Path file = Files.writeString(dir.resolve("a.csv"), "item,qty,price,qty\ntea,2,3.5,9\n");
    assertEquals("Pipeline Purchases, stage 'files' (@TextLineSource), file " + file + ": its"
        + " header names the column 'qty' twice (fields 2 and 4); every column needs a name of"
        + " its own", buildError(file).getMessage()); // it was: the first 'qty' taken
  }

  @Test
  void aByteOrderMarkIsLeftOutOfTheHeaderAndBlankLinesAreSkipped() throws IOException {
    Path file = dir.resolve("a.csv");
    Files.write(file, ("\ufeffqty,item,price\r\n2,tea,3.5\r\n\r\n1,\"a, b\",4\r\n\n")
        .getBytes(StandardCharsets.UTF_8));
    // It was: "has no column 'qty'; it has [\ufeffqty, ...]"; then the blank lines failed.
    assertEquals(List.of("tea|2|3.5", "a, b|1|4.0"), readCsv(file));
  }

  @Test
  void aCarriageReturnInsideALineIsAnErrorSinceTensorFlowWouldDropIt() throws IOException {
    Path quoted = Files.writeString(dir.resolve("quoted.csv"), "item,qty,price\n\"a\rb\",1,4\n");
    assertEquals("Pipeline Purchases, stage 'files' (@TextLineSource), file " + quoted + ": line 2"
        + " holds a carriage return that does not end it, which TensorFlow's line reader drops,"
        + " joining the text around it (a file whose lines end with a carriage return alone is"
        + " read as one line)", buildError(quoted).getMessage()); // it was: "ab", no word
    Path crOnly = Files.writeString(dir.resolve("cr.csv"), "item,qty,price\rtea,2,3.5\rcoffee,1,4\r");
    assertEquals("Pipeline Purchases, stage 'files' (@TextLineSource), file " + crOnly + ": its"
        + " header line holds a carriage return: TensorFlow ends lines at a line feed only, so a"
        + " file whose lines end with a carriage return alone is read as one line",
        buildError(crOnly).getMessage()); // it was: "has no column 'price'"
  }

  @Test
  void blankLinesAreAnErrorWhenDeclaredSo() throws IOException {
    Path file = Files.writeString(dir.resolve("lines.txt"), "a b\n\nc\n");
    try (Graph graph = new Graph()) {
      FeedlineException error = assertThrows(FeedlineException.class,
          () -> FeedlineSequencePipelines_StrictLines.builder().files(file.toString())
              .build(graph));
      assertEquals("Pipeline StrictLines, stage 'files' (@TextLineSource), file " + file
          + ": line 2 is empty; an empty line is an error here (blankLines = FAIL)",
          error.getMessage());
    }
  }

  @Test
  void aCarriageReturnAfterTheLastLineFeedIsNoEmptyLine() throws IOException {
    // TensorFlow's line reader drops carriage returns, and an empty last piece is no line.
    Path file = Files.writeString(dir.resolve("lines.txt"), "a b\nc\n\r");
    List<String> lines = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineSequencePipelines_StrictLines.builder().files(file.toString())
            .build(graph); // it was: "line 3 is empty"
        var batches = pipeline.epoch(session)) {
      for (var batch : batches) {
        for (int i = 0; i < batch.value().shape().get(0); i++) {
          lines.add(batch.value().getObject(i));
        }
      }
    }
    assertEquals(List.of("a b", "c"), lines);
  }

  @Test
  void aHeaderThatIsNotUtf8IsAnErrorAtBuild() throws IOException {
    Path file = Files.write(dir.resolve("a.csv"),
        "item,qty,price,r\u00e9f,r\u00e8f\ntea,2,3.5,1,2\n".getBytes(StandardCharsets.ISO_8859_1));
    assertEquals("Pipeline Purchases, stage 'files' (@TextLineSource), file " + file + ": its"
        + " header cannot be matched to the column names: line 1 is not valid UTF-8: byte 17 of"
        + " the line is E9; save the file as UTF-8", buildError(file).getMessage());
    // It was: "names the column 'r\uFFFDf' twice": two names that differ in bytes read as one.
  }

  @Test
  void underTheSkipPolicyBadRowsAreLeftOutCountedPerCauseAndTheRestReadEveryEpoch()
      throws IOException {
    Path file = writeGzip(dir.resolve("a.csv.gz"), "item,qty,price\n" + purchases(0, 10)
        + "bad,x,1\n" + purchases(10, 20) + "short,1\n" + "big,1,1e40\n" + purchases(20, 30));
    assertSkippedAndTheRestRead(file, Map.of("not a number in column 'qty'", 1L,
        "wrong field count", 1L, "number too large in column 'price'", 1L),
        List.of(12L, 23L, 24L), 2);
  }

  @Test
  void underTheSkipPolicyAPlusSignedIntegerAndInfinityAreLeftOutAloneAndEveryOtherRowRead()
      throws IOException {
    // It was: not skipped; every epoch failed at DecodeCSV's "… is not a valid int32: +1".
    Path file = writeGzip(dir.resolve("a.csv.gz"), "item,qty,price\n" + purchases(0, 10)
        + "plus,+1,1\n" + purchases(10, 20) + "infinite,1,Infinity\n" + purchases(20, 30));
    assertSkippedAndTheRestRead(file, Map.of("not a number in column 'qty'", 1L,
        "not a number in column 'price'", 1L), List.of(12L, 23L), 1);
  }

  /**
   * Builds {@code SkippingPurchases} over {@code file}, whose 30 good rows are {@link #purchases}:
   * it left out rows of {@code causes} at {@code lines} (1-based) and reads every good row, in
   * order, in each of {@code epochs} epochs.
   */
  private static void assertSkippedAndTheRestRead(Path file, Map<String, Long> causes,
      List<Long> lines, int epochs) {
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineSequencePipelines_SkippingPurchases.builder()
            .files(file.toString()).build(graph)) {
      SkippedRecords skipped = pipeline.skippedRecords();
      assertEquals(Map.of(file.toString(), causes), skipped.countsByFileAndCause());
      assertEquals(lines,
          skipped.records().stream().map(r -> r.index() + 1).toList(), "their line numbers");
      for (int epoch = 0; epoch < epochs; epoch++) {
        assertEquals(itemNames(30), items(pipeline, session), "epoch " + (epoch + 1));
      }
    }
  }

  /** The items of one epoch of {@code pipeline}, in order. */
  private static List<String> items(FeedlineSequencePipelines_SkippingPurchases pipeline,
      Session session) {
    List<String> items = new ArrayList<>();
    try (var batches = pipeline.epoch(session)) {
      for (var batch : batches) {
        for (int i = 0; i < batch.item().shape().get(0); i++) {
          items.add(batch.item().getObject(i));
        }
      }
    }
    return items;
  }

  /** {@code item-0} to {@code item-(count - 1)}, as {@link #purchases} names them. */
  private static List<String> itemNames(int count) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      names.add("item-" + i);
    }
    return names;
  }

  private static Path writeGzip(Path file, String text) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
    return Files.write(file, bytes.toByteArray());
  }

  @Test
  void aVocabularyChangedBetweenBuildAndTheFirstRunFailsEverySessionNamingItsFile()
      throws IOException {
    Path vocabulary = Files.writeString(dir.resolve("words.txt"), "the\ncat\nsat\n");
    Path text = Files.writeString(dir.resolve("lines.txt"), "the cat sat\nmat\n");
    try (Graph graph = new Graph();
        var pipeline = FeedlineSequencePipelines_Sentences.builder().files(text.toString())
            .words(vocabulary).maxTokens(4).build(graph)) {
      // It was: size() 5 from the old file, the table filled from the new one ("the" got id 1,
      // "sat" id 3, "mat" id 0). The table now holds the tokens read at build(), and the file,
      // one of the pipeline's inputs, is checked when every epoch starts.
      Files.writeString(vocabulary, "mat\nthe\ncat\nsat\n");
      for (int run = 0; run < 2; run++) { // a first session, and a new one
        try (Session session = new Session(graph)) {
          FeedlineException error = assertThrows(FeedlineException.class, () -> {
            try (var batches = pipeline.epoch(session)) {
              batches.next();
            }
          });
          assertEquals(vocabulary.toAbsolutePath().toString(), error.file().orElseThrow());
        }
      }
    }
  }

  /** The ids of one epoch of {@code CachedWords}, with its file cache in {@code cache}. */
  private static List<Long> cachedIds(Path text, Path vocabulary, Path cache,
      Runnable beforeTheEpoch) {
    List<Long> ids = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineSequencePipelines_CachedWords.builder().files(text.toString())
            .words(vocabulary).cacheFile(cache.toString()).build(graph)) {
      beforeTheEpoch.run();
      try (var batches = pipeline.epoch(session)) {
        for (var batch : batches) {
          for (int i = 0; i < batch.id().shape().get(0); i++) {
            ids.add(batch.id().getLong(i));
          }
        }
      }
    }
    return ids;
  }

  @Test
  void aFileCacheHoldsTheIdsOfTheTokensItsKeyCoversAndAVocabularyChangedAfterBuildSealsNone()
      throws IOException {
    Path vocabulary = Files.writeString(dir.resolve("words.txt"), "the\ncat\nsat\n");
    Path text = Files.writeString(dir.resolve("lines.txt"), "cat\nsat\nthe\n");
    Path cache = dir.resolve("cache");
    // Replaced by another order between build() and the epoch that fills the cache: the epoch
    // fails naming the file, and seals no cache.
    FeedlineException error = assertThrows(FeedlineException.class,
        () -> cachedIds(text, vocabulary, cache, () -> {
          try {
            Files.writeString(vocabulary, "sat\nthe\ncat\n");
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        }));
    assertEquals(vocabulary.toAbsolutePath().toString(), error.file().orElseThrow());
    // It was: the cache, sealed under the first file's key, held the second file's ids, and a
    // run with the first file restored read them from it.
    Files.writeString(vocabulary, "the\ncat\nsat\n");
    assertEquals(List.of(1L, 2L, 0L), cachedIds(text, vocabulary, cache, () -> {}));
    Files.writeString(vocabulary, "sat\nthe\ncat\n");
    assertEquals(List.of(2L, 0L, 1L), cachedIds(text, vocabulary, cache, () -> {}),
        "another vocabulary is another key");
  }

  @Test
  void aVocabularyWithAByteOrderMarkAnEmptyLineOrCarriageReturnsIsReadByRule()
      throws IOException {
    Path text = Files.writeString(dir.resolve("lines.txt"), "the cat\n");
    Path bom = dir.resolve("bom.txt");
    Files.write(bom, "\ufeffthe\r\ncat\r\n".getBytes(StandardCharsets.UTF_8));
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineSequencePipelines_Sentences.builder().files(text.toString())
            .words(bom).maxTokens(4).build(graph);
        var batches = pipeline.epoch(session)) {
      var batch = batches.next();
      assertEquals(List.of(0L, 1L), List.of(batch.ids().getLong(0, 0), batch.ids().getLong(0, 1)),
          "the BOM is not part of 'the', the CR LF ends the line");
    }
    Path empty = Files.writeString(dir.resolve("empty.txt"), "the\n\ncat\n");
    Path crOnly = Files.writeString(dir.resolve("cr.txt"), "the\rcat\rsat\r");
    for (Path vocabulary : List.of(empty, crOnly)) {
      try (Graph graph = new Graph()) {
        FeedlineException error = assertThrows(FeedlineException.class,
            () -> FeedlineSequencePipelines_Sentences.builder().files(text.toString())
                .words(vocabulary).maxTokens(4).build(graph));
        assertTrue(error.getMessage().contains(vocabulary + ": vocabulary 'words': line "
            + (vocabulary == empty ? "2 is empty" : "1 holds a carriage return")),
            error.getMessage());
      }
    }
  }
}

package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.SkippedRecords;
import dev.feedline.tests.pipelines.FeedlineFortunePipelines_Fortunes;
import dev.feedline.tests.pipelines.FeedlineFortunePipelines_SkippingFortunes;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;

/**
 * Real fortune files (an extract of BSD fortune's {@code riddles}, src/test/resources, licence
 * beside it) read through {@code @TextLineSource(recordDelimiter = "%")} on TensorFlow: the
 * records, in file order across two files, equal a plain Java split of the same files, the first
 * ending with its delimiter line and the second without; a record with a stray carriage return is
 * an error at build naming its file and record, or, under {@code badRecords = SKIP}, left out and
 * reported by file and record while every other record is read.
 */
class FortuneFilesTest {
  @TempDir Path dir;

  private static Path riddles(int part) {
    try {
      return Path.of(FortuneFilesTest.class.getResource(
          "/dev/feedline/tests/fortunes/riddles-" + part + ".txt").toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The records of a fortune file by a plain split, written apart from Feedline's: lines at line
   * feeds (a carriage return before one dropped, no line after a final one), grouped between
   * lines of "%", no record after a final "%" line.
   */
  private static List<String> referenceSplit(Path file) throws IOException {
    String text = Files.readString(file, StandardCharsets.UTF_8).replace("\r\n", "\n");
    if (text.endsWith("\n")) {
      text = text.substring(0, text.length() - 1);
    }
    List<String> records = new ArrayList<>();
    List<String> record = new ArrayList<>();
    for (String line : text.isEmpty() ? new String[0] : text.split("\n", -1)) {
      if (line.equals("%")) {
        records.add(String.join("\n", record));
        record = new ArrayList<>();
      } else {
        record.add(line);
      }
    }
    if (!record.isEmpty()) {
      records.add(String.join("\n", record));
    }
    return records;
  }

  private static List<String> read(FeedlineFortunePipelines_Fortunes.Builder builder)
      throws IOException {
    List<String> texts = new ArrayList<>();
    try (Graph graph = new Graph(); Session session = new Session(graph);
        var pipeline = builder.build(graph); var epoch = pipeline.epoch(session)) {
      for (var fortune : epoch) {
        String text = fortune.text().getObject();
        assertEquals(text.getBytes(StandardCharsets.UTF_8).length, fortune.bytes().getInt());
        texts.add(text);
      }
    }
    return texts;
  }

  @Test
  void theRecordsOfTwoFortuneFilesAreTheirPlainSplitInFileOrder() throws IOException {
    List<String> expected = new ArrayList<>(referenceSplit(riddles(1)));
    assertEquals(12, expected.size());
    expected.addAll(referenceSplit(riddles(2)));
    assertEquals(24, expected.size(), "12 records in each file, the second without a final %");
    assertTrue(expected.get(0).startsWith("FORTUNE PROVIDES QUESTIONS FOR THE GREAT ANSWERS: #13"
        + "\nA:\tDoc, Happy,"), expected.get(0));
    assertTrue(expected.get(14).contains("Unique up on it!\n\nQ:"), "an empty line inside");

    List<String> read = read(FeedlineFortunePipelines_Fortunes.builder()
        .files(riddles(1).toString(), riddles(2).toString()));
    assertEquals(expected, read);
  }

  @Test
  void aCrlfCopyGivesTheSameRecords() throws IOException {
    Path crlf = Files.writeString(dir.resolve("riddles-crlf.txt"),
        Files.readString(riddles(1)).replace("\n", "\r\n"));
    assertEquals(referenceSplit(riddles(1)),
        read(FeedlineFortunePipelines_Fortunes.builder().files(crlf.toString())));
  }

  /** The second file with a carriage return after the first 3 characters of its 5th record. */
  private Path withStrayReturn() throws IOException {
    String text = Files.readString(riddles(2));
    int at = text.indexOf(referenceSplit(riddles(2)).get(4)) + 3;
    return Files.writeString(dir.resolve("riddles-2-bad.txt"),
        text.substring(0, at) + "\r" + text.substring(at));
  }

  /** The first and last line of record {@code index} of {@code records}, from 1. */
  private static long[] linesOf(List<String> records, int index) {
    long first = 1;
    for (String record : records.subList(0, index)) {
      first += record.split("\n", -1).length + 1; // its lines, and the delimiter line
    }
    return new long[] {first, first + records.get(index).split("\n", -1).length - 1};
  }

  @Test
  void aRecordWithAStrayCarriageReturnIsAnErrorAtBuildNamingItsFileAndRecord()
      throws IOException {
    Path bad = withStrayReturn();
    long[] lines = linesOf(referenceSplit(riddles(2)), 4);
    try (Graph graph = new Graph()) {
      FeedlineException error = assertThrows(FeedlineException.class,
          () -> FeedlineFortunePipelines_Fortunes.builder()
              .files(riddles(1).toString(), bad.toString()).build(graph));
      assertEquals(bad.toString(), error.file().orElseThrow());
      assertTrue(error.getMessage().contains("record 5 (lines " + lines[0] + " to " + lines[1]
          + ") holds a carriage return that does not end a line"), error.getMessage());
    }
  }

  @Test
  void underTheSkipPolicyTheBadRecordIsLeftOutAndReportedByFileAndRecord() throws IOException {
    Path first = gzip(riddles(1), "riddles-1.txt.gz");
    Path second = gzip(withStrayReturn(), "riddles-2-bad.txt.gz");
    List<String> expected = new ArrayList<>(referenceSplit(riddles(1)));
    List<String> rest = new ArrayList<>(referenceSplit(riddles(2)));
    rest.remove(4);
    expected.addAll(rest);
    try (Graph graph = new Graph(); Session session = new Session(graph);
        var pipeline = FeedlineFortunePipelines_SkippingFortunes.builder()
            .files(first.toString(), second.toString()).build(graph)) {
      SkippedRecords skipped = pipeline.skippedRecords();
      assertEquals(Map.of(second.toString(), Map.of("carriage return", 1L)),
          skipped.countsByFileAndCause());
      long[] lines = linesOf(referenceSplit(riddles(2)), 4);
      SkippedRecords.Record record = skipped.records().get(0);
      assertEquals(lines[0] - 1, record.index(), "the index of the record's first line");
      assertTrue(record.toString().startsWith(second + ": line " + lines[0] + " (record 5, lines "
          + lines[0] + " to " + lines[1] + ") holds a carriage return"), record.toString());
      for (int epoch = 0; epoch < 2; epoch++) {
        List<String> texts = new ArrayList<>();
        try (var fortunes = pipeline.epoch(session)) {
          fortunes.forEach(fortune -> texts.add(fortune.text().getObject()));
        }
        assertEquals(expected, texts, "epoch " + (epoch + 1));
      }
    }
  }

  private Path gzip(Path file, String name) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (OutputStream out = new GZIPOutputStream(bytes)) {
      out.write(Files.readAllBytes(file));
    }
    return Files.write(dir.resolve(name), bytes.toByteArray());
  }
}

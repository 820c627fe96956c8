package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.SkippedRecords;
import dev.feedline.runtime.TFRecordWriter;
import dev.feedline.tests.pipelines.FeedlineSequencePipelines_StrictLabels;
import dev.feedline.tests.pipelines.FeedlineStrictVocabularyPipelines_FailingRows;
import dev.feedline.tests.pipelines.FeedlineStrictVocabularyPipelines_FilteredLabels;
import dev.feedline.tests.pipelines.FeedlineStrictVocabularyPipelines_HeldLabels;
import dev.feedline.tests.pipelines.FeedlineStrictVocabularyPipelines_RecordLabels;
import dev.feedline.tests.pipelines.FeedlineStrictVocabularyPipelines_SkippedRecordLabels;
import dev.feedline.tests.pipelines.FeedlineStrictVocabularyPipelines_TaggedWriter;
import dev.feedline.tests.pipelines.FeedlineStrictVocabularyPipelines_SkippedLabels;
import dev.feedline.tests.pipelines.FeedlineStrictVocabularyPipelines_SkippedRows;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.types.TString;

/**
 * A {@code @Vocabulary(strict = true)} on TensorFlow, with real files: known labels get their
 * lines' ids; a label not in the file is an error at {@code build()} naming the data file and
 * line (or the element's index in data held in the graph), or, under the source's
 * {@code badRecords = SKIP}, its line is left out of every epoch and counted with its cause and
 * place, every other line read. After a filter, where no line can be told, the epoch's check
 * still names the token and the vocabulary.
 */
class StrictVocabularyTest {
  private static final String UNKNOWN = "not in vocabulary 'labels'";
  private static final String ADVICE = "; add it to that file, fix the record, skip such records"
      + " with the source's badRecords = SKIP, or make the vocabulary lenient (strict = false,"
      + " with oovBuckets)";

  @TempDir Path dir;

  private Path labels() throws IOException {
    return Files.writeString(dir.resolve("labels.txt"), "cat\ndog\nbird\n");
  }

  private static List<Long> ids(FeedlineSequencePipelines_StrictLabels pipeline,
      Session session) {
    List<Long> ids = new ArrayList<>();
    try (var batches = pipeline.epoch(session)) {
      for (var batch : batches) {
        for (int i = 0; i < batch.id().shape().get(0); i++) {
          ids.add(batch.id().getLong(i));
        }
      }
    }
    return ids;
  }

  @Test
  void knownLabelsGetTheirLinesIds() throws IOException {
    Path data = Files.writeString(dir.resolve("train.txt"), "dog\ncat\nbird\ndog\nbird\n");
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineSequencePipelines_StrictLabels.builder().files(data.toString())
            .labels(labels()).build(graph)) {
      assertEquals(3, pipeline.vocabulary("labels").size(), "a strict vocabulary has no buckets");
      assertTrue(pipeline.vocabulary("labels").strict());
      assertEquals(List.of(1L, 0L, 2L, 1L, 2L), ids(pipeline, session));
      assertEquals(0, pipeline.skippedRecords().count());
    }
  }

  @Test
  void aLabelsFileThatIsNotUtf8IsAnErrorAtBuildNamingItsLine() throws IOException {
    Path data = Files.write(dir.resolve("train.txt"),
        "tea\ncaf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
    // It was: "holds token \"caf\uFFFD\", which is not in strict vocabulary 'labels'", and for
    // the second file "line 2 repeats the token \"caf\uFFFD\" of line 1".
    for (String tokens : List.of("caf\u00e9\ntea\n", "caf\u00e9\ncaf\u00e8\n")) {
      Path labels = Files.write(dir.resolve("labels.txt"),
          tokens.getBytes(StandardCharsets.ISO_8859_1));
      try (Graph graph = new Graph()) {
        FeedlineException error = assertThrows(FeedlineException.class,
            () -> FeedlineSequencePipelines_StrictLabels.builder().files(data.toString())
                .labels(labels).build(graph));
        assertTrue(error.getMessage().endsWith("file " + labels + ": vocabulary 'labels': line 1"
            + " is not valid UTF-8: byte 4 of the line is E9; save the file as UTF-8"),
            error.getMessage());
      }
    }
  }

  @Test
  void anUnknownLabelIsAnErrorAtBuildNamingTheDataFileAndLine() throws IOException {
    // Not ASCII: TensorFlow prints it escaped as octal bytes, which the message undoes.
    Path labels = labels();
    Path data = Files.writeString(dir.resolve("train.txt"), "dog\ncat\nzèbre\nbird\n");
    try (Graph graph = new Graph()) {
      FeedlineException error = assertThrows(FeedlineException.class,
          () -> FeedlineSequencePipelines_StrictLabels.builder().files(data.toString())
              .labels(labels).build(graph));
      assertEquals("Pipeline StrictLabels, stage 'label' (@Map), file " + data + ": line 3 holds"
          + " token \"zèbre\", which is not in strict vocabulary 'labels' (" + labels + ")"
          + ADVICE, error.getMessage());
      assertEquals(data.toString(), error.file().orElseThrow());
      assertEquals("label", error.stage().orElseThrow().method());
    }
  }

  @Test
  void twoUnknownLabelsInOneBatchAreNamedBothUnderFailAndBothLeftOutUnderSkip()
      throws IOException {
    Path labels = labels();
    // Batches of 2: lines 3 and 4 are the second batch.
    Path data = Files.writeString(dir.resolve("train.txt"), "dog\ncat\nyak\nemu\nbird\n");
    try (Graph graph = new Graph()) {
      FeedlineException error = assertThrows(FeedlineException.class,
          () -> FeedlineSequencePipelines_StrictLabels.builder().files(data.toString())
              .labels(labels).build(graph));
      assertEquals("Pipeline StrictLabels, stage 'label' (@Map), file " + data + ": line 3 holds"
          + " token \"yak\", which is not in strict vocabulary 'labels' (" + labels + ")"
          + " (1 more line holds an unknown token: line 4)" + ADVICE, error.getMessage());
    }
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineStrictVocabularyPipelines_SkippedLabels.builder()
            .files(data.toString()).labels(labels).build(graph)) {
      for (int epoch = 0; epoch < 2; epoch++) {
        List<List<Long>> batches = new ArrayList<>();
        try (var epochBatches = pipeline.epoch(session)) {
          for (var batch : epochBatches) {
            List<Long> ids = new ArrayList<>();
            for (int i = 0; i < batch.id().shape().get(0); i++) {
              ids.add(batch.id().getLong(i));
            }
            batches.add(ids);
          }
        }
        assertEquals(List.of(List.of(1L, 0L), List.of(2L)), batches, "epoch " + epoch);
      }
      SkippedRecords skipped = pipeline.skippedRecords();
      assertEquals(Map.of(data.toString(), Map.of(UNKNOWN, 2L)), skipped.countsByFileAndCause());
      assertEquals(List.of(
          data + ": line 3 holds token \"yak\", which is not in strict vocabulary 'labels' ("
              + labels + ")",
          data + ": line 4 holds token \"emu\", which is not in strict vocabulary 'labels' ("
              + labels + ")"),
          skipped.records().stream().map(SkippedRecords.Record::toString).toList());
      assertEquals(List.of(2L, 3L),
          skipped.records().stream().map(SkippedRecords.Record::index).toList());
    }
  }

  @Test
  void underTheSkipPolicyAnUnknownLabelIsCountedBesideABadRowAndEveryOtherRowIsReadOnce()
      throws IOException {
    Path labels = labels();
    Path a = Files.writeString(dir.resolve("a.csv"),
        "text,label\nhello,cat\nthree,fields,here\nworld,yak\nagain,bird\n");
    Path b = Files.writeString(dir.resolve("b.csv"), "text,label\nfoo,dog\nbar,emu\nbaz,bird\n");
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineStrictVocabularyPipelines_SkippedRows.builder()
            .files(a.toString(), b.toString()).labels(labels).build(graph)) {
      for (int epoch = 0; epoch < 2; epoch++) {
        // Shuffled: compared as text -> id.
        Map<String, Long> read = new TreeMap<>();
        int elements = 0;
        try (var batches = pipeline.epoch(session)) {
          for (var batch : batches) {
            for (int i = 0; i < batch.label().shape().get(0); i++) {
              read.put(batch.text().getObject(i), batch.label().getLong(i));
              elements++;
            }
          }
        }
        assertEquals(Map.of("hello", 0L, "again", 2L, "foo", 1L, "baz", 2L), read,
            "epoch " + epoch);
        assertEquals(4, elements, "each surviving row once, epoch " + epoch);
      }
      SkippedRecords skipped = pipeline.skippedRecords();
      Map<String, Map<String, Long>> counts = skipped.countsByFileAndCause();
      assertEquals(Map.of(a.toString(), Map.of("wrong field count", 1L, UNKNOWN, 1L),
          b.toString(), Map.of(UNKNOWN, 1L)), counts);
      assertEquals(List.of(a + ":2", a + ":3", b + ":2"), skipped.records().stream()
          .map(r -> r.file() + ":" + r.index()).toList(), "in file order, lines from 0");
      assertTrue(skipped.records().get(1).toString().equals(a + ": line 4 holds token \"yak\","
          + " which is not in strict vocabulary 'labels' (" + labels + ")"),
          skipped.records().get(1).toString());
    }
  }

  @Test
  void anUnknownLabelInACsvTableIsAnErrorNamingItsLineCountingTheHeader() throws IOException {
    Path labels = labels();
    Path data = Files.writeString(dir.resolve("rows.csv"),
        "text,label\nhello,cat\nworld,dog\nagain,eagle\n");
    try (Graph graph = new Graph()) {
      FeedlineException error = assertThrows(FeedlineException.class,
          () -> FeedlineStrictVocabularyPipelines_FailingRows.builder().files(data.toString())
              .labels(labels).build(graph));
      assertEquals("Pipeline FailingRows, stage 'classify' (@Map), file " + data + ": line 4"
          + " holds token \"eagle\", which is not in strict vocabulary 'labels' (" + labels + ")"
          + ADVICE, error.getMessage());
    }
  }

  @Test
  void anUnknownLabelInDataHeldInTheGraphIsAnErrorNamingItsIndex() throws IOException {
    Path labels = labels();
    try (Graph graph = new Graph();
        TString texts = TString.vectorOf("a", "b", "c", "d");
        TString known = TString.vectorOf("dog", "cat", "bird", "cat");
        TString unknown = TString.vectorOf("dog", "cat", "owl", "cat")) {
      try (Session session = new Session(graph);
          var pipeline = FeedlineStrictVocabularyPipelines_HeldLabels.builder()
              .data(texts, known).labels(labels).build(graph)) {
        List<Long> ids = new ArrayList<>();
        try (var batches = pipeline.epoch(session)) {
          for (var batch : batches) {
            for (int i = 0; i < batch.label().shape().get(0); i++) {
              ids.add(batch.label().getLong(i));
            }
          }
        }
        assertEquals(List.of(1L, 0L, 2L, 0L), ids);
      }
      try (Graph other = new Graph()) {
        FeedlineException error = assertThrows(FeedlineException.class,
            () -> FeedlineStrictVocabularyPipelines_HeldLabels.builder().data(texts, unknown)
                .labels(labels).build(other));
        assertEquals("Pipeline HeldLabels, stage 'classify' (@Map): element 2 of the data holds"
            + " token \"owl\", which is not in strict vocabulary 'labels' (" + labels + ")"
            + ADVICE, error.getMessage());
      }
    }
  }

  @Test
  void aFileChangedAfterBuildToHoldAnUnknownLabelFailsTheNextEpochNamingTheFile()
      throws IOException {
    Path labels = labels();
    Path data = Files.writeString(dir.resolve("train.txt"), "dog\ncat\nbird\n");
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineSequencePipelines_StrictLabels.builder().files(data.toString())
            .labels(labels).build(graph)) {
      assertEquals(List.of(1L, 0L, 2L), ids(pipeline, session));
      // The same size, a later time: the check at build saw "cat" where "yak" is now.
      Files.writeString(data, "dog\nyak\nbird\n");
      Files.setLastModifiedTime(data, FileTime.fromMillis(
          Files.getLastModifiedTime(data).toMillis() + 5_000));
      FeedlineException error = assertThrows(FeedlineException.class,
          () -> ids(pipeline, session));
      assertEquals(data.toString(), error.file().orElseThrow(), error.getMessage());
      assertTrue(error.getMessage().contains("the file has changed since the pipeline was built"),
          error.getMessage());
    }
  }

  @Test
  void afterAFilterTheEpochsCheckStillNamesTheTokenAndTheVocabulary() throws IOException {
    Path labels = labels();
    Path data = Files.writeString(dir.resolve("train.txt"), "dog\n# a comment\ncat\nzèbre\n");
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineStrictVocabularyPipelines_FilteredLabels.builder()
            .files(data.toString()).labels(labels).build(graph)) {
      List<Long> read = new ArrayList<>();
      FeedlineException error = assertThrows(FeedlineException.class, () -> {
        try (var batches = pipeline.epoch(session)) {
          for (var batch : batches) {
            for (int i = 0; i < batch.id().shape().get(0); i++) {
              read.add(batch.id().getLong(i));
            }
          }
        }
      });
      String message = error.getMessage();
      assertTrue(message.startsWith("Pipeline FilteredLabels"), message);
      assertTrue(message.contains("token \"zèbre\" is not in strict vocabulary 'labels' ("
          + labels + ")"), message);
      assertTrue(read.equals(List.of()) || read.equals(List.of(1L, 0L)),
          "only the batch before the unknown label, if any: " + read);
    }
  }

  /** Writes tagged records (a label, or null for bytes that are not an Example); their offsets. */
  private static List<Long> write(Path file, long firstId, String... labels) throws IOException {
    List<Long> offsets = new ArrayList<>();
    long offset = 0;
    try (TFRecordWriter writer = new TFRecordWriter(file)) {
      for (int i = 0; i < labels.length; i++) {
        byte[] record = labels[i] == null ? "NOT AN EXAMPLE".getBytes(StandardCharsets.UTF_8)
            : FeedlineStrictVocabularyPipelines_TaggedWriter.builder().id(firstId + i)
                .label(labels[i]).toByteArray();
        offsets.add(offset);
        writer.write(record);
        offset += 16 + record.length;
      }
      writer.commit();
    }
    return offsets;
  }

  @Test
  void anUnknownLabelInATFRecordFileIsAnErrorNamingItsRecordAndByte() throws IOException {
    Path labels = labels();
    Path r0 = dir.resolve("r0.tfrecord");
    Path r1 = dir.resolve("r1.tfrecord");
    write(r0, 0, "cat", "dog", "bird");
    List<Long> offsets = write(r1, 10, "dog", "owl", "cat", "gnu");
    try (Graph graph = new Graph()) {
      FeedlineException error = assertThrows(FeedlineException.class,
          () -> FeedlineStrictVocabularyPipelines_RecordLabels.builder()
              .files(r0.toString(), r1.toString()).labels(labels).build(graph));
      assertEquals("Pipeline RecordLabels, stage 'classify' (@Map), file " + r1 + ": record 1 at"
          + " byte " + offsets.get(1) + " holds token \"owl\", which is not in strict vocabulary"
          + " 'labels' (" + labels + ") (1 more record holds an unknown token: record 3 at byte "
          + offsets.get(3) + ")" + ADVICE, error.getMessage());
    }
  }

  @Test
  void underTheSkipPolicyUnknownLabelsInTFRecordFilesAreLeftOutWithTheirRecordsAndBytes()
      throws IOException {
    Path labels = labels();
    Path r0 = dir.resolve("r0.tfrecord");
    Path r1 = dir.resolve("r1.tfrecord");
    // Record 3 of r0 is no Example: the runs after it start at record 4.
    List<Long> first = write(r0, 0, "cat", "dog", "yak", null, "bird", "emu");
    List<Long> second = write(r1, 10, "dog", "owl", "cat");
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineStrictVocabularyPipelines_SkippedRecordLabels.builder()
            .files(r0.toString(), r1.toString()).labels(labels).build(graph)) {
      for (int epoch = 0; epoch < 2; epoch++) {
        Map<Long, Long> read = new TreeMap<>();
        int elements = 0;
        try (var batches = pipeline.epoch(session)) {
          for (var batch : batches) {
            for (int i = 0; i < batch.id().shape().get(0); i++) {
              read.put(batch.id().getLong(i), batch.label().getLong(i));
              elements++;
            }
          }
        }
        assertEquals(Map.of(0L, 0L, 1L, 1L, 4L, 2L, 10L, 1L, 12L, 0L), read, "epoch " + epoch);
        assertEquals(5, elements, "each surviving record once, epoch " + epoch);
      }
      SkippedRecords skipped = pipeline.skippedRecords();
      assertEquals(List.of(
          r0 + ": record 2 at byte " + first.get(2) + " holds token \"yak\", which is not in"
              + " strict vocabulary 'labels' (" + labels + ")",
          r0 + ":3:" + first.get(3),
          r0 + ": record 5 at byte " + first.get(5) + " holds token \"emu\", which is not in"
              + " strict vocabulary 'labels' (" + labels + ")",
          r1 + ": record 1 at byte " + second.get(1) + " holds token \"owl\", which is not in"
              + " strict vocabulary 'labels' (" + labels + ")"),
          skipped.records().stream().map(r -> r.cause().equals(UNKNOWN) ? r.toString()
              : r.file() + ":" + r.index() + ":" + r.offset()).toList());
      assertEquals(Map.of(r0.toString(), Map.of(UNKNOWN, 2L, "not a tf.train.Example", 1L),
          r1.toString(), Map.of(UNKNOWN, 1L)), skipped.countsByFileAndCause());
    }
  }
}

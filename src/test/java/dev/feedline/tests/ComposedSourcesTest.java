package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.TFRecordWriter;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_Appended;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_Chosen;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_FileLabels;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_FileRows;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_LabeledFileRows;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_LabeledRows;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_Labels;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_MemoryIds;
import dev.feedline.tests.pipelines.FeedlineSourcePipelines_Mixed;
import dev.feedline.tests.support.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.types.TInt64;

/**
 * Pipelines read through another ({@code @Zip}, {@code @Concatenate}, {@code @Mix},
 * {@code @Choose}) keep the promises of a plain source: their sources' files are checked when
 * every epoch starts and ends and when a checkpoint is resumed, each error names the file, and a
 * checkpoint records the values given at run time that steer them. Before, they were checked only
 * at {@code build()}, and a zip of unequal pipelines dropped the longer one's rest silently.
 */
class ComposedSourcesTest {
  private static final long ID_BASE = 100_000;

  @TempDir Path dir;

  /** Rows {@code first} .. {@code first + count - 1}, written beside {@code file}, then renamed over it. */
  private static void replace(Path file, long first, int count) throws IOException {
    Path partial = file.resolveSibling(file.getFileName() + ".new");
    try (TFRecordWriter writer = new TFRecordWriter(partial)) {
      for (long id = first; id < first + count; id++) {
        writer.write(TestData.rowRecord(id));
      }
      writer.commit();
    }
    Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  private FeedlineSourcePipelines_FileRows.Builder rows(Path folder) {
    return FeedlineSourcePipelines_FileRows.builder().files(folder + "/*.tfrecord");
  }

  @Test
  void aZipWhoseLabelFileIsReplacedBetweenEpochsFailsTheNextEpochNamingIt() throws IOException {
    Path rows = Files.createDirectories(dir.resolve("rows"));
    Path labels = Files.createDirectories(dir.resolve("labels"));
    TestData.writeRows(rows, 2, 150);
    Path labelFile = TestData.writeRows(labels, 2, 150).get(1);
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var labeled = FeedlineSourcePipelines_LabeledFileRows.builder()
            .fileRows(rows(rows))
            .fileLabels(FeedlineSourcePipelines_FileLabels.builder().files(labels + "/*.tfrecord"))
            .build(graph)) {
      long[] pairs = {0};
      try (var epoch = labeled.epoch(session)) {
        epoch.forEach(pair -> {
          assertEquals(pair.id().getLong(), pair.labelId().getLong());
          pairs[0]++;
        });
      }
      assertEquals(300, pairs[0]);
      long before = Files.size(labelFile);
      replace(labelFile, 1000, 150); // other labels, of the same size
      assertEquals(before, Files.size(labelFile));
      FeedlineException changed = assertThrows(FeedlineException.class,
          () -> labeled.epoch(session));
      assertEquals(labelFile.toString(), changed.file().orElseThrow());
      assertTrue(changed.getMessage().contains("it was replaced by another file"),
          changed.getMessage());
    }
  }

  @Test
  void aConcatenationWhoseSourceIsCutBetweenEpochsFailsEveryLaterEpochNamingIt()
      throws IOException {
    Path cut = TestData.writeRows(dir, 2, 300).get(1);
    try (TInt64 ids = TInt64.vectorOf(LongStream.range(ID_BASE, ID_BASE + 300).toArray());
        Graph graph = new Graph();
        Session session = new Session(graph);
        var appended = FeedlineSourcePipelines_Appended.builder()
            .fileRows(rows(dir))
            .memoryIds(FeedlineSourcePipelines_MemoryIds.builder().data(ids))
            .build(graph)) {
      long[] elements = {0};
      try (var epoch = appended.epoch(session)) {
        epoch.forEach(element -> elements[0]++);
      }
      assertEquals(900, elements[0]);
      replace(cut, 300, 100); // the first 100 of its 300 rows
      for (int epoch = 2; epoch <= 3; epoch++) {
        FeedlineException changed = assertThrows(FeedlineException.class,
            () -> appended.epoch(session), "epoch " + epoch);
        assertEquals(cut.toString(), changed.file().orElseThrow());
        assertTrue(changed.getMessage().contains("has changed since the pipeline was built"),
            changed.getMessage());
      }
    }
  }

  /**
   * Checkpoints the mixed pipeline after 3 batches of its first epoch, runs {@code change}, then
   * resumes in a new graph and session, built with {@code builder}: the exception, or null.
   */
  private FeedlineException resumeMixed(Path checkpoint, Runnable change,
      UnaryOperator<FeedlineSourcePipelines_Mixed.Builder> builder) {
    try (TInt64 ids = TInt64.vectorOf(LongStream.range(ID_BASE, ID_BASE + 600).toArray())) {
      try (Graph graph = new Graph();
          Session session = new Session(graph);
          var mixed = FeedlineSourcePipelines_Mixed.builder().fileRows(rows(dir))
              .memoryIds(FeedlineSourcePipelines_MemoryIds.builder().data(ids)).build(graph);
          var epoch = mixed.epoch(session)) {
        for (int i = 0; i < 3; i++) {
          epoch.next();
        }
        mixed.checkpoint(session, checkpoint);
      }
      change.run();
      try (Graph graph = new Graph();
          Session session = new Session(graph);
          var mixed = builder.apply(FeedlineSourcePipelines_Mixed.builder().fileRows(rows(dir))
              .memoryIds(FeedlineSourcePipelines_MemoryIds.builder().data(ids))).build(graph)) {
        try (var rest = mixed.resume(session, checkpoint)) {
          rest.forEach(batch -> { });
        }
        return null;
      } catch (FeedlineException e) {
        return e;
      }
    }
  }

  @Test
  void aMixResumedAfterASourceFileWasReplacedIsRefusedNamingTheFile() throws IOException {
    Path replaced = TestData.writeRows(dir, 2, 300).get(1);
    long size = Files.size(replaced);
    for (int rows : new int[] {300, 280}) { // the same size, then another
      FeedlineException refused = resumeMixed(dir.resolve("mixed.ckpt"), () -> {
        try {
          replace(replaced, 5000 + rows, rows);
        } catch (IOException e) {
          throw new IllegalStateException(e);
        }
      }, UnaryOperator.identity());
      assertEquals(rows == 300, Files.size(replaced) == size, "the size, with " + rows + " rows");
      assertTrue(refused != null && refused.getMessage().contains("cannot restore this checkpoint:"
          + " file " + replaced + " has changed since the checkpoint was written"),
          rows + " rows: " + refused);
    }
  }

  @Test
  void aMixResumedWithOtherWeightsIsRefusedSayingWhatDiffers() throws IOException {
    TestData.writeRows(dir, 2, 300);
    Path checkpoint = dir.resolve("mixed.ckpt");
    assertEquals(null, resumeMixed(checkpoint, () -> { }, UnaryOperator.identity()),
        "the same weights resume");
    FeedlineException refused = resumeMixed(checkpoint, () -> { }, b -> b.weights(0.5, 0.5));
    assertTrue(refused != null && refused.getMessage().contains("it was written with other values"
        + " given at run time (weights: [0.7, 0.3]), and this pipeline was built with weights:"
        + " [0.5, 0.5]"), String.valueOf(refused));
  }

  @Test
  void aChoiceResumedWithOtherIndicesIsRefusedSayingWhatDiffers() throws IOException {
    TestData.writeRows(dir, 1, 50);
    Path checkpoint = dir.resolve("chosen.ckpt");
    long[] alternating = LongStream.range(0, 60).map(i -> i % 2).toArray();
    try (TInt64 ids = TInt64.vectorOf(LongStream.range(ID_BASE, ID_BASE + 50).toArray());
        TInt64 saved = TInt64.vectorOf(alternating);
        TInt64 other = TInt64.vectorOf(LongStream.range(0, 60).map(i -> i % 3 == 0 ? 1 : 0)
            .toArray())) {
      try (Graph graph = new Graph();
          Session session = new Session(graph);
          var chosen = FeedlineSourcePipelines_Chosen.builder().fileRows(rows(dir))
              .memoryIds(FeedlineSourcePipelines_MemoryIds.builder().data(ids)).choices(saved)
              .build(graph);
          var epoch = chosen.epoch(session)) {
        for (int i = 0; i < 5; i++) {
          epoch.next();
        }
        chosen.checkpoint(session, checkpoint);
      }
      for (TInt64 choices : List.of(saved, other)) {
        try (Graph graph = new Graph();
            Session session = new Session(graph);
            var chosen = FeedlineSourcePipelines_Chosen.builder().fileRows(rows(dir))
                .memoryIds(FeedlineSourcePipelines_MemoryIds.builder().data(ids)).choices(choices)
                .build(graph)) {
          if (choices == saved) {
            long[] rest = {0};
            try (var epoch = chosen.resume(session, checkpoint)) {
              epoch.forEach(element -> rest[0]++);
            }
            assertEquals(55, rest[0], "the rest of the 60 chosen");
            continue;
          }
          FeedlineException refused = assertThrows(FeedlineException.class,
              () -> chosen.resume(session, checkpoint));
          assertTrue(refused.getMessage().contains("it was written with other values given at"
              + " run time (choices: 60 indices, crc32c "), refused.getMessage());
        }
      }
    }
  }

  @Test
  void aZipOfPipelinesOfUnequalLengthsFailsNamingEachCount() throws IOException {
    TestData.writeRows(dir, 2, 250);
    for (int labels : new int[] {300, 500}) {
      try (TInt64 labelIds = TInt64.vectorOf(LongStream.range(0, labels).toArray());
          TInt64 values = TInt64.vectorOf(LongStream.range(0, labels).toArray());
          Graph graph = new Graph();
          Session session = new Session(graph);
          var labeled = FeedlineSourcePipelines_LabeledRows.builder()
              .fileRows(rows(dir))
              .labels(FeedlineSourcePipelines_Labels.builder().data(labelIds, values))
              .build(graph)) {
        long[] pairs = {0};
        if (labels == 500) {
          try (var epoch = labeled.epoch(session)) {
            epoch.forEach(batch -> pairs[0] += batch.id().shape().get(0));
          }
          assertEquals(500, pairs[0], "pipelines of equal lengths zip whole");
          continue;
        }
        FeedlineException unequal = assertThrows(FeedlineException.class, () -> {
          try (var epoch = labeled.epoch(session)) {
            epoch.forEach(batch -> pairs[0] += batch.id().shape().get(0));
          }
        });
        assertEquals(300, pairs[0], "every pair there is, then the error");
        assertTrue(unequal.getMessage().contains("stage labeled (@Zip) joins pipelines that hand"
            + " out unequal numbers of elements"), unequal.getMessage());
        assertTrue(unequal.getMessage().contains("in the order FileRows, Labels):] [500 300]"),
            unequal.getMessage());
      }
    }
  }
}

package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.FeedlineException;
import dev.feedline.tests.pipelines.FeedlineSequencePipelines_StrictLabels;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;

/**
 * A {@code @Vocabulary(strict = true)} on TensorFlow: known labels get their lines' ids, and a
 * label not in the file fails the epoch with a message naming the label, the vocabulary, its file
 * and the pipeline, where a lenient vocabulary without buckets would give -1.
 */
class StrictVocabularyTest {
  @TempDir Path dir;

  private Path labels() throws IOException {
    return Files.writeString(dir.resolve("labels.txt"), "cat\ndog\nbird\n");
  }

  private static List<Long> ids(FeedlineSequencePipelines_StrictLabels pipeline,
      Session session, List<Long> into) {
    try (var batches = pipeline.epoch(session)) {
      for (var batch : batches) {
        for (int i = 0; i < batch.id().shape().get(0); i++) {
          into.add(batch.id().getLong(i));
        }
      }
    }
    return into;
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
      assertEquals(List.of(1L, 0L, 2L, 1L, 2L), ids(pipeline, session, new ArrayList<>()));
    }
  }

  @Test
  void anUnknownLabelIsAnErrorNamingItAndTheVocabulary() throws IOException {
    // Not ASCII: TensorFlow prints it escaped as octal bytes, which the message undoes.
    Path labels = labels();
    Path data = Files.writeString(dir.resolve("train.txt"), "dog\ncat\nzèbre\nbird\n");
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineSequencePipelines_StrictLabels.builder().files(data.toString())
            .labels(labels).build(graph)) {
      List<Long> read = new ArrayList<>();
      FeedlineException error = assertThrows(FeedlineException.class,
          () -> ids(pipeline, session, read));
      assertEquals("StrictLabels", error.pipeline());
      String message = error.getMessage();
      assertTrue(message.startsWith("Pipeline StrictLabels"), message);
      assertTrue(message.contains("token \"zèbre\" is not in strict vocabulary 'labels' ("
          + labels + ")"), message);
      assertTrue(read.equals(List.of()) || read.equals(List.of(1L, 0L)),
          "only the batch before the unknown label, if any: " + read);
    }
  }
}

package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.tests.pipelines.FeedlineSequencePipelines_CachedLines;
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
 * A vocabulary lookup after a memory cache no longer keeps the epochs after the first off the one
 * iterator across epochs (docs/performance.md#tables-and-text): every epoch still gives the
 * file's ids, in order, the table found by its shared name inside the epochs' function.
 */
class VocabularyAcrossEpochsTest {
  @TempDir Path dir;

  private static boolean hasOp(Graph graph, String name) {
    boolean[] found = {false};
    graph.operations().forEachRemaining(op -> found[0] |= op.name().equals(name)
        || op.name().endsWith("/" + name));
    return found[0];
  }

  @Test
  void cachedLinesLookedUpAfterTheCacheRunAcrossEpochsWithTheirIdsEveryEpoch() throws IOException {
    Path vocabulary = Files.writeString(dir.resolve("words.txt"), "the\ncat\nsat\n");
    Path text = Files.writeString(dir.resolve("lines.txt"), "cat\nthe\nmat\nsat\nsat\nthe\n");
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineSequencePipelines_CachedLines.builder().files(text.toString())
            .words(vocabulary).build(graph)) {
      for (int epoch = 0; epoch < 4; epoch++) {
        List<Long> ids = new ArrayList<>();
        try (var batches = pipeline.epoch(session)) {
          for (var batch : batches) {
            for (int i = 0; i < batch.id().shape().get(0); i++) {
              ids.add(batch.id().getLong(i));
            }
          }
        }
        assertEquals(List.of(1L, 0L, 3L, 2L, 2L, 0L), ids, "epoch " + (epoch + 1)
            + ": 'mat' is the one out-of-vocabulary bucket, id 3");
      }
      assertTrue(hasOp(graph, "epochs_across"), "the runtime built the iterator across epochs");
    }
  }
}

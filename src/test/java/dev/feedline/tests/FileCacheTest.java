package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.EpochIterator;
import dev.feedline.tests.pipelines.FeedlineFileCachedRowsPipeline;
import dev.feedline.tests.pipelines.FeedlineFileCachedRowsPipeline.RowTensors;
import dev.feedline.tests.support.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.proto.Example;

/** A file cache at a prefix given at run time: written in epoch 1, read by later epochs and runs. */
class FileCacheTest {
  @TempDir Path dir;

  private TreeSet<Long> epochIds(Path prefix) {
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineFileCachedRowsPipeline pipeline = FeedlineFileCachedRowsPipeline.builder()
            .files(dir.resolve("*.tfrecord").toString())
            .cacheFile(prefix.toString())
            .build(graph);
        EpochIterator<RowTensors> batches = pipeline.epoch(session)) {
      TreeSet<Long> ids = new TreeSet<>();
      for (RowTensors batch : batches) {
        for (int i = 0; i < batch.id().shape().get(0); i++) {
          ids.add(batch.id().getLong(i));
        }
      }
      return ids;
    }
  }

  @Test
  void aLaterRunReadsTheFileCacheInsteadOfItsInput() throws IOException {
    TestData.writeRows(dir, 2, 15);
    Path prefix = dir.resolve("cache/rows");
    Files.createDirectories(prefix.getParent());

    TreeSet<Long> first = epochIds(prefix);
    assertEquals(LongStream.range(0, 30).boxed().collect(Collectors.toCollection(TreeSet::new)), first);
    assertTrue(Files.exists(dir.resolve("cache/rows.index")), "cache written under the prefix");

    // Rewrite the input with other ids: a run over the same prefix still sees the cached rows.
    TestData.write(dir.resolve("rows-0.tfrecord"), List.<Example>of(TestData.row(1000)));
    assertEquals(first, epochIds(prefix));
    assertEquals(new TreeSet<>(List.of(1000L, 15L, 16L, 17L, 18L, 19L, 20L, 21L, 22L, 23L, 24L, 25L,
        26L, 27L, 28L, 29L)), epochIds(dir.resolve("cache/other")), "a new prefix reads the input");
  }
}

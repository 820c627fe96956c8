package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.internal.cache.CacheFolder;
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

/**
 * A file cache in a folder given at run time: written in epoch 1, read by later epochs and by later
 * runs over the same data; a run over rewritten data has another key, and reads its input.
 */
class FileCacheTest {
  @TempDir Path dir;

  private TreeSet<Long> epochIds(Path folder) {
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineFileCachedRowsPipeline pipeline = FeedlineFileCachedRowsPipeline.builder()
            .files(dir.resolve("*.tfrecord").toString())
            .cacheFile(folder.toString())
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

  private List<String> completeKeys(Path folder) {
    return CacheFolder.list(folder).stream().filter(e -> e.state() == CacheFolder.State.COMPLETE)
        .map(CacheFolder.Entry::key).toList();
  }

  @Test
  void aLaterRunReadsTheCacheOfItsDataAndRewrittenDataIsReadAnew() throws IOException {
    TestData.writeRows(dir, 2, 15);
    Path folder = dir.resolve("cache/rows");

    TreeSet<Long> first = epochIds(folder);
    assertEquals(LongStream.range(0, 30).boxed().collect(Collectors.toCollection(TreeSet::new)), first);
    List<String> keys = completeKeys(folder);
    assertEquals(1, keys.size());
    assertTrue(Files.exists(folder.resolve(keys.get(0)).resolve("cache.index")),
        "TensorFlow's cache, in the folder of its key");
    assertEquals(first, epochIds(folder));
    assertEquals(keys, completeKeys(folder), "read, not written again");

    // Rewrite the input with other ids: the same folder holds a cache of the old data, unread.
    TestData.write(dir.resolve("rows-0.tfrecord"), List.<Example>of(TestData.row(1000)));
    assertEquals(new TreeSet<>(List.of(1000L, 15L, 16L, 17L, 18L, 19L, 20L, 21L, 22L, 23L, 24L, 25L,
        26L, 27L, 28L, 29L)), epochIds(folder), "the new data, not the cache of the old");
    assertEquals(2, completeKeys(folder).size());
  }
}

package dev.feedline.tests.chaos;

import dev.feedline.runtime.BuiltPipeline;
import dev.feedline.tests.pipelines.FeedlineChaosPipelines_FileCached;
import dev.feedline.tests.pipelines.FeedlineChaosPipelines_MemoryCached;
import dev.feedline.tests.pipelines.FeedlineChaosPipelines_Plain;
import dev.feedline.tests.pipelines.FeedlineChaosPipelines_Skipping;
import dev.feedline.tests.pipelines.FeedlineChaosPipelines_SkippingFileCached;
import dev.feedline.tests.pipelines.FeedlineChaosPipelines_SkippingMemoryCached;
import dev.feedline.tests.pipelines.Row;
import java.nio.file.Path;
import java.util.List;
import org.tensorflow.Graph;

/** The pipeline of a trial: one of {@code ChaosPipelines}, by cache and bad-record policy. */
enum Variant {
  PLAIN(Cache.NONE, false),
  MEMORY_CACHE(Cache.MEMORY, false),
  FILE_CACHE(Cache.FILES, false),
  SKIP(Cache.NONE, true),
  SKIP_MEMORY_CACHE(Cache.MEMORY, true),
  SKIP_FILE_CACHE(Cache.FILES, true);

  enum Cache { NONE, MEMORY, FILES }

  final Cache cache;
  final boolean skips;

  Variant(Cache cache, boolean skips) {
    this.cache = cache;
    this.skips = skips;
  }

  BuiltPipeline<Row, ?> build(Graph graph, List<String> files, Path cacheFolder) {
    String folder = cacheFolder.toString();
    return switch (this) {
      case PLAIN -> FeedlineChaosPipelines_Plain.builder().files(files).build(graph);
      case MEMORY_CACHE -> FeedlineChaosPipelines_MemoryCached.builder().files(files).build(graph);
      case FILE_CACHE -> FeedlineChaosPipelines_FileCached.builder().files(files)
          .cacheFile(folder).build(graph);
      case SKIP -> FeedlineChaosPipelines_Skipping.builder().files(files).build(graph);
      case SKIP_MEMORY_CACHE -> FeedlineChaosPipelines_SkippingMemoryCached.builder().files(files)
          .build(graph);
      case SKIP_FILE_CACHE -> FeedlineChaosPipelines_SkippingFileCached.builder().files(files)
          .cacheFile(folder).build(graph);
    };
  }
}

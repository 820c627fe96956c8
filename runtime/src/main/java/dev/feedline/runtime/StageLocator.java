package dev.feedline.runtime;

import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the stage a TensorFlow error comes from.
 *
 * <p>tf.data names the failing iterator by its path from the root, for example {@code
 * Iterator::Root::Prefetch::BatchV2::Shuffle::MemoryCacheImpl::ParallelMapV2}: one token per
 * dataset, downstream first. Walking the pipeline's stages upstream alongside the tokens finds the
 * stage behind the last token. Tokens for datasets TensorFlow inserts itself (an injected prefetch,
 * the autotune model) match no stage and are skipped.
 */
final class StageLocator {
  private static final Pattern ITERATOR_PATH = Pattern.compile("Iterator::((?:\\w+::)*\\w+)");

  private StageLocator() {}

  /** The stage named by {@code message}, or null when it names none. */
  static PipelineInfo.Stage locate(PipelineInfo pipeline, String message) {
    if (message == null) {
      return null;
    }
    Matcher path = ITERATOR_PATH.matcher(message);
    if (path.find()) {
      return alongPath(pipeline.stages(), path.group(1).split("::"));
    }
    if (message.contains("corrupted record") || message.contains("truncated record")
        || message.contains("No such file or directory")) {
      return first(pipeline.stages(), Set.of("Interleave"));
    }
    return null;
  }

  private static PipelineInfo.Stage alongPath(List<PipelineInfo.Stage> stages, String[] tokens) {
    int upstreamOf = stages.size();
    PipelineInfo.Stage found = null;
    for (String token : tokens) {
      for (Set<String> annotations : annotationsOf(token)) {
        for (int i = upstreamOf - 1; i >= 0; i--) {
          if (annotations.contains(stages.get(i).annotation())) {
            found = stages.get(i);
            upstreamOf = i;
            break;
          }
        }
      }
    }
    return found;
  }

  /** The stage annotations a dataset token can stand for, downstream first (fused ops stand for two). */
  private static List<Set<String>> annotationsOf(String token) {
    Set<String> maps = Set.of("Map", "Decode");
    if (token.startsWith("MapAndBatch")) {
      return List.of(Set.of("Batch"), maps);
    }
    if (token.startsWith("ShuffleAndRepeat")) {
      return List.of(Set.of("Repeat"), Set.of("Shuffle"));
    }
    if (token.contains("Interleave")) {
      return List.of(Set.of("Interleave"));
    }
    if (token.contains("Map")) {
      return List.of(maps);
    }
    if (token.contains("Filter")) {
      return List.of(Set.of("Filter"));
    }
    if (token.contains("Cache")) {
      return List.of(Set.of("Cache"));
    }
    if (token.startsWith("Shuffle")) {
      return List.of(Set.of("Shuffle"));
    }
    if (token.startsWith("PaddedBatch")) {
      return List.of(Set.of("PaddedBatch"));
    }
    if (token.startsWith("Batch")) {
      return List.of(Set.of("Batch"));
    }
    if (token.startsWith("Take") || token.startsWith("Skip") || token.startsWith("Shard")) {
      return List.of(Set.of(token.replaceAll("V\\d+$", "")));
    }
    if (token.contains("Repeat")) {
      return List.of(Set.of("Repeat"));
    }
    if (token.startsWith("Prefetch")) {
      return List.of(Set.of("Prefetch"));
    }
    if (token.startsWith("TensorSlice")) {
      return List.of(Set.of("TFRecordSource", "InMemorySource"));
    }
    return List.of(); // Root, Model, thread pools: inserted by TensorFlow
  }

  private static PipelineInfo.Stage first(List<PipelineInfo.Stage> stages, Set<String> annotations) {
    return stages.stream().filter(s -> annotations.contains(s.annotation())).findFirst().orElse(null);
  }
}

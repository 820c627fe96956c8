package dev.feedline.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the stage a TensorFlow error comes from.
 *
 * <p>tf.data names the failing iterator by its path from the root, for example {@code
 * Iterator::Root::Prefetch::BatchV2::Shuffle::MemoryCacheImpl::ParallelMapV2}: one token per
 * dataset, downstream first. Each stage knows the dataset ops the generated code built for it, so
 * walking the stages upstream alongside the tokens finds the stage behind the last token. Tokens
 * for datasets TensorFlow inserts itself (an injected prefetch, the autotune model) match no stage
 * and are skipped; a token of two fused datasets ({@code MapAndBatch}) stands for both.
 */
final class StageLocator {
  private static final Pattern ITERATOR_PATH = Pattern.compile("Iterator::((?:\\w+::)*\\w+)");
  /** What an iterator of a dataset op is called, around the op's own name. */
  private static final Pattern DECORATION = Pattern.compile(
      "^(?:Parallel|Finite|Forever|Memory|File|Legacy)+|(?:Dataset)?(?:V\\d+)?(?:Impl)?$");
  /** Joins the names of fused datasets: {@code MapAndBatch}, {@code ShuffleAndRepeat}. */
  private static final Pattern FUSED = Pattern.compile("And(?=[A-Z])");
  /** The errors of TFRecord reading: TensorFlow names a byte offset or a path, not the stage. */
  private static final List<String> RECORD_ERRORS = List.of(
      "corrupted record", "truncated record", "No such file or directory", "Permission denied");

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
    if (RECORD_ERRORS.stream().anyMatch(message::contains)) {
      return pipeline.stages().stream()
          .filter(s -> s.ops().stream().anyMatch(op -> base(op).equals("TFRecord")))
          .findFirst().orElse(null);
    }
    return null;
  }

  private static PipelineInfo.Stage alongPath(List<PipelineInfo.Stage> stages, String[] tokens) {
    int upstreamOf = stages.size();
    PipelineInfo.Stage found = null;
    for (String token : tokens) {
      for (String dataset : fusedDatasets(token)) {
        for (int i = upstreamOf - 1; i >= 0; i--) {
          if (builds(stages.get(i), dataset)) {
            found = stages.get(i);
            upstreamOf = i;
            break;
          }
        }
      }
    }
    return found;
  }

  /** Whether the stage's outermost op makes datasets whose iterators are called {@code base}. */
  private static boolean builds(PipelineInfo.Stage stage, String base) {
    return !stage.ops().isEmpty() && base(stage.ops().get(0)).equals(base);
  }

  /** The datasets an iterator token stands for, downstream first: two for a fused token. */
  private static List<String> fusedDatasets(String token) {
    String[] parts = FUSED.split(token);
    List<String> bases = new ArrayList<>();
    for (int i = parts.length - 1; i >= 0; i--) { // MapAndBatch: the batch is downstream
      bases.add(base(parts[i]));
    }
    return bases;
  }

  /**
   * An op type or iterator name without what tf.data adds around it: {@code ParallelMapDatasetV2},
   * {@code MapDataset} and the iterator {@code ParallelMapV2} are all {@code Map};
   * {@code MemoryCacheImpl} and {@code CacheDatasetV2} are {@code Cache}.
   */
  static String base(String name) {
    String base = name;
    for (String previous = null; !base.equals(previous); ) {
      previous = base;
      base = DECORATION.matcher(base).replaceAll("");
    }
    return base.isEmpty() ? name : base;
  }
}

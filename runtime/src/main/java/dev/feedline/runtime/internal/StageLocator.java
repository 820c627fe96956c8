package dev.feedline.runtime.internal;

import dev.feedline.runtime.PipelineInfo;
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
 *
 * <p>Some errors carry no iterator path: a map that tf.data fused with the batch after it reports
 * only the failing node, as {@code [[{{node DecodeJpeg}}]]}. The stage is then the one whose graph
 * function holds a node of that name: the generated code keys each stage's function by the stage
 * method's name, and TensorFlow names the function after its key, an underscore and a hash.
 */
final class StageLocator {
  /** The graph functions that hold a node: their names, as TensorFlow defined them. */
  @FunctionalInterface
  interface GraphFunctions {
    List<String> holding(String node);

    GraphFunctions NONE = node -> List.of();
  }

  private static final Pattern ITERATOR_PATH = Pattern.compile("Iterator::((?:\\w+::)*\\w+)");
  /** What an iterator of a dataset op is called, around the op's own name. */
  private static final Pattern DECORATION = Pattern.compile(
      "^(?:Parallel|Finite|Forever|Memory|File|Legacy)+|(?:Dataset)?(?:V\\d+)?(?:Impl)?$");
  /** Joins the names of fused datasets: {@code MapAndBatch}, {@code ShuffleAndRepeat}. */
  private static final Pattern FUSED = Pattern.compile("And(?=[A-Z])");
  /** The errors of TFRecord reading: TensorFlow names a byte offset or a path, not the stage. */
  private static final List<String> RECORD_ERRORS = List.of(
      "corrupted record", "truncated record", "No such file or directory", "Permission denied");
  /** The node TensorFlow says failed, innermost first. */
  private static final Pattern NODE = Pattern.compile("\\{\\{node ([^}]+)}}");

  private StageLocator() {}

  /** The stage named by {@code message}, or null when it names none. */
  static PipelineInfo.Stage locate(PipelineInfo pipeline, String message) {
    return locate(pipeline, message, GraphFunctions.NONE);
  }

  /**
   * The stage named by {@code message}, or null when it names none; {@code functions} tells which
   * graph functions hold the failing node when the message has no iterator path.
   */
  static PipelineInfo.Stage locate(PipelineInfo pipeline, String message,
      GraphFunctions functions) {
    if (message == null) {
      return null;
    }
    Matcher path = ITERATOR_PATH.matcher(message);
    if (path.find()) {
      return alongPath(pipeline.stages(), path.group(1).split("::"));
    }
    if (RECORD_ERRORS.stream().anyMatch(message::contains)) {
      return recordReader(pipeline.stages());
    }
    Matcher node = NODE.matcher(message);
    return node.find() ? byFunction(pipeline.stages(), functions.holding(node.group(1))) : null;
  }

  /** The stage that reads TFRecord files: the interleave whose function reads each file. */
  private static PipelineInfo.Stage recordReader(List<PipelineInfo.Stage> stages) {
    return stages.stream()
        .filter(s -> s.ops().stream().anyMatch(op -> base(op).equals("TFRecord")))
        .findFirst().orElse(null);
  }

  /** The one stage whose graph function is among {@code functions}; null for none or several. */
  private static PipelineInfo.Stage byFunction(List<PipelineInfo.Stage> stages,
      List<String> functions) {
    PipelineInfo.Stage found = null;
    for (String function : functions) {
      PipelineInfo.Stage owner = null;
      if (function.startsWith(DatasetOps.TFRECORD_READER + "_")) {
        owner = recordReader(stages); // the runtime's own function, whatever the stage is called
      } else {
        for (PipelineInfo.Stage stage : stages) { // the longest key: "parse_extra", not "parse"
          boolean keyed = function.startsWith(stage.method() + "_");
          if (keyed && (owner == null || stage.method().length() > owner.method().length())) {
            owner = stage;
          }
        }
      }
      if (owner != null && found != null && owner != found) {
        return null; // a node of that name in two stages' functions: either may have failed
      }
      found = owner == null ? found : owner;
    }
    return found;
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

package dev.feedline.runtime.internal;

import dev.feedline.runtime.Devices;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.PipelineInfo;
import dev.feedline.runtime.internal.cache.FileCaches;
import dev.feedline.runtime.internal.files.DataSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tensorflow.ConcreteFunction;
import org.tensorflow.Graph;
import org.tensorflow.proto.FunctionDef;

/**
 * Turns a TensorFlow error of a pipeline into a {@link FeedlineException} that names the pipeline
 * and, when they can be told, the stage, the file and the record: TensorFlow's messages often name
 * none of them.
 */
final class TensorFlowErrors {
  /**
   * The shape check generated code names after a map's output component; TensorFlow may number
   * the node when it makes the function.
   */
  private static final Pattern SHAPE_CHECK =
      Pattern.compile("\\{\\{node shape_of_(.+?)_checked(?:_\\d+)?}}");

  private final PipelineInfo pipeline;
  /** The graph the pipeline is built in, whose functions name a failing node's stage. */
  private final Graph graph;
  private final DataSource data;
  /** The file caches and snapshots, whose damaged sealed folder explains a failure first. */
  private final FileCaches fileCaches;

  /** @param graph the pipeline's graph; null when it is built eagerly */
  TensorFlowErrors(PipelineInfo pipeline, Graph graph, DataSource data, FileCaches fileCaches) {
    this.pipeline = pipeline;
    this.graph = graph;
    this.data = data;
    this.fileCaches = fileCaches;
  }

  /** The error to throw for {@code error}: a {@link FeedlineException} passes through as it is. */
  RuntimeException translate(RuntimeException error) {
    if (error instanceof FeedlineException) {
      return error;
    }
    String message = String.valueOf(error.getMessage()).strip();
    if (message.contains("Cannot assign a device for operation")) {
      return new FeedlineException(pipeline.simpleName(), null, null, "its device stages are placed"
          + " on " + Devices.GPU + ", which this session cannot use; create the session with"
          + " `new Session(graph, Devices.sessionConfig())`, whose soft placement runs them on the"
          + " CPU where there is no GPU (TensorFlow: " + message.lines().findFirst().orElse("")
          + ")", error);
    }
    Optional<FeedlineException> damagedCache = fileCaches.damage();
    if (damagedCache.isPresent()) {
      return damagedCache.get();
    }
    PipelineInfo.Stage stage = StageLocator.locate(pipeline, message, this::functionsHolding);
    String tensorFlowSays = message.lines().findFirst().orElse(message).strip();
    Matcher shapeCheck = SHAPE_CHECK.matcher(message);
    if (message.contains("is not compatible with expected shape") && shapeCheck.find()) {
      return new FeedlineException(pipeline.simpleName(), stage, null, "component '"
          + shapeCheck.group(1) + "' does not have the shape its record declares (TensorFlow: "
          + tensorFlowSays + ")", error);
    }
    Optional<UnknownTokens.Unknown> unknown = UnknownTokens.in(message);
    if (unknown.isPresent()) {
      return new FeedlineException(pipeline.simpleName(), stage, null, "token \""
          + unknown.get().token() + "\" is not in strict vocabulary '" + unknown.get().vocabulary()
          + "' (" + unknown.get().file() + "); add it to that file, fix the record that holds it,"
          + " or make the vocabulary lenient (strict = false, with oovBuckets)", error);
    }
    return data.explain(message)
        .map(culprit -> new FeedlineException(pipeline.simpleName(), stage, culprit.file(),
            culprit.problem() + " (TensorFlow: " + tensorFlowSays + ")", error))
        .orElseGet(() -> new FeedlineException(
            pipeline.simpleName(), stage, null, message, error));
  }

  /** The names of the graph's functions that hold a node named {@code node}. */
  private List<String> functionsHolding(String node) {
    if (graph == null) {
      return List.of();
    }
    List<String> names = new ArrayList<>();
    for (ConcreteFunction function : graph.getFunctions()) {
      try (function) {
        FunctionDef definition = function.getFunctionDef();
        if (definition.getNodeDefList().stream().anyMatch(n -> n.getName().equals(node))) {
          names.add(definition.getSignature().getName());
        }
      }
    }
    return names;
  }
}

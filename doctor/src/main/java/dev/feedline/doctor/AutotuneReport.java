package dev.feedline.doctor;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tensorflow.proto.data.model.Model.ModelProto;

/**
 * What tf.data's own autotune model says after a warm-up: each node's processing time per element
 * and the parallelism and buffer sizes it chose. Nodes upstream of a shuffle are missing from that
 * model (../shared/docs/tf-java-notes.md §3); {@link #missing} names the stages it leaves out.
 *
 * @param nodes the model's nodes from the root down; nodes of one name (an interleave's readers)
 *     summed
 * @param bottleneck the node with the most processing time per element and thread; null when none
 * @param missing host stages the model does not show
 * @param unavailable why there is no model, or null
 */
public record AutotuneReport(List<Node> nodes, Node bottleneck, List<String> missing,
    String unavailable) {

  /**
   * One node.
   *
   * @param name TensorFlow's name, such as {@code ParallelMapV2}
   * @param stage the pipeline stage it belongs to; null for nodes TensorFlow added
   * @param msPerElement its own processing time per element it produced
   * @param parallelism the parallelism autotune chose; null when the node has none
   * @param bufferSize the buffer autotune chose; null when the node has none
   * @param elements the elements it produced
   */
  public record Node(String name, String stage, double msPerElement, Double parallelism,
      Double bufferSize, long elements) {}

  static AutotuneReport unavailable(String why) {
    return new AutotuneReport(List.of(), null, List.of(), why);
  }

  /** Reads {@code model}, naming each node's stage from {@code links} (source first). */
  static AutotuneReport of(ModelProto model, List<StageChain.Link> links) {
    Map<String, Node> nodes = new LinkedHashMap<>();
    visit(model, model.getOutput(), nodes, new java.util.HashSet<>());
    List<Node> named = new ArrayList<>();
    List<String> found = new ArrayList<>();
    int at = links.size() - 1;
    for (Node node : nodes.values()) {
      String stage = null;
      for (int i = at; i >= 0; i--) {
        if (base(links.get(i).type()).equals(base(node.name()))) {
          stage = links.get(i).name();
          found.add(stage);
          at = i - 1;
          break;
        }
      }
      named.add(new Node(node.name(), stage, node.msPerElement(), node.parallelism(),
          node.bufferSize(), node.elements()));
    }
    List<String> missing = links.stream().map(StageChain.Link::name)
        .filter(name -> !found.contains(name)).toList();
    Node bottleneck = named.stream().filter(n -> n.elements() > 0)
        .max((a, b) -> Double.compare(perThread(a), perThread(b))).orElse(null);
    return new AutotuneReport(named, bottleneck, missing, null);
  }

  private static double perThread(Node node) {
    return node.msPerElement() / Math.max(1, node.parallelism() == null ? 1 : node.parallelism());
  }

  private static void visit(ModelProto model, long id, Map<String, Node> nodes,
      java.util.Set<Long> seen) {
    ModelProto.Node node = model.getNodesMap().get(id);
    if (node == null || !seen.add(id)) {
      return;
    }
    Double parallelism = null;
    Double buffer = null;
    for (ModelProto.Node.Parameter p : node.getParametersList()) {
      if (p.getName().equals("parallelism")) {
        parallelism = p.getValue();
      } else if (p.getName().equals("buffer_size")) {
        buffer = p.getValue();
      }
    }
    Node sum = nodes.get(node.getName());
    long elements = node.getNumElements() + (sum == null ? 0 : sum.elements());
    double time = node.getProcessingTime()
        + (sum == null ? 0 : sum.msPerElement() * 1e6 * Math.max(1, sum.elements()));
    nodes.put(node.getName(), new Node(node.getName(), null, time / Math.max(1, elements) / 1e6,
        parallelism, buffer, elements));
    for (long input : node.getInputsList()) {
      visit(model, input, nodes, seen);
    }
  }

  /** A dataset op type or model node name without "Dataset" and its version: "ParallelMap". */
  private static String base(String name) {
    return name.replace("Dataset", "").replaceAll("V\\d+$", "");
  }
}

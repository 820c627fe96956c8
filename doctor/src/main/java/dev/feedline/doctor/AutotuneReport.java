package dev.feedline.doctor;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
    Map<String, Sum> sums = new LinkedHashMap<>();
    visit(model, model.getOutput(), sums, new HashSet<>());
    List<Node> nodes = new ArrayList<>();
    List<String> found = new ArrayList<>();
    int at = links.size() - 1; // nodes run from the root down, links from the end up
    StageChain.Link last = null;
    for (Sum sum : sums.values()) {
      String stage = null;
      for (int i = at; i >= 0; i--) {
        if (base(links.get(i).type()).equals(base(sum.name))) {
          last = links.get(i);
          stage = last.name();
          found.add(stage);
          at = i - 1;
          break;
        }
      }
      if (stage == null && last != null && buildsBelow(last, sum.name)) {
        stage = last.name(); // a vectorized parse's map and batch, under its unbatch
      }
      nodes.add(new Node(sum.name, stage, sum.nanos / 1e6 / Math.max(1, sum.elements),
          sum.parallelism, sum.buffer, sum.elements));
    }
    List<String> missing = links.stream().map(StageChain.Link::name)
        .filter(name -> !found.contains(name)).toList();
    Node bottleneck = nodes.stream().filter(n -> n.elements() > 0)
        .max(Comparator.comparingDouble(AutotuneReport::perThread)).orElse(null);
    return new AutotuneReport(nodes, bottleneck, missing, null);
  }

  private static double perThread(Node node) {
    return node.msPerElement() / (node.parallelism() == null ? 1 : Math.max(1, node.parallelism()));
  }

  /** The nodes of one name, summed: an interleave has one reader node per file it reads. */
  private static final class Sum {
    final String name;
    long elements;
    long nanos;
    Double parallelism;
    Double buffer;

    Sum(String name) {
      this.name = name;
    }
  }

  private static void visit(ModelProto model, long id, Map<String, Sum> sums, Set<Long> seen) {
    ModelProto.Node node = model.getNodesMap().get(id);
    if (node == null || !seen.add(id)) {
      return;
    }
    Sum sum = sums.computeIfAbsent(node.getName(), Sum::new);
    sum.elements += node.getNumElements();
    sum.nanos += node.getProcessingTime();
    for (ModelProto.Node.Parameter p : node.getParametersList()) {
      if (p.getName().equals("parallelism")) {
        sum.parallelism = p.getValue();
      } else if (p.getName().equals("buffer_size")) {
        sum.buffer = p.getValue();
      }
    }
    for (long input : node.getInputsList()) {
      visit(model, input, sums, seen);
    }
  }

  /** Whether the stage's ops after its outermost one, which its link is, make the node. */
  private static boolean buildsBelow(StageChain.Link link, String node) {
    List<String> ops = link.stage().ops();
    return ops.subList(1, ops.size()).stream().anyMatch(op -> base(op).equals(base(node)));
  }

  /** A dataset op type or model node name without "Dataset" and its version: "ParallelMap". */
  private static String base(String name) {
    return name.replace("Dataset", "").replaceAll("V\\d+$", "");
  }
}

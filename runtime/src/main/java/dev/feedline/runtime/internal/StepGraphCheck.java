package dev.feedline.runtime.internal;

import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.PipelineInfo;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.tensorflow.Graph;
import org.tensorflow.GraphOperation;

/**
 * Fails the training steps of {@code steps(session, run -> ...)} whose lambda creates ops: it runs
 * on every step, so an op created inside it is created again at every step, the graph grows without
 * end, and every run first extends the session with the ops added since the last: the steps slow
 * down as the graph grows, and its memory is never freed.
 *
 * <p>The first step may add ops, once: a lambda that builds what it needs on its first call and
 * keeps it is not wrong. From the second step on, every op added to the pipeline's graph from one
 * step's end to the next's, by the lambda or by the loop around the steps, is an error naming the
 * ops, by type and name. The ops are counted after steps 1, 2 and
 * 3, then after steps 4, 8, 16 and every power of two, so that a long epoch pays for a logarithmic
 * number of counts: counting walks the whole graph.
 *
 * <p>It is an error, not a warning, because nothing in a growing graph is ever freed: a warning
 * logged once would be read after the run has slowed down, or run out of memory. Another thread
 * that adds ops to the same graph while the steps run would be reported too; build them before
 * the epoch, or in a graph of their own.
 */
final class StepGraphCheck {
  /** The ops named in the message, at most; the count by type covers every op. */
  private static final int NAMED = 5;

  private final PipelineInfo pipeline;
  private final Graph graph;
  private long ops;
  private long steps;
  /** The step after which {@link #ops} were counted; 0 before the first. */
  private long countedAt;

  private StepGraphCheck(PipelineInfo pipeline, Graph graph) {
    this.pipeline = pipeline;
    this.graph = graph;
    this.ops = count(graph);
  }

  /** A check of the steps about to run in {@code graph}; none where it is not a graph. */
  static StepGraphCheck of(PipelineInfo pipeline, Graph graph) {
    return graph == null ? null : new StepGraphCheck(pipeline, graph);
  }

  /**
   * After a step ran: counts the graph's ops, at the steps it counts at.
   *
   * @throws FeedlineException when a step after the first added ops, naming them
   */
  void afterStep() {
    long step = ++steps;
    if (step > 3 && Long.bitCount(step) != 1) {
      return;
    }
    long now = count(graph);
    if (step > 1 && now > ops) {
      throw grew(countedAt + 1, step, ops, now);
    }
    ops = now;
    countedAt = step;
  }

  private FeedlineException grew(long from, long to, long before, long after) {
    Map<String, Integer> byType = new TreeMap<>();
    StringBuilder named = new StringBuilder();
    Iterator<GraphOperation> all = graph.operations();
    for (long i = 0; all.hasNext(); i++) {
      GraphOperation op = all.next();
      if (i < before) {
        continue; // a graph's ops come in the order they were added
      }
      byType.merge(op.type(), 1, Integer::sum);
      if (i - before < NAMED) {
        named.append(named.length() == 0 ? "" : ", ").append(op.type()).append(" '")
            .append(op.name()).append("'");
      }
    }
    String types = byType.entrySet().stream().map(e -> e.getKey() + " x" + e.getValue())
        .collect(Collectors.joining(", "));
    long added = after - before;
    return new FeedlineException(pipeline.simpleName(), null, null, String.format(Locale.ROOT,
        "the graph grew by %d op%s in %s of steps(session, run -> ...) (%s; the first: %s%s):"
            + " the lambda runs on every step, so an op it creates is created again at every step"
            + " and the graph grows without end. Create the step's ops once, before steps(), and"
            + " let the lambda only add them to the runner: run -> run.addTarget(train).fetch(loss)"
            + ", or declare them as a TrainingStep.of(updates, loss) and pass it to steps(); the"
            + " loop around the steps should create none either",
        added, added == 1 ? "" : "s", from == to ? "step " + to : "steps " + from + " to " + to,
        types, named, added > NAMED ? ", ..." : ""), null);
  }

  private static long count(Graph graph) {
    long count = 0;
    for (Iterator<GraphOperation> all = graph.operations(); all.hasNext(); all.next()) {
      count++;
    }
    return count;
  }
}

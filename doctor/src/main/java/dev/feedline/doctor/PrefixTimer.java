package dev.feedline.doctor;

import dev.feedline.runtime.BuiltPipeline;
import dev.feedline.TFRecordSource;
import dev.feedline.runtime.internal.DatasetIterator;
import dev.feedline.runtime.PipelineInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.tensorflow.Graph;
import org.tensorflow.GraphOperation;
import org.tensorflow.Output;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.exceptions.TFOutOfRangeException;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.Scope;
import org.tensorflow.proto.DataType;
import org.tensorflow.types.TInt64;

/**
 * Times the elements of each stage prefix — the source; the source and the next stage; ... the
 * whole pipeline — one element at a time (docs/doctor.md, phase 1), in wall time and in the
 * process's CPU time over each element ({@link ProcessCpu}). Each prefix runs in a graph and
 * session of its own, so buffers of one never slow the next.
 */
final class PrefixTimer {
  private final Function<Graph, BuiltPipeline<?, ?>> pipeline;
  private final int examples;
  private final long budgetNanos;

  /**
   * @param examples the examples to time per prefix, at most
   * @param budgetSeconds the time one prefix may take, at most
   */
  PrefixTimer(Function<Graph, BuiltPipeline<?, ?>> pipeline, int examples, double budgetSeconds) {
    this.pipeline = pipeline;
    this.examples = examples;
    this.budgetNanos = (long) (budgetSeconds * 1e9);
  }

  /**
   * Passes over all prefixes. A busy machine makes a prefix's CPU time vary from one run to the
   * next (threads that spin while they wait, caches that others evict, the JVM's own threads), and
   * only ever upwards: each prefix keeps the cheapest of its passes. Every second pass runs the
   * prefixes backwards, so that the first prefixes, timed while the process is young, are timed
   * again when it is not.
   */
  static final int PASSES = 2;

  /**
   * Elements the fetch floor is timed on: enough for its CPU time, a few microseconds an element,
   * to span several of the JVM's 10 ms clock ticks.
   */
  static final int FLOOR_ELEMENTS = 4096;

  /** Every prefix's timing, and the timing loop's own. */
  record Timings(List<StageLatency> stages, FetchFloor floor) {}

  /**
   * Times the prefix of each of {@code links}, {@link #PASSES} times, and the loop alone at the
   * start of each pass; {@code progress} hears each pass and stage index as it starts.
   */
  Timings timeAll(List<StageChain.Link> links, Progress progress) {
    int stages = links.size();
    warmUp(stages);
    boolean[] batchedBefore = new boolean[stages];
    for (int k = 1; k < stages; k++) {
      batchedBefore[k] = batchedBefore[k - 1]
          || links.get(k - 1).stage().has(PipelineInfo.Trait.BATCHING);
    }
    StageLatency[] cheapest = new StageLatency[stages];
    FetchFloor floor = null;
    for (int pass = 0; pass < PASSES; pass++) {
      FetchFloor again = floor();
      if (floor == null || again.ms(ProcessCpu.available()) < floor.ms(ProcessCpu.available())) {
        floor = again;
      }
      for (int i = 0; i < stages; i++) {
        int k = pass % 2 == 0 ? i : stages - 1 - i;
        progress.timing(pass, k);
        StageLatency latency = time(k, batchedBefore[k]);
        if (cheapest[k] == null || cost(latency) < cost(cheapest[k])) {
          cheapest[k] = latency;
        }
      }
    }
    return new Timings(List.of(cheapest), floor);
  }

  /** Hears which pass and which stage's prefix is timed next. */
  interface Progress {
    void timing(int pass, int stage);
  }

  /** What the diagnosis ranks a prefix on: CPU time per element where measured, else wall time. */
  private static double cost(StageLatency latency) {
    return latency.cpuMeasured() ? latency.cpu().meanMs() : latency.latency().meanMs();
  }

  /**
   * Runs the prefixes up to the first whose elements are examples, unmeasured: the first run pays
   * TensorFlow's one-time start-up, and the JIT compiles the timing loop over a prefix's worth of
   * elements. Else its compiler threads' CPU time lands in the first prefixes timed, the more so
   * on a busy machine, where they get the cores later.
   */
  private void warmUp(int stages) {
    for (int k = 0; k < stages && time(k, false).examplesPerElement() == 0; k++) {
      // the source's elements were files; the next prefix hands out examples
    }
  }

  /** Times {@link #FLOOR_ELEMENTS} elements of a range: the loop's own cost an element. */
  private FetchFloor floor() {
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      Ops tf = Ops.create(graph).withSubScope("floor");
      GraphOperation range = (GraphOperation) tf.data.rangeDataset(tf.constant(0L),
          tf.constant(FLOOR_ELEMENTS + 1L), tf.constant(1L), List.of(TInt64.class),
          List.of(Shape.scalar())).op();
      Prefix prefix = iterateOver(graph, range, null);
      session.runner().addTarget(prefix.start()).run();
      Elements elements = fetchAll(session, prefix, new int[0], false, FLOOR_ELEMENTS);
      return new FetchFloor(LatencyStats.of(elements.nanos()),
          LatencyStats.of(elements.cpuNanos()));
    }
  }

  private StageLatency time(int index, boolean batchedBefore) {
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        BuiltPipeline<?, ?> built = pipeline.apply(graph)) {
      DatasetIterator iterator = built.iterator();
      StageChain.Link link = StageChain.find(iterator).get(index);
      Prefix prefix = iterateOver(graph, link.op(), options(iterator));
      DatasetIterator.GraphOps ops = iterator.graphOps();
      // The lookup tables a stage's function reads, which the pipeline's own epochs initialize.
      if (!iterator.setup().isEmpty()) {
        Session.Runner init = session.runner();
        iterator.setup().forEach(init::addTarget);
        init.run();
      }
      // A file cache or snapshot reads the folder of its key, or writes one of this run's.
      if (ops.park() != null) {
        iterator.feedingFolders(session.runner()).addTarget(ops.park()).run();
      }
      try (TInt64 epoch = TInt64.scalarOf(0)) {
        iterator.feedingFolders(session.runner().feed(ops.epoch(), epoch))
            .addTarget(prefix.start()).run();
      }
      boolean batched = batchedBefore || link.stage().has(PipelineInfo.Trait.BATCHING);
      boolean examplesOut = !link.stage().is(TFRecordSource.class); // its elements are files
      Elements elements =
          fetchAll(session, prefix, varying(prefix.shapes(), batched), batched, examples);
      return new StageLatency(link.stage(), link.position(), elements.firstNanos() / 1e6,
          LatencyStats.of(elements.nanos()), LatencyStats.of(elements.cpuNanos()),
          examplesOut ? elements.perElement() : 0, link.sequential(), elements.shapes());
    }
  }

  /**
   * What fetching a prefix's elements took.
   *
   * @param firstNanos the first element's wall time; -1 where there was none
   * @param nanos the elements after the first, in wall time
   * @param cpuNanos the same in the process's CPU time; empty where it is not reported
   * @param perElement examples in an element
   * @param shapes the {@code varying} components' shapes, each element's in order
   */
  private record Elements(long firstNanos, List<Long> nanos, List<Long> cpuNanos,
      double perElement, List<long[][]> shapes) {}

  /**
   * Fetches elements one at a time until {@code examples} examples, the end of the data or the
   * time budget.
   */
  private Elements fetchAll(Session session, Prefix prefix, int[] varying, boolean batched,
      int examples) {
    List<Long> nanos = new ArrayList<>();
    List<Long> cpuNanos = new ArrayList<>(); // the process's CPU time over each element
    List<long[][]> shapes = new ArrayList<>();
    long first = -1;
    double perElement = 1;
    long started = System.nanoTime();
    int limit = Integer.MAX_VALUE;
    // Read once per element, after it: each delta covers the element and the loop around it.
    long cpuMark = ProcessCpu.nanos();
    while (nanos.size() < limit && System.nanoTime() - started < budgetNanos) {
      long start = System.nanoTime();
      Shape shape;
      try (Result element = fetch(session, prefix.next())) {
        shape = element.get(0).shape();
        shapes.add(varying(element, varying));
      } catch (TFOutOfRangeException endOfData) {
        break;
      }
      long took = System.nanoTime() - start;
      long cpu = ProcessCpu.nanos();
      long cpuTook = cpu - cpuMark;
      cpuMark = cpu;
      if (first < 0) {
        first = took;
        perElement = batched && shape.numDimensions() > 0 ? shape.get(0) : 1;
        limit = (int) Math.ceil(examples / perElement);
      } else {
        nanos.add(took);
        if (ProcessCpu.available()) {
          cpuNanos.add(cpuTook);
        }
      }
    }
    return new Elements(first, nanos, cpuNanos, perElement, shapes);
  }

  /** The shapes of the components at {@code varying}, as fetched. */
  private static long[][] varying(Result element, int[] varying) {
    long[][] shapes = new long[varying.length][];
    for (int i = 0; i < varying.length; i++) {
      shapes[i] = element.get(varying[i]).shape().asArray();
    }
    return shapes;
  }

  private static Result fetch(Session session, List<Output<?>> next) {
    Session.Runner runner = session.runner();
    next.forEach(runner::fetch);
    return runner.run();
  }

  /** The tf.data options the pipeline's first epoch runs with, serialized. */
  private static byte[] options(DatasetIterator iterator) {
    GraphOperation end = (GraphOperation) iterator.graphOps().startFirstEpoch().input(0).op();
    return end.type().equals("OptionsDataset")
        ? end.attributes().getAttrValueProto("serialized_options").getS().toByteArray()
        : null;
  }

  /**
   * An iterator over one stage's dataset: the op that starts it, its next element, and its
   * components' static shapes.
   */
  private record Prefix(GraphOperation start, List<Output<?>> next, Shape[] shapes) {}

  /**
   * The components with a dimension of unknown length, a batch's own first one not counted:
   * the lengths that padding fills.
   */
  private static int[] varying(Shape[] shapes, boolean batched) {
    List<Integer> varying = new ArrayList<>();
    for (int i = 0; i < shapes.length; i++) {
      long[] dims = shapes[i].asArray();
      boolean unknown = dims == null;
      for (int d = batched ? 1 : 0; !unknown && d < dims.length; d++) {
        unknown = dims[d] < 0;
      }
      if (unknown) {
        varying.add(i);
      }
    }
    return varying.stream().mapToInt(Integer::intValue).toArray();
  }

  /** Adds an iterator over {@code dataset}, with the pipeline's options. */
  private static Prefix iterateOver(Graph graph, GraphOperation dataset, byte[] options) {
    // Source ops name the attribute Toutput_types; transformations, output_types.
    DataType[] types = dataset.attributes().getAttrTypeList(
        dataset.type().equals("TensorSliceDataset") ? "Toutput_types" : "output_types");
    Shape[] shapes = dataset.attributes().getAttrShapeList("output_shapes");
    Scope scope = Ops.create(graph).withSubScope("doctor").scope();
    Output<?> input = dataset.output(0);
    if (options != null) {
      input = graph.opBuilder("OptionsDataset", scope.makeOpName("options"), scope).addInput(input)
          .setAttr("serialized_options", options).setAttr("output_types", types)
          .setAttr("output_shapes", shapes).build().output(0);
    }
    GraphOperation iterator = graph.opBuilder("IteratorV2", scope.makeOpName("iterator"), scope)
        .setAttr("shared_name", "").setAttr("container", "")
        .setAttr("output_types", types).setAttr("output_shapes", shapes).build();
    GraphOperation start = graph.opBuilder("MakeIterator", scope.makeOpName("start"), scope)
        .addInput(input).addInput(iterator.output(0)).build();
    GraphOperation next = graph.opBuilder("IteratorGetNext", scope.makeOpName("next"), scope)
        .addInput(iterator.output(0))
        .setAttr("output_types", types).setAttr("output_shapes", shapes).build();
    List<Output<?>> outputs = new ArrayList<>();
    for (int i = 0; i < next.numOutputs(); i++) {
      outputs.add(next.output(i));
    }
    return new Prefix(start, outputs, shapes);
  }
}

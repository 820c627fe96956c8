package dev.feedline.doctor;

import dev.feedline.runtime.BuiltPipeline;
import dev.feedline.runtime.internal.DatasetIterator;
import dev.feedline.runtime.PipelineInfo;
import dev.feedline.runtime.EpochIterator;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.IntConsumer;
import org.tensorflow.Graph;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.exceptions.TensorFlowException;
import org.tensorflow.op.Ops;
import org.tensorflow.op.data.IteratorGetModelProto;
import org.tensorflow.proto.data.model.Model.ModelProto;
import org.tensorflow.types.TString;

/**
 * Runs whole epochs at full speed, with no model, to compare epoch 1 with epoch 2 (docs/doctor.md,
 * phase 3); reads tf.data's autotune model once epoch 1 has warmed up.
 */
final class EpochProbe {
  /** Elements of epoch 1 before the autotune model is read. */
  private static final int WARM_UP = 40;

  record Outcome(List<EpochStats> epochs, AutotuneReport autotune) {}

  private final Function<Graph, BuiltPipeline<?, ?>> pipeline;
  private final long doctorStart;

  EpochProbe(Function<Graph, BuiltPipeline<?, ?>> pipeline, long doctorStart) {
    this.pipeline = pipeline;
    this.doctorStart = doctorStart;
  }

  /** @param links the host stages, to name the autotune model's nodes with */
  Outcome run(int epochs, List<StageChain.Link> links, IntConsumer progress) {
    boolean batched = links.stream().anyMatch(l -> l.stage().has(PipelineInfo.Trait.BATCHING));
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        BuiltPipeline<?, ?> built = pipeline.apply(graph)) {
      DatasetIterator iterator = built.iterator();
      IteratorGetModelProto modelProto = IteratorGetModelProto.create(
          Ops.create(graph).withSubScope("doctor").scope(), iterator.graphOps().iterator());
      List<EpochStats> stats = new ArrayList<>();
      AutotuneReport autotune = null;
      for (int e = 1; e <= epochs; e++) {
        progress.accept(e);
        List<double[]> arrivals = new ArrayList<>(); // (seconds since the doctor started, examples)
        long start = System.nanoTime();
        long first = -1;
        long examples = 0;
        int elements = 0;
        try (EpochIterator<Result> epoch = iterator.epoch(session, r -> r)) {
          for (Result element : epoch) {
            if (first < 0) {
              first = System.nanoTime() - start;
            }
            long n = batched ? element.get(0).shape().get(0) : 1;
            examples += n;
            arrivals.add(new double[] {(System.nanoTime() - doctorStart) / 1e9, n});
            if (e == 1 && ++elements == WARM_UP) {
              autotune = readModel(session, modelProto, links);
            }
          }
          if (e == 1 && elements < WARM_UP) {
            autotune = readModel(session, modelProto, links); // a short epoch: all of it
          }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        stats.add(new EpochStats(e, examples, seconds, Math.max(first, 0) / 1e9,
            (start - doctorStart) / 1e9,
            windows(arrivals, (start - doctorStart) / 1e9)));
      }
      return new Outcome(stats, autotune);
    }
  }

  private static AutotuneReport readModel(Session session, IteratorGetModelProto op,
      List<StageChain.Link> links) {
    try (Result result = session.runner().fetch(op.modelProto()).run()) {
      byte[] bytes = ((TString) result.get(0)).asBytes().getObject();
      return AutotuneReport.of(ModelProto.parseFrom(bytes), links);
    } catch (TensorFlowException | com.google.protobuf.InvalidProtocolBufferException e) {
      return AutotuneReport.unavailable(String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
    }
  }

  /** Examples per second in consecutive windows from {@code from}. */
  private static List<double[]> windows(List<double[]> arrivals, double from) {
    List<double[]> windows = new ArrayList<>();
    double end = from + EpochStats.WINDOW_SECONDS;
    double count = 0;
    for (double[] arrival : arrivals) {
      while (arrival[0] > end) {
        windows.add(new double[] {end, count / EpochStats.WINDOW_SECONDS});
        count = 0;
        end += EpochStats.WINDOW_SECONDS;
      }
      count += arrival[1];
    }
    if (count > 0) {
      windows.add(new double[] {end, count / EpochStats.WINDOW_SECONDS});
    }
    return windows;
  }
}

package dev.feedline.doctor;

import dev.feedline.runtime.BuiltPipeline;
import dev.feedline.runtime.internal.DatasetIterator;
import dev.feedline.runtime.EpochIterator;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.IntConsumer;
import org.tensorflow.Graph;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.Tensor;
import org.tensorflow.op.Ops;

/**
 * A training loop over the pipeline: each step waits for the next batch, then runs the model on
 * it. The wait, over the whole step, is how input-bound the loop is; the first step of an epoch,
 * which waits for the iterator to start and its buffers to fill, is reported apart. After its steps, an epoch is
 * drained without the model, so that a cache is complete for the next one.
 */
final class TrainingLoop {
  private final Function<Graph, BuiltPipeline<?, ?>> pipeline;
  private final ModelStep.Factory model;

  TrainingLoop(Function<Graph, BuiltPipeline<?, ?>> pipeline, ModelStep.Factory model) {
    this.pipeline = pipeline;
    this.model = model;
  }

  List<InputWait> run(int epochs, int steps, IntConsumer progress) {
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        BuiltPipeline<?, ?> built = pipeline.apply(graph)) {
      DatasetIterator iterator = built.iterator();
      ModelStep step = model.build(Ops.create(graph), iterator.outputs());
      List<InputWait> waits = new ArrayList<>();
      for (int e = 1; e <= epochs; e++) {
        progress.accept(e);
        double firstWaitMs = 0;
        double waitMs = 0;
        double stepMs = 0;
        int done = 0;
        try (EpochIterator<Result> epoch = iterator.epoch(session, r -> r)) {
          while (true) {
            long start = System.nanoTime();
            if (!epoch.hasNext()) {
              break;
            }
            Result batch = epoch.next();
            if (done == steps) {
              continue; // drains the epoch
            }
            long fetched = System.nanoTime();
            List<Tensor> tensors = new ArrayList<>();
            for (int i = 0; i < batch.size(); i++) {
              tensors.add(batch.get(i));
            }
            step.run(session, tensors);
            long end = System.nanoTime();
            if (done++ == 0) {
              firstWaitMs = (fetched - start) / 1e6;
            } else {
              waitMs += (fetched - start) / 1e6;
              stepMs += (end - start) / 1e6;
            }
          }
        }
        waits.add(new InputWait(e, firstWaitMs, Math.max(0, done - 1), waitMs, stepMs));
      }
      return waits;
    }
  }
}

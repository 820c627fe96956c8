package dev.feedline.doctor;

import java.time.Duration;
import java.util.List;
import java.util.function.UnaryOperator;
import org.tensorflow.Output;
import org.tensorflow.Session;
import org.tensorflow.Tensor;
import org.tensorflow.op.Ops;

/** One training step on a batch the doctor has fetched from the pipeline. */
@FunctionalInterface
public interface ModelStep {
  /**
   * @param batch the batch's components, in the pipeline's order; the doctor closes them
   */
  void run(Session session, List<Tensor> batch);

  /** Builds the model in the doctor's graph, on the pipeline's outputs. */
  @FunctionalInterface
  interface Factory {
    /**
     * @param batch the pipeline's outputs, which the step's batch is fed into
     */
    ModelStep build(Ops tf, List<Output<?>> batch);
  }

  /**
   * A model in the graph: each step feeds the fetched batch into the pipeline's outputs and runs
   * what {@code step} adds to the runner.
   */
  static ModelStep feeding(List<Output<?>> outputs, UnaryOperator<Session.Runner> step) {
    return (session, batch) -> {
      Session.Runner runner = session.runner();
      for (int i = 0; i < outputs.size(); i++) {
        runner.feed(outputs.get(i), batch.get(i));
      }
      step.apply(runner).run().close();
    };
  }

  /**
   * A stand-in for a step on an accelerator: it takes {@code time} and leaves the CPU to the
   * pipeline, as a GPU computing the step would.
   */
  static Factory simulated(Duration time) {
    return (tf, outputs) -> (session, batch) -> {
      try {
        Thread.sleep(time.toMillis(), time.toNanosPart() % 1_000_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    };
  }
}

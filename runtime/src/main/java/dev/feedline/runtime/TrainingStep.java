package dev.feedline.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.tensorflow.Operand;
import org.tensorflow.Operation;
import org.tensorflow.Output;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.op.Op;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Gradients;
import org.tensorflow.op.core.Variable;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.family.TType;

/**
 * The targets and fetches of a training step, declared once, before the epochs, and run by
 * {@link BuiltPipeline#steps(Session, UnaryOperator)} at every step:
 *
 * <pre>{@code
 * TrainingStep step = TrainingStep.of(model.updates(), model.loss(), batch.label());
 * try (EpochIterator<Result> steps = pipeline.steps(session, step)) {
 *   for (Result result : steps) {
 *     float loss = step.get(result, model.loss()).getFloat();
 *   }
 * }
 * }</pre>
 *
 * <p>It holds ops only, so running it adds none to the graph: the mistake that {@code steps}
 * fails on, a lambda creating an op at every step, cannot happen. Its results are read by the
 * operand fetched rather than by position.
 */
public final class TrainingStep implements UnaryOperator<Session.Runner> {
  private final List<Op> targets;
  private final List<Output<?>> fetches;

  private TrainingStep(List<Op> targets, List<Output<?>> fetches) {
    this.targets = targets;
    this.fetches = fetches;
  }

  /**
   * A step that runs {@code targets} (the weights' updates) and fetches {@code fetches}, in
   * this order.
   */
  public static TrainingStep of(Iterable<? extends Op> targets, Operand<?>... fetches) {
    List<Op> all = new ArrayList<>();
    targets.forEach(all::add);
    return new TrainingStep(List.copyOf(all), outputs(List.of(), fetches));
  }

  /**
   * One plain gradient-descent step on every weight, at {@code learningRate}, fetching
   * {@code fetches}; {@code gradients} holds the weights' gradients in their order. No update
   * starts before every gradient is computed: the weights are ref variables, read when an op
   * runs, and the backward pass reads later layers' weights to reach the earlier ones, so an
   * update that ran first would mix old and new weights in one step (docs/training.md).
   */
  public static TrainingStep gradientDescent(Ops tf, List<Variable<TFloat32>> weights,
      Gradients gradients, float learningRate, Operand<?>... fetches) {
    List<Operation> computed = new ArrayList<>();
    for (int i = 0; i < weights.size(); i++) {
      computed.add(gradients.dy(i).op());
    }
    Ops afterGradients = tf.withControlDependencyOps(computed);
    Operand<TFloat32> rate = tf.constant(learningRate);
    List<Op> updates = new ArrayList<>();
    for (int i = 0; i < weights.size(); i++) {
      updates.add(afterGradients.train.applyGradientDescent(weights.get(i), rate,
          gradients.dy(i).expect(TFloat32.class)));
    }
    return of(updates, fetches);
  }

  /**
   * This step fetching {@code more} after its own fetches, such as a batch's inputs in one step
   * only: a step of its own, declared once too.
   */
  public TrainingStep fetching(Operand<?>... more) {
    return new TrainingStep(targets, outputs(fetches, more));
  }

  private static List<Output<?>> outputs(List<Output<?>> before, Operand<?>... more) {
    List<Output<?>> all = new ArrayList<>(before);
    for (Operand<?> fetch : more) {
      all.add(fetch.asOutput());
    }
    return List.copyOf(all);
  }

  /** Adds the step's targets and fetches to {@code runner}. */
  @Override
  public Session.Runner apply(Session.Runner runner) {
    targets.forEach(runner::addTarget);
    fetches.forEach(runner::fetch);
    return runner;
  }

  /**
   * The tensor that {@code fetch} gave in {@code result}, a result of this step; it belongs to
   * the result, which closes it.
   *
   * @throws IllegalArgumentException naming the fetches, when the step does not fetch it
   */
  public <T extends TType> T get(Result result, Operand<T> fetch) {
    int index = fetches.indexOf(fetch.asOutput());
    if (index < 0) {
      throw new IllegalArgumentException("The training step does not fetch "
          + fetch.asOutput().op().name() + "; it fetches " + fetches.stream()
              .map(output -> output.op().name()).collect(Collectors.joining(", "))
          + ". Add it with TrainingStep.of(targets, ...) or fetching(...)");
    }
    return fetch.type().cast(result.get(index));
  }
}

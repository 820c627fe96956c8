package dev.feedline.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.TrainingStep;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tensorflow.Graph;
import org.tensorflow.GraphOperation;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Variable;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;

/**
 * A {@link TrainingStep} declared once runs its targets and fetches at every step of an epoch,
 * adds no op to the graph, and reads its results by the operand fetched.
 */
class TrainingStepTest {
  /** 0 to 63 in batches of 4: 16 steps an epoch. */
  private static final int STEPS = 16;

  private static long ops(Graph graph) {
    long count = 0;
    for (Iterator<GraphOperation> all = graph.operations(); all.hasNext(); all.next()) {
      count++;
    }
    return count;
  }

  @Test
  void aStepDeclaredOnceRunsItsTargetsAndFetchesAtEveryStepWithoutGrowingTheGraph() {
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      DatasetIterator numbers = ShuffledNumbers.builder(graph, 4 * STEPS, 4, true).build();
      Ops tf = Ops.create(graph);
      @SuppressWarnings("unchecked")
      Operand<TInt64> batch = (Operand<TInt64>) numbers.outputs().get(0);
      // The "update": a running total of every number seen, as a weight's update would be.
      Variable<TInt64> total = tf.variable(tf.constant(0L));
      Operand<TInt64> batchSum = tf.reduceSum(batch, tf.constant(0));
      Operand<TInt64> size = tf.size(batch, TInt64.class);
      TrainingStep step = TrainingStep.of(List.of(tf.assignAdd(total, batchSum)), batchSum);
      TrainingStep first = step.fetching(size);
      long built = ops(graph);

      long fetchedSum = 0;
      long steps = 0;
      try (EpochIterator<Result> epoch = numbers.steps(session, step)) {
        for (Result result : epoch) {
          fetchedSum += step.get(result, batchSum).getLong();
          steps++;
        }
      }
      assertEquals(STEPS, steps);
      assertEquals(63 * 64 / 2, fetchedSum, "every number once, fetched");
      try (Result result = session.runner().fetch(total).run()) {
        assertEquals(63 * 64 / 2, ((TInt64) result.get(0)).getLong(), "the target ran every step");
      }
      // A second epoch with the step that fetches more: both fetches, in declared order. (The
      // epoch closes each result.)
      try (EpochIterator<Result> epoch = numbers.steps(session, first)) {
        Result result = epoch.next();
        assertEquals(4, first.get(result, size).getLong());
        assertEquals(2, result.size());
      }
      assertEquals(built, ops(graph), "running the steps added no op");

      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> {
        try (EpochIterator<Result> epoch = numbers.steps(session, step)) {
          step.get(epoch.next(), size);
        }
      });
      assertEquals("The training step does not fetch " + size.op().name() + "; it fetches "
          + batchSum.op().name() + ". Add it with TrainingStep.of(targets, ...) or fetching(...)",
          e.getMessage());
    }
  }

  /**
   * Two weights in a chain, y = w1 * w2, loss y squared: each gradient reads the other weight, so
   * an update that ran before the other's gradient would change it. After one step at rate 0.01
   * from w1 = 2, w2 = 3, the gradients 2 * 6 * 3 = 36 and 2 * 6 * 2 = 24 are both those of the
   * old weights.
   */
  @Test
  void gradientDescentUpdatesEveryWeightWithTheGradientsOfTheOldWeights() {
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      Ops tf = Ops.create(graph);
      Variable<TFloat32> w1 = tf.variable(tf.constant(2f));
      Variable<TFloat32> w2 = tf.variable(tf.constant(3f));
      Operand<TFloat32> loss = tf.math.square(tf.math.mul(w1, w2));
      List<Variable<TFloat32>> weights = List.of(w1, w2);
      TrainingStep step = TrainingStep.gradientDescent(tf, weights,
          tf.gradients(loss, weights), 0.01f, loss);
      Operand<TFloat32> reset1 = tf.assign(w1, tf.constant(2f));
      Operand<TFloat32> reset2 = tf.assign(w2, tf.constant(3f));
      for (int run = 0; run < 20; run++) { // the race, where there is one, shows now and then
        session.runner().addTarget(reset1).addTarget(reset2).run();
        try (Result result = step.apply(session.runner()).run()) {
          assertEquals(36f, step.get(result, loss).getFloat(), "the loss of the old weights");
        }
        try (Result result = session.runner().fetch(w1).fetch(w2).run()) {
          assertEquals(2f - 0.36f, ((TFloat32) result.get(0)).getFloat(), 1e-6f);
          assertEquals(3f - 0.24f, ((TFloat32) result.get(1)).getFloat(), 1e-6f);
        }
      }
    }
  }
}

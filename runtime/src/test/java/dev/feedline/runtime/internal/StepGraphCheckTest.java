package dev.feedline.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.FeedlineException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.GraphOperation;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TInt64;

/**
 * {@code steps(session, run -> ...)} runs its lambda on every step: a lambda that creates an op
 * grows the graph at every step. A step after the first that adds ops fails the epoch naming them;
 * a lambda that only names ops built before, or builds its ops once on its first call, runs every
 * step.
 */
class StepGraphCheckTest {
  /** 64 numbers in batches of 4: 16 steps an epoch. */
  private static final int STEPS = 16;

  @TempDir Path dir;

  private static DatasetIterator numbers(Graph graph) {
    return ShuffledNumbers.builder(graph, 4 * STEPS, 4, true).build();
  }

  private static long ops(Graph graph) {
    long count = 0;
    for (Iterator<GraphOperation> all = graph.operations(); all.hasNext(); all.next()) {
      count++;
    }
    return count;
  }

  /** Runs every step of the epoch; returns how many ran. */
  private static long run(EpochIterator<Result> epoch) {
    long steps = 0;
    for (Result ignored : epoch) {
      steps++;
    }
    return steps;
  }

  @Test
  void aStepThatCreatesAnOpEveryTimeFailsAtTheSecondStepNamingTheOps() {
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      DatasetIterator numbers = numbers(graph);
      Ops tf = Ops.create(graph);
      @SuppressWarnings("unchecked")
      Operand<TInt64> batch = (Operand<TInt64>) numbers.outputs().get(0);
      AtomicInteger ran = new AtomicInteger();
      long before = ops(graph);
      FeedlineException error;
      try (EpochIterator<Result> epoch = numbers.steps(session, run -> {
        ran.incrementAndGet();
        // The mistake: a new Sum (and its axis, a Const) at every step.
        return run.fetch(tf.reduceSum(batch, tf.constant(0)));
      })) {
        error = assertThrows(FeedlineException.class, () -> run(epoch));
        assertTrue(!epoch.hasNext(), "the epoch has ended");
      }
      assertEquals(2, ran.get(), "it stopped at the second step");
      assertEquals(before + 4, ops(graph), "2 ops a step, 2 steps");
      assertTrue(error.getMessage().matches(Pattern.quote("Pipeline Numbers: the graph grew by 2"
          + " ops in step 2 of steps(session, run -> ...) (Const x1, Sum x1; the first:"
          + " Const '") + "Const(_\\d+)?', Sum 'ReduceSum(_\\d+)?'" + Pattern.quote("): the lambda runs on"
          + " every step, so an op it creates is created again at every step and the graph grows"
          + " without end. Create the step's ops once, before steps(), and let the lambda only add"
          + " them to the runner: run -> run.addTarget(train).fetch(loss), or declare them as a"
          + " TrainingStep.of(updates, loss) and pass it to steps(); the loop around the steps"
          + " should create none either")), error.getMessage());
      numbers.release();
    }
  }

  @Test
  void aStepWhoseOpsWereBuiltBeforeOrOnItsFirstCallRunsEveryStepAndCheckpoints() {
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      DatasetIterator numbers = numbers(graph);
      Ops tf = Ops.create(graph);
      @SuppressWarnings("unchecked")
      Operand<TInt64> batch = (Operand<TInt64>) numbers.outputs().get(0);
      Operand<TInt64> sum = tf.reduceSum(batch, tf.constant(0));
      List<Long> expected = new ArrayList<>();
      try (EpochIterator<Result> epoch = numbers.steps(session, run -> run.fetch(sum))) {
        for (Result result : epoch) {
          expected.add(((TInt64) result.get(0)).getLong());
          numbers.checkpoint(session, dir.resolve("numbers.ckpt")); // checkpoints add no op
        }
      }
      assertEquals(STEPS, expected.size());
      assertEquals(63L * 64 / 2, expected.stream().mapToLong(Long::longValue).sum());

      long before = ops(graph);
      List<Operand<TInt64>> lazy = new ArrayList<>();
      try (EpochIterator<Result> epoch = numbers.steps(session, run -> {
        if (lazy.isEmpty()) {
          lazy.add(tf.math.mul(tf.reduceSum(batch, tf.constant(0)), tf.constant(2L)));
        }
        return run.fetch(lazy.get(0));
      })) {
        assertEquals(STEPS, run(epoch), "built once, on the first step: every step ran");
      }
      assertEquals(before + 4, ops(graph), "a Sum, a Mul and their two constants, once");
      numbers.release();
    }
  }

  @Test
  void anOpAddedAtALaterStepIsFoundAtTheNextCountAndNamed() {
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      DatasetIterator numbers = numbers(graph);
      Ops tf = Ops.create(graph);
      @SuppressWarnings("unchecked")
      Operand<TInt64> batch = (Operand<TInt64>) numbers.outputs().get(0);
      Operand<TInt64> sum = tf.reduceSum(batch, tf.constant(0));
      AtomicInteger ran = new AtomicInteger();
      FeedlineException error;
      try (EpochIterator<Result> epoch = numbers.steps(session, run -> {
        if (ran.incrementAndGet() == 6) {
          return run.fetch(tf.withName("logged").identity(sum)); // once, at step 6
        }
        return run.fetch(sum);
      })) {
        error = assertThrows(FeedlineException.class, () -> run(epoch));
      }
      assertEquals(8, ran.get(), "counted after steps 1, 2, 3, 4, then 8");
      assertTrue(error.getMessage().startsWith("Pipeline Numbers: the graph grew by 1 op in"
          + " steps 5 to 8 of steps(session, run -> ...) (Identity x1; the first: Identity"
          + " 'logged'):"), error.getMessage());
      numbers.release();
    }
  }

  @Test
  void anOpCreatedInTheLoopAroundTheStepsIsFoundToo() {
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      DatasetIterator numbers = numbers(graph);
      Ops tf = Ops.create(graph);
      @SuppressWarnings("unchecked")
      Operand<TInt64> batch = (Operand<TInt64>) numbers.outputs().get(0);
      Operand<TInt64> sum = tf.reduceSum(batch, tf.constant(0));
      int seen = 0;
      FeedlineException error = null;
      try (EpochIterator<Result> epoch = numbers.steps(session, run -> run.fetch(sum))) {
        while (epoch.hasNext()) {
          epoch.next();
          seen++;
          tf.withName("loop_" + seen).math.neg(sum); // the mistake, in the loop this time
        }
      } catch (FeedlineException e) {
        error = e;
      }
      assertEquals(1, seen, "the op of the loop's first pass is found when step 2 ends");
      assertTrue(error != null && error.getMessage().contains("grew by 1 op in step 2 of"
          + " steps(session, run -> ...) (Neg x1; the first: Neg 'loop_1')"), String.valueOf(error));
      numbers.release();
    }
  }

  @Test
  void theStepsOfAResumedEpochAreCheckedToo() {
    Path checkpoint = dir.resolve("numbers.ckpt");
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      DatasetIterator numbers = numbers(graph);
      Ops tf = Ops.create(graph);
      @SuppressWarnings("unchecked")
      Operand<TInt64> batch = (Operand<TInt64>) numbers.outputs().get(0);
      try (EpochIterator<Result> epoch = numbers.epoch(session, result -> result)) {
        epoch.next();
        numbers.checkpoint(session, checkpoint);
      }
      AtomicInteger ran = new AtomicInteger();
      try (EpochIterator<Result> rest = numbers.resumeSteps(session, checkpoint, run -> {
        ran.incrementAndGet();
        return run.fetch(tf.math.neg(batch));
      })) {
        FeedlineException error = assertThrows(FeedlineException.class, () -> run(rest));
        assertTrue(error.getMessage().contains("grew by 1 op in step 2 of"), error.getMessage());
      }
      assertEquals(2, ran.get());
      numbers.release();
    }
  }
}

package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Map;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.Shuffle;
import dev.feedline.StageGroup;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;

/**
 * A train and an eval pipeline over the same rows from shared groups: eval reads, totals and
 * batches; train shuffles and augments in between; a third replaces the inherited total.
 */
public final class SharedRowsPipelines {
  private SharedRowsPipelines() {}

  /** Rows of two files read in turns, each with the sum of its values: a group that extends one. */
  @StageGroup
  public interface Reading extends RowFiles {
    @Map(parallel = AUTO)
    static Totals total(Ops tf, Row row) {
      return new Totals(row.id(), row.label(), tf.reduceSum(row.values(), tf.constant(0)));
    }
  }

  /** A seeded shuffle, then half a unit added to every total: the training-only stages. */
  @StageGroup
  public interface Augmenting {
    @Shuffle(buffer = 100, seed = 7)
    Totals shuffle(Totals totals);

    @Map(parallel = AUTO)
    static Totals augment(Ops tf, Totals totals) {
      return new Totals(totals.id(), totals.label(), tf.math.add(totals.total(), tf.constant(0.5f)));
    }
  }

  /** Batches of 8, prefetched. */
  @StageGroup
  public interface Batching {
    @Batch(size = 8)
    Totals batch(Totals totals);

    @Prefetch(AUTO)
    Totals prefetch(Totals batch);
  }

  /** The rows in file order, unshuffled. */
  @Pipeline
  public interface Eval extends Reading, Batching {}

  /** The same rows shuffled and augmented. */
  @Pipeline
  public interface Train extends Reading, Augmenting, Batching {}

  /** {@link Eval} with its total replaced by the negated sum, in the inherited total's place. */
  @Pipeline
  public interface Negated extends Eval {
    @Map(parallel = AUTO)
    static Totals total(Ops tf, Row row) {
      return new Totals(row.id(), row.label(), tf.math.neg(tf.reduceSum(row.values(), tf.constant(0))));
    }
  }
}

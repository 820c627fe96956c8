package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Cache;
import dev.feedline.Map;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.Serving;
import dev.feedline.Shuffle;
import dev.feedline.StageGroup;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TFloat32;

/**
 * One chain of per-element stages, served and trained: {@link Trained} shuffles and batches it,
 * {@link InOrder} hands out its elements one by one; {@code ServingParityTest} compares both with
 * the serving function of {@link Trained}.
 */
public interface ServingPipelines {
  /** TFRecord rows, parsed, then two maps whose float values a second implementation would miss. */
  @StageGroup
  interface Stages extends RowFiles {
    /** Square roots, logarithms and a division: values that depend on every op's rounding. */
    @Map(parallel = AUTO)
    static Served features(Ops tf, Row row) {
      Operand<TFloat32> v = row.values();
      Operand<TFloat32> f = tf.math.add(tf.math.mul(tf.math.sqrt(v), tf.constant(1.37f)),
          tf.math.div(tf.math.log1p(v), tf.constant(3.1f)));
      return new Served(row.id(), f, tf.constant(0f));
    }

    /** Divides by the element's own norm: per element, so it belongs to the serving function. */
    @Map(parallel = AUTO)
    static Served normalize(Ops tf, Served in) {
      Operand<TFloat32> norm = tf.math.sqrt(tf.math.add(
          tf.reduceSum(tf.math.square(in.features()), tf.constant(0)), tf.constant(1e-6f)));
      return new Served(in.id(), tf.math.div(in.features(), norm), norm);
    }
  }

  @Serving
  @Pipeline
  interface Trained extends Stages {
    @Cache
    Served cache(Served served);

    @Shuffle(buffer = 1000, seed = 5)
    Served shuffle(Served served);

    @Batch(size = 64)
    Served batch(Served served);

    @Prefetch(AUTO)
    Served prefetch(Served batch);
  }

  @Pipeline
  interface InOrder extends Stages {
    @Prefetch(AUTO)
    Served prefetch(Served served);
  }
}

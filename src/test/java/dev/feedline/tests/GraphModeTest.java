package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.feedline.runtime.EpochIterator;
import dev.feedline.tests.pipelines.FeedlineRowsPipeline;
import dev.feedline.tests.pipelines.Totals;
import dev.feedline.tests.support.TestData;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;

/** A model in the same graph consumes the pipeline's typed outputs, with no copy through Java. */
class GraphModeTest {
  @TempDir Path dir;

  @Test
  void aGraphComputationConsumesEveryBatchOnceForEpochAfterEpoch() throws IOException {
    TestData.writeRows(dir, 2, 25);
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineRowsPipeline pipeline =
            FeedlineRowsPipeline.builder().files(dir.resolve("*.tfrecord").toString()).build(graph)) {
      Ops tf = Ops.create(graph);
      Totals batch = pipeline.output();
      // A stand-in model: per batch, the sum of totals and the sum of ids.
      Operand<TFloat32> totalSum = tf.reduceSum(batch.total(), tf.constant(0));
      Operand<TInt64> idSum = tf.reduceSum(batch.id(), tf.constant(0));

      for (int epoch = 0; epoch < 2; epoch++) {
        double totals = 0;
        long ids = 0;
        long steps = 0;
        try (EpochIterator<Result> results =
            pipeline.steps(session, runner -> runner.fetch(totalSum).fetch(idSum))) {
          for (Result result : results) {
            totals += ((TFloat32) result.get(0)).getFloat();
            ids += ((TInt64) result.get(1)).getLong();
            steps++;
          }
          assertEquals(steps, results.count());
        }
        long expectedIds = 49 * 50 / 2;
        assertEquals(7, steps, "ceil(50 / 8) batches");
        assertEquals(expectedIds, ids, "every id once");
        assertEquals(6.0 * expectedIds, totals, 1e-2, "every total once");
      }
    }
  }
}

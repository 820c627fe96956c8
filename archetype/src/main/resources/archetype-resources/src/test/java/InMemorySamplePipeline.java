package ${package};

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.InMemorySource;
import dev.feedline.Map;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;

/**
 * {@link SamplePipeline}'s preprocessing over samples that a test gives as tensors
 * ({@code builder().data(...)}) instead of files.
 */
@Pipeline
public interface InMemorySamplePipeline {
  @InMemorySource
  Sample samples();

  @Map(parallel = AUTO)
  static Sample scale(Ops tf, Sample sample) {
    return SamplePipeline.scale(tf, sample);
  }

  @Batch(size = 2)
  Sample batch(Sample sample);

  @Prefetch(AUTO)
  Sample prefetch(Sample batch);
}

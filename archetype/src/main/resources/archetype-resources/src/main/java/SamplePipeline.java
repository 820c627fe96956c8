package ${package};

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Cache;
import dev.feedline.Decode;
import dev.feedline.Interleave;
import dev.feedline.Map;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.Shuffle;
import dev.feedline.TFRecordSource;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TString;

/**
 * The input pipeline: its methods, in this order, are its stages. The annotation processor checks
 * them while javac runs and generates {@code FeedlineSamplePipeline} beside this interface. The
 * cache and the shuffle buffer are checked against {@code ramBudget}, the memory they may take.
 */
@Pipeline(ramBudget = "2GiB")
public interface SamplePipeline {
  /** The largest value a measurement takes: {@link Main} writes values in [0, MAX_VALUE). */
  float MAX_VALUE = 10f;

  /**
   * The TFRecord files, named or globbed at run time: {@code builder().files(...)}. The counts are
   * hints for the processor's memory checks of the cache and the shuffle buffer: give your data's.
   */
  @TFRecordSource(files = 2, records = 100)
  Operand<TString> files();

  @Interleave(cycleLength = 2, parallel = AUTO)
  Operand<TString> read(Operand<TString> file);

  @Decode(parallel = AUTO)
  Sample parse(Operand<TString> record);

  /** Scales the measurements into [0, 1): TensorFlow graph code, run once per sample. */
  @Map(parallel = AUTO)
  static Sample scale(Ops tf, Sample sample) {
    return new Sample(tf.math.div(sample.features(), tf.constant(MAX_VALUE)), sample.label());
  }

  @Cache
  Sample cache(Sample sample);

  @Shuffle(buffer = 1000)
  Sample shuffle(Sample sample);

  @Batch(size = 8)
  Sample batch(Sample sample);

  @Prefetch(AUTO)
  Sample prefetch(Sample batch);
}

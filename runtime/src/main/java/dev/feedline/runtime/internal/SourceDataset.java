package dev.feedline.runtime.internal;

import org.tensorflow.Operand;
import org.tensorflow.proto.data.DatasetOptions;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.family.TType;

/**
 * A pipeline read by another ({@code @Mix}, {@code @Zip}, {@code @Concatenate}): its generated
 * builder's {@code asSource(tf)} checks and resolves its data as {@code build(graph)} does, and
 * returns this, which adds its dataset ops where the reading pipeline builds its own.
 */
@FunctionalInterface
public interface SourceDataset {
  /**
   * Adds the pipeline's dataset ops, every stage of them, in the graph it was resolved for.
   *
   * @param epoch the reading pipeline's epoch number, which seeds the pipeline's shuffles
   * @param options the tf.data options of the reading pipeline's epochs
   */
  Operand<? extends TType> dataset(Operand<TInt64> epoch, DatasetOptions.Options options);
}

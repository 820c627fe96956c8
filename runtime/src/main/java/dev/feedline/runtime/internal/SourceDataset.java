package dev.feedline.runtime.internal;

import dev.feedline.runtime.internal.files.DataSource;
import org.tensorflow.Operand;
import org.tensorflow.proto.data.DatasetOptions;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.family.TType;

/**
 * A pipeline read by another ({@code @Mix}, {@code @Zip}, {@code @Concatenate}, {@code @Choose}):
 * its generated builder's {@code asSource(tf)} checks and resolves its data as {@code build(graph)}
 * does, and returns this, which adds its dataset ops where the reading pipeline builds its own,
 * and hands the reading pipeline what it reads ({@link #data}), to be checked with the reading
 * pipeline's own epochs and recorded in its checkpoints.
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

  /** What the pipeline reads: none of it for data held in the graph. */
  default DataSource data() {
    return DataSource.inMemory();
  }

  /** The pipeline whose dataset ops {@code dataset} adds, reading {@code data}. */
  static SourceDataset reading(DataSource data, SourceDataset dataset) {
    return new SourceDataset() {
      @Override
      public Operand<? extends TType> dataset(Operand<TInt64> epoch,
          DatasetOptions.Options options) {
        return dataset.dataset(epoch, options);
      }

      @Override
      public DataSource data() {
        return data;
      }
    };
  }
}

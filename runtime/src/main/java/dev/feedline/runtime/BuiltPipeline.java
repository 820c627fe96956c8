package dev.feedline.runtime;

/**
 * A generated pipeline, built into a graph. Training code uses the generated class's own methods;
 * tools that examine any pipeline, such as the doctor, use this.
 */
public interface BuiltPipeline extends AutoCloseable {
  /** The iterator behind the pipeline: its stages, its epochs and its graph ops. */
  DatasetIterator iterator();

  /** Frees the dataset and its cache in the session that ran its epochs. */
  @Override
  void close();
}

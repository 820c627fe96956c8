package dev.feedline.benchmarks.images;

import java.util.function.Consumer;
import org.tensorflow.types.TFloat32;

/**
 * One way of loading the photo data set as batches of 224×224 RGB images in [0, 1]: the unit the
 * benchmark compares. The loader owns the tensors it hands out; they are valid during the call.
 */
interface Loader extends AutoCloseable {
  /** Runs one epoch, handing each batch of images to {@code batches} before fetching the next. */
  void epoch(Consumer<TFloat32> batches);

  @Override
  void close();
}

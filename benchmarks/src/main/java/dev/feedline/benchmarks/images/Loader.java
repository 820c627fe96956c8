package dev.feedline.benchmarks.images;

import java.util.function.Consumer;
import org.tensorflow.Tensor;

/**
 * One way of loading the photo data set as batches of 224×224 RGB images, 8-bit pixels as the
 * example hands them to its model ({@code [n, 224, 224, 3]} uint8; float32 in [0, 1] from the
 * one candidate that caches them so): the unit the benchmark compares. The loader owns the tensors
 * it hands out; they are valid during the call.
 */
interface Loader extends AutoCloseable {
  /** Runs one epoch, handing each batch of images to {@code batches} before fetching the next. */
  void epoch(Consumer<Tensor> batches);

  @Override
  void close();
}

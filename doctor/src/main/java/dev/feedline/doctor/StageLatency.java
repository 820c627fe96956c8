package dev.feedline.doctor;

import dev.feedline.runtime.PipelineInfo;

/**
 * How fast the pipeline's prefix up to one stage hands out its elements.
 *
 * @param info the stage, as the generated pipeline describes it
 * @param position its number in the pipeline, from 1
 * @param firstMs the wait for the first element: iterator start-up, buffers filling
 * @param latency the elements after the first
 * @param examplesPerElement examples in one element: the batch size after a batch; 0 where the
 *     elements are not examples (a TFRecord source's file segments)
 * @param sequential whether the stage itself runs one element at a time
 */
public record StageLatency(PipelineInfo.Stage info, int position, double firstMs,
    LatencyStats latency, double examplesPerElement, boolean sequential) {

  /** The stage's method name. */
  public String stage() {
    return info.method();
  }

  /** Its annotation's simple name. */
  public String annotation() {
    return info.annotationName();
  }

  /** Milliseconds per example of the whole prefix; NaN where elements are not examples. */
  public double msPerExample() {
    return examplesPerElement > 0 ? latency.meanMs() / examplesPerElement : Double.NaN;
  }
}

package dev.feedline.doctor;

import dev.feedline.runtime.PipelineInfo;
import java.util.List;

/**
 * How fast the pipeline's prefix up to one stage hands out its elements.
 *
 * @param info the stage, as the generated pipeline describes it
 * @param position its number in the pipeline, from 1
 * @param firstMs the wait for the first element: iterator start-up, buffers filling
 * @param latency the elements after the first, in wall time
 * @param cpu the same elements in the process's CPU time, all its threads together, over each
 *     element's wall time: what the prefix's stages cost, which other processes taking the cores
 *     do not change; empty (a count of 0) where the JVM does not report it
 * @param examplesPerElement examples in one element: the batch size after a batch; 0 where the
 *     elements are not examples (a TFRecord source's file segments)
 * @param sequential whether the stage itself runs one element at a time
 * @param shapes the shapes of the timed elements' components that vary in length (a batch's
 *     first dimension not counted), each element's in order: what padding costs, in positions
 */
public record StageLatency(PipelineInfo.Stage info, int position, double firstMs,
    LatencyStats latency, LatencyStats cpu, double examplesPerElement, boolean sequential,
    List<long[][]> shapes) {

  public StageLatency {
    shapes = List.copyOf(shapes);
  }

  /** Without the shapes: a prefix whose elements' lengths were not kept. */
  public StageLatency(PipelineInfo.Stage info, int position, double firstMs, LatencyStats latency,
      LatencyStats cpu, double examplesPerElement, boolean sequential) {
    this(info, position, firstMs, latency, cpu, examplesPerElement, sequential, List.of());
  }

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

  /** Whether the process's CPU time was measured. */
  public boolean cpuMeasured() {
    return cpu.count() > 0;
  }

  /**
   * CPU milliseconds per example of the whole prefix; NaN where elements are not examples or the
   * CPU time was not measured.
   */
  public double cpuMsPerExample() {
    return examplesPerElement > 0 && cpuMeasured() ? cpu.meanMs() / examplesPerElement
        : Double.NaN;
  }
}

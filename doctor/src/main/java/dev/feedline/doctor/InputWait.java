package dev.feedline.doctor;

/**
 * The share of a training loop's step time spent waiting for the next batch, in one epoch.
 *
 * @param epoch the epoch, from 1
 * @param firstWaitMs the first step's wait: the iterator starting and its buffers filling, which
 *     the share leaves out
 * @param steps the steps measured after the first
 * @param waitMs their total wait for a batch
 * @param stepMs their total time, wait included
 */
public record InputWait(int epoch, double firstWaitMs, int steps, double waitMs, double stepMs) {
  /**
   * At or above this share a loop is MODERATELY input-bound, and HIGHLY at or above
   * {@link #HIGHLY}: TensorFlow profiler's thresholds (5% and 20%, in
   * {@code op_stats_to_input_pipeline_analysis.cc}).
   */
  public static final double MODERATELY = 0.05;

  public static final double HIGHLY = 0.20;

  /** How input-bound a loop is. */
  public enum Bound { NOT, MODERATELY, HIGHLY }

  public double fraction() {
    return stepMs > 0 ? waitMs / stepMs : 0;
  }

  public Bound bound() {
    double f = fraction();
    return f >= HIGHLY ? Bound.HIGHLY : f >= MODERATELY ? Bound.MODERATELY : Bound.NOT;
  }
}

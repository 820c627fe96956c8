package dev.feedline.doctor;

import java.util.List;

/**
 * One epoch at full speed, with no model: how long it took and its throughput over time.
 *
 * @param number the epoch, from 1
 * @param examples the examples it handed out
 * @param seconds its duration
 * @param firstSeconds the wait for its first element: the iterator starting and buffers filling
 * @param startSeconds when it started, in seconds since the doctor did
 * @param throughput examples per second in windows of {@link #WINDOW_SECONDS}: (seconds since the
 *     doctor started, examples/s)
 */
public record EpochStats(int number, long examples, double seconds, double firstSeconds,
    double startSeconds, List<double[]> throughput) {
  public static final double WINDOW_SECONDS = 0.5;

  public double examplesPerSecond() {
    return examples / seconds;
  }

  /** The epoch after its first element: what epochs compare, free of start-up stalls. */
  public double streamingSeconds() {
    return Math.max(seconds - firstSeconds, 1e-6);
  }
}

package dev.feedline.doctor;

/**
 * What the timing loop itself costs an element: an iterator over a dataset that does no work,
 * fetched one element at a time as every prefix is. Each prefix's time holds it once; the first
 * prefix whose elements are examples has no earlier prefix to take it away, so the diagnosis
 * takes it away instead.
 *
 * @param latency the elements after the first, in wall time
 * @param cpu the same elements in the process's CPU time
 */
public record FetchFloor(LatencyStats latency, LatencyStats cpu) {

  /** No floor: the first stage keeps its whole prefix's time. */
  public static final FetchFloor NONE = new FetchFloor(LatencyStats.of(java.util.List.of()),
      LatencyStats.of(java.util.List.of()));

  /** Milliseconds an element, in CPU time or in wall time. */
  public double ms(boolean onCpuTime) {
    return onCpuTime ? cpu.meanMs() : latency.meanMs();
  }
}

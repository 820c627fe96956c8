package dev.feedline.doctor;

import java.util.Arrays;
import java.util.List;

/**
 * The distribution of per-element latencies, in milliseconds, and its shape: uniform slowness
 * points at per-element work, spiky slowness at I/O or buffer refills (docs/doctor.md, "What it
 * measures").
 */
public record LatencyStats(int count, double meanMs, double medianMs, double p90Ms, double p99Ms,
    double maxMs) {

  /** p99 at or above this multiple of the median makes the distribution spiky. */
  public static final double SPIKY_P99_OVER_MEDIAN = 5;

  public static LatencyStats of(List<Long> nanos) {
    if (nanos.isEmpty()) {
      return new LatencyStats(0, 0, 0, 0, 0, 0);
    }
    double[] ms = nanos.stream().mapToDouble(n -> n / 1e6).sorted().toArray();
    return new LatencyStats(ms.length, Arrays.stream(ms).average().orElse(0), quantile(ms, 0.5),
        quantile(ms, 0.9), quantile(ms, 0.99), ms[ms.length - 1]);
  }

  /** Nearest-rank quantile of sorted values. */
  private static double quantile(double[] sorted, double q) {
    int rank = (int) Math.ceil(q * sorted.length);
    return sorted[Math.max(0, Math.min(sorted.length, rank) - 1)];
  }

  /** Whether a few elements take far longer than the typical one. */
  public boolean spiky() {
    return count > 0 && p99Ms >= SPIKY_P99_OVER_MEDIAN * Math.max(medianMs, 0.01);
  }

  public String shape() {
    return spiky() ? "spiky" : "uniform";
  }
}

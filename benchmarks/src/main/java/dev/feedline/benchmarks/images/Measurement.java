package dev.feedline.benchmarks.images;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What one {@link VariantRun} measured, read back from its {@code RESULT} line.
 *
 * @param rates images/s of each epoch
 * @param waits per epoch, the fraction of the training loop's time spent waiting for a batch;
 *     empty without a model step
 * @param firstBatchSeconds from the start of building the loader to its first batch
 * @param cpuUtilization process CPU time over wall time and cores
 * @param peakRssMib the run's peak resident memory
 * @param epochRssMib resident memory at the end of each epoch
 * @param epochCpuSeconds the process's CPU time in each epoch
 * @param epochKernelSeconds the part of it spent in the kernel ({@code CpuTimes})
 * @param epochFreshPages the pages the kernel backed on their first touch in each epoch (minor
 *     faults): memory the process had not used before
 * @param allocator who allocated the large tensors ({@code TensorAllocator.Kind})
 */
record Measurement(Variant variant, int cores, long images, double[] rates, double[] waits,
    double firstBatchSeconds, double cpuUtilization, double peakRssMib, double wallSeconds,
    double[] epochRssMib, double[] epochCpuSeconds, double[] epochKernelSeconds,
    double[] epochFreshPages, String allocator) {

  static Measurement parse(String line, int cores) {
    Map<String, String> values = new HashMap<>();
    for (String pair : line.substring("RESULT ".length()).split(" ")) {
      int eq = pair.indexOf('=');
      values.put(pair.substring(0, eq), pair.substring(eq + 1));
    }
    return new Measurement(Variant.of(values.get("variant")), cores,
        Long.parseLong(values.get("images")), numbers(values.get("rates")),
        numbers(values.get("waits")), Double.parseDouble(values.get("first_batch_s")),
        Double.parseDouble(values.get("cpu_utilization")),
        Double.parseDouble(values.get("peak_rss_mib")), Double.parseDouble(values.get("wall_s")),
        numbers(values.getOrDefault("rss_mib", "")), numbers(values.getOrDefault("cpu_s", "")),
        numbers(values.getOrDefault("sys_s", "")), numbers(values.getOrDefault("faults", "")),
        values.getOrDefault("allocator", "unknown"));
  }

  private static double[] numbers(String list) {
    return list.isEmpty() ? new double[0]
        : Arrays.stream(list.split(",")).mapToDouble(Double::parseDouble).toArray();
  }

  double firstEpoch() {
    return rates[0];
  }

  /**
   * CPU milliseconds per image in epoch 1: the work done, which load from other processes changes
   * far less than it changes images/s. NaN when the run did not report it.
   */
  double firstEpochCpuMsPerImage() {
    return epochCpuSeconds.length == 0 ? Double.NaN : 1000 * epochCpuSeconds[0] / images;
  }

  /**
   * Of {@link #firstEpochCpuMsPerImage}, the kernel's milliseconds per image: most of it backing the
   * memory a cache fills on its first touch. NaN when the run did not report it.
   */
  double firstEpochKernelMsPerImage() {
    return epochKernelSeconds.length == 0 ? Double.NaN : 1000 * epochKernelSeconds[0] / images;
  }

  /** Mean images/s of the epochs after the first. */
  double laterEpochs() {
    return Arrays.stream(rates, 1, rates.length).average().orElse(Double.NaN);
  }

  /** Images/s of epoch 2, the first over the filled cache; NaN without one. */
  double epochTwo() {
    return rates.length > 1 ? rates[1] : Double.NaN;
  }

  /** Mean images/s of the epochs after the second: the cached epochs' steady state. */
  double afterEpochTwo() {
    return Arrays.stream(rates, Math.min(2, rates.length), rates.length).average()
        .orElse(Double.NaN);
  }

  /** Pages epoch 2 touched first ({@code epochFreshPages}); NaN when the run did not count. */
  double epochTwoFreshPages() {
    return epochFreshPages.length > 1 ? epochFreshPages[1] : Double.NaN;
  }

  /** Images/s over every epoch: all images over the time of all epochs. */
  double overall() {
    return rates.length / Arrays.stream(rates).map(r -> 1 / r).sum();
  }

  /**
   * The steady state's fraction of time waiting for input: the median over the epochs after the
   * second. The first two are apart: epoch 1 decodes, and epoch 2 starts with the one-time stall
   * of replacing the iterator that ran TensorFlow's autotune model (docs/performance.md).
   */
  double steadyWait() {
    return median(Arrays.stream(waits, Math.min(2, waits.length), waits.length).boxed().toList());
  }

  static double median(List<Double> values) {
    if (values.isEmpty()) {
      return Double.NaN;
    }
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}

package dev.feedline.benchmarks.limit;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What one {@link LimitRun} measured, read back from its {@code RESULT} line.
 *
 * @param cores the cores it ran on
 * @param rows rows an epoch
 * @param buildSeconds from the start of the build to its end
 * @param rates rows/s of each epoch; the first fills the cache
 * @param cpuSeconds the process's CPU time in each epoch
 * @param jitSeconds the CPU time of the JIT's compiler threads in each epoch, part of
 *     {@code cpuSeconds}
 * @param kernelSeconds the part of {@code cpuSeconds} spent in the kernel in each epoch
 */
record LimitResult(Variant variant, int cores, long rows, double buildSeconds, double[] rates,
    double[] cpuSeconds, double[] jitSeconds, double[] kernelSeconds) {

  static LimitResult parse(String line, int cores) {
    Map<String, String> values = new HashMap<>();
    for (String pair : line.substring("RESULT ".length()).strip().split(" ")) {
      int eq = pair.indexOf('=');
      values.put(pair.substring(0, eq), pair.substring(eq + 1));
    }
    return new LimitResult(Variant.of(values.get("variant")), cores,
        Long.parseLong(values.get("rows")), Double.parseDouble(values.get("build_s")),
        numbers(values.get("rates")), numbers(values.get("cpu_s")), numbers(values.get("jit_s")),
        numbers(values.get("sys_s")));
  }

  private static double[] numbers(String list) {
    return Arrays.stream(list.split(",")).mapToDouble(Double::parseDouble).toArray();
  }

  double firstEpoch() {
    return rates[0];
  }

  /** Rows/s over the epochs after the first: all their rows over all their time. */
  double cachedEpochs() {
    double seconds = Arrays.stream(rates, 1, rates.length).map(r -> rows / r).sum();
    return (rates.length - 1) * rows / seconds;
  }

  /** CPU microseconds a row over the epochs after the first. */
  double cachedCpuMicros() {
    return 1e6 * Arrays.stream(cpuSeconds, 1, cpuSeconds.length).sum()
        / (rows * (cpuSeconds.length - 1));
  }

  /**
   * The same less the JIT's compiling in those epochs: a fresh JVM is still compiling the code
   * that starts later epochs in epochs 2 and 3, and more of it on the generated side.
   */
  double cachedCpuMicrosWithoutJit() {
    return cachedCpuMicros() - 1e6 * Arrays.stream(jitSeconds, 1, jitSeconds.length).sum()
        / (rows * (jitSeconds.length - 1));
  }

  /** CPU microseconds a row in epoch 1: the work, which load from others changes far less. */
  double firstEpochCpuMicros() {
    return 1e6 * cpuSeconds[0] / rows;
  }

  /**
   * The same less the JIT's compiling: a fresh JVM compiles each side's Java code once, in the
   * first seconds, whatever the epoch's length, so this is the work that grows with the rows.
   */
  double firstEpochCpuMicrosWithoutJit() {
    return 1e6 * (cpuSeconds[0] - jitSeconds[0]) / rows;
  }

  /** Kernel microseconds a row in epoch 1: most of it the first touch of the memory it fills. */
  double firstEpochKernelMicros() {
    return 1e6 * kernelSeconds[0] / rows;
  }

  /**
   * The pipeline's own work a row in epoch 1: its CPU less the JIT's compiling and less the
   * kernel's time, which a virtual machine's backing of fresh memory moves by a factor of several
   * from one run to the next ({@code CpuTimes}).
   */
  double firstEpochUserMicrosWithoutJit() {
    return firstEpochCpuMicrosWithoutJit() - firstEpochKernelMicros();
  }

  static double median(List<Double> values) {
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int n = sorted.length;
    if (n == 0) {
      return Double.NaN;
    }
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}

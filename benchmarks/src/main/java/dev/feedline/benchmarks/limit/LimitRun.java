package dev.feedline.benchmarks.limit;

import dev.feedline.benchmarks.CpuTimes;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * One measured run of one {@link Variant}, in a JVM of its own so that its CPU time is its own,
 * and on the cores {@code taskset} gives it: {@code LimitRun VARIANT DIR ROWS EPOCHS}. Prints
 * {@code RESULT variant=... build_s=... rates=... cpu_s=...}: the seconds from the start of the
 * build to its end (the generated pipelines check every file then), and per epoch rows/s, CPU
 * seconds, those of the JIT's compiler threads, which a fresh JVM pays once for each side's Java
 * code and which short epochs would otherwise count as work a row, and those spent in the kernel,
 * most of it backing the memory the cache fills ({@link CpuTimes}).
 */
public final class LimitRun {
  private LimitRun() {}

  public static void main(String[] args) {
    Variant variant = Variant.of(args[0]);
    Path dir = Path.of(args[1]);
    long rows = Long.parseLong(args[2]);
    int epochs = Integer.parseInt(args[3]);
    var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    List<Double> rates = new ArrayList<>();
    List<Double> cpu = new ArrayList<>();
    List<Double> jit = new ArrayList<>();
    List<Double> kernel = new ArrayList<>();
    long start = System.nanoTime();
    double build;
    try (RowSource source = variant.open(dir, rows)) {
      build = (System.nanoTime() - start) / 1e9;
      for (int epoch = 0; epoch < epochs; epoch++) {
        long epochStart = System.nanoTime();
        long epochCpu = os.getProcessCpuTime();
        double epochJit = CpuTimes.compilerSeconds();
        double epochKernel = CpuTimes.kernelSeconds();
        long seen = source.epoch();
        double seconds = (System.nanoTime() - epochStart) / 1e9;
        if (seen != rows) {
          throw new IllegalStateException(variant.id + " read " + seen + " of " + rows
              + " rows in epoch " + (epoch + 1));
        }
        rates.add(seen / seconds);
        cpu.add((os.getProcessCpuTime() - epochCpu) / 1e9);
        jit.add(CpuTimes.compilerSeconds() - epochJit);
        kernel.add(CpuTimes.kernelSeconds() - epochKernel);
      }
    }
    System.out.printf(Locale.ROOT,
        "RESULT variant=%s rows=%d cores=%d build_s=%.3f rates=%s cpu_s=%s jit_s=%s sys_s=%s%n",
        variant.id, rows, Runtime.getRuntime().availableProcessors(), build, join(rates),
        join(cpu), join(jit), join(kernel));
  }

  private static String join(List<Double> values) {
    return values.stream().map(v -> String.format(Locale.ROOT, "%.4f", v))
        .collect(Collectors.joining(","));
  }
}

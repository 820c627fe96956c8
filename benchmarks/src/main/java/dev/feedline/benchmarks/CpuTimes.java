package dev.feedline.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Two parts of this process's CPU time that are not the pipeline's own work, from Linux's
 * {@code /proc}: the kernel's and the JIT compiler threads'. Filling a cache touches memory no
 * process touched before, and a virtual machine backs each page on its first touch: on these
 * machines the same 2 GiB cost 0.3 to 4.3 s of kernel time from one run to the next, which made an
 * epoch 1 that fills a cache an outlier at random; and a fresh JVM compiles each side's Java in
 * the first seconds, more of it on the generated side (docs/performance.md, Fresh memory). The
 * benchmarks report both beside the process's CPU time, so that a ratio of the work a row can
 * leave them out.
 */
public final class CpuTimes {
  /** Linux reports these times in clock ticks of 1/100 s to every process (USER_HZ). */
  private static final double TICKS_PER_SECOND = 100;

  private CpuTimes() {}

  /** Seconds of kernel time this process has used so far; NaN where {@code /proc} has none. */
  public static double kernelSeconds() {
    Path stat = Path.of("/proc/self/stat");
    if (!Files.isReadable(stat)) {
      return Double.NaN;
    }
    try {
      return parse(Files.readString(stat));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Minor page faults of this process so far: pages the kernel backed on their first touch, from
   * {@code /proc/self/stat}'s 10th field; -1 where {@code /proc} has none. An epoch that allocates
   * memory no earlier epoch used shows it here.
   */
  public static long minorFaults() {
    Path stat = Path.of("/proc/self/stat");
    if (!Files.isReadable(stat)) {
      return -1;
    }
    try {
      return field(Files.readString(stat), 10);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The kernel time of one {@code /proc/<pid>/stat} line: its 15th field, {@code stime}, counted
   * after the command's name, which is in parentheses and may hold spaces and parentheses itself.
   */
  static double parse(String stat) {
    return field(stat, 15) / TICKS_PER_SECOND;
  }

  /**
   * The CPU time, user and kernel, that the JIT's compiler threads of this process have used so
   * far; NaN where {@code /proc} has none. The JIT's own clock ({@code CompilationMXBean}) counts
   * the time its compilations took, not their CPU, and it showed no difference where these
   * threads' CPU did (docs/performance.md, Fresh memory). A compiler thread that has exited takes
   * its time with it, so this can only undercount.
   */
  public static double compilerSeconds() {
    Path tasks = Path.of("/proc/self/task");
    if (!Files.isDirectory(tasks)) {
      return Double.NaN;
    }
    long ticks = 0;
    try (var threads = Files.list(tasks)) {
      for (Path thread : (Iterable<Path>) threads::iterator) {
        try {
          ticks += compilerTicks(Files.readString(thread.resolve("stat")));
        } catch (IOException exited) {
          // ended between the listing and the read: its time is gone with it
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return ticks / TICKS_PER_SECOND;
  }

  /** A thread's user and kernel ticks if its name is a JIT compiler thread's, else 0. */
  static long compilerTicks(String stat) {
    String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    return name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre")
        ? field(stat, 14) + field(stat, 15) : 0;
  }

  /** Field {@code n} (from 1) of a stat line, counted after the name in parentheses. */
  private static long field(String stat, int n) {
    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).strip().split(" ");
    // Field 3 (the state) is the first after the name.
    return Long.parseLong(fields[n - 3]);
  }
}

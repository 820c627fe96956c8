package dev.feedline.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The CPU time this process has spent in the kernel, from Linux's {@code /proc/self/stat}: the part
 * of its CPU time that is not the pipeline's own work. Filling a cache touches memory no process
 * touched before, and a virtual machine backs each such page on its first touch: measured on these
 * machines, the same 2 GiB cost 0.3 to 4.3 s of kernel time from one run to the next
 * (docs/performance.md, Fresh memory), which is what makes an epoch 1 that fills a cache an
 * outlier at random. The benchmarks report it beside the process's CPU time, so that a ratio of
 * the work a row can leave it out.
 */
public final class KernelTime {
  /** Linux reports these times in clock ticks of 1/100 s to every process (USER_HZ). */
  private static final double TICKS_PER_SECOND = 100;

  private KernelTime() {}

  /** Seconds of kernel time this process has used so far; NaN where {@code /proc} has none. */
  public static double seconds() {
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
   * The kernel time of one {@code /proc/<pid>/stat} line: its 15th field, {@code stime}, counted
   * after the command's name, which is in parentheses and may hold spaces and parentheses itself.
   */
  static double parse(String stat) {
    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).strip().split(" ");
    // Field 3 of the line (the state) is the first after the name; stime is field 15.
    return Long.parseLong(fields[15 - 3]) / TICKS_PER_SECOND;
  }
}

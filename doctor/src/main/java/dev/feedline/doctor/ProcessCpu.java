package dev.feedline.doctor;

import java.lang.management.ManagementFactory;

/**
 * The CPU time this process has used, all its threads together: TensorFlow's own, which run
 * tf.data's stages and are no Java threads (a {@code ThreadMXBean} does not see them), as well as
 * the JVM's. Another process that takes the cores slows a stage's wall time, not its CPU time, so
 * the doctor decides what a stage costs on this.
 *
 * <p>On Linux the JVM reads it from {@code times(2)}: it counts in clock ticks of 10 ms. The doctor
 * reads it per element and adds the deltas up over a prefix's elements, hundreds of milliseconds
 * for any stage that costs enough to matter.
 */
final class ProcessCpu {
  /** The clock tick the JVM counts process CPU time in on Linux. */
  static final double RESOLUTION_MS = 10;

  private static final com.sun.management.OperatingSystemMXBean OS = bean();

  private ProcessCpu() {}

  private static com.sun.management.OperatingSystemMXBean bean() {
    return ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os && os.getProcessCpuTime() >= 0
        ? os : null;
  }

  /** Whether this JVM reports its process CPU time. */
  static boolean available() {
    return OS != null;
  }

  /** The process's CPU time so far, in nanoseconds; -1 where it is not {@link #available}. */
  static long nanos() {
    return OS == null ? -1 : OS.getProcessCpuTime();
  }
}

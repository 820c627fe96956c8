package dev.feedline.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Reading the kernel's share of this process's CPU time from Linux's /proc. */
class KernelTimeTest {
  @Test
  void theKernelTimeIsTheFifteenthFieldInTicksOfAHundredth() {
    // pid, name, state, ppid ... utime (14th) 250, stime (15th) 37
    String line = "4242 (java) S 1 4242 4242 0 -1 4194560 9 0 0 0 250 37 0 0 20 0 31 0 1 2 3";
    assertEquals(0.37, KernelTime.parse(line), 1e-12);
  }

  @Test
  void aCommandNameWithSpacesAndParenthesesDoesNotShiftTheFields() {
    String line = "7 (tf (data) x) R 1 7 7 0 -1 0 0 0 0 0 12 5 0 0 20 0 1 0 1 2 3";
    assertEquals(0.05, KernelTime.parse(line), 1e-12);
  }

  @Test
  void thisProcessesKernelTimeIsPartOfItsCpuTime() {
    double kernel = KernelTime.seconds();
    if (Double.isNaN(kernel)) {
      return; // not Linux: nothing to read
    }
    var os = (com.sun.management.OperatingSystemMXBean)
        java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    double cpu = os.getProcessCpuTime() / 1e9;
    // A wrong field (a page count, a start time in ticks) is far outside [0, CPU + one tick].
    assertTrue(kernel >= 0 && kernel <= cpu + 0.01, kernel + " s in the kernel of " + cpu + " s");
  }
}

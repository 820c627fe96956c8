package dev.feedline.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Reading the kernel's and the JIT's shares of this process's CPU time from Linux's /proc. */
class CpuTimesTest {
  @Test
  void theKernelTimeIsTheFifteenthFieldInTicksOfAHundredth() {
    // pid, name, state, ppid ... utime (14th) 250, stime (15th) 37
    String line = "4242 (java) S 1 4242 4242 0 -1 4194560 9 0 0 0 250 37 0 0 20 0 31 0 1 2 3";
    assertEquals(0.37, CpuTimes.parse(line), 1e-12);
  }

  @Test
  void aCommandNameWithSpacesAndParenthesesDoesNotShiftTheFields() {
    String line = "7 (tf (data) x) R 1 7 7 0 -1 0 0 0 0 0 12 5 0 0 20 0 1 0 1 2 3";
    assertEquals(0.05, CpuTimes.parse(line), 1e-12);
  }

  @Test
  void thisProcessesKernelTimeIsPartOfItsCpuTime() {
    double kernel = CpuTimes.kernelSeconds();
    if (Double.isNaN(kernel)) {
      return; // not Linux: nothing to read
    }
    double cpu = processCpuSeconds();
    // A wrong field (a page count, a start time in ticks) is far outside [0, CPU + one tick].
    assertTrue(kernel >= 0 && kernel <= cpu + 0.01, kernel + " s in the kernel of " + cpu + " s");
  }

  @Test
  void onlyTheJitsCompilerThreadsCountAsItsTime() {
    assertEquals(40 + 7, CpuTimes.compilerTicks(
        "9 (C2 CompilerThre) S 1 9 9 0 -1 0 0 0 0 0 40 7 0 0 20 0 1 0 1 2 3"));
    assertEquals(3, CpuTimes.compilerTicks(
        "10 (C1 CompilerThre) S 1 9 9 0 -1 0 0 0 0 0 2 1 0 0 20 0 1 0 1 2 3"));
    assertEquals(0, CpuTimes.compilerTicks(
        "11 (java) S 1 9 9 0 -1 0 0 0 0 0 500 90 0 0 20 0 1 0 1 2 3"), "a TensorFlow thread");
  }

  @Test
  void theCompilerThreadsTimeIsPartOfThisProcessesCpuTime() {
    double jit = CpuTimes.compilerSeconds();
    if (Double.isNaN(jit)) {
      return; // not Linux: nothing to read
    }
    double cpu = processCpuSeconds();
    // Compiler threads may have exited with their time, so 0 is possible; more than the process's
    // CPU is not.
    assertTrue(jit >= 0 && jit <= cpu + 0.01, jit + " s of the JIT's of " + cpu + " s");
  }

  private static double processCpuSeconds() {
    var os = (com.sun.management.OperatingSystemMXBean)
        java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    return os.getProcessCpuTime() / 1e9;
  }
}

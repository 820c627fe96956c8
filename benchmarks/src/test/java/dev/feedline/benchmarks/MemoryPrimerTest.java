package dev.feedline.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/** How much the primer touches before a run, and that it runs. */
class MemoryPrimerTest {
  @Test
  void theLargestRunSoFarDecidesTheSizeAndItNeverShrinks() {
    MemoryPrimer primer = new MemoryPrimer(100);
    primer.saw(250.2);
    assertEquals(251, primer.mib());
    primer.saw(120);
    assertEquals(251, primer.mib(), "a smaller run after a larger one");
  }

  @Test
  void itTouchesAtMostHalfOfTheMachinesMemory() {
    var os = (com.sun.management.OperatingSystemMXBean)
        ManagementFactory.getOperatingSystemMXBean();
    long half = os.getTotalMemorySize() / 2 / 1048576;
    assertEquals(half, new MemoryPrimer(Long.MAX_VALUE / 2).mib());
  }

  @Test
  void aPrimeRunsInAJvmThatHasExitedWhenItReturns() throws Exception {
    long before = ProcessHandle.current().children().count();
    new MemoryPrimer(128).prime(); // throws if the primer's JVM failed
    assertTrue(ProcessHandle.current().children().count() <= before, "the primer still runs");
  }
}

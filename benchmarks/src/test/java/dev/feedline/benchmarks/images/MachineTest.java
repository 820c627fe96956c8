package dev.feedline.benchmarks.images;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What the benchmark reads of the machine, from the texts Linux and TensorFlow give. */
class MachineTest {
  @Test
  void theCpuAndTheMemoryAreReadFromProc() {
    assertEquals("AMD EPYC 7551 32-Core Processor", Machine.cpuModel("""
        processor\t: 0
        vendor_id\t: AuthenticAMD
        model name\t: AMD EPYC 7551 32-Core Processor
        processor\t: 1
        model name\t: AMD EPYC 7551 32-Core Processor
        """));
    assertEquals("unknown CPU", Machine.cpuModel("processor : 0\n"));
    assertEquals(24683376L * 1024, Machine.memoryBytes("MemTotal:       24683376 kB\nMemFree: 1 kB\n"));
  }

  @Test
  void theBuildIsWhatTensorFlowLogsAsItStarts() {
    assertEquals("oneDNN on, compiled without AVX2 AVX512F AVX512_VNNI FMA (used in its"
        + " performance-critical ops only)", Machine.build("""
        I tensorflow/core/util/port.cc:153] oneDNN custom operations are on. You may see ...
        2.18.0
        I cpu_feature_guard.cc:210] This TensorFlow binary is optimized to use available CPU \
        instructions in performance-critical operations.
        To enable the following instructions: AVX2 AVX512F AVX512_VNNI FMA, in other operations, \
        rebuild TensorFlow with the appropriate compiler flags.
        """));
    assertEquals("oneDNN off, compiled without AVX2 FMA (used in its performance-critical ops"
        + " only)", Machine.build("To enable the following instructions: AVX2 FMA, in other"
        + " operations, rebuild TensorFlow with the appropriate compiler flags."));
    assertEquals("oneDNN off, compiled for every instruction this CPU has", Machine.build(""));
  }

  @Test
  void theLoadIsReportedAsTheRangeSeenBeforeTheRuns() {
    Machine machine = new Machine("CPU", 2, 1L << 30, "TensorFlow 2.18.0", "oneDNN on", "glibc",
        List.of()).withLoad(2.5).withLoad(Double.NaN).withLoad(0.75);
    assertEquals("0.8 to 2.5 on 2 cores during the runs", machine.loadRange());
    assertEquals("{\"cpu\": \"CPU\", \"cores\": 2, \"memory_bytes\": 1073741824, \"tensorflow\":"
        + " \"TensorFlow 2.18.0\", \"build\": \"oneDNN on\", \"allocator\": \"glibc\", \"loads\":"
        + " [2.50, null, 0.75]}", machine.json());
    assertEquals("not read", new Machine("CPU", 2, 1, "", "", "", List.of()).loadRange());
  }
}

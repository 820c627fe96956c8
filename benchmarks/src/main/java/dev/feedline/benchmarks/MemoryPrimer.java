package dev.feedline.benchmarks;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Touches memory in a JVM of its own just before each measured run, so that every run starts on
 * memory the machine backed moments before, whatever ran before it.
 *
 * <p>On these virtual machines a process's first touch of memory costs kernel time, and memory no
 * process touched for a while costs more than memory another process freed just before: the same
 * generated image pipeline spent 2.2 to 3.1 s of kernel time in epoch 1 after tf-framework's run
 * (350 MiB) or after 30 idle seconds, and 1.5 to 1.9 s after a run as large as itself
 * (docs/performance.md, Fresh memory). The benchmarks alternate variants of very different sizes,
 * so without this the order of the runs would decide part of each ratio, and the first run after
 * the data is written would be an outlier.
 */
public final class MemoryPrimer {
  private static final int CHUNK_LONGS = 8 << 20; // 64 MiB

  private long mib;

  /** A primer of {@code mib} MiB to start with, before any run has shown how much it needs. */
  public MemoryPrimer(long mib) {
    this.mib = mib;
  }

  /** Primes at least {@code peakMib} from now on: as much as the largest run so far held. */
  public void saw(double peakMib) {
    mib = Math.max(mib, (long) Math.ceil(peakMib));
  }

  /** The MiB the next {@link #prime} touches: at most half of the machine's memory. */
  public long mib() {
    var os = (com.sun.management.OperatingSystemMXBean)
        ManagementFactory.getOperatingSystemMXBean();
    return Math.min(mib, os.getTotalMemorySize() / 2 / 1048576);
  }

  /** Touches {@link #mib} MiB in a fresh JVM, which has exited when this returns. */
  public void prime() throws IOException, InterruptedException {
    long size = mib();
    Process primer = new ProcessBuilder(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xms64m",
        "-Xmx" + (size + 256) + "m", "-XX:+UseSerialGC", "-cp",
        System.getProperty("java.class.path"), MemoryPrimer.class.getName(),
        String.valueOf(size))
        .redirectErrorStream(true).start();
    String out = new String(primer.getInputStream().readAllBytes());
    if (primer.waitFor() != 0) {
      throw new IllegalStateException("the memory primer of " + size + " MiB failed:\n" + out);
    }
  }

  /** {@code MemoryPrimer MIB}: allocates MIB MiB of Java arrays, which the JVM zeroes, and exits. */
  public static void main(String[] args) {
    long mib = Long.parseLong(args[0]);
    List<long[]> held = new ArrayList<>();
    for (long touched = 0; touched < mib; touched += 64) {
      held.add(new long[CHUNK_LONGS]);
    }
    System.out.println("touched " + held.size() * 64L + " MiB");
  }
}

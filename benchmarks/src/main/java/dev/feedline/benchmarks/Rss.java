package dev.feedline.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The resident set size of this process, from Linux's /proc. */
public final class Rss {
  private Rss() {}

  /** Resident memory in bytes. */
  public static long bytes() {
    return read("VmRSS:");
  }

  /** The most resident memory this process has had, in bytes. */
  public static long peakBytes() {
    return read("VmHWM:");
  }

  private static long read(String key) {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith(key)) {
          return Long.parseLong(line.replaceAll("\\D+", "")) * 1024;
        }
      }
      throw new IllegalStateException("no " + key + " in /proc/self/status");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

package dev.feedline.doctor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Samples the process's resident memory in a thread of its own, from {@code /proc/self/status}. */
final class MemorySampler implements AutoCloseable {
  private static final Path STATUS = Path.of("/proc/self/status");


  private final long start;
  private final List<MemorySample> samples = new ArrayList<>();
  private final Thread thread;
  private volatile boolean running = true;

  MemorySampler(long startNanos, long intervalMillis) {
    this.start = startNanos;
    this.thread = new Thread(() -> {
      while (running) {
        sample();
        try {
          Thread.sleep(intervalMillis);
        } catch (InterruptedException e) {
          return;
        }
      }
    }, "feedline-doctor-memory");
    thread.setDaemon(true);
    thread.start();
  }

  /** The resident set in megabytes now; -1 where {@code /proc} is not there. */
  static double residentMb() {
    try {
      for (String line : Files.readAllLines(STATUS)) {
        if (line.startsWith("VmRSS:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024.0;
        }
      }
    } catch (IOException | NumberFormatException e) {
      // reported as no sample
    }
    return -1;
  }

  private void sample() {
    double mb = residentMb();
    if (mb >= 0) {
      synchronized (samples) {
        samples.add(new MemorySample((System.nanoTime() - start) / 1e9, mb));
      }
    }
  }

  List<MemorySample> samples() {
    synchronized (samples) {
      return List.copyOf(samples);
    }
  }

  @Override
  public void close() {
    running = false;
    thread.interrupt();
    sample();
  }
}

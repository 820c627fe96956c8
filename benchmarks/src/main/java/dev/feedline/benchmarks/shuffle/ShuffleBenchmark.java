package dev.feedline.benchmarks.shuffle;

import dev.feedline.benchmarks.Rss;
import dev.feedline.benchmarks.images.Machine;
import dev.feedline.runtime.EpochIterator;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.buffer.FloatDataBuffer;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;

/**
 * A shuffle through a buffer against a global one, side by side in one run, each variant in a JVM
 * of its own ({@link ShufflePipelines}): the resident memory the epochs add after the pipeline is
 * built, the throughput of the epochs after the first and their CPU time a frame (which load from
 * other work changes least; the checkpoint's left out of both), and the size of a checkpoint taken
 * in epoch 2. Run by {@code ./feedline bench --shuffle}.
 */
public final class ShuffleBenchmark {
  /** Frames: 294 MiB of pixels, so that a buffer of {@link ShufflePipelines#BUFFER} holds 147. */
  static final int FRAMES = 512;
  static final int EPOCHS = 3;
  /** Batches of epoch 2 before its checkpoint: the buffer is full by then. */
  static final int BATCHES_BEFORE_CHECKPOINT = 4;
  static final List<String> VARIANTS =
      List.of("cached-buffered", "cached-global", "memory-buffered", "memory-global");

  private ShuffleBenchmark() {}

  /** What a variant needs of its generated pipeline. */
  private interface Run extends AutoCloseable {
    EpochIterator<? extends AutoCloseable> epoch(Session session);

    void checkpoint(Session session, Path file);

    @Override
    void close();
  }

  public static void main(String[] args) throws Exception {
    if (args.length == 2 && args[0].equals("--child")) {
      child(args[1]);
      return;
    }
    run(2);
  }

  /** Runs every variant {@code repeats} times, alternated, and prints the table and summary. */
  public static Map<String, Double> run(int repeats) throws IOException, InterruptedException {
    Machine machine = Machine.probe();
    System.out.println("Feedline shuffle benchmark: " + FRAMES + " frames of 588 KiB, buffer "
        + ShufflePipelines.BUFFER + ", " + EPOCHS + " epochs; machine: " + machine.cpu() + ", "
        + machine.cores() + " cores; allocator: " + machine.allocator());
    Map<String, List<Map<String, Double>>> results = new LinkedHashMap<>();
    for (int r = 0; r < repeats; r++) {
      for (String variant : VARIANTS) {
        double load = Machine.loadNow();
        Map<String, Double> result;
        try {
          result = new LinkedHashMap<>(measure(variant));
        } catch (IOException e) { // one variant's failure leaves the others' figures standing
          System.out.println(e.getMessage());
          continue;
        }
        result.put("load", load);
        results.computeIfAbsent(variant, v -> new ArrayList<>()).add(result);
      }
    }
    System.out.println("\n| variant | epochs' RSS growth MiB | epoch 1 frames/s | later epochs"
        + " frames/s | later epochs CPU ms a frame | checkpoint MiB | load |"
        + "\n|---|---:|---:|---:|---:|---:|---:|");
    for (String variant : VARIANTS) {
      System.out.printf(Locale.ROOT, "| %s | %,.0f | %,.0f | %,.0f | %.2f | %,.1f | %.1f |%n",
          variant, median(results, variant, "rss_growth_mib"),
          median(results, variant, "epoch1_per_s"), median(results, variant, "later_per_s"),
          median(results, variant, "later_cpu_ms_per_frame"),
          median(results, variant, "checkpoint_mib"), median(results, variant, "load"));
    }
    Map<String, Double> summary = new LinkedHashMap<>();
    summary.put("rss_without_shuffle_buffer_vs_before",
        ratio(results, "memory-global", "memory-buffered", "rss_growth_mib"));
    summary.put("cached_rss_without_shuffle_buffer_vs_before",
        ratio(results, "cached-global", "cached-buffered", "rss_growth_mib"));
    summary.put("cached_global_vs_buffered",
        ratio(results, "cached-global", "cached-buffered", "later_per_s"));
    summary.put("cached_global_vs_buffered_cpu",
        ratio(results, "cached-global", "cached-buffered", "later_cpu_ms_per_frame"));
    summary.put("memory_global_vs_buffered",
        ratio(results, "memory-global", "memory-buffered", "later_per_s"));
    summary.put("checkpoint_global_vs_buffered",
        ratio(results, "cached-global", "cached-buffered", "checkpoint_mib"));
    List<String> pairs = new ArrayList<>();
    summary.forEach((k, v) -> pairs.add(String.format(Locale.ROOT, "\"%s\": %.3f", k, v)));
    System.out.println("\nSUMMARY {" + String.join(", ", pairs) + "}");
    return summary;
  }

  private static double median(Map<String, List<Map<String, Double>>> results, String variant,
      String key) {
    if (!results.containsKey(variant)) {
      return Double.NaN;
    }
    double[] values = results.get(variant).stream().mapToDouble(m -> m.get(key)).sorted().toArray();
    return values.length % 2 == 1 ? values[values.length / 2]
        : (values[values.length / 2 - 1] + values[values.length / 2]) / 2;
  }

  private static double ratio(Map<String, List<Map<String, Double>>> results, String variant,
      String before, String key) {
    return median(results, variant, key) / median(results, before, key);
  }

  /** Runs one variant in a JVM of its own and reads its RESULT line. */
  private static Map<String, Double> measure(String variant)
      throws IOException, InterruptedException {
    Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString(), "-Xmx512m", "-Dorg.bytedeco.javacpp.maxPhysicalBytes=0", "-cp", System.getProperty("java.class.path"),
        ShuffleBenchmark.class.getName(), "--child", variant).redirectErrorStream(true).start();
    Map<String, Double> values = new LinkedHashMap<>();
    try (BufferedReader out = new BufferedReader(
        new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line; (line = out.readLine()) != null; ) {
        if (line.startsWith("RESULT ")) {
          for (String pair : line.substring(7).split(" ")) {
            String[] kv = pair.split("=");
            values.put(kv[0], Double.parseDouble(kv[1]));
          }
        }
      }
    }
    if (child.waitFor() != 0 || values.isEmpty()) {
      throw new IOException("variant " + variant + " failed with exit status " + child.exitValue());
    }
    return values;
  }

  private static Run build(String variant, Graph graph, TFloat32 pixels, TInt64 ids) {
    switch (variant) {
      case "cached-global": {
        var p = FeedlineShufflePipelines_CachedGlobal.builder().data(pixels, ids).build(graph);
        return run(p::epoch, p::checkpoint, p::close);
      }
      case "cached-buffered": {
        var p = FeedlineShufflePipelines_CachedBuffered.builder().data(pixels, ids).build(graph);
        return run(p::epoch, p::checkpoint, p::close);
      }
      case "memory-global": {
        var p = FeedlineShufflePipelines_MemoryGlobal.builder().data(pixels, ids).build(graph);
        return run(p::epoch, p::checkpoint, p::close);
      }
      case "memory-buffered": {
        var p = FeedlineShufflePipelines_MemoryBuffered.builder().data(pixels, ids).build(graph);
        return run(p::epoch, p::checkpoint, p::close);
      }
      default:
        throw new IllegalArgumentException("no variant " + variant + "; one of " + VARIANTS);
    }
  }

  private static Run run(java.util.function.Function<Session, EpochIterator<? extends AutoCloseable>>
      epoch, java.util.function.BiConsumer<Session, Path> checkpoint, Runnable close) {
    return new Run() {
      public EpochIterator<? extends AutoCloseable> epoch(Session s) {
        return epoch.apply(s);
      }

      public void checkpoint(Session s, Path f) {
        checkpoint.accept(s, f);
      }

      public void close() {
        close.run();
      }
    };
  }

  /** One variant: builds, then runs the epochs, measuring what they add. */
  private static void child(String variant) throws Exception {
    Path checkpoint = Files.createTempDirectory("feedline-shuffle-bench").resolve("ckpt");
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      Run pipeline;
      try (TFloat32 pixels = TFloat32.tensorOf(Shape.of(FRAMES, 224, 224, 3));
          TInt64 ids = TInt64.tensorOf(Shape.of(FRAMES))) {
        FloatDataBuffer values = pixels.asRawTensor().data().asFloats();
        for (long i = 0; i < values.size(); i++) {
          values.setFloat((i % 251) / 251f, i); // every page written, as decoded pixels would be
        }
        for (int i = 0; i < FRAMES; i++) {
          ids.setLong(i, i);
        }
        pipeline = build(variant, graph, pixels, ids);
      }
      try (pipeline) {
        // What the epochs add: the pipeline's copy of the frames is there before and after.
        Files.writeString(Path.of("/proc/self/clear_refs"), "5");
        long before = Rss.bytes();
        double firstRate = 0;
        double laterFrames = 0;
        double laterSeconds = 0;
        long laterCpu = 0;
        var os = (com.sun.management.OperatingSystemMXBean)
            java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        for (int e = 1; e <= EPOCHS; e++) {
          long start = System.nanoTime();
          long cpu = os.getProcessCpuTime();
          long frames = 0;
          try (EpochIterator<? extends AutoCloseable> epoch = pipeline.epoch(session)) {
            int batches = 0;
            while (epoch.hasNext()) {
              try (AutoCloseable batch = epoch.next()) {
                frames += 32;
              }
              if (e == 2 && ++batches == BATCHES_BEFORE_CHECKPOINT) {
                long paused = System.nanoTime();
                long pausedCpu = os.getProcessCpuTime();
                pipeline.checkpoint(session, checkpoint);
                start += System.nanoTime() - paused; // the checkpoint is not the epoch's time
                cpu += os.getProcessCpuTime() - pausedCpu;
              }
            }
          }
          double seconds = (System.nanoTime() - start) / 1e9;
          if (e == 1) {
            firstRate = Math.min(frames, FRAMES) / seconds;
          } else {
            laterFrames += Math.min(frames, FRAMES);
            laterSeconds += seconds;
            laterCpu += os.getProcessCpuTime() - cpu;
          }
        }
        System.out.printf(Locale.ROOT, "RESULT rss_growth_mib=%.1f epoch1_per_s=%.1f"
                + " later_per_s=%.1f later_cpu_ms_per_frame=%.3f checkpoint_mib=%.2f%n",
            (Rss.peakBytes() - before) / 1048576.0, firstRate, laterFrames / laterSeconds,
            laterCpu / 1e6 / laterFrames,
            Files.size(checkpoint) / 1048576.0);
      }
    } finally {
      Files.deleteIfExists(checkpoint);
      Files.deleteIfExists(checkpoint.getParent());
    }
  }
}

package dev.feedline.benchmarks.images;

import dev.feedline.benchmarks.CpuTimes;
import dev.feedline.benchmarks.Rss;
import dev.feedline.runtime.internal.TensorAllocator;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * One measured run of one loader, in a JVM of its own so that its peak memory and its CPU time are
 * its own: {@code VariantRun VARIANT DATA_DIR IMAGES EPOCHS [train]}. Prints one line,
 * {@code RESULT key=value ...}, for {@link ImageBenchmark} to read: images/s, CPU time and
 * resident memory of each epoch, peak memory, CPU use, and who allocated the tensors.
 */
public final class VariantRun {
  private VariantRun() {}

  public static void main(String[] args) throws Exception {
    Variant variant = Variant.of(args[0]);
    Path data = Path.of(args[1]);
    long images = Long.parseLong(args[2]);
    int epochs = Integer.parseInt(args[3]);
    boolean train = args.length > 4 && args[4].equals("train");

    var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    long start = System.nanoTime();
    List<Double> rates = new ArrayList<>();
    List<Double> waits = new ArrayList<>();
    List<Double> starts = new ArrayList<>();
    List<Double> rss = new ArrayList<>();
    List<Double> cpuSeconds = new ArrayList<>();
    List<Double> kernelSeconds = new ArrayList<>();
    List<Double> faults = new ArrayList<>();
    double[] firstBatch = {-1};
    long cpuStart = os.getProcessCpuTime();
    long wallStart = System.nanoTime();
    try (Loader loader = variant.open(data, images);
        ModelStep model = train ? new ModelStep() : null) {
      for (int epoch = 0; epoch < epochs; epoch++) {
        long epochStart = System.nanoTime();
        long epochCpu = os.getProcessCpuTime();
        double epochKernel = CpuTimes.kernelSeconds();
        long epochFaults = CpuTimes.minorFaults();
        long[] seen = {0};
        long[] waited = {0};
        long[] stepped = {0};
        long[] lastReturn = {epochStart};
        loader.epoch(batch -> {
          long arrived = System.nanoTime();
          if (lastReturn[0] == epochStart) {
            starts.add((arrived - epochStart) / 1e9);
          }
          waited[0] += arrived - lastReturn[0];
          if (firstBatch[0] < 0) {
            firstBatch[0] = (arrived - start) / 1e9;
          }
          seen[0] += batch.shape().get(0);
          if (model != null) {
            model.run(batch);
          }
          lastReturn[0] = System.nanoTime();
          stepped[0] += lastReturn[0] - arrived;
        });
        double seconds = (System.nanoTime() - epochStart) / 1e9;
        if (seen[0] != images) {
          throw new IllegalStateException(variant.id() + " read " + seen[0] + " of " + images
              + " images in epoch " + epoch);
        }
        rates.add(seen[0] / seconds);
        rss.add(Rss.bytes() / 1048576.0);
        cpuSeconds.add((os.getProcessCpuTime() - epochCpu) / 1e9);
        kernelSeconds.add(CpuTimes.kernelSeconds() - epochKernel);
        faults.add((double) (CpuTimes.minorFaults() - epochFaults));
        waits.add((double) waited[0] / (waited[0] + stepped[0]));
      }
    }
    double wall = (System.nanoTime() - wallStart) / 1e9;
    TensorAllocator allocator = TensorAllocator.ofThisProcess();
    double cpu = (os.getProcessCpuTime() - cpuStart) / 1e9;
    System.out.printf(Locale.ROOT, "RESULT variant=%s images=%d rates=%s waits=%s epoch_first_batch_s=%s rss_mib=%s cpu_s=%s sys_s=%s faults=%s first_batch_s=%.3f"
            + " cpu_utilization=%.3f cores=%d peak_rss_mib=%.1f wall_s=%.2f allocator=%s%n",
        variant.id(), images, join(rates), train ? join(waits) : "", join(starts), join(rss), join(cpuSeconds), join(kernelSeconds), join(faults), firstBatch[0],
        cpu / wall / Runtime.getRuntime().availableProcessors(),
        Runtime.getRuntime().availableProcessors(), Rss.peakBytes() / 1048576.0, wall,
        allocator == null ? "unknown" : allocator.kind());
  }

  private static String join(List<Double> values) {
    return values.stream().map(v -> String.format(Locale.ROOT, "%.4f", v))
        .collect(Collectors.joining(","));
  }
}

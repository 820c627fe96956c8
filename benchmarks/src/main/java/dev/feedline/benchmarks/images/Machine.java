package dev.feedline.benchmarks.images;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The machine a benchmark ran on, named beside its figures so that figures from different
 * machines are never compared as if they were one: the CPU, the cores and memory the runs saw,
 * the TensorFlow build and what it does on this CPU, who allocates the tensors, and how loaded the
 * machine was while the runs went.
 *
 * @param cpu the CPU's model name
 * @param cores the cores the runs could use
 * @param memoryBytes the machine's memory
 * @param tensorFlow TensorFlow's version and native build
 * @param build what TensorFlow reports of its build on this CPU: oneDNN on or off, and the
 *     instructions its compiler flags leave to performance-critical ops alone
 * @param allocator who allocates the large tensors in the runs
 * @param loads the 1-minute load average before each run
 */
public record Machine(String cpu, int cores, long memoryBytes, String tensorFlow, String build,
    String allocator, List<Double> loads) {

  private static final Pattern INSTRUCTIONS =
      Pattern.compile("To enable the following instructions: ([A-Z0-9_ ]+), in other operations");

  /**
   * Describes this machine, with the TensorFlow facts read from a probe JVM started with the
   * environment the runs get; {@link #withLoad} adds the runs' loads.
   */
  public static Machine probe() throws IOException, InterruptedException {
    List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), MachineProbe.class.getName());
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().put("TF_CPP_MIN_LOG_LEVEL", "0"); // the build facts are INFO lines
    Process process = builder.start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(2, TimeUnit.MINUTES) || process.exitValue() != 0) {
      throw new IllegalStateException("the machine probe failed:\n" + out);
    }
    return new Machine(cpuModel(Files.readString(Path.of("/proc/cpuinfo"))),
        Runtime.getRuntime().availableProcessors(),
        memoryBytes(Files.readString(Path.of("/proc/meminfo"))), probed(out, "tensorflow"),
        build(out), probed(out, "allocator"), List.of());
  }

  /** The 1-minute load average now, from {@code /proc/loadavg}. */
  public static double loadNow() {
    try {
      return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
    } catch (IOException | RuntimeException e) {
      return Double.NaN;
    }
  }

  public Machine withLoad(double load) {
    List<Double> more = new ArrayList<>(loads);
    more.add(load);
    return new Machine(cpu, cores, memoryBytes, tensorFlow, build, allocator, List.copyOf(more));
  }

  /** One line for reports. */
  public String line() {
    return String.format(Locale.ROOT, "%s, %d cores, %.1f GiB; %s; %s; allocator: %s; load"
        + " average %s", cpu, cores, memoryBytes / (double) (1L << 30), tensorFlow, build,
        allocator, loadRange());
  }

  /** The least and most 1-minute load average seen before the runs, or "not read". */
  public String loadRange() {
    double min = loads.stream().mapToDouble(Double::doubleValue).filter(l -> !Double.isNaN(l))
        .min().orElse(Double.NaN);
    double max = loads.stream().mapToDouble(Double::doubleValue).filter(l -> !Double.isNaN(l))
        .max().orElse(Double.NaN);
    return Double.isNaN(min) ? "not read"
        : String.format(Locale.ROOT, "%.1f to %.1f on %d cores during the runs", min, max, cores);
  }

  public String json() {
    return String.format(Locale.ROOT, "{\"cpu\": \"%s\", \"cores\": %d, \"memory_bytes\": %d,"
            + " \"tensorflow\": \"%s\", \"build\": \"%s\", \"allocator\": \"%s\", \"loads\": %s}",
        escape(cpu), cores, memoryBytes, escape(tensorFlow), escape(build), escape(allocator),
        loads.stream().map(l -> Double.isNaN(l) ? "null" : String.format(Locale.ROOT, "%.2f", l))
            .toList());
  }

  /** The first {@code model name} of {@code /proc/cpuinfo}. */
  static String cpuModel(String cpuinfo) {
    return cpuinfo.lines().filter(line -> line.startsWith("model name")).findFirst()
        .map(line -> line.substring(line.indexOf(':') + 1).strip()).orElse("unknown CPU");
  }

  /** {@code MemTotal} of {@code /proc/meminfo}, in bytes. */
  static long memoryBytes(String meminfo) {
    return meminfo.lines().filter(line -> line.startsWith("MemTotal:")).findFirst()
        .map(line -> Long.parseLong(line.replaceAll("\\D+", "")) * 1024).orElse(-1L);
  }

  /**
   * What TensorFlow logs of its build as it starts on this CPU: whether oneDNN is on, and which
   * of this CPU's instructions its compiler flags leave to the performance-critical ops.
   */
  static String build(String probeOutput) {
    String oneDnn = probeOutput.contains("oneDNN custom operations are on") ? "oneDNN on" : "oneDNN off";
    Matcher instructions = INSTRUCTIONS.matcher(probeOutput);
    return instructions.find()
        ? oneDnn + ", compiled without " + instructions.group(1).strip()
            + " (used in its performance-critical ops only)"
        : oneDnn + ", compiled for every instruction this CPU has";
  }

  private static String probed(String probeOutput, String key) {
    return probeOutput.lines().filter(line -> line.startsWith(key + "="))
        .map(line -> line.substring(key.length() + 1)).reduce((a, b) -> b).orElse("unknown");
  }

  private static String escape(String text) {
    return text.replace("\\", "\\\\").replace("\"", "\\\"");
  }
}

package dev.feedline.benchmarks.startup;

import dev.feedline.benchmarks.ChildJava;
import dev.feedline.runtime.TFRecordWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Start-up against data size: the time from {@code build()} to the first batch over 1×, 10× and
 * 100× the records (10,000 to 1,000,000 small records in 8 files), each in a fresh JVM after a
 * warm-up. A first run checks every file (no remembered checks); a later run over the same,
 * unchanged files recalls their checks. The data was just written, so it is in the page cache:
 * this measures Feedline's work, not the disk.
 */
public final class StartupBenchmark {
  /** Records at 1×. */
  static final int BASE = 10_000;
  static final int[] SCALES = {1, 10, 100};
  static final int FILES = 8;

  private StartupBenchmark() {}

  /**
   * Runs the start-up measure alone: {@code StartupBenchmark [REPEATS [CLASSPATH]]}, 3 repeats by
   * default. With a {@code CLASSPATH}, such as another build's, its start-ups alternate with this
   * build's, each repeat running both over the same data, and both are reported: before and after
   * a change, side by side in one run under the same load.
   */
  public static void main(String[] args) throws Exception {
    int repeats = args.length > 0 ? Integer.parseInt(args[0]) : 3;
    Path data = Files.createTempDirectory("feedline-startup");
    try {
      if (args.length > 1) {
        List<Startup> both = measure(data, repeats,
            List.of(args[1], System.getProperty("java.class.path")));
        System.out.print("Against " + args[1].split(":")[0] + ":\n\n" + both.get(0).markdown(true)
            + "\nThis build:\n\n" + both.get(1).markdown(true));
      } else {
        System.out.print(measure(data, repeats).markdown(true));
      }
    } finally {
      try (var files = Files.walk(data)) {
        files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
      }
    }
  }

  /**
   * Writes the data sets under {@code data} and times start-ups, {@code repeats} times per scale
   * and kind of run, alternated.
   */
  public static Startup measure(Path data, int repeats) throws IOException, InterruptedException {
    return measure(data, repeats, List.of(System.getProperty("java.class.path"))).get(0);
  }

  /**
   * Times start-ups like {@link #measure(Path, int)} for each class path in turn, alternated
   * within each repeat, so that load from other work weighs on all of them alike.
   */
  static List<Startup> measure(Path data, int repeats, List<String> classPaths)
      throws IOException, InterruptedException {
    writeRecords(StartupRun.warmUp(data), 8);
    List<List<Startup.Run>> runs = new ArrayList<>();
    classPaths.forEach(classPath -> runs.add(new ArrayList<>()));
    for (int scale : SCALES) {
      writeRecords(data.resolve(scale + "x"), BASE * scale);
    }
    Thread.sleep(2500); // a file changed in the last 2 s is checked every time: file times are coarse
    for (int r = 0; r < repeats; r++) {
      for (int scale : SCALES) {
        for (int c = 0; c < classPaths.size(); c++) {
          Path checks = data.resolve("checks-" + scale + "x-" + r + "-" + c);
          double first = time(data, scale, checks, classPaths.get(c));
          double again = time(data, scale, checks, classPaths.get(c));
          runs.get(c).add(new Startup.Run(BASE * scale, first, again));
          System.out.printf(Locale.ROOT, "  start-up over %,d records%s: first run %.3f s,"
              + " again %.3f s%n", (long) BASE * scale,
              classPaths.size() > 1 ? " (class path " + (c + 1) + ")" : "", first, again);
        }
      }
    }
    return runs.stream().map(Startup::new).toList();
  }

  /** One start-up in a fresh JVM, with {@code checks} as the folder of remembered checks. */
  private static double time(Path data, int scale, Path checks, String classPath)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(ChildJava.command());
    command.addAll(List.of("-Dfeedline.checks=" + checks, "-cp", classPath,
        StartupRun.class.getName(), StartupRun.warmUp(data) + "/*.tfrecord",
        data.resolve(scale + "x") + "/*.tfrecord"));
    ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
    builder.environment().put("TF_CPP_MIN_LOG_LEVEL", "2");
    Process process = builder.start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (process.waitFor() != 0) {
      throw new IllegalStateException("the start-up run over " + scale + "x failed:\n" + out);
    }
    String line = out.lines().filter(l -> l.startsWith("STARTUP ")).reduce((a, b) -> b)
        .orElseThrow(() -> new IllegalStateException("the start-up run printed no result:\n" + out));
    return Double.parseDouble(line.replaceFirst("^STARTUP seconds=(\\S+) .*$", "$1"));
  }

  /** Writes {@code records} small records into {@link #FILES} files in {@code dir}. */
  static void writeRecords(Path dir, int records) throws IOException {
    Files.createDirectories(dir);
    for (int f = 0; f < FILES; f++) {
      try (TFRecordWriter writer =
          new TFRecordWriter(dir.resolve(TFRecordWriter.shardName("records", f, FILES)))) {
        for (long id = f; id < records; id += FILES) {
          writer.write(record(id));
        }
        writer.commit();
      }
    }
  }

  /** A {@link SmallRecord}, through its generated writer. */
  private static byte[] record(long id) {
    float[] values = new float[4];
    for (int i = 0; i < values.length; i++) {
      values[i] = id * 0.5f + i;
    }
    return FeedlineSmallRecordWriter.builder().id(id).values(values).toByteArray();
  }
}

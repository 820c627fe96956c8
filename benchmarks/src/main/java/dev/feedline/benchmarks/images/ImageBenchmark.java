package dev.feedline.benchmarks.images;

import dev.feedline.benchmarks.ChildJava;
import dev.feedline.benchmarks.MemoryPrimer;
import dev.feedline.benchmarks.limit.LimitBenchmark;
import dev.feedline.benchmarks.shuffle.ShuffleBenchmark;
import dev.feedline.benchmarks.startup.Startup;
import dev.feedline.benchmarks.startup.StartupBenchmark;
import dev.feedline.benchmarks.text.TextBatching;
import dev.feedline.launcher.CommandSpec;
import dev.feedline.launcher.LauncherCommand;
import dev.feedline.launcher.ScratchFolder;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code ./feedline bench [--quick] [--candidates]}: the photo pipeline's loaders side by side on the
 * same data, with {@code --candidates} also the epoch-1 candidates for the generator,
 * each run in a JVM of its own (see {@link VariantRun}), then a Markdown table, a JSON file and a
 * PNG plot under {@code benchmarks/target/bench/}, and a one-line JSON summary as the last line of
 * standard output. docs/performance.md explains the method and the numbers.
 */
public final class ImageBenchmark {
  private static final Path OUT = Path.of("benchmarks", "target", "bench");

  /** How much to measure: the quick run is for checking, the full run for the docs. */
  record Plan(int images, int epochs, int repeats, int scaleBase, int largeImages,
      int startupRepeats) {
    static final Plan QUICK = new Plan(1024, 3, 3, 512, 256, 1);
    static final Plan FULL = new Plan(4096, 4, 3, 1024, 1024, 3);
  }

  private final Plan plan;
  private final Path data;
  private final int cores = Runtime.getRuntime().availableProcessors();
  private final boolean taskset = Files.isExecutable(Path.of("/usr/bin/taskset"));
  private Machine machine;
  /** Before each run: the photos' cache at first, then the largest run's resident memory. */
  private final MemoryPrimer primer;

  private ImageBenchmark(Plan plan, Path data) {
    this.plan = plan;
    this.data = data;
    // The cache, and about 1 GiB of JVM, TensorFlow and epoch 1's buffers beside it (Memory).
    this.primer = new MemoryPrimer(plan.images() * Results.PHOTO_BYTES / 1048576 + 1024);
  }

  public static void main(String[] args) {
    System.exit(run(args, System.err));
  }

  /** Runs the benchmark; returns the process exit status. */
  static int run(String[] args, PrintStream err) {
    return LauncherCommand.run(args, CommandSpec.of(
            "usage: ./feedline bench [--quick] [--candidates] [--tables] [--text] [--shuffle]")
            .flag("quick").flag("candidates").flag("tables").flag("text").flag("shuffle"), err,
        options -> {
          boolean quick = options.flag("quick");
          boolean candidates = options.flag("candidates");
          boolean tables = options.flag("tables");
          boolean text = options.flag("text");
          boolean shuffle = options.flag("shuffle");
          return () -> {
            try (ScratchFolder data = ScratchFolder.create("bench")) {
              if (shuffle) { // a buffered shuffle against a global one, without the photos
                ShuffleBenchmark.run(quick ? 1 : 3);
                return;
              }
              if (tables || text) { // the tables and text comparisons, without the photos
                new LimitBenchmark(quick ? LimitBenchmark.Plan.QUICK : LimitBenchmark.Plan.FULL,
                    data.path()).run(tables, text);
                return;
              }
              new ImageBenchmark(quick ? Plan.QUICK : Plan.FULL, data.path()).run(quick, candidates);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
              throw new IOException("interrupted", e);
            }
          };
        });
  }

  private void run(boolean quick, boolean candidates) throws IOException, InterruptedException {
    long start = System.nanoTime();
    machine = Machine.probe();
    System.out.printf(Locale.ROOT, "Feedline image benchmark (%s): %d photos, %d epochs, %d cores%n",
        quick ? "quick" : "full", plan.images(), plan.epochs(), cores);
    System.out.println("Machine: " + machine.cpu() + "; " + machine.tensorFlow() + "; "
        + machine.build() + "; allocator: " + machine.allocator());
    Path main = photos("main", plan.images());
    List<Measurement> table = new ArrayList<>();
    for (int r = 0; r < plan.repeats(); r++) { // alternated, so drift hits each alike
      for (Variant variant : List.of(Variant.GENERATED, Variant.HAND_WRITTEN, Variant.FRAMEWORK)) {
        table.add(measure(variant, main, plan.images(), plan.epochs(), cores, false));
      }
    }
    for (Variant peer : List.of(Variant.NAIVE, Variant.PLAIN_JAVA)) {
      table.add(measure(peer, main, plan.images(), plan.epochs(), cores, false));
    }
    CoreLimit coreLimit = coreLimit(main, plan.images());

    List<Measurement> training = List.of(
        measure(Variant.GENERATED, main, plan.images(), plan.epochs(), cores, true),
        measure(Variant.NAIVE, main, plan.images(), plan.epochs(), cores, true));

    List<Results.AllocatorRun> allocators = new ArrayList<>();
    for (Environment environment : Environment.compared()) {
      allocators.add(new Results.AllocatorRun(environment.name(), measure(Variant.GENERATED, main,
          plan.images(), plan.epochs(), cores, false, environment)));
    }

    // Epoch 1 of what the generator could emit, beside the generated pipeline and tf-framework.
    List<Measurement> epochOne = new ArrayList<>();
    for (int r = 0; candidates && r < plan.repeats(); r++) {
      List<Variant> round = new ArrayList<>(
          List.of(Variant.GENERATED, Variant.FRAMEWORK, Variant.FRAMEWORK_FLOAT32));
      round.addAll(Variant.candidates());
      for (Variant variant : round) {
        epochOne.add(measure(variant, main, plan.images(), 2, cores, false));
      }
    }

    List<Measurement> scaling = new ArrayList<>();
    for (int factor : new int[] {1, 2, 4}) {
      int images = plan.scaleBase() * factor;
      Path dir = photos("scale-" + factor, images);
      for (int c : cores > 1 ? new int[] {1, cores} : new int[] {1}) {
        scaling.add(measure(Variant.STREAMING, dir, images, 1, c, false));
      }
    }

    Path large = photos("large", plan.largeImages(), 43, 960, 1280);
    List<Measurement> beyond = new ArrayList<>();
    for (int r = 0; r < plan.repeats(); r++) {
      beyond.add(measure(Variant.SCALED_DECODE, large, plan.largeImages(), 2, cores, false));
      beyond.add(measure(Variant.HAND_WRITTEN_FULL_DECODE, large, plan.largeImages(), 2, cores, false));
    }

    System.out.println("Start-up against data size (small records, 8 files):");
    Startup startup = StartupBenchmark.measure(data.resolve("startup"), plan.startupRepeats());

    System.out.println("Text example, batching by length against padding, alternated rounds:");
    TextBatching text = TextBatching.measure(data.resolve("text"));
    Results results = new Results(plan, cores, machine, table, coreLimit, training,
        allocators, epochOne, scaling, beyond, startup, text, (System.nanoTime() - start) / 1e9);
    Files.createDirectories(OUT);
    Files.writeString(OUT.resolve("results.md"), results.markdown(), StandardCharsets.UTF_8);
    Files.writeString(OUT.resolve("results.json"), results.json(), StandardCharsets.UTF_8);
    Chart.write(results, OUT.resolve("throughput.png"));
    System.out.println();
    System.out.print(results.markdown());
    System.out.println("Written: " + OUT.resolve("results.md") + ", results.json, throughput.png");
    System.out.println(text.line());
    System.out.println(results.summaryLine());
  }

  /** Writes {@code images} of the demo's photos into 8 shards under a folder of their own. */
  private Path photos(String name, int images) throws IOException, InterruptedException {
    return photos(name, images, 42, 160, 320);
  }

  /**
   * Writes the photos in a JVM of its own ({@link PhotoWriteRun}), which has exited before the
   * first run reads them.
   */
  private Path photos(String name, int images, long seed, int minSide, int maxSide)
      throws IOException, InterruptedException {
    Path dir = data.resolve(name);
    System.out.printf(Locale.ROOT, "Writing %d photos into %s%n", images, dir);
    Process writer = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java")
            .toString(), "-Djava.awt.headless=true", "-cp", System.getProperty("java.class.path"),
        PhotoWriteRun.class.getName(), dir.toString(), String.valueOf(images),
        String.valueOf(seed), String.valueOf(minSide), String.valueOf(maxSide))
        .redirectErrorStream(true).start();
    String out = new String(writer.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (writer.waitFor() != 0) {
      throw new IOException("writing the photos into " + dir + " failed:\n" + out);
    }
    return dir;
  }

  /** Runs one variant in a fresh JVM, on the first {@code cores} cores. */
  private Measurement measure(Variant variant, Path dir, int images, int epochs, int cores,
      boolean train) throws IOException, InterruptedException {
    return measure(variant, dir, images, epochs, cores, train, null);
  }

  /**
   * Runs one variant in a fresh JVM, on the first {@code cores} cores, in {@code environment}
   * (null: the benchmark's own).
   */
  private Measurement measure(Variant variant, Path dir, int images, int epochs, int cores,
      boolean train, Environment environment) throws IOException, InterruptedException {
    List<String> pin = cores < this.cores && taskset
        ? List.of("taskset", "-c", "0-" + (cores - 1)) : List.of();
    prepare();
    Measurement m = result(variant, start(pin, variant, dir, images, epochs, train, environment),
        cores);
    report(m, train, environment == null ? "" : ", " + environment.name());
    return m;
  }

  /**
   * The per-element work against the cores, in alternated rounds ({@link CoreLimit}): the
   * sequential pipeline on one core, then one of it on each core at once where taskset can pin
   * them, then the generated pipeline and the hand-written one without their caches on every core.
   */
  private CoreLimit coreLimit(Path dir, int images) throws IOException, InterruptedException {
    List<Measurement> oneThread = new ArrayList<>();
    List<List<Measurement>> onePerCore = new ArrayList<>();
    List<Measurement> streaming = new ArrayList<>();
    List<Measurement> handWritten = new ArrayList<>();
    for (int r = 0; r < plan.repeats(); r++) {
      oneThread.add(measure(Variant.NAIVE, dir, images, 2, 1, false));
      if (taskset && cores > 1) {
        onePerCore.add(measureOnePerCore(Variant.NAIVE, dir, images, 2));
      }
      streaming.add(measure(Variant.STREAMING, dir, images, 2, cores, false));
      handWritten.add(measure(Variant.HAND_WRITTEN_STREAMING, dir, images, 2, cores, false));
    }
    return new CoreLimit(cores, oneThread, onePerCore, streaming, handWritten);
  }

  /** Runs {@code variant} in one JVM per core, all at once, each pinned to its own core. */
  private List<Measurement> measureOnePerCore(Variant variant, Path dir, int images, int epochs)
      throws IOException, InterruptedException {
    prepare();
    List<Process> processes = new ArrayList<>();
    for (int core = 0; core < cores; core++) {
      processes.add(start(List.of("taskset", "-c", String.valueOf(core)), variant, dir, images,
          epochs, false, null));
    }
    List<Measurement> runs = new ArrayList<>();
    for (int core = 0; core < cores; core++) {
      Measurement m = result(variant, processes.get(core), 1);
      report(m, false, ", core " + core + " of " + cores + " at once");
      runs.add(m);
    }
    return runs;
  }

  /** Before each run: the memory primer, and the load average for the machine line. */
  private void prepare() throws IOException, InterruptedException {
    primer.prime();
    machine = machine.withLoad(Machine.loadNow());
  }

  /** Starts a {@link VariantRun} of {@code variant}, under {@code pin} (a taskset, or nothing). */
  private Process start(List<String> pin, Variant variant, Path dir, int images, int epochs,
      boolean train, Environment environment) throws IOException {
    List<String> command = new ArrayList<>(pin);
    command.addAll(ChildJava.command());
    command.addAll(List.of("-cp", System.getProperty("java.class.path"),
        VariantRun.class.getName(), variant.id(),
        dir.toString(), String.valueOf(images), String.valueOf(epochs)));
    if (train) {
      command.add("train");
    }
    ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
    builder.environment().put("TF_CPP_MIN_LOG_LEVEL", "2");
    if (environment != null) {
      environment.changes().forEach((name, value) -> {
        if (value.isEmpty()) {
          builder.environment().remove(name);
        } else {
          builder.environment().put(name, value);
        }
      });
    }
    return builder.start();
  }

  /** Waits for a run and reads its {@code RESULT} line. */
  private Measurement result(Variant variant, Process process, int cores)
      throws IOException, InterruptedException {
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (process.waitFor() != 0) {
      throw new IllegalStateException(variant.id() + " failed:\n" + out);
    }
    String line = out.lines().filter(l -> l.startsWith("RESULT ")).reduce((a, b) -> b)
        .orElseThrow(() -> new IllegalStateException(variant.id() + " printed no result:\n" + out));
    Measurement m = Measurement.parse(line, cores);
    primer.saw(m.peakRssMib());
    return m;
  }

  private static void report(Measurement m, boolean train, String where) {
    System.out.printf(Locale.ROOT, "  %-20s %d core%s %s%s%s: epoch 1 %,.0f img/s, later %,.0f img/s,"
            + " first batch %.2f s, peak RSS %,.0f MiB%n", m.variant().id(), m.cores(),
        m.cores() == 1 ? " " : "s", m.images() + " photos", train ? " + model step" : "", where,
        m.firstEpoch(), m.rates().length > 1 ? m.laterEpochs() : Double.NaN,
        m.firstBatchSeconds(), m.peakRssMib());
  }
}

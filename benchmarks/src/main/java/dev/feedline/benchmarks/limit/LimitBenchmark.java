package dev.feedline.benchmarks.limit;

import dev.feedline.benchmarks.ChildJava;
import dev.feedline.benchmarks.MemoryPrimer;
import dev.feedline.benchmarks.images.Machine;
import dev.feedline.example.HousingDataset;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * {@code ./feedline bench --tables} and {@code --text}: the generated pipelines for a table and
 * for text against hand-written references of raw tf.data ops, side by side in one run, each run in
 * a JVM of its own, alternated round by round so that drift hits each alike; in each round the
 * generated and hand-written pipelines also run on one core ({@code taskset -c 0}), whose rate
 * times the cores is the limit a parallel pipeline can reach, and the share of the limit reached
 * is the median of the rounds' own shares: one run on one core, as before, moved the divisor by
 * 1.46 times between two runs of the benchmark (docs/performance.md#shuffled-windows). Prints a table, the ratios and a one-line JSON summary,
 * and writes them to {@code benchmarks/target/bench/limits.md}. docs/performance.md#tables-and-text
 * explains the method and the figures.
 */
public final class LimitBenchmark {
  private static final Path OUT = Path.of("benchmarks", "target", "bench");

  /** How much to measure: copies of the data in each of the 8 files, epochs, rounds. */
  public record Plan(int tableCopies, int textCopies, int epochs, int rounds) {
    public static final Plan QUICK = new Plan(8, 1, 3, 1);
    public static final Plan FULL = new Plan(32, 2, 3, 3);
  }

  private final Plan plan;
  private final Path scratch;
  private final int cores = Runtime.getRuntime().availableProcessors();
  private final boolean taskset = Files.isExecutable(Path.of("/usr/bin/taskset"));
  private Machine machine;
  /** Before each run: more than the tables' and the text's largest run holds (610 MiB). */
  private final MemoryPrimer primer = new MemoryPrimer(1024);

  public LimitBenchmark(Plan plan, Path scratch) {
    this.plan = plan;
    this.scratch = scratch;
  }

  /** Runs the tables and/or the text comparison. */
  public void run(boolean tables, boolean text) throws IOException, InterruptedException {
    machine = Machine.probe();
    System.out.println("Machine: " + machine.cpu() + "; " + machine.tensorFlow() + "; "
        + machine.build() + "; allocator: " + machine.allocator());
    StringBuilder report = new StringBuilder();
    Map<String, Double> summary = new LinkedHashMap<>();
    if (tables) {
      Path dir = scratch.resolve("tables");
      long rows = LimitData.tables(dir, plan.tableCopies());
      report.append(compare("table", String.format(Locale.ROOT, "Tables: the Boston house-price"
          + " table (%d rows, 13 float columns taken by header name), %d times in each of %d CSV"
          + " files: %,d rows an epoch", HousingDataset.ROWS, plan.tableCopies(), LimitData.FILES,
          rows), dir, rows, Variant.TABLE_GENERATED, Variant.TABLE_HAND_WRITTEN,
          List.of(Variant.TABLE_HAND_WRITTEN_PACKED), Variant.TABLE_PER_LINE, summary));
    }
    if (text) {
      Path dir = scratch.resolve("text");
      long rows = LimitData.text(dir, plan.textCopies());
      report.append(compare("text", String.format(Locale.ROOT, "Text: the CMU Pronouncing"
          + " Dictionary subset (%,d lines), %d times in each of %d files: %,d lines an epoch,"
          + " cached, shuffled, batched by %d, tokenized into letter ids", LimitData.WORDS,
          plan.textCopies(), LimitData.FILES, rows, HandWrittenText.BATCH), dir, rows,
          Variant.TEXT_GENERATED, Variant.TEXT_HAND_WRITTEN,
          List.of(Variant.TEXT_HAND_WRITTEN_ONE_THREAD), Variant.TEXT_PER_LINE,
          summary));
    }
    report.append("\nMachine: ").append(machine.line()).append('\n');
    Files.createDirectories(OUT);
    Files.writeString(OUT.resolve("limits.md"), report, StandardCharsets.UTF_8);
    System.out.println();
    System.out.print(report);
    System.out.println("Written: " + OUT.resolve("limits.md"));
    StringBuilder json = new StringBuilder("{");
    summary.forEach((key, value) -> json.append(json.length() > 1 ? ", " : "")
        .append('"').append(key).append("\": ").append(String.format(Locale.ROOT, "%.3f", value)));
    System.out.println(json.append('}'));
  }

  /**
   * Rounds of the generated, the hand-written and any further reference alternated on every core,
   * then the generated and hand-written ones on one core, and one run of {@code other}; returns
   * the Markdown of what they measured and adds the ratios to {@code summary}.
   *
   * @param further hand-written variants that do more than the reference, each compared
   *     with the generated one too
   */
  private String compare(String kind, String title, Path dir, long rows, Variant generated,
      Variant handWritten, List<Variant> further, Variant other, Map<String, Double> summary)
      throws IOException, InterruptedException {
    System.out.println(title);
    List<Variant> alternated = new ArrayList<>(List.of(generated, handWritten));
    alternated.addAll(further);
    List<Variant> onOneCore = cores > 1 && taskset ? List.of(generated, handWritten) : List.of();
    List<LimitResult> all = new ArrayList<>();
    List<LimitResult> single = new ArrayList<>();
    for (int r = 0; r < plan.rounds(); r++) {
      for (Variant variant : alternated) {
        all.add(measure(variant, dir, rows, plan.epochs(), cores));
      }
      for (Variant variant : onOneCore) {
        single.add(measure(variant, dir, rows, plan.epochs(), 1));
      }
    }
    all.add(measure(other, dir, rows, plan.epochs(), cores)); // once: it is far from the others
    StringBuilder md = new StringBuilder("\n## ").append(title).append("\n\n")
        .append(String.format(Locale.ROOT, "%d epochs a run (epoch 1 reads, parses and fills the"
            + " cache); %s in %d round%s alternated, each round with generated and hand-written on"
            + " 1 core too, medians of the rounds; %s once.%n%n", plan.epochs(), String.join(", ",
            alternated.stream().map(v -> v.id).toList()), plan.rounds(),
            plan.rounds() == 1 ? "" : "s", other.id))
        .append("| variant | cores | epoch 1 rows/s | cached epochs rows/s | epoch 1 CPU µs a row"
            + " | of which the JIT's | the kernel's | start and build s |\n"
            + "|---|---:|---:|---:|---:|---:|---:|---:|\n");
    List<Variant> rowsOf = new ArrayList<>(alternated);
    rowsOf.add(other);
    for (Variant variant : rowsOf) {
      md.append(row(variant, cores, all));
    }
    for (Variant variant : onOneCore) {
      md.append(row(variant, 1, single));
    }
    md.append('\n');
    double first = ratio(all, generated, handWritten, LimitResult::firstEpoch);
    double cached = ratio(all, generated, handWritten, LimitResult::cachedEpochs);
    md.append(String.format(Locale.ROOT, "- Generated against hand-written: epoch 1 %.2fx, cached"
        + " epochs %.2fx (target 0.97x or more)%n", first, cached));
    summary.put(kind + "_generated_vs_handwritten", first);
    summary.put(kind + "_generated_vs_handwritten_cached", cached);
    for (Variant reference : further) {
      double againstFirst = ratio(all, generated, reference, LimitResult::firstEpoch);
      double againstCached = ratio(all, generated, reference, LimitResult::cachedEpochs);
      md.append(String.format(Locale.ROOT, "- Generated against %s: epoch 1 %.2fx, cached epochs"
          + " %.2fx; CPU a row in epoch 1 %.2fx%n", reference.id, againstFirst, againstCached,
          ratio(all, generated, reference, LimitResult::firstEpochCpuMicros)));
      String key = kind + "_generated_vs_" + reference.id.substring(kind.length() + 1)
          .replace("hand-written", "handwritten").replace('-', '_');
      summary.put(key, againstFirst);
      summary.put(key + "_cached", againstCached);
    }
    double cpu = ratio(all, generated, handWritten, LimitResult::firstEpochCpuMicros);
    md.append(String.format(Locale.ROOT, "- Epoch 1 CPU a row, generated against hand-written:"
        + " %.2fx (what load from other work changes least)%n", cpu));
    summary.put(kind + "_generated_vs_handwritten_cpu_per_row", cpu);
    double work = ratio(all, generated, handWritten, LimitResult::firstEpochCpuMicrosWithoutJit);
    md.append(String.format(Locale.ROOT, "- The same less the JIT's compiling (%.2f against %.2f s"
        + " in epoch 1, medians): %.2fx%n", median(all, generated, r -> r.jitSeconds()[0]),
        median(all, handWritten, r -> r.jitSeconds()[0]), work));
    summary.put(kind + "_generated_vs_handwritten_cpu_per_row_without_jit", work);
    double own = ratio(all, generated, handWritten, LimitResult::firstEpochUserMicrosWithoutJit);
    md.append(String.format(Locale.ROOT, "- The same less the kernel's time too (%.2f against %.2f"
        + " µs a row, medians; mostly the first touch of the memory the cache fills, which a"
        + " virtual machine backs at a cost that changes from run to run): %.2fx%n",
        median(all, generated, LimitResult::firstEpochKernelMicros),
        median(all, handWritten, LimitResult::firstEpochKernelMicros), own));
    summary.put(kind + "_generated_vs_handwritten_user_cpu_per_row", own);
    double cachedCpu = ratio(all, generated, handWritten, LimitResult::cachedCpuMicros);
    double cachedWork = ratio(all, generated, handWritten, LimitResult::cachedCpuMicrosWithoutJit);
    md.append(String.format(Locale.ROOT, "- Cached epochs' CPU a row, generated against"
        + " hand-written: %.2fx, less the JIT's compiling in them (%.2f against %.2f s an epoch,"
        + " medians): %.2fx%n", cachedCpu,
        median(all, generated, r -> (r.cachedCpuMicros() - r.cachedCpuMicrosWithoutJit()) * rows / 1e6),
        median(all, handWritten, r -> (r.cachedCpuMicros() - r.cachedCpuMicrosWithoutJit()) * rows / 1e6),
        cachedWork));
    summary.put(kind + "_generated_vs_handwritten_cached_cpu_per_row", cachedCpu);
    summary.put(kind + "_generated_vs_handwritten_cached_cpu_per_row_without_jit", cachedWork);
    double otherFirst = median(all, other, LimitResult::firstEpoch)
        / median(all, handWritten, LimitResult::firstEpoch);
    double otherCached = median(all, other, LimitResult::cachedEpochs)
        / median(all, handWritten, LimitResult::cachedEpochs);
    md.append(String.format(Locale.ROOT, "- %s against hand-written: epoch 1 %.2fx, cached epochs"
        + " %.2fx%n", other.id, otherFirst, otherCached));
    summary.put(kind + "_" + (other.isTable() ? "per_line" : "generated_per_line")
        + "_vs_handwritten", otherFirst);
    for (Variant variant : onOneCore) {
      double one = median(single, variant, LimitResult::firstEpoch);
      double reached = paired(all, single, variant, LimitResult::firstEpoch) / cores;
      double cachedReached = paired(all, single, variant, LimitResult::cachedEpochs) / cores;
      md.append(String.format(Locale.ROOT, "- %s on 1 core: epoch 1 %,.0f rows/s (%s), so a %d-core"
              + " limit of %,.0f; on %d cores it reaches %.2f of it, the median of the rounds'"
              + " shares (%s; cached epochs: %.2f; target 0.9)%n", variant.id, one,
          figures(single, variant, LimitResult::firstEpoch, "%,.0f"), cores, cores * one, cores,
          reached, figures(shares(all, single, variant, LimitResult::firstEpoch, cores), "%.2f"),
          cachedReached));
      double cpuGrowth = paired(all, single, variant, LimitResult::firstEpochCpuMicros);
      md.append(String.format(Locale.ROOT, "  CPU a row in epoch 1 on %d cores against 1: %.2fx"
          + " (the work parallelism adds; the share of the limit needs idle cores)%n", cores,
          cpuGrowth));
      String who = variant == generated ? "generated" : "handwritten";
      summary.put(kind + "_" + who + "_of_core_limit", reached);
      summary.put(kind + "_" + who + "_of_core_limit_cached", cachedReached);
    }
    md.append("- Variants: ").append(String.join("; ", rowsOf.stream()
        .map(v -> v.id + " = " + v.description).toList())).append('\n');
    md.append("- Load average (1 minute) before the runs: ").append(machine.loadRange())
        .append('\n');
    return md.toString();
  }

  private static String row(Variant variant, int cores, List<LimitResult> results) {
    return String.format(Locale.ROOT, "| %s | %d | %,.0f | %,.0f | %.2f | %.2f | %.2f | %.2f |%n",
        variant.id, cores, median(results, variant, LimitResult::firstEpoch),
        median(results, variant, LimitResult::cachedEpochs),
        median(results, variant, LimitResult::firstEpochCpuMicros),
        median(results, variant, r -> r.firstEpochCpuMicros() - r.firstEpochCpuMicrosWithoutJit()),
        median(results, variant, LimitResult::firstEpochKernelMicros),
        median(results, variant, LimitResult::buildSeconds));
  }

  static double median(List<LimitResult> results, Variant variant,
      ToDoubleFunction<LimitResult> figure) {
    return LimitResult.median(results.stream().filter(r -> r.variant() == variant)
        .map(figure::applyAsDouble).toList());
  }

  /**
   * The median over rounds of {@code variant}'s figure on every core over its figure on one core
   * in the same round.
   */
  static double paired(List<LimitResult> all, List<LimitResult> single, Variant variant,
      ToDoubleFunction<LimitResult> figure) {
    return LimitResult.median(shares(all, single, variant, figure, 1));
  }

  /** Each round's figure on every core over the same round's on one core, divided by {@code by}. */
  private static List<Double> shares(List<LimitResult> all, List<LimitResult> single,
      Variant variant, ToDoubleFunction<LimitResult> figure, int by) {
    List<LimitResult> many = all.stream().filter(r -> r.variant() == variant).toList();
    List<LimitResult> one = single.stream().filter(r -> r.variant() == variant).toList();
    List<Double> shares = new ArrayList<>();
    for (int i = 0; i < Math.min(many.size(), one.size()); i++) {
      shares.add(figure.applyAsDouble(many.get(i)) / figure.applyAsDouble(one.get(i)) / by);
    }
    return shares;
  }

  /** {@code variant}'s figure in each round, formatted, joined. */
  private static String figures(List<LimitResult> results, Variant variant,
      ToDoubleFunction<LimitResult> figure, String format) {
    return figures(results.stream().filter(r -> r.variant() == variant)
        .map(figure::applyAsDouble).toList(), format);
  }

  private static String figures(List<Double> values, String format) {
    return String.join(", ", values.stream()
        .map(v -> String.format(Locale.ROOT, format, v)).toList());
  }

  /** The median over rounds of {@code a}'s figure over {@code b}'s in the same round. */
  static double ratio(List<LimitResult> results, Variant a, Variant b,
      ToDoubleFunction<LimitResult> figure) {
    List<LimitResult> as = results.stream().filter(r -> r.variant() == a).toList();
    List<LimitResult> bs = results.stream().filter(r -> r.variant() == b).toList();
    List<Double> ratios = new ArrayList<>();
    for (int i = 0; i < Math.min(as.size(), bs.size()); i++) {
      ratios.add(figure.applyAsDouble(as.get(i)) / figure.applyAsDouble(bs.get(i)));
    }
    return LimitResult.median(ratios);
  }

  /** Runs one variant in a fresh JVM, on the first {@code cores} cores. */
  private LimitResult measure(Variant variant, Path dir, long rows, int epochs, int cores)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    if (cores < this.cores && taskset) {
      command.addAll(List.of("taskset", "-c", "0-" + (cores - 1)));
    }
    command.addAll(ChildJava.command());
    command.addAll(List.of("-cp", System.getProperty("java.class.path"),
        LimitRun.class.getName(), variant.id,
        dir.toString(), String.valueOf(rows), String.valueOf(epochs)));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().put("TF_CPP_MIN_LOG_LEVEL", "2");
    primer.prime();
    machine = machine.withLoad(Machine.loadNow());
    Process process = builder.start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (process.waitFor() != 0) {
      throw new IllegalStateException(variant.id + " failed:\n" + out);
    }
    String line = out.lines().filter(l -> l.startsWith("RESULT ")).reduce((a, b) -> b)
        .orElseThrow(() -> new IllegalStateException(variant.id + " printed no result:\n" + out));
    LimitResult result = LimitResult.parse(line, cores);
    System.out.printf(Locale.ROOT, "  %-24s %d core%s: build %.2f s, epoch 1 %,.0f rows/s"
            + " (%.2f µs CPU a row, %.2f s of it the JIT's, %.2f s the kernel's), cached %,.0f"
            + " rows/s%n", variant.id, cores, cores == 1 ? " " : "s", result.buildSeconds(),
        result.firstEpoch(), result.firstEpochCpuMicros(), result.jitSeconds()[0],
        result.kernelSeconds()[0], result.cachedEpochs());
    return result;
  }
}

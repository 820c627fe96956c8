package dev.feedline.benchmarks.images;

import dev.feedline.benchmarks.startup.Startup;
import dev.feedline.benchmarks.text.TextBatching;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/** The measurements of one benchmark run, and the numbers derived from them. */
record Results(ImageBenchmark.Plan plan, int cores, Machine machine, List<Measurement> table,
    CoreLimit coreLimit, List<Measurement> training,
    List<AllocatorRun> allocators, List<Measurement> epochOne, List<Measurement> scaling,
    List<Measurement> beyond, Startup startup, TextBatching textBatching, double seconds) {

  /**
   * Bytes of one decoded photo as the example caches it: 224×224×3 8-bit pixels, an int64 label
   * and an int64 id.
   */
  static final long PHOTO_BYTES = 224L * 224 * 3 + 8 + 8;
  /** The example pipeline's shuffle buffer, in elements. */
  static final long SHUFFLE_BUFFER = 1000;

  /** A run of the generated pipeline under another allocator environment. */
  record AllocatorRun(String environment, Measurement measurement) {}

  /** The table's variants, in order of first appearance. */
  List<Variant> variants() {
    return table.stream().map(Measurement::variant).distinct().toList();
  }

  /** The runs of {@code variant} in the table, in the order they ran. */
  List<Measurement> runs(Variant variant) {
    return table.stream().filter(m -> m.variant() == variant).toList();
  }

  /** The median over the runs of {@code variant} of {@code value}. */
  double median(Variant variant, ToDoubleFunction<Measurement> value) {
    return Measurement.median(table.stream().filter(m -> m.variant() == variant)
        .map(m -> value.applyAsDouble(m)).toList());
  }

  private static double median(List<Measurement> runs, Variant variant) {
    return Measurement.median(runs.stream().filter(m -> m.variant() == variant)
        .map(Measurement::overall).toList());
  }

  Measurement training(Variant variant) {
    return training.stream().filter(m -> m.variant() == variant).findFirst().orElseThrow();
  }

  /**
   * The memory the example pipeline needs for its data: its cache, every decoded photo, and its
   * shuffle buffer, counted apart although its elements are the cache's own after the first epoch.
   */
  double workingSetMib() {
    return (plan.images() + Math.min(SHUFFLE_BUFFER, plan.images())) * PHOTO_BYTES / 1048576.0;
  }

  /** Cached-epoch throughput of {@code variant}, one value a run: images/s after epoch 1. */
  List<Double> cachedRates(Variant variant) {
    return runs(variant).stream().map(Measurement::laterEpochs).toList();
  }

  /** The largest over the smallest of {@code values}. */
  static double spread(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN)
        / values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
  }

  /** The summary's numbers, by key. */
  Map<String, Double> summary() {
    Map<String, Double> summary = new LinkedHashMap<>();
    summary.put("generated_vs_handwritten", median(Variant.GENERATED, Measurement::overall)
        / median(Variant.HAND_WRITTEN, Measurement::overall));
    summary.put("generated_vs_naive", median(Variant.GENERATED, Measurement::overall)
        / median(Variant.NAIVE, Measurement::overall));
    summary.put("cached_vs_first_epoch", median(Variant.GENERATED, Measurement::laterEpochs)
        / median(Variant.GENERATED, Measurement::firstEpoch));
    summary.put("parallel_efficiency", coreLimit.efficiency());
    // What the machine gives work that shares nothing, and the pipeline against that (CoreLimit).
    summary.put("machine_scaling", coreLimit.machineScaling());
    summary.put("parallel_efficiency_vs_machine", coreLimit.efficiencyOfMachine());
    summary.put("handwritten_parallel_efficiency", coreLimit.handWrittenEfficiency());
    summary.put("input_wait_fraction", training(Variant.GENERATED).steadyWait());
    summary.put("optimized_vs_handwritten", median(beyond, Variant.SCALED_DECODE)
        / median(beyond, Variant.HAND_WRITTEN_FULL_DECODE));
    summary.put("peak_rss_vs_working_set",
        median(Variant.GENERATED, Measurement::peakRssMib) / workingSetMib());
    summary.put("cached_generated_vs_handwritten", median(Variant.GENERATED,
        Measurement::laterEpochs) / median(Variant.HAND_WRITTEN, Measurement::laterEpochs));
    summary.put("cached_spread", spread(cachedRates(Variant.GENERATED)));
    summary.put("generated_vs_framework_epoch1", median(Variant.GENERATED,
        Measurement::firstEpoch) / median(Variant.FRAMEWORK, Measurement::firstEpoch));
    // Seconds to the first batch, start-up included (issue 28's target: at most 1.5).
    summary.put("first_batch_generated_vs_framework", median(Variant.GENERATED,
        Measurement::firstBatchSeconds) / median(Variant.FRAMEWORK, Measurement::firstBatchSeconds));
    summary.put("startup_100x_vs_1x", startup.ratio()); // a first run: every file walked
    summary.put("startup_100x_vs_1x_later", startup.ratioAgain()); // checks recalled
    summary.put("bucketed_vs_padded", textBatching.bucketedVsPadded()); // the model included
    return summary;
  }

  /**
   * Epoch 2 apart from the cached epochs after it, with the pages it touched first: the memory
   * that TensorFlow's allocator grew by for the batches the first fast epoch holds at once, which
   * a pipeline whose epoch 1 drained its shuffle buffer fast had grown in epoch 1
   * (docs/performance.md).
   */
  private String firstCachedEpoch() {
    StringBuilder md = new StringBuilder("\nThe first cached epoch and the ones after it,"
        + " medians of the runs:\n\n| variant | epoch 2 img/s | epoch 2 fresh pages"
        + " | epochs 3+ img/s |\n|---|---:|---:|---:|\n");
    for (Variant v : List.of(Variant.GENERATED, Variant.HAND_WRITTEN)) {
      md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s |%n", v.id(),
          whole(median(v, Measurement::epochTwo)),
          whole(median(v, Measurement::epochTwoFreshPages)),
          whole(median(v, Measurement::afterEpochTwo))));
    }
    return md.toString();
  }

  /** A whole number with thousands separators; a dash for what the runs did not measure. */
  private static String whole(double value) {
    return Double.isNaN(value) ? "—" : String.format(Locale.ROOT, "%,.0f", value);
  }

  String summaryLine() {
    List<String> pairs = new ArrayList<>();
    summary().forEach((key, value) -> pairs.add("\"" + key + "\": " + number(value)));
    return "{" + String.join(", ", pairs) + "}";
  }

  private static String number(double value) {
    return Double.isNaN(value) ? "null" : String.format(Locale.ROOT, "%.3f", value);
  }

  String markdown() {
    StringBuilder md = new StringBuilder();
    md.append("Machine: ").append(machine.line()).append(".\n\n");
    md.append(String.format(Locale.ROOT, "### Throughput: %d photos, %d epochs, %d cores; median of"
        + " %d alternated runs for generated, hand-written and tf-framework%n%n", plan.images(),
        plan.epochs(), cores, plan.repeats()));
    md.append("| variant | epoch 1 img/s | later epochs img/s | all epochs img/s | first batch s"
        + " | peak RSS MiB | CPU use |\n|---|---:|---:|---:|---:|---:|---:|\n");
    for (Variant v : variants()) {
      md.append(String.format(Locale.ROOT, "| %s | %,.0f | %,.0f | %,.0f | %.2f | %,.0f | %.0f%% |%n",
          v.id(), median(v, Measurement::firstEpoch), median(v, Measurement::laterEpochs),
          median(v, Measurement::overall), median(v, Measurement::firstBatchSeconds),
          median(v, Measurement::peakRssMib), 100 * median(v, Measurement::cpuUtilization)));
    }
    md.append("\n").append(coreLimit.markdown());
    md.append("### Cached epochs over the runs: images/s after epoch 1, one value a run\n\n"
        + "| variant | min | median | max | max / min | runs |\n|---|---:|---:|---:|---:|---|\n");
    for (Variant v : List.of(Variant.GENERATED, Variant.HAND_WRITTEN)) {
      List<Double> rates = cachedRates(v);
      md.append(String.format(Locale.ROOT, "| %s | %,.0f | %,.0f | %,.0f | %.2f | %s |%n", v.id(),
          rates.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN),
          Measurement.median(rates),
          rates.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN), spread(rates),
          String.join(", ", rates.stream().map(r -> String.format(Locale.ROOT, "%,.0f", r)).toList())));
    }
    md.append(firstCachedEpoch());
    md.append(String.format(Locale.ROOT, "%nGenerated against hand-written, cached epochs: %.2f;"
            + " generated against tf-framework, epoch 1: %.2f.%n%n",
        summary().get("cached_generated_vs_handwritten"),
        summary().get("generated_vs_framework_epoch1")));
    md.append(memory());
    if (!epochOne.isEmpty()) {
      md.append(epochOneTable());
    }
    md.append("### Training loop: a model step of two convolutions per batch\n\n"
        + "Share of the loop's time spent waiting for the next batch.\n\n"
        + "| variant | epoch 1 | epoch 2 | epochs 3+ (median) | epochs 3+ img/s |\n"
        + "|---|---:|---:|---:|---:|\n");
    for (Measurement m : training) {
      md.append(String.format(Locale.ROOT, "| %s | %.1f%% | %.1f%% | %.1f%% | %,.0f |%n",
          m.variant().id(), 100 * m.waits()[0], 100 * m.waits()[1], 100 * m.steadyWait(),
          Measurement.median(Arrays.stream(m.rates(), 2, m.rates().length).boxed().toList())));
    }
    md.append("\n### Scaling: the generated pipeline without cache, one epoch\n\n"
        + "| photos | cores | seconds | img/s | peak RSS MiB |\n|---:|---:|---:|---:|---:|\n");
    for (Measurement m : scaling) {
      md.append(String.format(Locale.ROOT, "| %,d | %d | %.2f | %,.0f | %,.0f |%n", m.images(),
          m.cores(), m.images() / m.firstEpoch(), m.firstEpoch(), m.peakRssMib()));
    }
    md.append(String.format(Locale.ROOT, "%n### Beyond hand-written: %d camera-sized photos (960–1280"
        + " px), no cache, 2 epochs, median of %d alternated runs%n%n| variant | img/s |%n|---|---:|%n",
        plan.largeImages(), plan.repeats()));
    for (Variant v : List.of(Variant.SCALED_DECODE, Variant.HAND_WRITTEN_FULL_DECODE)) {
      md.append(String.format(Locale.ROOT, "| %s | %,.0f |%n", v.id(), median(beyond, v)));
    }
    md.append("\n### Start-up: from build() to the first batch, against data size\n\n"
        + "Small records (about 50 bytes) in 8 files, each start-up in a fresh JVM after a warm-up;"
        + " a later run finds the files' checks remembered.\n\n").append(startup.markdown());
    md.append("\n### Bucketing against padding: the text example, the model's step included\n\n")
        .append(textBatching.line()).append(".\n");
    md.append(String.format(Locale.ROOT, "%nSummary: `%s`%n%nThe whole run took %.0f s.%n",
        summaryLine(), seconds));
    return md.toString();
  }

  /**
   * Peak resident memory against the working set: the generated runs of the table, under the
   * launcher's allocator, then one run under each allocator environment compared.
   */
  private String memory() {
    StringBuilder md = new StringBuilder(String.format(Locale.ROOT, "### Memory: the generated"
        + " pipeline's peak RSS against its working set%n%nWorking set: the cache, %,d photos of"
        + " %,d bytes, and the shuffle buffer, %,d of them: %,.0f MiB; target peak RSS ≤ 1.3 ×"
        + " that + 1 GiB = %,.0f MiB.%n%n| environment | tensors from | peak RSS MiB | RSS after"
        + " each epoch, MiB | peak / working set | epoch 1 img/s | later epochs img/s |%n"
        + "|---|---|---:|---|---:|---:|---:|%n", plan.images(), PHOTO_BYTES,
        Math.min(SHUFFLE_BUFFER, plan.images()), workingSetMib(), 1.3 * workingSetMib() + 1024));
    List<AllocatorRun> rows = new ArrayList<>();
    runs(Variant.GENERATED).forEach(m -> rows.add(new AllocatorRun("as ./feedline starts it", m)));
    rows.addAll(allocators);
    for (AllocatorRun row : rows) {
      Measurement m = row.measurement();
      md.append(String.format(Locale.ROOT, "| %s | %s | %,.0f | %s | %.2f | %,.0f | %,.0f |%n",
          row.environment(), m.allocator(), m.peakRssMib(), String.join(", ",
              Arrays.stream(m.epochRssMib()).mapToObj(r -> String.format(Locale.ROOT, "%,.0f", r))
                  .toList()), m.peakRssMib() / workingSetMib(), m.firstEpoch(), m.laterEpochs()));
    }
    return md.append("\n").toString();
  }

  /**
   * Epoch 1 of the candidates for the generator, alternated with the generated pipeline and
   * tf-framework: images/s, and CPU time per image, which load from other processes changes less.
   */
  private String epochOneTable() {
    StringBuilder md = new StringBuilder(String.format(Locale.ROOT, "### Epoch 1: candidates for"
        + " the generator, %d photos, median of %d alternated runs%n%n| variant | what changes |"
        + " epoch 1 img/s | runs | epoch 1 CPU ms per image | of which the kernel's |"
        + " epoch 2 img/s | peak RSS MiB |%n|---|---|---:|---|---:|---:|---:|---:|%n",
        plan.images(), plan.repeats()));
    for (Variant v : epochOne.stream().map(Measurement::variant).distinct().toList()) {
      List<Measurement> runs = epochOne.stream().filter(m -> m.variant() == v).toList();
      md.append(String.format(Locale.ROOT, "| %s | %s | %,.0f | %s | %.2f | %.2f | %,.0f | %,.0f |%n",
          v.id(), v.description(), Measurement.median(runs.stream().map(Measurement::firstEpoch).toList()),
          String.join(", ", runs.stream().map(m -> String.format(Locale.ROOT, "%,.0f", m.firstEpoch())).toList()),
          Measurement.median(runs.stream().map(Measurement::firstEpochCpuMsPerImage).toList()),
          Measurement.median(runs.stream().map(Measurement::firstEpochKernelMsPerImage).toList()),
          Measurement.median(runs.stream().map(Measurement::laterEpochs).toList()),
          Measurement.median(runs.stream().map(Measurement::peakRssMib).toList())));
    }
    return md.append("\n").toString();
  }

  String json() {
    StringBuilder json = new StringBuilder("{\n");
    json.append(String.format(Locale.ROOT, "  \"images\": %d, \"epochs\": %d, \"cores\": %d,"
        + " \"seconds\": %.1f,%n", plan.images(), plan.epochs(), cores, seconds));
    json.append("  \"machine\": ").append(machine.json()).append(",\n");
    json.append(String.format(Locale.ROOT, "  \"working_set_mib\": %.1f,%n", workingSetMib()));
    json.append("  \"summary\": ").append(summaryLine()).append(",\n");
    json.append("  \"runs\": [\n");
    List<String> runs = new ArrayList<>();
    addRuns(runs, "throughput", table);
    addRuns(runs, "single-thread", coreLimit.oneThread());
    addRuns(runs, "one-per-core", coreLimit.onePerCore().stream().flatMap(List::stream).toList());
    addRuns(runs, "efficiency", coreLimit.streaming());
    addRuns(runs, "efficiency, hand-written", coreLimit.handWritten());
    addRuns(runs, "training", training);
    addRuns(runs, "epoch-1-candidates", epochOne);
    for (AllocatorRun run : allocators) {
      addRuns(runs, "allocator: " + run.environment(), List.of(run.measurement()));
    }
    addRuns(runs, "scaling", scaling);
    addRuns(runs, "beyond-hand-written", beyond);
    json.append(String.join(",\n", runs)).append("\n  ],\n");
    json.append("  \"startup\": [\n    ").append(String.join(",\n    ", startup.json()))
        .append("\n  ]\n}\n");
    return json.toString();
  }

  private static void addRuns(List<String> runs, String kind, List<Measurement> measurements) {
    for (Measurement m : measurements) {
      runs.add(String.format(Locale.ROOT, "    {\"kind\": \"%s\", \"variant\": \"%s\", \"cores\": %d,"
              + " \"images\": %d, \"rates\": %s, \"waits\": %s, \"first_batch_s\": %.3f,"
              + " \"cpu_utilization\": %.3f, \"peak_rss_mib\": %.1f, \"epoch_rss_mib\": %s,"
              + " \"epoch_cpu_s\": %s, \"allocator\": \"%s\"}", kind, m.variant().id(),
          m.cores(), m.images(), array(m.rates()), array(m.waits()), m.firstBatchSeconds(),
          m.cpuUtilization(), m.peakRssMib(), array(m.epochRssMib()), array(m.epochCpuSeconds()),
          m.allocator()));
    }
  }

  private static String array(double[] values) {
    return Arrays.toString(Arrays.stream(values)
        .mapToObj(v -> String.format(Locale.ROOT, "%.4f", v)).toArray());
  }
}

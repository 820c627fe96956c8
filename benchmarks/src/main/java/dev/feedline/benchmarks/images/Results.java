package dev.feedline.benchmarks.images;

import dev.feedline.benchmarks.startup.Startup;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/** The measurements of one benchmark run, and the numbers derived from them. */
record Results(ImageBenchmark.Plan plan, int cores, List<Measurement> table,
    Measurement singleThread, Measurement streaming, List<Measurement> training,
    List<Measurement> scaling, List<Measurement> beyond, Startup startup, double seconds) {

  /** The table's variants, in order of first appearance. */
  List<Variant> variants() {
    return table.stream().map(Measurement::variant).distinct().toList();
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

  /** The per-element work's single-thread rate: the sequential pipeline on one core. */
  double singleThreadRate() {
    return Arrays.stream(singleThread.rates()).average().orElseThrow();
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
    summary.put("parallel_efficiency",
        Arrays.stream(streaming.rates()).average().orElseThrow() / (cores * singleThreadRate()));
    summary.put("input_wait_fraction", training(Variant.GENERATED).steadyWait());
    summary.put("optimized_vs_handwritten", median(beyond, Variant.SCALED_DECODE)
        / median(beyond, Variant.HAND_WRITTEN_FULL_DECODE));
    summary.put("startup_100x_vs_1x", startup.ratio()); // a first run: every file walked
    summary.put("startup_100x_vs_1x_later", startup.ratioAgain()); // checks recalled
    return summary;
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
    md.append(String.format(Locale.ROOT, "### Throughput: %d photos, %d epochs, %d cores; median of"
        + " %d alternated runs for generated and hand-written%n%n", plan.images(), plan.epochs(),
        cores, plan.repeats()));
    md.append("| variant | epoch 1 img/s | later epochs img/s | all epochs img/s | first batch s"
        + " | peak RSS MiB | CPU use |\n|---|---:|---:|---:|---:|---:|---:|\n");
    for (Variant v : variants()) {
      md.append(String.format(Locale.ROOT, "| %s | %,.0f | %,.0f | %,.0f | %.2f | %,.0f | %.0f%% |%n",
          v.id(), median(v, Measurement::firstEpoch), median(v, Measurement::laterEpochs),
          median(v, Measurement::overall), median(v, Measurement::firstBatchSeconds),
          median(v, Measurement::peakRssMib), 100 * median(v, Measurement::cpuUtilization)));
    }
    md.append(String.format(Locale.ROOT, "%nParallel efficiency: the generated pipeline without cache"
            + " ran %,.0f img/s on %d cores; the per-element work (parse, decode, resize) runs %,.0f"
            + " img/s on one thread (the sequential pipeline on one core); efficiency %.2f.%n%n",
        Arrays.stream(streaming.rates()).average().orElseThrow(), cores, singleThreadRate(),
        summary().get("parallel_efficiency")));
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
    md.append(String.format(Locale.ROOT, "%nSummary: `%s`%n%nThe whole run took %.0f s.%n",
        summaryLine(), seconds));
    return md.toString();
  }

  String json() {
    StringBuilder json = new StringBuilder("{\n");
    json.append(String.format(Locale.ROOT, "  \"images\": %d, \"epochs\": %d, \"cores\": %d,"
        + " \"seconds\": %.1f,%n", plan.images(), plan.epochs(), cores, seconds));
    json.append("  \"summary\": ").append(summaryLine()).append(",\n");
    json.append("  \"runs\": [\n");
    List<String> runs = new ArrayList<>();
    addRuns(runs, "throughput", table);
    addRuns(runs, "single-thread", List.of(singleThread));
    addRuns(runs, "efficiency", List.of(streaming));
    addRuns(runs, "training", training);
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
              + " \"cpu_utilization\": %.3f, \"peak_rss_mib\": %.1f}", kind, m.variant().id(),
          m.cores(), m.images(), array(m.rates()), array(m.waits()), m.firstBatchSeconds(),
          m.cpuUtilization(), m.peakRssMib()));
    }
  }

  private static String array(double[] values) {
    return Arrays.toString(Arrays.stream(values)
        .mapToObj(v -> String.format(Locale.ROOT, "%.4f", v)).toArray());
  }
}

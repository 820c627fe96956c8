package dev.feedline.doctor;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Everything the doctor measured on one pipeline, and what it concluded.
 *
 * @param pipeline the pipeline's simple name
 * @param stages each host stage's prefix latency, source first
 * @param fetchFloor the timing loop's own time an element, which the first stage's cost is taken
 *     over
 * @param autotune tf.data's autotune model after a warm-up of epoch 1
 * @param epochs epochs 1 and 2 at full speed
 * @param waits the training loop's input wait, per epoch
 * @param memory resident memory over the whole examination
 * @param findings what to change, the most costly first
 * @param costliestStage the stage that adds the most time per example (CPU time where it was
 *     measured); null when none does
 */
public record Diagnosis(String pipeline, List<StageLatency> stages, FetchFloor fetchFloor,
    AutotuneReport autotune, List<EpochStats> epochs, List<InputWait> waits,
    List<MemorySample> memory, List<Finding> findings, String costliestStage) {

  /** The worst input-boundness over the training loop's epochs. */
  public InputWait.Bound inputBound() {
    return waits.stream().map(InputWait::bound).max(Enum::compareTo).orElse(InputWait.Bound.NOT);
  }

  /** The stage the first finding names; null when nothing starves the model. */
  public String bottleneckStage() {
    return findings.isEmpty() ? null : findings.get(0).stage();
  }

  /**
   * Whether what each stage costs was decided on the process's CPU time, which other processes
   * taking the cores do not change; else on wall time, where the JVM does not report CPU time.
   */
  public boolean costsOnCpuTime() {
    return Diagnoser.onCpuTime(stages);
  }

  /** The rule ids of the findings, in order, without repeats. */
  public List<String> suggestions() {
    return findings.stream().map(Finding::rule).distinct().toList();
  }

  /** The console summary, without the JSON line. */
  public String summary() {
    StringBuilder out = new StringBuilder();
    out.append("Pipeline ").append(pipeline).append("\n\nStage latency (each prefix, one element"
        + " at a time):\n");
    out.append(String.format(Locale.ROOT, "  %-3s %-18s %-15s %9s %9s %9s %9s %9s %9s  %s%n", "#",
        "stage", "annotation", "first ms", "median", "p90", "p99", "ms/ex", "cpu ms/ex", "shape"));
    for (StageLatency s : stages) {
      LatencyStats l = s.latency();
      out.append(String.format(Locale.ROOT,
          "  %-3d %-18s %-15s %9.2f %9.3f %9.3f %9.3f %9s %9s  %s%s%n",
          s.position(), s.stage(), "@" + s.annotation(), s.firstMs(), l.medianMs(), l.p90Ms(),
          l.p99Ms(), perExample(s.msPerExample()), perExample(s.cpuMsPerExample()),
          l.shape(), s.sequential() ? ", sequential" : ""));
    }
    out.append(String.format(Locale.ROOT, "  the timing loop alone, over a range: %.3f ms, %.3f"
        + " cpu ms an element, which\n  the first stage that hands out examples is costed over%n",
        fetchFloor.latency().meanMs(), fetchFloor.cpu().meanMs()));
    out.append(costsOnCpuTime()
        ? "  Stage costs are decided on cpu ms/ex: the process's CPU time, all its threads, in the"
            + " JVM's 10 ms clock ticks,\n  which other processes taking the cores do not change;"
            + " latencies and ms/ex are wall time.\n"
        : "  Stage costs are decided on wall time (ms/ex): this JVM reports no process CPU time,"
            + " so a busy machine blurs them.\n");
    out.append("\ntf.data's autotune model after warm-up:\n");
    if (autotune.unavailable() != null) {
      out.append("  unavailable: ").append(autotune.unavailable()).append('\n');
    } else {
      for (AutotuneReport.Node n : autotune.nodes()) {
        out.append(String.format(Locale.ROOT, "  %-24s %-18s %9.3f ms/element%s%s%n", n.name(),
            n.stage() == null ? "(TensorFlow's)" : n.stage(), n.msPerElement(),
            n.parallelism() == null ? "" : String.format(Locale.ROOT, ", parallelism %.0f", n.parallelism()),
            n.bufferSize() == null ? "" : String.format(Locale.ROOT, ", buffer %.0f", n.bufferSize())));
      }
      if (autotune.bottleneck() != null) {
        out.append("  its slowest node per thread: ").append(autotune.bottleneck().name()).append('\n');
      }
      if (!autotune.missing().isEmpty()) {
        out.append("  not in the model (upstream of a shuffle, or fused): ")
            .append(String.join(", ", autotune.missing())).append("; the stage latency covers them\n");
      }
    }
    out.append("\nEpochs at full speed:\n");
    for (EpochStats e : epochs) {
      out.append(String.format(Locale.ROOT, "  epoch %d: %d examples in %.2f s, %.0f examples/s;"
          + " first element after %.2f s%n", e.number(), e.examples(), e.seconds(),
          e.examplesPerSecond(), e.firstSeconds()));
    }
    double peak = memory.stream().mapToDouble(MemorySample::residentMb).max().orElse(-1);
    if (peak >= 0) {
      out.append(String.format(Locale.ROOT, "  resident memory: peak %.0f MB%n", peak));
    }
    out.append("\nTraining loop:\n");
    for (InputWait w : waits) {
      out.append(String.format(Locale.ROOT, "  epoch %d: first batch after %.0f ms; then %d steps"
          + " waited for their batch %.1f%% of step time: %s input-bound%n", w.epoch(),
          w.firstWaitMs(), w.steps(), 100 * w.fraction(), w.bound()));
    }
    out.append("\nFindings:\n");
    if (findings.isEmpty()) {
      out.append("  none: no stage starves the model")
          .append(costliestStage == null ? "" : "; the costliest stage is '" + costliestStage + "'")
          .append('\n');
    }
    int i = 1;
    for (Finding f : findings) {
      out.append(String.format(Locale.ROOT, "  %d. stage '%s' [feedline:%s]%n     symptom: %s%n"
          + "     measured: %s%n     fix: %s%n", i++, f.stage(), f.rule(), f.symptom(), f.evidence(),
          f.fix()));
    }
    return out.toString();
  }

  private static String perExample(double ms) {
    return Double.isNaN(ms) ? "-" : String.format(Locale.ROOT, "%.3f", ms);
  }

  /** One line of JSON with the verdict, for scripts. */
  public String json() {
    return "{\"pipeline\": " + Json.string(pipeline)
        + ", \"bottleneck_stage\": " + (bottleneckStage() == null ? "null" : Json.string(bottleneckStage()))
        + ", \"input_bound\": " + Json.string(inputBound().name())
        + ", \"input_wait\": [" + waits.stream().map(w -> String.format(Locale.ROOT, "%.4f", w.fraction()))
            .collect(Collectors.joining(", ")) + "]"
        + ", \"costliest_stage\": " + (costliestStage == null ? "null" : Json.string(costliestStage))
        + ", \"costs_on\": " + Json.string(costsOnCpuTime() ? "cpu_time" : "wall_time")
        + ", \"suggestions\": [" + suggestions().stream().map(Json::string)
            .collect(Collectors.joining(", ")) + "]"
        + ", \"fixes\": [" + findings.stream().map(f -> Json.string(f.fix()))
            .collect(Collectors.joining(", ")) + "]}";
  }
}

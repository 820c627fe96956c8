package dev.feedline.benchmarks.images;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The per-element work (parse, decode, resize) against the cores, measured in alternated rounds so
 * that the host's drift hits each alike: the sequential pipeline on one core (the single-thread
 * rate, whose multiple by the cores is the limit parallel efficiency is measured against); the same
 * on every core at once, one process pinned to each, which is what the machine gives for work that
 * shares nothing (the cores' clocks, caches and memory bandwidth, and on a virtual machine the
 * host's other guests, decide it); the generated pipeline without its cache on every core; and
 * the hand-written pipeline without its cache beside it, which shows what raw tf.data reaches.
 *
 * @param cores the cores of the machine
 * @param oneThread each round's sequential pipeline on one core
 * @param onePerCore each round's sequential pipelines on every core at once; empty where taskset
 *     cannot pin them
 * @param streaming each round's generated pipeline without its cache, on every core
 * @param handWritten each round's hand-written pipeline without its cache, on every core
 */
record CoreLimit(int cores, List<Measurement> oneThread, List<List<Measurement>> onePerCore,
    List<Measurement> streaming, List<Measurement> handWritten) {

  /** The single-thread rate: images/s of the sequential pipeline on one core, median of rounds. */
  double oneThreadRate() {
    return Measurement.median(oneThread.stream().map(Measurement::overall).toList());
  }

  /** Images/s of the sequential pipelines on every core at once, summed; median of rounds. */
  double onePerCoreRate() {
    return Measurement.median(onePerCore.stream()
        .map(runs -> runs.stream().mapToDouble(Measurement::overall).sum()).toList());
  }

  /** Images/s of the generated pipeline without its cache on every core, median of rounds. */
  double streamingRate() {
    return Measurement.median(streaming.stream().map(Measurement::overall).toList());
  }

  /** The generated pipeline against the limit, {@code cores} times the single-thread rate. */
  double efficiency() {
    return streamingRate() / (cores * oneThreadRate());
  }

  /** The hand-written pipeline without its cache against the same limit. */
  double handWrittenEfficiency() {
    return Measurement.median(handWritten.stream().map(Measurement::overall).toList())
        / (cores * oneThreadRate());
  }

  /** What the machine itself gives: one process a core against the same limit. */
  double machineScaling() {
    return onePerCoreRate() / (cores * oneThreadRate());
  }

  /** The generated pipeline against what the machine gives: one process a core. */
  double efficiencyOfMachine() {
    return streamingRate() / onePerCoreRate();
  }

  /** CPU time per image of a pipeline on every core ({@code runs}), against the sequential one's. */
  double cpuPerImageRatio(List<Measurement> runs) {
    return Measurement.median(runs.stream().map(CoreLimit::cpuMsPerImage).toList())
        / Measurement.median(oneThread.stream().map(CoreLimit::cpuMsPerImage).toList());
  }

  /** The share of every core's time a pipeline ({@code runs}) kept busy, median of rounds. */
  static double utilization(List<Measurement> runs) {
    return Measurement.median(runs.stream().map(Measurement::cpuUtilization).toList());
  }

  private static double cpuMsPerImage(Measurement m) {
    return 1000 * Arrays.stream(m.epochCpuSeconds()).sum() / (m.images() * m.rates().length);
  }

  String markdown() {
    StringBuilder md = new StringBuilder(String.format(Locale.ROOT, "Parallel efficiency, %d"
        + " alternated rounds (medians): the per-element work (parse, decode, resize) ran %,.0f"
        + " img/s on one thread (the sequential pipeline on one core), so the limit on %d cores is"
        + " %,.0f; the generated pipeline without cache ran %,.0f img/s: efficiency %.2f.",
        oneThread.size(), oneThreadRate(), cores, cores * oneThreadRate(), streamingRate(),
        efficiency()));
    if (!onePerCore.isEmpty()) {
      md.append(String.format(Locale.ROOT, " The sequential pipeline on every core at once, one"
          + " process a core, ran %,.0f img/s: the machine gives %.2f of the limit, and the"
          + " generated pipeline reaches %.2f of that.", onePerCoreRate(), machineScaling(),
          efficiencyOfMachine()));
    }
    md.append(String.format(Locale.ROOT, " It took %.2f times the CPU an image of the sequential"
        + " pipeline and kept %.0f%% of the cores busy. The hand-written pipeline without its"
        + " cache: efficiency %.2f, %.2f times the CPU an image, %.0f%% of the cores busy.%n%n",
        cpuPerImageRatio(streaming), 100 * utilization(streaming), handWrittenEfficiency(),
        cpuPerImageRatio(handWritten), 100 * utilization(handWritten)));
    return md.toString();
  }
}

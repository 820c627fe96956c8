package dev.feedline.benchmarks.text;

import dev.feedline.benchmarks.images.Machine;
import dev.feedline.example.SpellingDataset;
import dev.feedline.example.TextDemo;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The text example's batching side by side: batches by length against batches of any lengths
 * padded to their longest word, each trained (the model's step included) for the same epochs,
 * alternated in rounds within one run, since this machine's rates drift over minutes.
 *
 * @param rounds each round's figures, bucketed then padded
 * @param loads the 1-minute load average before each round
 */
public record TextBatching(List<Round> rounds, List<Double> loads) {
  private static final int EPOCHS = 4;

  /**
   * One bucketed run beside one padded run.
   *
   * @param bucketedPerSecond examples/s of the bucketed epochs after the first, which fills the
   *     cache
   * @param bucketedPadded the share of padded positions in the last bucketed epoch
   * @param cpu the process's CPU µs a word in the same epochs, trained and batches alone
   */
  public record Round(double bucketedPerSecond, double bucketedPadded, double paddedPerSecond,
      double paddedPadded, Cpu cpu) {
    /** A round whose CPU time was not measured. */
    public Round(double bucketedPerSecond, double bucketedPadded, double paddedPerSecond,
        double paddedPadded) {
      this(bucketedPerSecond, bucketedPadded, paddedPerSecond, paddedPadded, Cpu.NONE);
    }

    double ratio() {
      return bucketedPerSecond / paddedPerSecond;
    }
  }

  /**
   * CPU µs a word of the cached epochs, all the process's threads: each way of batching trained,
   * and its batches fetched alone, without the model. Their difference is the model's step: what
   * says whether it grows with the padded length.
   */
  public record Cpu(double bucketedTrained, double paddedTrained, double bucketedBatches,
      double paddedBatches) {
    static final Cpu NONE = new Cpu(Double.NaN, Double.NaN, Double.NaN, Double.NaN);

    double bucketedModel() {
      return bucketedTrained - bucketedBatches;
    }

    double paddedModel() {
      return paddedTrained - paddedBatches;
    }
  }

  /** {@code TextBatching [DIR [ROUNDS]]}: the comparison alone, as {@code ./feedline bench} ends. */
  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args.length > 0 ? args[0] : "target/bench-data/text");
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    TextBatching batching = measure(dir, rounds);
    for (Round r : batching.rounds()) {
      System.out.printf(Locale.ROOT, "round: bucketed %,.0f ex/s (%.1f%% padded), padded %,.0f"
              + " ex/s (%.1f%% padded), %.2fx; CPU us a word: trained %.1f against %.1f,"
              + " batches alone %.1f against %.1f, the model's step %.1f against %.1f%n",
          r.bucketedPerSecond(), 100 * r.bucketedPadded(), r.paddedPerSecond(),
          100 * r.paddedPadded(), r.ratio(), r.cpu().bucketedTrained(), r.cpu().paddedTrained(),
          r.cpu().bucketedBatches(), r.cpu().paddedBatches(), r.cpu().bucketedModel(),
          r.cpu().paddedModel());
    }
    System.out.println(batching.line());
  }

  /** Writes the example's data set into {@code dir}, then trains on it both ways, 3 rounds. */
  public static TextBatching measure(Path dir) throws IOException {
    return measure(dir, 3);
  }

  /** Writes the example's data set into {@code dir}, then trains on it both ways, alternated. */
  public static TextBatching measure(Path dir, int rounds) throws IOException {
    PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    SpellingDataset.writeUnlessPresent(dir, quiet);
    List<Round> measured = new ArrayList<>();
    List<Double> loads = new ArrayList<>();
    for (int r = 0; r < rounds; r++) {
      loads.add(Machine.loadNow());
      // Which goes first alternates too, so that neither always runs on a warmer JVM.
      List<TextDemo.EpochFigures> bucketed = null;
      List<TextDemo.EpochFigures> padded = null;
      List<TextDemo.EpochFigures> bucketedBatches = null;
      List<TextDemo.EpochFigures> paddedBatches = null;
      for (int side = 0; side < 2; side++) {
        if ((side == 0) == (r % 2 == 0)) {
          bucketed = TextDemo.train(dir, EPOCHS, true, quiet);
          bucketedBatches = TextDemo.batchesOnly(dir, EPOCHS, true, quiet);
        } else {
          padded = TextDemo.train(dir, EPOCHS, false, quiet);
          paddedBatches = TextDemo.batchesOnly(dir, EPOCHS, false, quiet);
        }
      }
      measured.add(new Round(cachedRate(bucketed), last(bucketed).paddedShare(),
          cachedRate(padded), last(padded).paddedShare(), new Cpu(cpuPerWord(bucketed),
              cpuPerWord(padded), cpuPerWord(bucketedBatches), cpuPerWord(paddedBatches))));
    }
    loads.add(Machine.loadNow());
    return new TextBatching(List.copyOf(measured), List.copyOf(loads));
  }

  private static double cachedRate(List<TextDemo.EpochFigures> epochs) {
    List<TextDemo.EpochFigures> cached = epochs.subList(1, epochs.size());
    double examples = cached.stream().mapToLong(TextDemo.EpochFigures::examples).sum();
    return examples / cached.stream().mapToDouble(TextDemo.EpochFigures::seconds).sum();
  }

  /** CPU µs a word of the epochs after the first. */
  private static double cpuPerWord(List<TextDemo.EpochFigures> epochs) {
    List<TextDemo.EpochFigures> cached = epochs.subList(1, epochs.size());
    double examples = cached.stream().mapToLong(TextDemo.EpochFigures::examples).sum();
    return 1e6 * cached.stream().mapToDouble(TextDemo.EpochFigures::cpuSeconds).sum() / examples;
  }

  private static TextDemo.EpochFigures last(List<TextDemo.EpochFigures> epochs) {
    return epochs.get(epochs.size() - 1);
  }

  /** The median over the rounds of bucketed examples/s over padded examples/s. */
  public double bucketedVsPadded() {
    return median(rounds.stream().map(Round::ratio).toList());
  }

  private static double median(List<Double> values) {
    List<Double> sorted = values.stream().sorted().toList();
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  private double cpuMedian(java.util.function.ToDoubleFunction<Cpu> figure) {
    return median(rounds.stream().map(r -> figure.applyAsDouble(r.cpu())).toList());
  }

  /** One line: examples/s and padded share, bucketed against padded, medians of the rounds. */
  public String line() {
    double bucketed = median(rounds.stream().map(Round::bucketedPerSecond).toList());
    double padded = median(rounds.stream().map(Round::paddedPerSecond).toList());
    double min = loads.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    double max = loads.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    return String.format(Locale.ROOT, "Text example, batching by length against padding to the"
            + " longest, model step included, %d alternated rounds: %,.0f against %,.0f"
            + " examples/s (medians; median ratio %.2fx), %.1f%% against %.1f%% of positions"
            + " padded; CPU us a word (medians): batches alone %.1f against %.1f, the model's"
            + " step %.1f against %.1f; load average %.1f to %.1f", rounds.size(), bucketed,
        padded, bucketedVsPadded(), 100 * rounds.get(rounds.size() - 1).bucketedPadded(),
        100 * rounds.get(rounds.size() - 1).paddedPadded(),
        cpuMedian(Cpu::bucketedBatches), cpuMedian(Cpu::paddedBatches),
        cpuMedian(Cpu::bucketedModel), cpuMedian(Cpu::paddedModel), min, max);
  }
}

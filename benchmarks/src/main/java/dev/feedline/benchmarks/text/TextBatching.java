package dev.feedline.benchmarks.text;

import dev.feedline.benchmarks.images.Machine;
import dev.feedline.example.SpellingDataset;
import dev.feedline.example.SpellingModel;
import dev.feedline.example.TextDemo;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The text example's batching side by side: batches by length against batches of any lengths
 * padded to their longest word, each trained (the model's step included) for the same epochs,
 * alternated in rounds within one run, since this machine's rates drift over minutes.
 *
 * @param model the model trained; the bench's is {@link SpellingModel#FEED_FORWARD}, whose step
 *     grows with the padded length as a real sequence model's does
 * @param rounds each round's figures, bucketed then padded
 * @param loads the 1-minute load average before each round
 */
public record TextBatching(SpellingModel model, List<Round> rounds, List<Double> loads) {
  /** The model the bench trains when told none. */
  public static final SpellingModel BENCH_MODEL = SpellingModel.FEED_FORWARD;
  /**
   * Epochs a run: the cached ones after the first are measured. The second is the first on the
   * iterator across epochs, whose first step costs the sorted windows 100 to 145 ms against 33 to
   * 35 padded (feed-forward model, AMD EPYC, 2 cores), once a run, as a training run pays it
   * once; measured over five cached epochs rather than three, it weighs less.
   */
  private static final int EPOCHS = 6;

  /**
   * One bucketed run beside one padded run.
   *
   * @param bucketedPerSecond examples/s of the bucketed epochs after the first, which fills the
   *     cache
   * @param bucketedPadded the share of padded positions in the last bucketed epoch
   * @param cpu the process's CPU µs a word in the same epochs, trained and batches alone, and
   *     the positions a word
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
   * Where a word's CPU goes in the cached epochs, all the process's threads: each way of batching
   * trained, and its batches fetched alone, without the model, in µs a word; and the positions a
   * word each way's batches hold, padding included. The trained run less the batches alone is the
   * model's step, which says what a position costs it, and so whether bucketing can pay.
   */
  public record Cpu(double bucketedTrained, double paddedTrained, double bucketedBatches,
      double paddedBatches, double bucketedPositions, double paddedPositions) {
    static final Cpu NONE =
        new Cpu(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);

    double bucketedModel() {
      return bucketedTrained - bucketedBatches;
    }

    double paddedModel() {
      return paddedTrained - paddedBatches;
    }

    /** The positions a word that bucketing does not compute. */
    double savedPositions() {
      return paddedPositions - bucketedPositions;
    }

    /** The step's CPU µs for each position bucketing saves. */
    double modelPerSavedPosition() {
      return (paddedModel() - bucketedModel()) / savedPositions();
    }

    /**
     * What a saved position must cost the step for bucketing to pay: the bucketed batches' extra
     * CPU a word over the saved positions.
     */
    double breakEvenPerPosition() {
      return (bucketedBatches - paddedBatches) / savedPositions();
    }
  }

  /**
   * {@code TextBatching [DIR [ROUNDS [MODEL]]]}: the comparison alone, as {@code ./feedline bench}
   * ends; MODEL is {@code word} or {@code feed-forward} (the default).
   */
  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args.length > 0 ? args[0] : "target/bench-data/text");
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    SpellingModel model = args.length > 2 ? SpellingModel.named(args[2]) : BENCH_MODEL;
    TextBatching batching = measure(dir, rounds, model);
    for (Round r : batching.rounds()) {
      System.out.println(roundLine(r));
    }
    System.out.println(batching.line());
  }

  static String roundLine(Round r) {
    Cpu cpu = r.cpu();
    return String.format(Locale.ROOT, "round: bucketed %,.0f ex/s (%.1f%% padded), padded %,.0f"
            + " ex/s (%.1f%% padded), %.2fx; CPU us a word: trained %.1f against %.1f, batches"
            + " alone %.1f against %.1f, the model's step %.1f against %.1f; positions a word"
            + " %.2f against %.2f: the step %.2f us a saved position, bucketing pays from %.2f",
        r.bucketedPerSecond(), 100 * r.bucketedPadded(), r.paddedPerSecond(),
        100 * r.paddedPadded(), r.ratio(), cpu.bucketedTrained(), cpu.paddedTrained(),
        cpu.bucketedBatches(), cpu.paddedBatches(), cpu.bucketedModel(), cpu.paddedModel(),
        cpu.bucketedPositions(), cpu.paddedPositions(), cpu.modelPerSavedPosition(),
        cpu.breakEvenPerPosition());
  }

  /** Writes the example's data set into {@code dir}, then trains the bench's model, 3 rounds. */
  public static TextBatching measure(Path dir) throws IOException {
    return measure(dir, 3, BENCH_MODEL);
  }

  /** Writes the example's data set into {@code dir}, then trains on it both ways, alternated. */
  public static TextBatching measure(Path dir, int rounds, SpellingModel model)
      throws IOException {
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
          bucketed = TextDemo.train(dir, EPOCHS, true, model, quiet);
          bucketedBatches = TextDemo.batchesOnly(dir, EPOCHS, true, quiet);
        } else {
          padded = TextDemo.train(dir, EPOCHS, false, model, quiet);
          paddedBatches = TextDemo.batchesOnly(dir, EPOCHS, false, quiet);
        }
      }
      measured.add(new Round(cachedRate(bucketed), last(bucketed).paddedShare(),
          cachedRate(padded), last(padded).paddedShare(), new Cpu(cpuPerWord(bucketed),
              cpuPerWord(padded), cpuPerWord(bucketedBatches), cpuPerWord(paddedBatches),
              positionsPerWord(bucketed), positionsPerWord(padded))));
    }
    loads.add(Machine.loadNow());
    return new TextBatching(model, List.copyOf(measured), List.copyOf(loads));
  }

  private static double cachedRate(List<TextDemo.EpochFigures> epochs) {
    return cachedExamples(epochs)
        / cached(epochs).stream().mapToDouble(TextDemo.EpochFigures::seconds).sum();
  }

  /** CPU µs a word of the epochs after the first. */
  private static double cpuPerWord(List<TextDemo.EpochFigures> epochs) {
    return 1e6 * cached(epochs).stream().mapToDouble(TextDemo.EpochFigures::cpuSeconds).sum()
        / cachedExamples(epochs);
  }

  private static double positionsPerWord(List<TextDemo.EpochFigures> epochs) {
    return cached(epochs).stream().mapToLong(TextDemo.EpochFigures::positions).sum()
        / cachedExamples(epochs);
  }

  private static List<TextDemo.EpochFigures> cached(List<TextDemo.EpochFigures> epochs) {
    return epochs.subList(1, epochs.size());
  }

  private static double cachedExamples(List<TextDemo.EpochFigures> epochs) {
    return cached(epochs).stream().mapToLong(TextDemo.EpochFigures::examples).sum();
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

  private double cpuMedian(ToDoubleFunction<Cpu> figure) {
    return median(rounds.stream().map(r -> figure.applyAsDouble(r.cpu())).toList());
  }

  /** One line: examples/s and padded share, bucketed against padded, medians of the rounds. */
  public String line() {
    double bucketed = median(rounds.stream().map(Round::bucketedPerSecond).toList());
    double padded = median(rounds.stream().map(Round::paddedPerSecond).toList());
    double min = loads.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    double max = loads.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    return String.format(Locale.ROOT, "Text example, batching by length against padding to the"
            + " longest, the %s model's step included, %d alternated rounds: %,.0f against %,.0f"
            + " examples/s (medians; median ratio %.2fx), %.1f%% against %.1f%% of positions"
            + " padded; CPU us a word (medians): trained %.1f against %.1f, batches alone %.1f"
            + " against %.1f, the model's step %.1f against %.1f; the step %.2f us a saved"
            + " position, bucketing pays from %.2f; load average %.1f to %.1f", model.option(),
        rounds.size(), bucketed, padded, bucketedVsPadded(),
        100 * rounds.get(rounds.size() - 1).bucketedPadded(),
        100 * rounds.get(rounds.size() - 1).paddedPadded(),
        cpuMedian(Cpu::bucketedTrained), cpuMedian(Cpu::paddedTrained),
        cpuMedian(Cpu::bucketedBatches), cpuMedian(Cpu::paddedBatches),
        cpuMedian(Cpu::bucketedModel), cpuMedian(Cpu::paddedModel),
        cpuMedian(Cpu::modelPerSavedPosition), cpuMedian(Cpu::breakEvenPerPosition), min, max);
  }
}

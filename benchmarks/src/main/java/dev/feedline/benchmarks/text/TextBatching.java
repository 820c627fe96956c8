package dev.feedline.benchmarks.text;

import dev.feedline.example.SpellingDataset;
import dev.feedline.example.TextDemo;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The text example's batching side by side: batches by length against batches of any lengths
 * padded to their longest word, each trained for the same epochs in one run.
 *
 * @param bucketedPerSecond examples/s of the bucketed epochs after the first, which fills the cache
 * @param bucketedPadded the share of padded positions in the last bucketed epoch
 */
public record TextBatching(double bucketedPerSecond, double bucketedPadded,
    double paddedPerSecond, double paddedPadded) {
  private static final int EPOCHS = 3;

  /** Writes the example's data set into {@code dir}, then trains on it both ways. */
  public static TextBatching measure(Path dir) throws IOException {
    PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    SpellingDataset.writeUnlessPresent(dir, quiet);
    List<TextDemo.EpochFigures> bucketed = TextDemo.train(dir, EPOCHS, true, quiet);
    List<TextDemo.EpochFigures> padded = TextDemo.train(dir, EPOCHS, false, quiet);
    return new TextBatching(cachedRate(bucketed), last(bucketed).paddedShare(),
        cachedRate(padded), last(padded).paddedShare());
  }

  private static double cachedRate(List<TextDemo.EpochFigures> epochs) {
    List<TextDemo.EpochFigures> cached = epochs.subList(1, epochs.size());
    double examples = cached.stream().mapToLong(TextDemo.EpochFigures::examples).sum();
    return examples / cached.stream().mapToDouble(TextDemo.EpochFigures::seconds).sum();
  }

  private static TextDemo.EpochFigures last(List<TextDemo.EpochFigures> epochs) {
    return epochs.get(epochs.size() - 1);
  }

  /** One line: examples/s and padded share, bucketed against padded. */
  public String line() {
    return String.format(Locale.ROOT, "Text example, batching by length against padding to the"
            + " longest: %,.0f against %,.0f examples/s (%.2fx), %.1f%% against %.1f%% of positions"
            + " padded", bucketedPerSecond, paddedPerSecond, bucketedPerSecond / paddedPerSecond,
        100 * bucketedPadded, 100 * paddedPadded);
  }
}

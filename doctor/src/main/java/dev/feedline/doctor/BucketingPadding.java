package dev.feedline.doctor;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether a {@code @BucketByLength} saves enough padding to pay for itself, judged on the lengths
 * measured: the shapes of the elements the stage before it handed out, and of the batches it
 * made. Sorted windows cost more CPU an element than a padded batch (docs/performance.md#bucketing),
 * so a bucketing that leaves more than half of a padded batch's padding saves less than it costs.
 */
final class BucketingPadding {
  /** A bucketing that cuts the padded share by less than this fraction does not pay. */
  static final double WORTH_CUTTING = 0.5;
  /** Batches needed on each side to judge at all. */
  static final int FEWEST_BATCHES = 2;

  /**
   * The share of padded positions in each way of batching the same elements.
   *
   * @param bucketed in the batches the bucketing made
   * @param padded in batches of the same size in the order the elements came, each padded to
   *     its longest
   * @param batchSize the largest batch the bucketing made
   */
  record Shares(double bucketed, double padded, long batchSize) {
    /** Whether bucketing leaves more than half the padding a padded batch has. */
    boolean doesNotPay() {
      return bucketed > padded * (1 - WORTH_CUTTING);
    }
  }

  private BucketingPadding() {}

  /**
   * The shares, from the elements before the bucketing and its batches; empty where either holds
   * fewer than {@link #FEWEST_BATCHES} batches or no component varies in length.
   */
  static Optional<Shares> shares(List<long[][]> elements, List<long[][]> batches) {
    if (elements.isEmpty() || batches.size() < FEWEST_BATCHES
        || elements.get(0).length == 0 || elements.get(0).length != batches.get(0).length) {
      return Optional.empty();
    }
    long batchSize = batches.stream().mapToLong(b -> b[0].length == 0 ? 1 : b[0][0]).max()
        .orElse(1);
    if (elements.size() < FEWEST_BATCHES * batchSize) {
      return Optional.empty();
    }
    // What one element fills, on average; the bucketed batches hold a sample of the same data.
    double realPerElement = elements.stream().mapToLong(BucketingPadding::real).average()
        .orElse(0);
    long bucketedExamples = 0;
    long bucketedPositions = 0;
    for (long[][] batch : batches) {
      bucketedExamples += batch[0].length == 0 ? 1 : batch[0][0];
      for (long[] component : batch) {
        bucketedPositions += product(component, 0);
      }
    }
    long paddedReal = 0;
    long paddedPositions = 0;
    int whole = (int) (elements.size() / batchSize * batchSize);
    for (int start = 0; start < whole; start += (int) batchSize) {
      List<long[][]> batch = elements.subList(start, start + (int) batchSize);
      paddedReal += batch.stream().mapToLong(BucketingPadding::real).sum();
      paddedPositions += padded(batch);
    }
    if (bucketedPositions == 0 || paddedPositions == 0) {
      return Optional.empty();
    }
    return Optional.of(new Shares(
        Math.max(0, 1 - realPerElement * bucketedExamples / bucketedPositions),
        1 - (double) paddedReal / paddedPositions, batchSize));
  }

  /** A finding where the bucketing at {@code stage} saves less than half the padding. */
  static Optional<Finding> finding(String stage, List<long[][]> elements,
      List<long[][]> batches) {
    return shares(elements, batches).filter(Shares::doesNotPay).map(s -> new Finding(stage,
        Diagnoser.BUCKETING_SLOWER, String.format(Locale.ROOT,
            "@BucketByLength '%s' leaves %.1f%% of its batches' positions padded, against %.1f%%"
                + " in batches of %d padded to their longest, as %d elements came: it cuts the"
                + " padding by %.0f%%, under half, and sorting by length costs more CPU an"
                + " element than a padded batch", stage, 100 * s.bucketed(), 100 * s.padded(),
            s.batchSize(), elements.size(),
            s.padded() == 0 ? 0 : 100 * (1 - s.bucketed() / s.padded())),
        RuleIds.BUCKETING_COSTS_MORE, "@PaddedBatch(size = " + s.batchSize() + ") instead of"
            + " @BucketByLength '" + stage + "'"));
  }

  /** The positions an element's varying components fill. */
  private static long real(long[][] element) {
    long positions = 0;
    for (long[] component : element) {
      positions += product(component, 0);
    }
    return positions;
  }

  /** The positions of a batch of {@code batch}, each component padded to its longest. */
  private static long padded(List<long[][]> batch) {
    long positions = 0;
    for (int c = 0; c < batch.get(0).length; c++) {
      long[] longest = batch.get(0)[c].clone();
      for (long[][] element : batch) {
        for (int d = 0; d < longest.length; d++) {
          longest[d] = Math.max(longest[d], element[c][d]);
        }
      }
      positions += batch.size() * product(longest, 0);
    }
    return positions;
  }

  private static long product(long[] dims, int from) {
    long p = 1;
    for (int d = from; d < dims.length; d++) {
      p *= dims[d];
    }
    return p;
  }
}

package dev.feedline.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The bucketing finding decides on lengths alone: words of the lengths given, one varying
 * component each, and the batches a bucketing made of them.
 */
class BucketingPaddingTest {
  /** Elements of these lengths, in order, each one component of shape [length]. */
  private static List<long[][]> elements(int... lengths) {
    List<long[][]> out = new ArrayList<>();
    for (int length : lengths) {
      out.add(new long[][] {{length}});
    }
    return out;
  }

  /** Batches of shape [size, longest]. */
  private static List<long[][]> batches(long size, int... longest) {
    List<long[][]> out = new ArrayList<>();
    for (int l : longest) {
      out.add(new long[][] {{size, l}});
    }
    return out;
  }

  private static int[] repeat(int times, int... lengths) {
    int[] out = new int[times * lengths.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = lengths[i % lengths.length];
    }
    return out;
  }

  @Test
  void bucketsThatLeaveMoreThanHalfThePaddingAreFound() {
    // Lengths 9 and 10 in turn: batches of 4 padded to 10 hold 38 of 40 real, 5% padded; the
    // buckets' batches, padded to 10 too, leave as much.
    List<long[][]> words = elements(repeat(4, 9, 10));
    BucketingPadding.Shares shares =
        BucketingPadding.shares(words, batches(4, 10, 10, 10, 10)).orElseThrow();
    assertEquals(0.05, shares.padded(), 1e-9);
    assertEquals(0.05, shares.bucketed(), 1e-9);
    assertEquals(4, shares.batchSize());
    Finding f = BucketingPadding.finding("batch", words, batches(4, 10, 10, 10, 10)).orElseThrow();
    assertEquals(RuleIds.BUCKETING_COSTS_MORE, f.rule());
    assertEquals(Diagnoser.BUCKETING_SLOWER, f.symptom());
    assertEquals("@BucketByLength 'batch' leaves 5.0% of its batches' positions padded, against"
        + " 5.0% in batches of 4 padded to their longest, as 8 elements came: it cuts the padding"
        + " by 0%, under half, and sorting by length costs more CPU an element than a padded"
        + " batch", f.evidence());
    assertEquals("@PaddedBatch(size = 4) instead of @BucketByLength 'batch'", f.fix());
  }

  @Test
  void bucketsThatCutThePaddingByHalfOrMoreAreNot() {
    // Lengths 1 and 9 in turn: padded batches of 4 hold 20 of 36 real, 44% padded; sorted, the
    // batches are [4, 1] and [4, 9], none padded.
    List<long[][]> words = elements(repeat(4, 1, 9));
    BucketingPadding.Shares shares =
        BucketingPadding.shares(words, batches(4, 1, 9, 1, 9)).orElseThrow();
    assertEquals(1 - 20.0 / 36, shares.padded(), 1e-9);
    assertEquals(0, shares.bucketed(), 1e-9);
    assertTrue(BucketingPadding.finding("batch", words, batches(4, 1, 9, 1, 9)).isEmpty());
  }

  @Test
  void lessThanHalfThePaddingSavedIsFoundAndExactlyHalfPays() {
    // Lengths 2 and 4: padded batches of 2 hold 6 of 8, 25% padded. Batches padded to 4 and 3
    // hold 12 of 14 positions, 1/7 padded: more than half of 25%.
    List<long[][]> words = elements(repeat(2, 2, 4));
    BucketingPadding.Shares shares =
        BucketingPadding.shares(words, batches(2, 4, 3)).orElseThrow();
    assertEquals(0.25, shares.padded(), 1e-9);
    assertEquals(1.0 / 7, shares.bucketed(), 1e-9);
    assertTrue(BucketingPadding.finding("b", words, batches(2, 4, 3)).isPresent());
    assertFalse(new BucketingPadding.Shares(0.125, 0.25, 2).doesNotPay());
    assertTrue(new BucketingPadding.Shares(0.126, 0.25, 2).doesNotPay());
  }

  @Test
  void tooFewBatchesOrNoVaryingComponentIsNotJudged() {
    assertTrue(BucketingPadding.shares(elements(repeat(4, 9, 10)), batches(4, 10)).isEmpty());
    assertTrue(BucketingPadding.shares(elements(9, 10, 9), batches(4, 10, 10)).isEmpty());
    List<long[][]> noComponent = List.of(new long[0][], new long[0][]);
    assertTrue(BucketingPadding.shares(noComponent, List.of(new long[0][], new long[0][]))
        .isEmpty());
  }
}

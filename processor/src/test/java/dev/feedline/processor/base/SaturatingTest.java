package dev.feedline.processor.base;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SaturatingTest {
  private static final long MAX = Long.MAX_VALUE;

  @Test
  void sumsAndProductsPastTheLargestLongAreTheLargestLong() {
    assertEquals(MAX, Saturating.add(MAX, 1));
    assertEquals(MAX, Saturating.add(MAX, MAX));
    assertEquals(MAX - 1, Saturating.add(MAX - 2, 1));
    assertEquals(MAX, Saturating.multiply(MAX, 2));
    assertEquals(MAX, Saturating.multiply(1L << 32, 1L << 31));
    assertEquals(MAX, Saturating.multiply(3L << 61, 3));
    assertEquals(1L << 62, Saturating.multiply(1L << 31, 1L << 31));
    assertEquals(0, Saturating.multiply(MAX, 0));
  }

  @Test
  void aCeilingDivisionOfTheLargestLongDoesNotOverflow() {
    assertEquals(2_251_799_813_685_248L, Saturating.ceilDiv(MAX, 4096)); // not -4294967297
    assertEquals(MAX, Saturating.ceilDiv(MAX, 1));
    assertEquals(3, Saturating.ceilDiv(9, 4));
    assertEquals(2, Saturating.ceilDiv(8, 4));
    assertEquals(0, Saturating.ceilDiv(0, 4));
  }
}

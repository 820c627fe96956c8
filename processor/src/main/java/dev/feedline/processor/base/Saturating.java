package dev.feedline.processor.base;

/**
 * Arithmetic on sizes and counts, which are never negative, saturating at {@link Long#MAX_VALUE}:
 * every estimate, and every number a message prints, is at most 2^63 − 1 and never an overflow
 * (docs/rules.md, "The static model the checks use").
 */
public final class Saturating {
  private Saturating() {}

  public static long add(long a, long b) {
    long sum = a + b;
    return sum < 0 ? Long.MAX_VALUE : sum;
  }

  public static long multiply(long a, long b) {
    long high = Math.multiplyHigh(a, b);
    long product = a * b;
    return high != 0 || product < 0 ? Long.MAX_VALUE : product;
  }

  /** {@code n / d} rounded up, for {@code d >= 1}: never past {@code n}, so never an overflow. */
  public static long ceilDiv(long n, long d) {
    return n / d + (n % d == 0 ? 0 : 1);
  }
}

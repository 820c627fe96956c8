package dev.feedline.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LatencyStatsTest {
  private static List<Long> millis(double... values) {
    List<Long> nanos = new ArrayList<>();
    for (double v : values) {
      nanos.add((long) (v * 1e6));
    }
    return nanos;
  }

  @Test
  void quantilesAreNearestRank() {
    List<Long> nanos = new ArrayList<>();
    for (int i = 1; i <= 100; i++) {
      nanos.add(i * 1_000_000L);
    }
    LatencyStats stats = LatencyStats.of(nanos);
    assertEquals(100, stats.count());
    assertEquals(50.5, stats.meanMs(), 1e-9);
    assertEquals(50, stats.medianMs(), 1e-9);
    assertEquals(90, stats.p90Ms(), 1e-9);
    assertEquals(99, stats.p99Ms(), 1e-9);
    assertEquals(100, stats.maxMs(), 1e-9);
  }

  @Test
  void aFewSlowElementsMakeItSpikyAndEvenSlownessDoesNot() {
    double[] spiky = new double[100];
    double[] even = new double[100];
    for (int i = 0; i < 100; i++) {
      spiky[i] = i % 25 == 0 ? 50 : 1;
      even[i] = 3 + (i % 3) * 0.1;
    }
    assertTrue(LatencyStats.of(millis(spiky)).spiky());
    assertEquals("spiky", LatencyStats.of(millis(spiky)).shape());
    assertFalse(LatencyStats.of(millis(even)).spiky());
    assertEquals("uniform", LatencyStats.of(millis(even)).shape());
  }

  @Test
  void noElementsIsAllZeros() {
    LatencyStats stats = LatencyStats.of(List.of());
    assertEquals(0, stats.count());
    assertFalse(stats.spiky());
  }
}

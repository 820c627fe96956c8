package dev.feedline.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class InputWaitTest {
  private static InputWait.Bound bound(double waitMs, double stepMs) {
    return new InputWait(1, 0, 10, waitMs, stepMs).bound();
  }

  /** TensorFlow profiler's thresholds: under 5% NOT, under 20% MODERATELY, else HIGHLY. */
  @Test
  void theThresholdsAreFiveAndTwentyPercentOfStepTime() {
    assertEquals(InputWait.Bound.NOT, bound(4.9, 100));
    assertEquals(InputWait.Bound.MODERATELY, bound(5, 100));
    assertEquals(InputWait.Bound.MODERATELY, bound(19.9, 100));
    assertEquals(InputWait.Bound.HIGHLY, bound(20, 100));
    assertEquals(InputWait.Bound.NOT, bound(0, 0));
  }
}

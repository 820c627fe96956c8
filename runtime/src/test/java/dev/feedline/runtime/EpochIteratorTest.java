package dev.feedline.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.internal.EndedEpochException;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.tensorflow.exceptions.TFOutOfRangeException;

/** The cursor semantics of an epoch: what it hands out, what it closes, and when it stops. */
class EpochIteratorTest {
  /** A stand-in for a record of tensors that remembers being closed. */
  static final class Element implements AutoCloseable {
    final int value;
    int closed;

    Element(int value) {
      this.value = value;
    }

    @Override
    public void close() {
      closed++;
    }
  }

  /** Yields {@code count} elements, then TensorFlow's end of sequence. */
  static Supplier<Element> elements(int count, List<Element> made) {
    return () -> {
      if (made.size() == count) {
        throw new TFOutOfRangeException("End of sequence");
      }
      Element e = new Element(made.size());
      made.add(e);
      return e;
    };
  }

  @Test
  void eachElementIsClosedWhenTheNextIsTakenAndTheLastOnClose() {
    List<Element> made = new ArrayList<>();
    List<Integer> seen = new ArrayList<>();
    try (EpochIterator<Element> epoch = new EpochIterator<>(elements(3, made), e -> e, () -> { })) {
      for (Element e : epoch) {
        assertEquals(0, e.closed, "valid while lent");
        seen.add(e.value);
      }
      assertEquals(3, epoch.count());
      assertEquals(List.of(1, 1, 0), made.stream().map(e -> e.closed).toList());
    }
    assertEquals(List.of(0, 1, 2), seen);
    assertEquals(List.of(1, 1, 1), made.stream().map(e -> e.closed).toList());
  }

  @Test
  void closingEarlyClosesTheElementFetchedAhead() {
    List<Element> made = new ArrayList<>();
    EpochIterator<Element> epoch = new EpochIterator<>(elements(5, made), e -> e, () -> { });
    epoch.next();
    assertTrue(epoch.hasNext()); // fetches element 1 ahead
    epoch.close();
    assertEquals(List.of(1, 1), made.stream().map(e -> e.closed).toList());
    assertFalse(epoch.hasNext());
    assertThrows(NoSuchElementException.class, epoch::next);
  }

  @Test
  void anErrorIsTranslatedOnceAndEndsTheEpoch() {
    RuntimeException tensorFlow = new IllegalArgumentException("Feature: x is required");
    RuntimeException translated = new IllegalStateException("Pipeline P, stage 'parse'");
    int[] calls = {0};
    EpochIterator<Element> epoch = new EpochIterator<>(() -> {
      calls[0]++;
      throw tensorFlow;
    }, e -> {
      assertSame(tensorFlow, e);
      return translated;
    }, () -> calls[0] += 100);
    assertSame(translated, assertThrows(IllegalStateException.class, epoch::hasNext));
    assertFalse(epoch.hasNext(), "no second call into TensorFlow");
    assertEquals(1, calls[0], "a failed epoch does not run the end-of-epoch report");
  }

  @Test
  void theEndOfEpochReportRunsOnceAtTheEndOfSequence() {
    int[] ends = {0};
    EpochIterator<Element> epoch = new EpochIterator<>(elements(2, new ArrayList<>()), e -> e,
        () -> ends[0]++);
    epoch.next();
    epoch.next();
    assertEquals(0, ends[0], "not before the end is reached");
    assertFalse(epoch.hasNext());
    assertFalse(epoch.hasNext());
    assertEquals(1, ends[0]);

    EpochIterator<Element> closedEarly = new EpochIterator<>(elements(2, new ArrayList<>()),
        e -> e, () -> ends[0]++);
    closedEarly.next();
    closedEarly.close();
    assertFalse(closedEarly.hasNext());
    assertEquals(1, ends[0], "an epoch closed early did not reach its end");
  }

  @Test
  void anEpochEndedEarlyThrowsUntranslatedOnceAndHandsOutNothingFetchedAhead() {
    List<Element> made = new ArrayList<>();
    boolean[] ended = {false};
    Runnable ensureOpen = () -> {
      if (ended[0]) {
        throw new EndedEpochException("Pipeline P: epoch 0 has ended");
      }
    };
    EpochIterator<Element> epoch = new EpochIterator<>(elements(5, made), e -> {
      throw new AssertionError("not a TensorFlow error: " + e);
    }, () -> { }, ensureOpen);
    Element first = epoch.next();
    assertTrue(epoch.hasNext()); // element 1 fetched ahead
    ended[0] = true;

    assertEquals("Pipeline P: epoch 0 has ended",
        assertThrows(IllegalStateException.class, epoch::next).getMessage());
    assertEquals(List.of(0, 1), made.stream().map(e -> e.closed).toList(),
        "the element fetched ahead is closed; the one lent stays valid until close()");
    assertFalse(epoch.hasNext(), "an ended epoch stays ended, without calling the step again");
    assertEquals(2, made.size());
    epoch.close();
    assertEquals(1, first.closed);
  }
}

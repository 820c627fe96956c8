package dev.feedline.benchmarks.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.example.SpellingModel;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the comparison derives from a round's CPU times and positions, on made-up rounds. */
class TextBatchingTest {
  /**
   * Trained 60 against 100 µs a word, batches alone 10 against 5: the step is 50 against 95 µs,
   * over 8 against 14 positions a word, so each of the 6 saved positions cost it 7.5 µs, and
   * bucketing's 5 µs more of batching pay from 0.83 µs a position.
   */
  private static final TextBatching.Cpu CPU = new TextBatching.Cpu(60, 100, 10, 5, 8, 14);

  @Test
  void aSavedPositionCostsTheStepsDifferenceOverThePositionsSaved() {
    assertEquals(6, CPU.savedPositions(), 1e-9);
    assertEquals(50, CPU.bucketedModel(), 1e-9);
    assertEquals(95, CPU.paddedModel(), 1e-9);
    assertEquals(7.5, CPU.modelPerSavedPosition(), 1e-9);
    assertEquals(5.0 / 6, CPU.breakEvenPerPosition(), 1e-9);
  }

  @Test
  void theLineNamesTheModelAndGivesTheMediansOfTheRounds() {
    TextBatching.Cpu cheaper = new TextBatching.Cpu(40, 100, 10, 5, 8, 14);
    TextBatching batching = new TextBatching(SpellingModel.FEED_FORWARD, List.of(
        new TextBatching.Round(1500, 0.06, 1000, 0.46, CPU),
        new TextBatching.Round(1200, 0.06, 1000, 0.46, cheaper),
        new TextBatching.Round(800, 0.06, 1000, 0.46, CPU)), List.of(1.5, 2.5));
    assertEquals(1.2, batching.bucketedVsPadded(), 1e-9);
    String line = batching.line();
    assertTrue(line.startsWith("Text example, batching by length against padding to the longest,"
        + " the feed-forward model's step included, 3 alternated rounds: 1,200 against 1,000"
        + " examples/s (medians; median ratio 1.20x), 6.0% against 46.0% of positions padded;"),
        line);
    assertTrue(line.contains("CPU us a word (medians): trained 60.0 against 100.0, batches"
        + " alone 10.0 against 5.0,"), line);
    assertTrue(line.endsWith("the model's step 50.0 against 95.0; the step 7.50 us a saved"
        + " position, bucketing pays from 0.83; load average 1.5 to 2.5"), line);
    assertTrue(TextBatching.roundLine(batching.rounds().get(0)).endsWith(
        "positions a word 8.00 against 14.00: the step 7.50 us a saved position, bucketing pays"
        + " from 0.83"), TextBatching.roundLine(batching.rounds().get(0)));
  }
}

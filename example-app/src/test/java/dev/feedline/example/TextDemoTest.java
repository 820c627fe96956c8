package dev.feedline.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.example.FeedlineSpellingPipelines_TrainingLetters.LettersTensors;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.FittedVocabulary;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;

/**
 * The text example on the dictionary subset: the letters' vocabulary fitted over the training
 * words, every training word once per epoch, buckets, a falling loss.
 */
class TextDemoTest {
  @TempDir Path dir;

  @Test
  void dictionaryLinesGiveTheirWordAndItsStressedVowelsAsSyllables() throws IOException {
    SpellingDataset.Entry entry = SpellingDataset.Entry.parse("ABANDON  AH0 B AE1 N D AH0 N");
    assertEquals(new SpellingDataset.Entry("ABANDON", 3), entry);
    List<SpellingDataset.Entry> entries = SpellingDataset.entries();
    assertEquals(SpellingDataset.WORDS, entries.size());
  }

  @Test
  void bucketedBatchesPadFarLessThanBatchesOfAnyLengthAndTheLossFalls() throws IOException {
    Path data = dir.resolve("words");
    PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    SpellingDataset.writeUnlessPresent(data, quiet);
    List<String> words = trainingWords(data);
    int training = words.size();
    long letters = words.stream().mapToLong(String::length).sum();

    List<TextDemo.EpochFigures> bucketed =
        TextDemo.train(data, 3, true, SpellingModel.WORD, quiet);
    List<TextDemo.EpochFigures> padded =
        TextDemo.train(data, 1, false, SpellingModel.WORD, quiet);
    for (TextDemo.EpochFigures epoch : bucketed) {
      assertEquals(training, epoch.examples(), "every training word once per epoch");
      assertTrue(Double.isFinite(epoch.meanLoss()), "loss " + epoch.meanLoss());
    }
    assertEquals(training, padded.get(0).examples());
    for (TextDemo.EpochFigures epoch : List.of(bucketed.get(0), padded.get(0))) {
      assertEquals(letters, Math.round(epoch.positions() * (1 - epoch.paddedShare())),
          "the positions that are no padding are the words' letters");
    }
    assertTrue(padded.get(0).positions() > 1.5 * bucketed.get(0).positions(),
        padded.get(0).positions() + " positions against " + bucketed.get(0).positions());
    assertTrue(bucketed.get(0).paddedShare() < padded.get(0).paddedShare() / 2,
        bucketed.get(0).paddedShare() + " against " + padded.get(0).paddedShare());
    // Five classes: a model that learnt nothing has a loss near ln 5 = 1.61. Epoch 1 averages the
    // untrained steps in; epoch 3 is far below it (0.87 against 1.33 on the training words and
    // seeds here).
    assertTrue(bucketed.get(2).meanLoss() < 0.85 * bucketed.get(0).meanLoss(),
        "loss " + bucketed.get(0).meanLoss() + " then " + bucketed.get(2).meanLoss());
  }

  /** The feed-forward model, a block of its own at every position, learns too. */
  @Test
  void theFeedForwardModelsLossFalls() throws IOException {
    Path data = dir.resolve("words");
    PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    SpellingDataset.writeUnlessPresent(data, quiet);
    List<TextDemo.EpochFigures> epochs =
        TextDemo.train(data, 2, true, SpellingModel.FEED_FORWARD, quiet);
    assertTrue(epochs.get(1).meanLoss() < 0.9 * epochs.get(0).meanLoss(),
        "loss " + epochs.get(0).meanLoss() + " then " + epochs.get(1).meanLoss());
  }

  @Test
  void anUnknownModelIsAUsageErrorNamingTheModels() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    int status = TextDemo.run(new String[] {"--data", dir.toString(), "--model", "lstm"}, quiet,
        new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(2, status);
    assertTrue(err.toString(StandardCharsets.UTF_8)
        .contains("--model is word|feed-forward, not lstm"), err.toString(StandardCharsets.UTF_8));
  }

  /**
   * Training is a function of the seeds: the same data, the same initial weights, the same
   * shuffle give the same losses, to the bit. It was not while a weight's update could run
   * before the backward pass had read that weight (SoftmaxTraining), and the test of a falling
   * loss then failed now and then on a busy machine, once with a NaN.
   */
  @Test
  void twoRunsOfTheSameEpochHaveTheSameLoss() throws IOException {
    Path data = dir.resolve("words");
    PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    SpellingDataset.writeUnlessPresent(data, quiet);
    double first = TextDemo.train(data, 1, true, SpellingModel.WORD, quiet).get(0).meanLoss();
    double second = TextDemo.train(data, 1, true, SpellingModel.WORD, quiet).get(0).meanLoss();
    assertEquals(first, second, 0.0, "the same seeds, the same epoch");
  }

  /**
   * The letters' vocabulary is fitted over the training words alone: its letters and counts are
   * those counted in Java over the words the training side holds, most frequent first (of equal
   * counts, by their bytes), and a second build reads it from the data set's cache.
   */
  @Test
  void theLettersVocabularyIsTheTrainingWordsLettersMostFrequentFirst() throws IOException {
    Path data = dir.resolve("words");
    PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    SpellingDataset.writeUnlessPresent(data, quiet);
    List<String> words = trainingWords(data);
    assertTrue(words.size() > 0.85 * SpellingDataset.WORDS
        && words.size() < 0.95 * SpellingDataset.WORDS, words.size() + " training words");
    Map<String, Long> counts = new HashMap<>();
    for (String word : words) {
      word.toLowerCase(Locale.ROOT).codePoints()
          .forEach(c -> counts.merge(Character.toString(c), 1L, Long::sum));
    }
    List<Map.Entry<String, Long>> expected = counts.entrySet().stream()
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed()
            .thenComparing(Map.Entry.comparingByKey()))
        .toList();
    for (int build = 0; build < 2; build++) {
      try (Graph graph = new Graph(); var pipeline = TextDemo.bucketed(data).build(graph)) {
        FittedVocabulary letters = pipeline.statistic("letters", FittedVocabulary.class);
        assertEquals(build == 1, letters.fit().cached(), "fitted, then read from the cache");
        assertEquals(expected.stream().map(Map.Entry::getKey).toList(), letters.tokenList());
        assertEquals(expected.stream().map(Map.Entry::getValue).toList(),
            Arrays.stream(letters.counts()).boxed().toList());
        assertEquals(26, letters.tokens(), "the dictionary's words hold a to z");
        assertEquals(27, letters.size(), "and one bucket");
      }
    }
  }

  /** The words of the training side, as the split keeps them. */
  private static List<String> trainingWords(Path data) {
    List<String> words = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = TextDemo.trainingLetters(data).build(graph);
        EpochIterator<LettersTensors> elements = pipeline.epoch(session)) {
      for (LettersTensors element : elements) {
        words.add(new String(element.word().asBytes().getObject(), StandardCharsets.UTF_8));
      }
    }
    return words;
  }
}

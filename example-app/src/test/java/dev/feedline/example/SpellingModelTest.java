package dev.feedline.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Variable;
import org.tensorflow.types.TFloat32;

/**
 * Padding does not change a model's result: a word's logits are the same padded to its own length
 * as in a batch padded far past its longest word, with a real letter's id as the padding.
 */
class SpellingModelTest {
  private static final int VOCABULARY = 27;
  /** Longer than any word of the dictionary subset (18 letters). */
  private static final int PADDED_TO = 24;
  /** The letter e's id here: padding that a model without its mask would read as letters. */
  private static final long PADDING = 'e' - 'a';

  @ParameterizedTest
  @EnumSource(SpellingModel.class)
  void aWordsLogitsAreTheSameAloneAndInABatchPaddedPastItsLongestWord(SpellingModel model)
      throws IOException {
    List<String> words = dictionaryWordsOfEveryLength();
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      Ops tf = Ops.create(graph);
      List<Variable<TFloat32>> weights = model.weights(new SoftmaxTraining(tf), VOCABULARY);
      List<Operand<TFloat32>> alone = new ArrayList<>();
      for (String word : words) {
        alone.add(logits(tf, model, weights, List.of(word), word.length(), false));
      }
      Operand<TFloat32> batch = logits(tf, model, weights, words, PADDED_TO, false);
      Operand<TFloat32> unmasked = logits(tf, model, weights, words, PADDED_TO, true);
      session.initialize();
      float[][] batched = values(session, batch, words.size());
      float[][] withoutMask = values(session, unmasked, words.size());
      for (int w = 0; w < words.size(); w++) {
        float[] own = values(session, alone.get(w), 1)[0];
        for (int c = 0; c < SpellingModel.CLASSES; c++) {
          assertEquals(own[c], batched[w][c], 1e-5f * Math.max(1f, Math.abs(own[c])),
              words.get(w) + ", class " + c + ", padded to " + PADDED_TO);
        }
        // The padding would change the logits if it were counted: the mask is what keeps them.
        assertTrue(maxDifference(own, withoutMask[w]) > 1e-3f, words.get(w) + ": "
            + Arrays.toString(own) + " against " + Arrays.toString(withoutMask[w]));
      }
    }
  }

  @Test
  void modelsAreNamedAsTheOptionNamesThem() {
    assertEquals(SpellingModel.FEED_FORWARD, SpellingModel.named("feed-forward"));
    assertEquals(SpellingModel.WORD, SpellingModel.named("word"));
    IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
        () -> SpellingModel.named("lstm"));
    assertEquals("--model is word|feed-forward, not lstm", error.getMessage());
  }

  /** One word of each length of the dictionary subset, the first of it in file order. */
  private static List<String> dictionaryWordsOfEveryLength() throws IOException {
    List<String> words = new ArrayList<>();
    boolean[] seen = new boolean[PADDED_TO + 1];
    for (SpellingDataset.Entry entry : SpellingDataset.entries()) {
      String word = entry.word().toLowerCase(Locale.ROOT);
      if (!seen[word.length()]) {
        seen[word.length()] = true;
        words.add(word);
      }
    }
    assertTrue(words.size() >= 15, "lengths " + words);
    return words;
  }

  /**
   * The logits of {@code words} in one batch padded to {@code paddedTo} with {@link #PADDING};
   * {@code padLengths} claims every word is {@code paddedTo} long, so nothing is masked.
   */
  private static Operand<TFloat32> logits(Ops tf, SpellingModel model,
      List<Variable<TFloat32>> weights, List<String> words, int paddedTo, boolean padLengths) {
    long[] ids = new long[words.size() * paddedTo];
    Arrays.fill(ids, PADDING);
    int[] lengths = new int[words.size()];
    for (int w = 0; w < words.size(); w++) {
      String word = words.get(w);
      for (int i = 0; i < word.length(); i++) {
        ids[w * paddedTo + i] = word.charAt(i) - 'a';
      }
      lengths[w] = padLengths ? paddedTo : word.length();
    }
    return model.logits(tf, tf.constant(Shape.of(words.size(), paddedTo), DataBuffers.of(ids)),
        tf.constant(lengths), VOCABULARY, weights);
  }

  private static float[][] values(Session session, Operand<TFloat32> logits, int words) {
    try (Result result = session.runner().fetch(logits).run()) {
      TFloat32 tensor = (TFloat32) result.get(0);
      assertEquals(Shape.of(words, SpellingModel.CLASSES), tensor.shape());
      float[][] rows = new float[words][SpellingModel.CLASSES];
      for (int w = 0; w < words; w++) {
        for (int c = 0; c < SpellingModel.CLASSES; c++) {
          rows[w][c] = tensor.getFloat(w, c);
        }
      }
      return rows;
    }
  }

  private static float maxDifference(float[] a, float[] b) {
    float max = 0;
    for (int i = 0; i < a.length; i++) {
      max = Math.max(max, Math.abs(a[i] - b[i]));
    }
    return max;
  }
}

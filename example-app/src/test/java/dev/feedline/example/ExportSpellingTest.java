package dev.feedline.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.FittedVocabulary;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Result;
import org.tensorflow.SavedModelBundle;
import org.tensorflow.ndarray.NdArrays;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * {@code ./feedline export --example spelling} and {@code ./feedline predict} on words: the
 * exported model lower-cases a word, splits it into its letters and looks them up in the
 * vocabulary it holds as constants (a to z, fitted over the training words, most frequent first,
 * are ids 0 to 25, anything else the OOV bucket, 26), and scores the five syllable classes.
 */
class ExportSpellingTest {
  @TempDir Path dir;

  @Test
  void wordsArePredictedThroughTheVocabularyInTheModel() throws IOException {
    Path model = dir.resolve("model");
    int status = ExportCommand.run(new String[] {"--output", model.toString(), "--example",
        "spelling", "--data", dir.resolve("data").toString(), "--steps", "3"},
        new PrintStream(new ByteArrayOutputStream()), System.err);
    assertEquals(0, status);

    try (SavedModelBundle bundle = SavedModelBundle.load(model.toString(), "serve");
        TString request = TString.tensorOfBytes(NdArrays.vectorOfObjects(
            PredictCommand.wordRecord("at"), PredictCommand.wordRecord("Zoë"),
            PredictCommand.wordRecord("ZOË")));
        Result result = bundle.function("serving_default").call(Map.of("records", request))) {
      TInt64 ids = (TInt64) result.get("ids").orElseThrow();
      List<String> letters = fittedLetters();
      long a = letters.indexOf("a");
      long t = letters.indexOf("t");
      long z = letters.indexOf("z");
      long o = letters.indexOf("o");
      assertEquals(List.of(a, t, 0L, z, o, 26L), List.of(ids.getLong(0, 0),
          ids.getLong(0, 1), ids.getLong(0, 2) /* padding */,
          ids.getLong(1, 0), ids.getLong(1, 1), ids.getLong(1, 2) /* ë: out of vocabulary */));
      assertEquals(List.of(z, o, 26L), List.of(ids.getLong(2, 0), ids.getLong(2, 1),
          ids.getLong(2, 2)), "upper case: the same letters, lower-cased in the model");
      TFloat32 scores = (TFloat32) result.get("scores").orElseThrow();
      double sum = 0;
      for (int c = 0; c < 5; c++) {
        sum += scores.getFloat(0, c);
      }
      assertEquals(1.0, sum, 1e-5);
    }

    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    assertEquals(0, PredictCommand.run(new String[] {"--model", model.toString(), "banana"},
        new PrintStream(bytes, true, StandardCharsets.UTF_8), System.err));
    String line = bytes.toString(StandardCharsets.UTF_8).strip();
    assertTrue(line.matches("banana: 1 syllable 0\\.\\d{4} 2 syllables 0\\.\\d{4} 3 syllables"
        + " 0\\.\\d{4} 4 syllables 0\\.\\d{4} 5\\+ syllables 0\\.\\d{4}"), line);
  }

  /** The letters in id order, as the export fitted them over the training words (its cache). */
  private List<String> fittedLetters() {
    try (Graph graph = new Graph();
        var pipeline = TextDemo.bucketed(dir.resolve("data")).build(graph)) {
      FittedVocabulary letters = pipeline.statistic("letters", FittedVocabulary.class);
      assertTrue(letters.fit().cached(), "the export's vocabulary, read from its cache");
      assertEquals(26, letters.tokens());
      return letters.tokenList();
    }
  }
}

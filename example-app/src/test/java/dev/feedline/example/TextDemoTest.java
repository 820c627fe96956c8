package dev.feedline.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The text example on the dictionary subset: every word once per epoch, buckets, a falling loss. */
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
    assertTrue(Files.exists(data.resolve(SpellingDataset.VOCABULARY)));

    List<TextDemo.EpochFigures> bucketed = TextDemo.train(data, 3, true, quiet);
    List<TextDemo.EpochFigures> padded = TextDemo.train(data, 1, false, quiet);
    for (TextDemo.EpochFigures epoch : bucketed) {
      assertEquals(SpellingDataset.WORDS, epoch.examples(), "every word once per epoch");
    }
    assertEquals(SpellingDataset.WORDS, padded.get(0).examples());
    assertTrue(bucketed.get(0).paddedShare() < padded.get(0).paddedShare() / 2,
        bucketed.get(0).paddedShare() + " against " + padded.get(0).paddedShare());
    assertTrue(bucketed.get(2).meanLoss() < bucketed.get(0).meanLoss(),
        "loss " + bucketed.get(0).meanLoss() + " then " + bucketed.get(2).meanLoss());
  }
}

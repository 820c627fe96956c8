package dev.feedline.benchmarks.limit;

import dev.feedline.example.HousingDataset;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The benchmarks' data, real and licensed (their ATTRIBUTION.md files in example-app's resources),
 * written many times over into {@value #FILES} files so that an epoch lasts long enough to time:
 * the Boston house-price table for the tables, the CMU Pronouncing Dictionary subset's lines for
 * the text, with a vocabulary of the letters A to Z.
 */
final class LimitData {
  static final int FILES = 8;
  static final String VOCABULARY = "letters.txt";
  private static final String DICTIONARY = "/dev/feedline/example/cmudict/cmudict-subset.txt";
  /** Lines in the dictionary subset. */
  static final int WORDS = 11_650;

  private LimitData() {}

  /** Writes the table's rows {@code copies} times into each file; returns the rows of an epoch. */
  static long tables(Path dir, int copies) throws IOException {
    HousingDataset.write(dir, FILES, copies);
    return (long) FILES * copies * HousingDataset.ROWS;
  }

  /** Writes the dictionary's lines {@code copies} times into each file; returns an epoch's lines. */
  static long text(Path dir, int copies) throws IOException {
    String lines;
    try (InputStream in = LimitData.class.getResourceAsStream(DICTIONARY)) {
      if (in == null) {
        throw new IOException("the example's resource " + DICTIONARY + " is missing");
      }
      lines = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    long count = lines.lines().count();
    if (count != WORDS) {
      throw new IOException(DICTIONARY + " has " + count + " lines, not " + WORDS);
    }
    Files.createDirectories(dir);
    String body = lines.repeat(copies);
    for (int f = 0; f < FILES; f++) {
      Files.writeString(dir.resolve("words-" + f + ".txt"), body, StandardCharsets.UTF_8);
    }
    StringBuilder letters = new StringBuilder();
    for (char letter = 'A'; letter <= 'Z'; letter++) {
      letters.append(letter).append('\n');
    }
    Files.writeString(dir.resolve(VOCABULARY), letters);
    return (long) FILES * copies * WORDS;
  }

  static List<Variant> variants(boolean tables) {
    return tables
        ? List.of(Variant.TABLE_GENERATED, Variant.TABLE_HAND_WRITTEN, Variant.TABLE_PER_LINE)
        : List.of(Variant.TEXT_GENERATED, Variant.TEXT_HAND_WRITTEN, Variant.TEXT_PER_LINE);
  }
}

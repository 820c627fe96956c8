package dev.feedline.example;

import dev.feedline.Compression;
import dev.feedline.launcher.FileErrors;
import dev.feedline.launcher.ScratchFolder;
import dev.feedline.runtime.ShardedTFRecordWriter;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The text example's data set: the words of the CMU Pronouncing Dictionary subset kept with the
 * example (resources, with its licence), as {@link Spelling} records (a word and its number of
 * syllables) written by the generated {@code FeedlineSpellingWriter}, in TFRecord shards, and the
 * letters' vocabulary file beside them.
 */
public final class SpellingDataset {
  /** Words in the subset. */
  public static final int WORDS = 11_650;
  private static final String RESOURCE = "cmudict/cmudict-subset.txt";
  private static final int SHARDS = 4;

  private SpellingDataset() {}

  /** One dictionary line: the word, and its phonemes, of which those with a stress digit are vowels. */
  record Entry(String word, int syllables) {
    static Entry parse(String line) {
      String[] parts = line.split(" {2}", 2);
      if (parts.length != 2 || !parts[0].matches("[A-Z]+")) {
        throw new IllegalArgumentException("not a dictionary line: " + line);
      }
      int syllables = (int) parts[1].chars().filter(Character::isDigit).count();
      return new Entry(parts[0], syllables);
    }

    /** The entry as its record: a serialized tf.train.Example of {@link Spelling}. */
    byte[] record() {
      return FeedlineSpellingWriter.builder().word(word).syllables(syllables).toByteArray();
    }
  }

  /** The dictionary subset's entries, in file order. */
  static List<Entry> entries() throws IOException {
    List<Entry> entries = new ArrayList<>();
    try (InputStream in = SpellingDataset.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IOException("the example's resource " + RESOURCE + " is missing");
      }
      BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        entries.add(Entry.parse(line));
      }
    }
    return entries;
  }

  /**
   * Writes the data set into {@code dir} unless it holds files already: entry {@code i} goes to
   * shard {@code i % 4}. No vocabulary file: the pipelines fit the letters' vocabulary over the
   * training words.
   */
  public static void writeUnlessPresent(Path dir, PrintStream out) throws IOException {
    if (Files.isDirectory(dir)) {
      try (Stream<Path> entries = Files.list(dir)) {
        if (entries.findAny().isPresent()) {
          out.println("Reading the data set in " + dir);
          return;
        }
      }
    }
    List<Entry> entries = entries();
    out.printf(Locale.ROOT, "Writing %d words of the CMU Pronouncing Dictionary into %d TFRecord"
        + " shards in %s%n", entries.size(), SHARDS, dir);
    Path parent = dir.toAbsolutePath().getParent();
    try (ScratchFolder scratch = ScratchFolder.create(parent, "." + dir.getFileName() + ".writing")) {
      try (ShardedTFRecordWriter shards =
          ShardedTFRecordWriter.byKey(scratch.path(), "words", SHARDS, Compression.NONE)) {
        for (int i = 0; i < entries.size(); i++) {
          shards.write(i, entries.get(i).record());
        }
        shards.commit();
      }
      Files.deleteIfExists(dir); // empty, or absent
      Files.move(scratch.path(), dir, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new IOException("could not write the data set in " + dir + ": "
          + FileErrors.describe(e), e);
    }
  }
}

package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.FittedVocabulary;
import dev.feedline.runtime.ServingFunction;
import dev.feedline.tests.pipelines.FeedlineVocabularyPipelines_Encoding;
import dev.feedline.tests.pipelines.FeedlineVocabularyPipelines_Encoding.EncodedTensors;
import dev.feedline.tests.pipelines.FeedlineVocabularyPipelines_Held;
import dev.feedline.tests.pipelines.FeedlineVocabularyPipelines_Held.PronunciationTensors;
import dev.feedline.tests.pipelines.FeedlineVocabularyPipelines_Training;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.ndarray.NdArrays;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * {@code @Statistics FittedVocabulary} on TensorFlow, over the lines of the CMU Pronouncing
 * Dictionary subset (example-app's resource, licence in its ATTRIBUTION.md), split by word: the
 * phones' and the words' vocabularies fitted over the training side equal a reference counted in
 * Java over the same lines, minCount and topK (a cut inside a tie) kept; the map's ids are their
 * ids; a second build reads the cache, a changed file is fitted again; tokens holding a line
 * break, a line separator or a quote are held as they are; an empty training side is an error.
 */
class FittedVocabularyTest {
  private static final String RESOURCE = "/dev/feedline/example/cmudict/cmudict-subset.txt";
  private static final long MIN_COUNT = 100;
  private static final int TOP_K = 5;
  @TempDir Path dir;
  private List<String> lines;
  private Path all;

  @BeforeEach
  void writeTheLines() throws IOException {
    try (InputStream in = FittedVocabularyTest.class.getResourceAsStream(RESOURCE)) {
      lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    }
    all = Files.write(dir.resolve("all.txt"), lines);
  }

  private FeedlineVocabularyPipelines_Encoding.Builder encoding(Path data, Path training) {
    return FeedlineVocabularyPipelines_Encoding.builder().files(data.toString())
        .training(FeedlineVocabularyPipelines_Training.builder().files(training.toString()))
        .phonesCache(dir.resolve("vocabulary").toString());
  }

  /** The words the evaluation side holds, as the split keeps them. */
  private Set<String> heldWords(Path data) {
    Set<String> words = new HashSet<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var held = FeedlineVocabularyPipelines_Held.builder().files(data.toString()).build(graph);
        EpochIterator<PronunciationTensors> elements = held.epoch(session)) {
      for (PronunciationTensors element : elements) {
        words.add(new String(element.word().asBytes().getObject(), StandardCharsets.UTF_8));
      }
    }
    return words;
  }

  /** The tokens of the training lines, as the map splits them, with their counts. */
  private static Map<String, Long> count(List<String> training, boolean phones) {
    Map<String, Long> counts = new LinkedHashMap<>();
    for (String line : training) {
      List<String> tokens = Arrays.stream(line.split("[ \t]+")).filter(t -> !t.isEmpty())
          .map(t -> t.replace("\\n", "\n")).toList();
      for (String token : phones ? tokens.subList(1, tokens.size()) : tokens.subList(0, 1)) {
        counts.merge(token, 1L, Long::sum);
      }
    }
    return counts;
  }

  /** Count descending, then the UTF-8 bytes ascending, unsigned; at least minCount; topK. */
  private static List<Map.Entry<String, Long>> reference(Map<String, Long> counts, long minCount,
      int topK) {
    Comparator<Map.Entry<String, Long>> order =
        Comparator.<Map.Entry<String, Long>>comparingLong(Map.Entry::getValue).reversed()
            .thenComparing((a, b) -> Arrays.compareUnsigned(
                a.getKey().getBytes(StandardCharsets.UTF_8),
                b.getKey().getBytes(StandardCharsets.UTF_8)));
    List<Map.Entry<String, Long>> kept = counts.entrySet().stream()
        .filter(e -> e.getValue() >= minCount).sorted(order).toList();
    return topK > 0 && kept.size() > topK ? kept.subList(0, topK) : kept;
  }

  private List<String> trainingLines(Path data) throws IOException {
    Set<String> held = heldWords(data);
    return Files.readAllLines(data).stream()
        .filter(line -> !held.contains(line.split(" ")[0])).toList();
  }

  private static void assertVocabulary(List<Map.Entry<String, Long>> expected,
      FittedVocabulary fitted) {
    assertEquals(expected.stream().map(Map.Entry::getKey).toList(), fitted.tokenList());
    assertArrayEquals(expected.stream().mapToLong(Map.Entry::getValue).toArray(),
        fitted.counts());
  }

  @Test
  void theFittedTokensAndCountsEqualAJavaReferenceOverTheTrainingLines() throws IOException {
    List<String> training = trainingLines(all);
    assertTrue(training.size() > 0.75 * lines.size() && training.size() < 0.85 * lines.size(),
        training.size() + " training lines of " + lines.size());
    Map<String, Long> phoneCounts = count(training, true);
    try (Graph graph = new Graph(); var pipeline = encoding(all, all).build(graph)) {
      FittedVocabulary phones = pipeline.statistic("phones", FittedVocabulary.class);
      assertVocabulary(reference(phoneCounts, MIN_COUNT, 0), phones);
      assertTrue(phoneCounts.values().stream().anyMatch(c -> c < MIN_COUNT),
          "some phones are rarer than minCount, and left out: " + phoneCounts);
      assertEquals(phones.tokens() + 1, phones.size(), "the tokens and one bucket");
      assertEquals(phoneCounts.values().stream().mapToLong(Long::longValue).sum(),
          phones.count(), "every phone seen, none of the padding");
      FittedVocabulary words = pipeline.statistic("words", FittedVocabulary.class);
      // Every training word is seen once: the cut at 5 falls inside a tie of thousands, which
      // the bytes break.
      assertVocabulary(reference(count(training, false), 1, TOP_K), words);
      assertEquals(List.of(1L, 1L, 1L, 1L, 1L), Arrays.stream(words.counts()).boxed().toList());
      assertEquals(TOP_K, words.size(), "no bucket: oovBuckets = 0");
      assertEquals(training.size(), words.count());
    }
  }

  @Test
  void theMapLooksEveryTokenUpByTheFittedIds() throws IOException {
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = encoding(all, all).build(graph)) {
      List<String> phones = pipeline.statistic("phones", FittedVocabulary.class).tokenList();
      List<String> words = pipeline.statistic("words", FittedVocabulary.class).tokenList();
      int line = 0;
      long unknownPhones = 0;
      try (EpochIterator<EncodedTensors> elements = pipeline.epoch(session)) {
        for (EncodedTensors element : elements) {
          String[] tokens = lines.get(line).split(" +");
          assertEquals(words.indexOf(tokens[0]), element.word().getLong(),
              "line " + line + "'s word, -1 outside the 5");
          assertEquals(tokens.length - 1, element.phones().shape().get(0));
          for (int p = 1; p < tokens.length; p++) {
            int id = phones.indexOf(tokens[p]);
            unknownPhones += id < 0 ? 1 : 0;
            assertEquals(id < 0 ? phones.size() : id, element.phones().getLong(p - 1),
                "line " + line + ", phone " + tokens[p]);
          }
          line++;
        }
      }
      assertEquals(lines.size(), line, "every line");
      assertTrue(unknownPhones > 0, "the rare phones got the bucket");
      IllegalArgumentException table = assertThrows(IllegalArgumentException.class,
          () -> pipeline.vocabulary("phones"));
      assertEquals("Pipeline Encoding has no @Vocabulary named 'phones'; it has none; 'phones' is"
          + " a @Statistics FittedVocabulary: read it with statistic(\"phones\","
          + " FittedVocabulary.class)", table.getMessage());
    }
  }

  @Test
  void aSecondBuildReadsTheCacheAndAChangedFileIsFittedAgain() throws IOException {
    Path training = Files.write(dir.resolve("train.txt"), lines);
    String key;
    List<byte[]> tokens;
    try (Graph graph = new Graph(); var pipeline = encoding(all, training).build(graph)) {
      FittedVocabulary phones = pipeline.statistic("phones", FittedVocabulary.class);
      assertFalse(phones.fit().cached(), "fitted by the first build");
      key = phones.fit().key();
      assertEquals(dir.resolve("vocabulary").resolve("phones-" + key + ".stats"),
          phones.fit().cacheFile());
      tokens = phones.tokenBytes();
    }
    long[] counts;
    try (Graph graph = new Graph(); var pipeline = encoding(all, training).build(graph)) {
      FittedVocabulary phones = pipeline.statistic("phones", FittedVocabulary.class);
      assertTrue(phones.fit().cached(), "read from the cache: the pass did not run");
      assertEquals(key, phones.fit().key());
      assertEquals(tokens.size(), phones.tokenBytes().size());
      for (int i = 0; i < tokens.size(); i++) {
        assertArrayEquals(tokens.get(i), phones.tokenBytes().get(i), "token " + i);
      }
      assertFalse(pipeline.statistic("words", FittedVocabulary.class).fit().cached(),
          "no cache folder: fitted at every build");
      counts = phones.counts();
    }
    // A cache file whose tokens are out of id order is not the fit: fitted again, and rewritten.
    Path file = dir.resolve("vocabulary").resolve("phones-" + key + ".stats");
    List<String> kept = new ArrayList<>(Files.readAllLines(file));
    Collections.swap(kept, 4, 5);
    Files.write(file, kept);
    try (Graph graph = new Graph(); var pipeline = encoding(all, training).build(graph)) {
      FittedVocabulary phones = pipeline.statistic("phones", FittedVocabulary.class);
      assertFalse(phones.fit().cached(), "a file that does not read back is fitted again");
      assertArrayEquals(counts, phones.counts());
      assertNotEquals(kept, Files.readAllLines(file), "and written anew");
    }
    // Half the lines: another file, another key, other counts.
    Files.write(training, lines.subList(0, lines.size() / 2));
    try (Graph graph = new Graph(); var pipeline = encoding(all, training).build(graph)) {
      FittedVocabulary phones = pipeline.statistic("phones", FittedVocabulary.class);
      assertFalse(phones.fit().cached(), "fitted again over the changed file");
      assertNotEquals(key, phones.fit().key());
      assertVocabulary(reference(count(trainingLines(training), true), MIN_COUNT, 0), phones);
      assertTrue(phones.counts()[0] < counts[0], phones.counts()[0] + " against " + counts[0]);
    }
  }

  @Test
  void tokensHoldingALineBreakALineSeparatorOrAQuoteAreHeldAsTheyAre() throws IOException {
    // "\n" in a line is a line break in the token; U+2028 and the quote are in the file as such.
    List<String> training = new ArrayList<>(lines);
    for (int i = 0; i < 2 * MIN_COUNT; i++) { // distinct words: the split keeps most
      training.add("QUOTE" + i + "\"D  A\\nB  C\u2028D  \"  AH0");
    }
    Path trainingFile = Files.write(dir.resolve("odd.txt"), training);
    Path request = Files.write(dir.resolve("request.txt"), List.of("X  A\\nB  C\u2028D  \"  Q"));
    Map<String, Long> reference = count(trainingLines(trainingFile), true);
    assertTrue(reference.get("A\nB") >= MIN_COUNT, "most odd lines train: " + reference);
    for (int build = 0; build < 2; build++) {
      try (Graph graph = new Graph();
          Session session = new Session(graph);
          var pipeline = encoding(request, trainingFile).build(graph)) {
        FittedVocabulary phones = pipeline.statistic("phones", FittedVocabulary.class);
        assertEquals(build == 1, phones.fit().cached(), "fitted, then read from the cache");
        assertVocabulary(reference(reference, MIN_COUNT, 0), phones);
        List<String> tokens = phones.tokenList();
        assertTrue(tokens.containsAll(List.of("A\nB", "C\u2028D", "\"")), tokens.toString());
        assertEquals(4 + tokens.size() + 1, Files.readAllLines(phones.fit().cacheFile()).size(),
            "a header of 4 lines, one per token, then the end line: none breaks a line of the"
                + " file");
        try (EpochIterator<EncodedTensors> elements = pipeline.epoch(session)) {
          EncodedTensors element = elements.next();
          assertEquals(tokens.indexOf("A\nB"), element.phones().getLong(0));
          assertEquals(tokens.indexOf("C\u2028D"), element.phones().getLong(1));
          assertEquals(tokens.indexOf("\""), element.phones().getLong(2));
          assertEquals(tokens.size(), element.phones().getLong(3), "Q: the bucket");
        }
        if (build == 1) {
          assertServingGivesTheSameIds(FeedlineVocabularyPipelines_Encoding.serving(phones,
              pipeline.statistic("words", FittedVocabulary.class)), request, tokens);
        }
      }
    }
  }

  /** The serving function holds the same tokens, as constants of its own graph. */
  private static void assertServingGivesTheSameIds(ServingFunction serving, Path request,
      List<String> tokens) throws IOException {
    try (Graph served = new Graph();
        Session run = new Session(served);
        TString input = TString.tensorOfBytes(NdArrays.vectorOfObjects(
            Files.readAllLines(request).get(0).getBytes(StandardCharsets.UTF_8)))) {
      Ops tf = Ops.create(served);
      Placeholder<TString> placeholder = tf.placeholder(TString.class,
          Placeholder.shape(org.tensorflow.ndarray.Shape.of(-1)));
      ServingFunction.Applied applied = serving.apply(tf, placeholder);
      Session.Runner init = run.runner();
      applied.initializers().forEach(init::addTarget);
      init.run();
      try (Result result = run.runner().feed(placeholder, input)
          .fetch(applied.outputs().get("phones")).run()) {
        TInt64 ids = (TInt64) result.get(0);
        assertEquals(tokens.indexOf("A\nB"), ids.getLong(0, 0));
        assertEquals(tokens.indexOf("C\u2028D"), ids.getLong(0, 1));
        assertEquals(tokens.indexOf("\""), ids.getLong(0, 2));
        assertEquals(tokens.size(), ids.getLong(0, 3), "Q: the bucket");
      }
    }
  }

  @Test
  void aTrainingSideWithNoTokenSeenMinCountTimesIsAnErrorThatSaysSo() throws IOException {
    Path training = Files.write(dir.resolve("few.txt"), lines.subList(0, 40));
    long tokens = count(trainingLines(training), true).values().stream()
        .mapToLong(Long::longValue).sum();
    try (Graph graph = new Graph()) {
      FeedlineException rare = assertThrows(FeedlineException.class,
          () -> encoding(all, training).build(graph));
      assertEquals("Pipeline Encoding: vocabulary 'phones': pipeline Training yielded " + tokens
          + " tokens of component 'phones', and none of them 100 times or more (minCount); lower"
          + " minCount, or fit it over more data", rare.getMessage());
    }
  }

  @Test
  void anEmptyTrainingSideIsAnErrorNamingBothPipelines() throws IOException {
    // Only lines whose word the split holds out: the training side yields nothing.
    Set<String> held = heldWords(all);
    Path training = Files.write(dir.resolve("held.txt"), lines.stream()
        .filter(line -> held.contains(line.split(" ")[0])).toList());
    try (Graph graph = new Graph()) {
      FeedlineException empty = assertThrows(FeedlineException.class,
          () -> encoding(all, training).build(graph));
      assertEquals("Pipeline Encoding: statistics 'phones': pipeline Training yielded 0 elements"
          + " and no value of component 'phones' to fit them over", empty.getMessage());
    }
  }
}

package dev.feedline.tests;

import static dev.feedline.tests.pipelines.EscapedStringsPipelines.CACHE;
import static dev.feedline.tests.pipelines.EscapedStringsPipelines.DEFAULT;
import static dev.feedline.tests.pipelines.EscapedStringsPipelines.DELIMITER;
import static dev.feedline.tests.pipelines.EscapedStringsPipelines.KEY;
import static dev.feedline.tests.pipelines.EscapedStringsPipelines.NA;
import static dev.feedline.tests.pipelines.EscapedStringsPipelines.ODD;
import static dev.feedline.tests.pipelines.EscapedStringsPipelines.PAD;
import static dev.feedline.tests.pipelines.EscapedStringsPipelines.SNAPSHOT;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.feedline.runtime.internal.cache.CacheFolder;
import dev.feedline.tests.pipelines.FeedlineEscapedStringsPipelines_Names;
import dev.feedline.tests.pipelines.FeedlineEscapedStringsPipelines_SnapshottedTags;
import dev.feedline.tests.pipelines.FeedlineEscapedStringsPipelines_Tags;
import dev.feedline.tests.support.TestData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.proto.BytesList;
import org.tensorflow.proto.Example;
import org.tensorflow.proto.Feature;
import org.tensorflow.proto.Features;
import org.tensorflow.proto.Int64List;

/**
 * Strings holding line ends, format characters, a comment's end and escapes, declared in every
 * string member ({@code EscapedStringsPipelines}), reach TensorFlow exactly as declared: records
 * written here under the feature key are read, a missing tag reads as the default, words are
 * padded with the text, the cache and the snapshot are written in folders of those very names,
 * and a CSV field equal to the NA value reads as the default.
 */
class EscapedStringsTest {
  /** Where the declared folders are, relative to the module's folder, the tests' own. */
  private static final Path FOLDERS = Path.of("target/escaped-strings");

  @TempDir Path dir;

  @BeforeEach
  @AfterEach
  void removeFolders() throws IOException {
    if (Files.exists(FOLDERS)) {
      try (Stream<Path> all = Files.walk(FOLDERS)) {
        for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
  }

  /** Record {@code id}: {@code id % 3} words, and a tag for odd ids only. */
  private Path writeTagged() throws IOException {
    List<Example> examples = new ArrayList<>();
    for (long id = 0; id < 6; id++) {
      BytesList.Builder words = BytesList.newBuilder();
      for (int j = 0; j < id % 3; j++) {
        words.addValue(com.google.protobuf.ByteString.copyFromUtf8("w" + id + j));
      }
      Features.Builder features = Features.newBuilder()
          .putFeature(KEY, Feature.newBuilder().setInt64List(Int64List.newBuilder().addValue(id))
              .build())
          .putFeature("words", Feature.newBuilder().setBytesList(words).build());
      if (id % 2 == 1) {
        features.putFeature("tag", Feature.newBuilder().setBytesList(BytesList.newBuilder()
            .addValue(com.google.protobuf.ByteString.copyFromUtf8("t" + id))).build());
      }
      examples.add(Example.newBuilder().setFeatures(features).build());
    }
    return TestData.write(dir.resolve("tagged.tfrecord"), examples);
  }

  /** Each record's id, its words as padded in its batch, and its tag. */
  private static Map<Long, List<String>> epoch(FeedlineEscapedStringsPipelines_Tags pipeline,
      Session session) {
    Map<Long, List<String>> rows = new TreeMap<>();
    try (var batches = pipeline.epoch(session)) {
      for (var batch : batches) {
        long[] shape = batch.words().shape().asArray();
        for (int i = 0; i < shape[0]; i++) {
          List<String> row = new ArrayList<>();
          for (int j = 0; j < shape[1]; j++) {
            row.add(batch.words().getObject(i, j));
          }
          row.add("tag " + batch.tag().getObject(i));
          rows.put(batch.id().getLong(i), row);
        }
      }
    }
    return rows;
  }

  @Test
  void theFeatureKeyDefaultPadTextAndCacheFolderArriveAsDeclared() throws IOException {
    Path file = writeTagged();
    Map<Long, List<String>> expected = new TreeMap<>();
    expected.put(0L, List.of(PAD, "tag " + DEFAULT)); // batch of ids 0 and 1: one word at most
    expected.put(1L, List.of("w10", "tag t1"));
    expected.put(2L, List.of("w20", "w21", "tag " + DEFAULT)); // ids 2 and 3: two words
    expected.put(3L, List.of(PAD, PAD, "tag t3"));
    expected.put(4L, List.of("w40", PAD, "tag " + DEFAULT)); // ids 4 and 5: two words
    expected.put(5L, List.of("w50", "w51", "tag t5"));
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineEscapedStringsPipelines_Tags.builder().files(file.toString())
            .build(graph)) {
      assertEquals(expected, epoch(pipeline, session), "the first epoch, which fills the cache");
      assertEquals(expected, epoch(pipeline, session), "the second, from the cache");
    }
    List<CacheFolder.Entry> entries = CacheFolder.list(Path.of(CACHE));
    assertEquals(1, entries.size(), "the cache, in the folder of the declared name: " + entries);
    assertEquals(CacheFolder.State.COMPLETE, entries.get(0).state());
  }

  @Test
  void theSnapshotIsWrittenInTheFolderOfTheDeclaredName() throws IOException {
    Path file = writeTagged();
    List<Long> ids = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineEscapedStringsPipelines_SnapshottedTags.builder()
            .files(file.toString()).build(graph);
        var elements = pipeline.epoch(session)) {
      for (var tagged : elements) {
        ids.add(tagged.id().getLong());
      }
    }
    assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L), ids.stream().sorted().toList());
    List<CacheFolder.Entry> entries = CacheFolder.list(Path.of(SNAPSHOT));
    assertEquals(1, entries.size(), "the snapshot, in the folder of the declared name: " + entries);
    assertEquals(CacheFolder.State.COMPLETE, entries.get(0).state());
  }

  @Test
  void aCsvFieldEqualToTheNaValueReadsAsTheDefault() throws IOException {
    Path file = Files.writeString(dir.resolve("names.csv"),
        "alpha" + DELIMITER + NA + "\n"
            + "beta" + DELIMITER + "b" + ODD + "\n"
            + "gamma" + ODD + DELIMITER + "\n",
        StandardCharsets.UTF_8);
    List<String> rows = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineEscapedStringsPipelines_Names.builder().files(file.toString())
            .build(graph);
        var elements = pipeline.epoch(session)) {
      for (var named : elements) {
        rows.add(named.name().getObject() + " | " + named.tag().getObject());
      }
    }
    assertEquals(List.of("alpha | " + DEFAULT, "beta | b" + ODD, "gamma" + ODD + " | " + DEFAULT),
        rows);
  }
}

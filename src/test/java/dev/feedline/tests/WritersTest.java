package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.feedline.Compression;
import dev.feedline.runtime.BuiltPipeline;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.ShardedTFRecordWriter;
import dev.feedline.runtime.TFRecordWriter;
import dev.feedline.tests.pipelines.FeedlineWriterPipelines_GameWriter;
import dev.feedline.tests.pipelines.FeedlineWriterPipelines_ListsWriter;
import dev.feedline.tests.pipelines.FeedlineWriterPipelines_NamedWriter;
import dev.feedline.tests.pipelines.FeedlineWriterPipelines_OptionalsWriter;
import dev.feedline.tests.pipelines.FeedlineWriterPipelines_ReadGames;
import dev.feedline.tests.pipelines.FeedlineWriterPipelines_ReadGzipRows;
import dev.feedline.tests.pipelines.FeedlineWriterPipelines_ReadLists;
import dev.feedline.tests.pipelines.FeedlineWriterPipelines_ReadNamed;
import dev.feedline.tests.pipelines.FeedlineWriterPipelines_ReadOptionals;
import dev.feedline.tests.pipelines.FeedlineWriterPipelines_ReadRows;
import dev.feedline.tests.pipelines.FeedlineWriterPipelines_ReadScalars;
import dev.feedline.tests.pipelines.FeedlineWriterPipelines_ReadVectors;
import dev.feedline.tests.pipelines.FeedlineWriterPipelines_ReadZlibGames;
import dev.feedline.tests.pipelines.FeedlineWriterPipelines_RowsWriter;
import dev.feedline.tests.pipelines.FeedlineWriterPipelines_ScalarsWriter;
import dev.feedline.tests.pipelines.FeedlineWriterPipelines_VectorsWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.proto.Example;
import org.tensorflow.proto.Feature;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * Generated writers against generated readers: per dtype and shape kind, records written by a
 * record's {@code Feedline<Name>Writer} come back from its {@code @Decode} pipeline with every
 * value, element by element; compressed ones too.
 */
class WritersTest {
  @TempDir Path dir;

  private Path write(String name, List<byte[]> records) throws IOException {
    Path file = dir.resolve(name + ".tfrecord");
    try (TFRecordWriter writer = new TFRecordWriter(file)) {
      for (byte[] record : records) {
        writer.write(record);
      }
      writer.commit();
    }
    return file;
  }

  /** Each element of one epoch, described by {@code describe}. */
  @SuppressWarnings("unchecked")
  private static <T extends AutoCloseable> List<String> read(
      Function<Graph, BuiltPipeline<?, T>> build,
      Function<T, String> describe) {
    List<String> elements = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        BuiltPipeline<?, T> pipeline = build.apply(graph);
        EpochIterator<T> epoch = pipeline.epoch(session)) {
      epoch.forEachRemaining(element -> elements.add(describe.apply(element)));
    }
    return elements;
  }

  // How values are described, for the expected and the read ones alike: shape, then values.

  private static String longs(List<Long> shape, long... values) {
    return shape + Arrays.toString(values);
  }

  private static String longs(TInt64 tensor) {
    List<Long> values = new ArrayList<>();
    tensor.scalars().forEach(s -> values.add(s.getLong()));
    return Arrays.stream(tensor.shape().asArray()).boxed().toList()
        + Arrays.toString(values.stream().mapToLong(Long::longValue).toArray());
  }

  private static String floats(List<Long> shape, float... values) {
    return shape + Arrays.toString(values);
  }

  private static String floats(TFloat32 tensor) {
    float[] values = new float[(int) tensor.size()];
    int[] i = {0};
    tensor.scalars().forEach(s -> values[i[0]++] = s.getFloat());
    return Arrays.stream(tensor.shape().asArray()).boxed().toList() + Arrays.toString(values);
  }

  private static String bytes(List<Long> shape, byte[]... values) {
    return shape + Arrays.stream(values).map(HexFormat.of()::formatHex).toList().toString();
  }

  private static String bytes(TString tensor) {
    List<String> values = new ArrayList<>();
    tensor.asBytes().scalars().forEach(s -> values.add(HexFormat.of().formatHex(s.getObject())));
    return Arrays.stream(tensor.shape().asArray()).boxed().toList() + values.toString();
  }

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static final List<Long> SCALAR = List.of();

  @Test
  void scalarsOfEveryDtypeAndStringsOfAnyBytes() throws IOException {
    long[] counts = {0, -5, Long.MAX_VALUE, Long.MIN_VALUE};
    float[] scores = {0f, -1.5f, Float.NaN, Float.MAX_VALUE};
    byte[] large = new byte[100_000];
    Arrays.fill(large, (byte) 0xAB);
    byte[][] payloads = {new byte[0], {0, -1, 127, -128}, utf8("é\u0000x"), large};
    List<byte[]> records = new ArrayList<>();
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      FeedlineWriterPipelines_ScalarsWriter.Builder row = FeedlineWriterPipelines_ScalarsWriter
          .builder().count(counts[i]).score(scores[i]);
      records.add((i == 2 ? row.payload("é\u0000x") : row.payload(payloads[i])).toByteArray());
      expected.add(longs(SCALAR, counts[i]) + " " + floats(SCALAR, scores[i]) + " "
          + bytes(SCALAR, payloads[i]));
    }
    Path file = write("scalars", records);
    assertEquals(expected, read(graph -> FeedlineWriterPipelines_ReadScalars.builder()
        .files(file.toString()).build(graph),
        t -> longs(t.count()) + " " + floats(t.score()) + " " + bytes(t.payload())));
  }

  @Test
  void fixedVectorsAndMatricesAreWrittenFlatInRowMajorOrder() throws IOException {
    Path file = write("vectors", List.of(
        FeedlineWriterPipelines_VectorsWriter.builder().ids(1, 2, 3).matrix(1, 2, 3, 4)
            .tags("a", "bc").toByteArray(),
        FeedlineWriterPipelines_VectorsWriter.builder().ids(List.of(-1L, 0L, 1L))
            .matrix(List.of(0.5f, 0f, 0f, 0.5f)).tags(new byte[] {1}, new byte[0]).toByteArray()));
    assertEquals(List.of(
        longs(List.of(3L), 1, 2, 3) + " " + floats(List.of(2L, 2L), 1, 2, 3, 4) + " "
            + bytes(List.of(2L), utf8("a"), utf8("bc")),
        longs(List.of(3L), -1, 0, 1) + " " + floats(List.of(2L, 2L), 0.5f, 0, 0, 0.5f) + " "
            + bytes(List.of(2L), new byte[] {1}, new byte[0])),
        read(graph -> FeedlineWriterPipelines_ReadVectors.builder().files(file.toString())
            .build(graph),
            t -> longs(t.ids()) + " " + floats(t.matrix()) + " " + bytes(t.tags())));
  }

  @Test
  void valueListsOfAnyLengthWithTheirLength() throws IOException {
    List<byte[]> records = new ArrayList<>();
    List<String> expected = new ArrayList<>();
    for (int n = 0; n < 5; n++) {
      long first = 10L * n;
      long[] tokens = LongStream.range(0, n).map(j -> first + j).toArray();
      float[] weights = new float[n + 1];
      Arrays.fill(weights, n / 2f);
      String[] words = new String[n];
      Arrays.fill(words, "w" + n);
      FeedlineWriterPipelines_ListsWriter.Builder row = FeedlineWriterPipelines_ListsWriter
          .builder().weights(weights).words(words);
      records.add((n % 2 == 0 ? row.tokens(tokens)
          : row.tokens(Arrays.stream(tokens).boxed().toList())).toByteArray());
      expected.add(longs(List.of((long) n), tokens) + " " + n + " "
          + floats(List.of(n + 1L), weights) + " " + bytes(List.of((long) n),
              Arrays.stream(words).map(WritersTest::utf8).toArray(byte[][]::new)));
    }
    Path file = write("lists", records);
    assertEquals(expected, read(graph -> FeedlineWriterPipelines_ReadLists.builder()
        .files(file.toString()).build(graph), t -> longs(t.tokens()) + " " + t.length().getInt()
        + " " + floats(t.weights()) + " " + bytes(t.words())));
  }

  /** Rows {@code 0 .. n-1} of record {@code n}: points {@code [n, j, -j]}, pairs {@code [n, j]}. */
  private static List<byte[]> rows(int count, List<String> expected) {
    List<byte[]> records = new ArrayList<>();
    for (int n = 0; n < count; n++) {
      float[] points = new float[3 * n];
      long[] pairs = new long[2 * n];
      for (int j = 0; j < n; j++) {
        points[3 * j] = n;
        points[3 * j + 1] = j;
        points[3 * j + 2] = -j;
        pairs[2 * j] = n;
        pairs[2 * j + 1] = j;
      }
      records.add(FeedlineWriterPipelines_RowsWriter.builder().points(points).pairs(pairs)
          .toByteArray());
      expected.add(floats(List.of((long) n, 3L), points) + " " + n + " "
          + longs(List.of((long) n, 2L), pairs));
    }
    return records;
  }

  private static String describeRows(FeedlineWriterPipelines_ReadRows.RowsTensors t) {
    return floats(t.points()) + " " + t.count().getInt() + " " + longs(t.pairs());
  }

  @Test
  void variableNumbersOfRowsOfAFixedWidth() throws IOException {
    List<String> expected = new ArrayList<>();
    Path file = write("rows", rows(4, expected));
    assertEquals(expected, read(graph -> FeedlineWriterPipelines_ReadRows.builder()
        .files(file.toString()).build(graph), WritersTest::describeRows));
  }

  @Test
  void componentsWithADefaultMayBeLeftOutAndReadAsTheirDefault() throws IOException {
    Path file = write("optionals", List.of(
        FeedlineWriterPipelines_OptionalsWriter.builder().id(1).toByteArray(),
        FeedlineWriterPipelines_OptionalsWriter.builder().id(2).level(3).scale(9, 8).tag("x")
            .toByteArray(),
        FeedlineWriterPipelines_OptionalsWriter.builder().id(3).tag("").toByteArray()));
    assertEquals(List.of(
            "1 7 " + floats(List.of(2L), 0.5f, 1.5f) + " none",
            "2 3 " + floats(List.of(2L), 9, 8) + " x",
            "3 7 " + floats(List.of(2L), 0.5f, 1.5f) + " "),
        read(graph -> FeedlineWriterPipelines_ReadOptionals.builder().files(file.toString())
            .build(graph), t -> t.id().getLong() + " " + t.level().getLong() + " "
            + floats(t.scale()) + " " + t.tag().getObject()));
  }

  /**
   * A key whose Feature sets no value list is read by TensorFlow as a missing feature, so its
   * default stands in; the check of the first record at {@code build()} once refused it.
   */
  @Test
  void aFeatureWithNoValueListIsReadAsItsDefault() throws IOException {
    Example.Builder example = Example.parseFrom(
        FeedlineWriterPipelines_OptionalsWriter.builder().id(1).tag("x").toByteArray()).toBuilder();
    example.getFeaturesBuilder().putFeature("level", Feature.getDefaultInstance());
    Path file = write("optionals", List.of(example.build().toByteArray()));
    assertEquals(List.of("1 7 x"),
        read(graph -> FeedlineWriterPipelines_ReadOptionals.builder().files(file.toString())
            .build(graph), t -> t.id().getLong() + " " + t.level().getLong() + " "
            + t.tag().getObject()));
  }

  /** Game {@code n}: {@code n} turns, moves {@code [n, t, 0]}, players p0, p1, ...; its id. */
  private static List<byte[]> games(int count, List<String> expected) {
    List<byte[]> records = new ArrayList<>();
    for (int n = 0; n < count; n++) {
      float[] moves = new float[3 * n];
      String[] players = new String[n];
      for (int t = 0; t < n; t++) {
        moves[3 * t] = n;
        moves[3 * t + 1] = t;
        players[t] = "p" + t;
      }
      FeedlineWriterPipelines_GameWriter.Builder game = FeedlineWriterPipelines_GameWriter
          .builder().moves(moves).player(players).id(100 + n);
      records.add((n == 1 ? game.score(0.25f) : game).toByteArray());
      expected.add(floats(List.of((long) n, 3L), moves) + " " + n + " "
          + bytes(List.of((long) n), Arrays.stream(players).map(WritersTest::utf8)
              .toArray(byte[][]::new)) + " " + (100 + n) + " " + (n == 1 ? 0.25f : -1f));
    }
    return records;
  }

  private static String describeGame(FeedlineWriterPipelines_ReadGames.GameTensors t) {
    return floats(t.moves()) + " " + t.turns().getInt() + " " + bytes(t.player()) + " "
        + t.id().getLong() + " " + t.score().getFloat();
  }

  @Test
  void featureListsMakeASequenceExampleOfOneRowPerStep() throws IOException {
    List<String> expected = new ArrayList<>();
    Path file = write("games", games(4, expected));
    assertEquals(expected, read(graph -> FeedlineWriterPipelines_ReadGames.builder()
        .files(file.toString()).build(graph), WritersTest::describeGame));
  }

  @Test
  void componentsNamedLikeTheWritersMembers() throws IOException {
    Path file = write("named", List.of(FeedlineWriterPipelines_NamedWriter.builder().example(1)
        .builder(2).values(3, 4).toByteArray("five").value(6).SCHEMA(7).toByteArray()));
    assertEquals(List.of("1 2 " + floats(List.of(2L), 3, 4) + " five 6 7"),
        read(graph -> FeedlineWriterPipelines_ReadNamed.builder().files(file.toString())
            .build(graph), t -> t.example().getLong() + " " + t.builder().getLong() + " "
            + floats(t.values()) + " " + t.toByteArray().getObject() + " " + t.value().getLong()
            + " " + t.SCHEMA().getLong()));
  }

  @Test
  void gzipShardsOfTheShardedWriterAreReadByAGzipSource() throws IOException {
    List<String> expected = new ArrayList<>();
    List<byte[]> records = rows(6, expected);
    try (ShardedTFRecordWriter shards =
        ShardedTFRecordWriter.byKey(dir, "rows", 2, Compression.GZIP)) {
      for (int n = 0; n < records.size(); n++) {
        shards.write(n, records.get(n));
      }
      shards.commit();
    }
    // One file after the other: shard 0 holds the even records, shard 1 the odd ones.
    List<String> inShardOrder = new ArrayList<>();
    for (int shard = 0; shard < 2; shard++) {
      for (int n = shard; n < expected.size(); n += 2) {
        inShardOrder.add(expected.get(n));
      }
    }
    assertEquals(inShardOrder, read(graph -> FeedlineWriterPipelines_ReadGzipRows.builder()
        .files(dir.resolve("rows-*-of-00002.tfrecord").toString()).build(graph),
        t -> floats(t.points()) + " " + t.count().getInt() + " " + longs(t.pairs())));
  }

  @Test
  void zlibFilesOfTheWriterAreReadByAZlibSource() throws IOException {
    List<String> expected = new ArrayList<>();
    List<byte[]> records = games(3, expected);
    Path file = dir.resolve("games.tfrecord.zz");
    try (TFRecordWriter writer = new TFRecordWriter(file, Compression.ZLIB)) {
      for (byte[] record : records) {
        writer.write(record);
      }
      writer.commit();
    }
    assertEquals(expected, read(graph -> FeedlineWriterPipelines_ReadZlibGames.builder()
        .files(file.toString()).build(graph),
        t -> floats(t.moves()) + " " + t.turns().getInt() + " " + bytes(t.player()) + " "
            + t.id().getLong() + " " + t.score().getFloat()));
  }

  @Test
  void aValueThatDoesNotFitAndAMissingOneAreRefusedWhenWritten() {
    assertEquals("Component 'points' of Rows has shape [-1, 3]: rows of 3 values, any number of"
        + " them; it was given 4 values, shape [4], which is no whole number of rows",
        assertThrows(IllegalArgumentException.class,
            () -> FeedlineWriterPipelines_RowsWriter.builder().points(1, 2, 3, 4)).getMessage());
    assertEquals("Component 'matrix' of Vectors has shape [2, 2], which holds 4 values; it was"
        + " given 3 values, shape [3]", assertThrows(IllegalArgumentException.class,
            () -> FeedlineWriterPipelines_VectorsWriter.builder().matrix(1, 2, 3)).getMessage());
    assertEquals("Component 'pairs' of Rows has no value; only a component with @DefaultValue"
        + " may be left out", assertThrows(IllegalArgumentException.class,
            () -> FeedlineWriterPipelines_RowsWriter.builder().points().toByteArray())
        .getMessage());
  }
}

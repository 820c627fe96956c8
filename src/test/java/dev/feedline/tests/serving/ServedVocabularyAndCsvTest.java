package dev.feedline.tests.serving;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.ServingFunction;
import dev.feedline.tests.pipelines.FeedlineServingPipelines_Sales;
import dev.feedline.tests.pipelines.FeedlineServingPipelines_SalesInOrder;
import dev.feedline.tests.pipelines.FeedlineServingPipelines_Spelled;
import dev.feedline.tests.pipelines.FeedlineServingPipelines_SpelledInOrder;
import dev.feedline.tests.support.TestData;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.ndarray.NdArrays;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.proto.BytesList;
import org.tensorflow.proto.Example;
import org.tensorflow.proto.Feature;
import org.tensorflow.proto.Features;
import org.tensorflow.proto.Int64List;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * Serving functions with a {@code @Vocabulary} lookup and with a {@code @DecodeCsv}, each over
 * 10,000 records of real files, against the training pipeline without shuffle or batch: bit-equal
 * in the JVM that built them, and after export to a SavedModel loaded by a fresh JVM with only
 * TensorFlow on its class path. The vocabulary's tokens travel as constants of the graph (the
 * fresh JVM has no vocabulary file); the CSV columns are those the pipeline found in the files'
 * header at build, whose order is not the record's.
 */
class ServedVocabularyAndCsvTest {
  private static final int WORDS = 10_000;
  private static final int SALES = 10_000;
  /** Letters of the words; the vocabulary holds a to z, the rest fall into the 2 OOV buckets. */
  private static final String ALPHABET = "abcdefghijklmnopqrstuvwxyzé1Q";
  /** The sales file's header: the record's columns in another order, and two it does not read. */
  static final String HEADER = "id,price,note,item,qty";

  @TempDir static Path dir;
  private static Path vocabulary;
  private static List<Path> wordFiles;
  private static Path salesFile;
  /** Per word id, its letters' ids as the training stages make them. */
  private static Map<Long, long[]> trainedWords;
  /** Per sale, in the file's order: its item, then its two features' bits. */
  private static List<Object[]> trainedSales;

  @BeforeAll
  static void writeTheFilesAndRunThePipelinesInOrder() throws IOException {
    vocabulary = Files.writeString(dir.resolve("letters.txt"),
        String.join("\n", ALPHABET.substring(0, 26).split("")) + "\n");
    wordFiles = writeWords(dir.resolve("words"));
    salesFile = writeSales(dir.resolve("sales.csv"));
    trainedWords = new HashMap<>();
    try (Graph graph = new Graph(); Session session = new Session(graph);
        FeedlineServingPipelines_SpelledInOrder pipeline =
            FeedlineServingPipelines_SpelledInOrder.builder().letters(vocabulary)
                .files(dir.resolve("words").resolve("*.tfrecord").toString()).build(graph);
        EpochIterator<FeedlineServingPipelines_SpelledInOrder.LetterIdsTensors> words =
            pipeline.epoch(session)) {
      for (var word : words) {
        long[] ids = new long[word.length().getInt()];
        for (int i = 0; i < ids.length; i++) {
          ids[i] = word.ids().getLong(i);
        }
        assertEquals(null, trainedWords.put(word.id().getLong(), ids));
      }
    }
    assertEquals(WORDS, trainedWords.size());
    trainedSales = new ArrayList<>();
    try (Graph graph = new Graph(); Session session = new Session(graph);
        FeedlineServingPipelines_SalesInOrder pipeline =
            FeedlineServingPipelines_SalesInOrder.builder().files(salesFile.toString())
                .build(graph);
        EpochIterator<FeedlineServingPipelines_SalesInOrder.PricedTensors> sales =
            pipeline.epoch(session)) {
      for (var sale : sales) {
        trainedSales.add(new Object[] {sale.item().getObject(),
            Float.floatToRawIntBits(sale.features().getFloat(0)),
            Float.floatToRawIntBits(sale.features().getFloat(1))});
      }
    }
    assertEquals(SALES, trainedSales.size());
  }

  /** 10,000 words of 1 to 12 letters in two files, 1 letter in 10 out of the vocabulary. */
  private static List<Path> writeWords(Path folder) throws IOException {
    Files.createDirectories(folder);
    SplittableRandom random = new SplittableRandom(11);
    List<Path> files = new ArrayList<>();
    for (int f = 0; f < 2; f++) {
      List<Example> examples = new ArrayList<>();
      for (int i = 0; i < WORDS / 2; i++) {
        BytesList.Builder letters = BytesList.newBuilder();
        int length = 1 + random.nextInt(12);
        for (int l = 0; l < length; l++) {
          int letter = random.nextInt(10) == 0 ? 26 + random.nextInt(3) : random.nextInt(26);
          letters.addValue(ByteString.copyFromUtf8(ALPHABET.substring(letter, letter + 1)));
        }
        examples.add(Example.newBuilder().setFeatures(Features.newBuilder()
            .putFeature("letters", Feature.newBuilder().setBytesList(letters).build())
            .putFeature("id", Feature.newBuilder().setInt64List(
                Int64List.newBuilder().addValue((long) f * WORDS / 2 + i)).build()))
            .build());
      }
      files.add(TestData.write(folder.resolve("words-" + f + ".tfrecord"), examples));
    }
    return files;
  }

  /** 10,000 sales, one price in 17 empty (it reads as -1). */
  private static Path writeSales(Path file) throws IOException {
    SplittableRandom random = new SplittableRandom(13);
    StringBuilder csv = new StringBuilder(HEADER).append('\n');
    for (int i = 0; i < SALES; i++) {
      String price = i % 17 == 0 ? ""
          : String.format(Locale.ROOT, "%.2f", random.nextDouble(0.01, 500));
      csv.append(i).append(',').append(price).append(",n").append(i % 3).append(",item-")
          .append(i % 97).append(',').append(random.nextInt(1, 40)).append('\n');
    }
    return Files.writeString(file, csv.toString());
  }

  private static List<byte[]> wordRecords() throws IOException {
    List<byte[]> records = new ArrayList<>();
    for (Path file : wordFiles) {
      records.addAll(ServedModelMain.readRecords(file));
    }
    return records;
  }

  /** Runs {@code function} over {@code requests} in one request; the fetched outputs. */
  private static Result serve(Graph graph, Session session, ServingFunction function,
      List<byte[]> requests, TString input) {
    Ops tf = Ops.create(graph);
    Placeholder<TString> placeholder = tf.placeholder(TString.class,
        Placeholder.shape(Shape.of(-1)));
    ServingFunction.Applied applied = function.apply(tf, placeholder);
    if (!applied.initializers().isEmpty()) {
      Session.Runner fill = session.runner();
      applied.initializers().forEach(fill::addTarget);
      fill.run();
    }
    Session.Runner runner = session.runner().feed(placeholder, input);
    applied.outputs().values().forEach(runner::fetch);
    return runner.run();
  }

  private static TString tensor(List<byte[]> requests) {
    return TString.tensorOfBytes(NdArrays.vectorOfObjects(requests.toArray(byte[][]::new)));
  }

  @Test
  void theVocabularyLookupIsServedBitForBitPaddedWithZeros() throws IOException {
    List<byte[]> records = wordRecords();
    ServingFunction function = FeedlineServingPipelines_Spelled.serving(vocabulary);
    assertEquals(List.of("ids", "length", "id"), function.outputNames());
    int differ = 0;
    int outOfVocabulary = 0;
    try (Graph graph = new Graph(); Session session = new Session(graph);
        TString input = tensor(records);
        Result result = serve(graph, session, function, records, input)) {
      TInt64 ids = (TInt64) result.get(0);
      TInt32 lengths = (TInt32) result.get(1);
      TInt64 wordIds = (TInt64) result.get(2);
      assertEquals(Shape.of(WORDS, 12), ids.shape(), "padded to the longest word, 12 letters");
      for (int r = 0; r < WORDS; r++) {
        long[] expected = trainedWords.get(wordIds.getLong(r));
        assertEquals(r, wordIds.getLong(r), "one row per record, in the request's order");
        assertEquals(expected.length, lengths.getInt(r));
        long[] served = new long[expected.length];
        for (int i = 0; i < 12; i++) {
          if (i < expected.length) {
            served[i] = ids.getLong(r, i);
          } else {
            assertEquals(0L, ids.getLong(r, i), "padding of word " + r);
          }
        }
        differ += Arrays.equals(expected, served) ? 0 : 1;
        outOfVocabulary += (int) Arrays.stream(served).filter(id -> id >= 26).count();
      }
    }
    assertEquals(0, differ, "words whose served ids differ from training's");
    assertTrue(outOfVocabulary > 5000, "OOV letters looked up: " + outOfVocabulary);
  }

  @Test
  void theExportedVocabularyLookupGivesTheSameIdsInAFreshJvm() throws Exception {
    Path model = dir.resolve("words-model");
    // A model that is the lookup alone: the test compares what the function hands the model.
    FeedlineServingPipelines_Spelled.serving(vocabulary).export(model, (tf, inputs) -> Map.of(
        "ids", inputs.get("ids"), "id", inputs.get("id")));
    // The vocabulary file is gone before the model is loaded: its tokens are in the graph.
    Path moved = Files.move(vocabulary, dir.resolve("letters-moved.txt"));
    try {
      FreshJvm.serve(dir, model, "records", "ids,id", wordFiles);
    } finally {
      Files.move(moved, vocabulary);
    }
    long[] ids;
    long[] wordIds;
    try (DataInputStream in = new DataInputStream(
        Files.newInputStream(model.resolve("served.bin")))) {
      ids = ServedModelMain.longs(in);
      wordIds = ServedModelMain.longs(in);
    }
    assertEquals(WORDS * 12, ids.length);
    int differ = 0;
    for (int r = 0; r < WORDS; r++) {
      long[] expected = trainedWords.get(wordIds[r]);
      long[] served = Arrays.copyOfRange(ids, r * 12, r * 12 + expected.length);
      differ += Arrays.equals(expected, served) ? 0 : 1;
    }
    assertEquals(0, differ, "words whose ids from the reloaded model differ from training's");
  }

  private static List<byte[]> saleLines() throws IOException {
    List<byte[]> lines = ServedModelMain.readLines(salesFile);
    assertEquals(SALES, lines.size());
    return lines;
  }

  @Test
  void csvLinesAreServedByTheColumnsFoundInTheHeaderAtBuild() throws IOException {
    List<byte[]> lines = saleLines();
    try (Graph built = new Graph();
        FeedlineServingPipelines_Sales pipeline = FeedlineServingPipelines_Sales.builder()
            .files(salesFile.toString()).build(built);
        Graph graph = new Graph(); Session session = new Session(graph);
        TString input = tensor(lines);
        Result result = serve(graph, session, pipeline.serving(), lines, input)) {
      TString items = (TString) result.get(0);
      TFloat32 features = (TFloat32) result.get(1);
      assertEquals(Shape.of(SALES, 2), features.shape());
      int differ = 0;
      for (int r = 0; r < SALES; r++) {
        Object[] expected = trainedSales.get(r);
        boolean same = expected[0].equals(items.getObject(r))
            && (int) expected[1] == Float.floatToRawIntBits(features.getFloat(r, 0))
            && (int) expected[2] == Float.floatToRawIntBits(features.getFloat(r, 1));
        differ += same ? 0 : 1;
      }
      assertEquals(0, differ, "sales whose served values differ from training's");
      assertEquals("item-5", items.getObject(5));
      assertEquals(-1f * (Integer.parseInt(new String(lines.get(0), StandardCharsets.UTF_8)
          .split(",")[4])), features.getFloat(0, 0), "row 0's empty price reads as -1");
    }
  }

  @Test
  void theExportedCsvFunctionGivesTheSameValuesInAFreshJvm() throws Exception {
    Path model = dir.resolve("sales-model");
    try (Graph built = new Graph();
        FeedlineServingPipelines_Sales pipeline = FeedlineServingPipelines_Sales.builder()
            .files(salesFile.toString()).build(built)) {
      pipeline.serving().export(model, (tf, inputs) -> Map.of("features", inputs.get("features")));
    }
    FreshJvm.serve(dir, model, "lines", "features", List.of(salesFile));
    float[] features;
    try (DataInputStream in = new DataInputStream(
        Files.newInputStream(model.resolve("served.bin")))) {
      features = ServedModelMain.floats(in);
    }
    assertEquals(SALES * 2, features.length);
    int differ = 0;
    for (int r = 0; r < SALES; r++) {
      Object[] expected = trainedSales.get(r);
      differ += (int) expected[1] == Float.floatToRawIntBits(features[2 * r])
          && (int) expected[2] == Float.floatToRawIntBits(features[2 * r + 1]) ? 0 : 1;
    }
    assertEquals(0, differ, "sales whose values from the reloaded model differ from training's");
  }
}

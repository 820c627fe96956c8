package dev.feedline.tests.serving;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.ServingFunction;
import dev.feedline.tests.pipelines.FeedlineServingPipelines_InOrder;
import dev.feedline.tests.pipelines.FeedlineServingPipelines_InOrder.ServedTensors;
import dev.feedline.tests.pipelines.FeedlineServingPipelines_Trained;
import dev.feedline.tests.support.TestData;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.SavedModelBundle;
import org.tensorflow.Session;
import org.tensorflow.ndarray.NdArrays;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * The serving function of {@code ServingPipelines.Trained} against the pipeline itself, over
 * 10,000 records of real TFRecord files: bit-equal to the training pipeline's elements in order
 * and shuffled and batched, and after export to a SavedModel, loaded by a fresh JVM with only
 * TensorFlow on its class path.
 */
class ServingParityTest {
  private static final int FILES = 4;
  private static final int PER_FILE = 2500;
  private static final int RECORDS = FILES * PER_FILE;
  private static final float[] WEIGHTS = {0.25f, -1.5f, 2.0f};

  @TempDir static Path dir;
  private static List<Path> files;
  /** Per id: the three features' bits, then the norm's, as the training stages make them. */
  private static Map<Long, int[]> training;

  @BeforeAll
  static void writeAndRunThePipelineInOrder() throws IOException {
    files = TestData.writeRows(dir, FILES, PER_FILE);
    training = new HashMap<>();
    try (Graph graph = new Graph(); Session session = new Session(graph);
        FeedlineServingPipelines_InOrder pipeline = FeedlineServingPipelines_InOrder.builder()
            .files(dir.resolve("*.tfrecord").toString()).build(graph);
        EpochIterator<ServedTensors> elements = pipeline.epoch(session)) {
      for (ServedTensors e : elements) {
        int[] bits = new int[4];
        for (int i = 0; i < 3; i++) {
          bits[i] = Float.floatToRawIntBits(e.features().getFloat(i));
        }
        bits[3] = Float.floatToRawIntBits(e.norm().getFloat());
        assertEquals(null, training.put(e.id().getLong(), bits), "id " + e.id().getLong());
      }
    }
    assertEquals(RECORDS, training.size(), "elements of the pipeline without shuffle or batch");
  }

  private static List<byte[]> records() throws IOException {
    List<byte[]> records = new ArrayList<>();
    for (Path file : files) {
      records.addAll(ServedModelMain.readRecords(file));
    }
    assertEquals(RECORDS, records.size());
    return records;
  }

  private static TString tensor(List<byte[]> records) {
    if (records.isEmpty()) {
      return TString.tensorOfBytes(NdArrays.ofObjects(byte[].class, Shape.of(0)));
    }
    return TString.tensorOfBytes(NdArrays.vectorOfObjects(records.toArray(byte[][]::new)));
  }

  /** Runs the serving function over every record in one request: per id, its bits. */
  private static Map<Long, int[]> served(List<byte[]> records) {
    Map<Long, int[]> served = new LinkedHashMap<>();
    try (Graph graph = new Graph(); Session session = new Session(graph);
        TString input = tensor(records)) {
      Ops tf = Ops.create(graph);
      Placeholder<TString> requests = tf.placeholder(TString.class,
          Placeholder.shape(Shape.of(-1)));
      ServingFunction.Applied applied =
          FeedlineServingPipelines_Trained.serving().apply(tf, requests);
      assertEquals(List.of("id", "features", "norm"), List.copyOf(applied.outputs().keySet()));
      long start = System.nanoTime();
      try (Result result = session.runner().feed(requests, input)
          .fetch(applied.outputs().get("id")).fetch(applied.outputs().get("features"))
          .fetch(applied.outputs().get("norm")).run()) {
        System.out.printf("Serving function: %d records in one request in %.0f ms%n",
            records.size(), (System.nanoTime() - start) / 1e6);
        TInt64 ids = (TInt64) result.get(0);
        TFloat32 features = (TFloat32) result.get(1);
        TFloat32 norms = (TFloat32) result.get(2);
        assertEquals(Shape.of(records.size(), 3), features.shape());
        for (int r = 0; r < records.size(); r++) {
          int[] bits = new int[4];
          for (int i = 0; i < 3; i++) {
            bits[i] = Float.floatToRawIntBits(features.getFloat(r, i));
          }
          bits[3] = Float.floatToRawIntBits(norms.getFloat(r));
          served.put(ids.getLong(r), bits);
        }
      }
    }
    return served;
  }

  @Test
  void theServingFunctionGivesTheTrainingValuesBitForBit() throws IOException {
    List<byte[]> records = records();
    Map<Long, int[]> served = served(records);
    assertEquals(RECORDS, served.size(), "one row per request record");
    // One row per record, in the request's order: the files hold ids 0, 1, 2, ... in order.
    assertEquals(List.of(0L, 1L, 2L, 3L), served.keySet().stream().limit(4).toList());
    int differ = 0;
    for (Map.Entry<Long, int[]> e : training.entrySet()) {
      if (!Arrays.equals(e.getValue(), served.get(e.getKey()))) {
        differ++;
      }
    }
    assertEquals(0, differ, "records whose served values differ from training's in any bit");
  }

  @Test
  void theShuffledBatchedTrainingPipelineAgreesToo() throws IOException {
    Map<Long, int[]> served = served(records());
    int seen = 0;
    try (Graph graph = new Graph(); Session session = new Session(graph);
        FeedlineServingPipelines_Trained pipeline = FeedlineServingPipelines_Trained.builder()
            .files(dir.resolve("*.tfrecord").toString()).build(graph);
        EpochIterator<FeedlineServingPipelines_Trained.ServedTensors> batches =
            pipeline.epoch(session)) {
      for (FeedlineServingPipelines_Trained.ServedTensors b : batches) {
        for (int r = 0; r < b.id().shape().get(0); r++) {
          int[] bits = new int[4];
          for (int i = 0; i < 3; i++) {
            bits[i] = Float.floatToRawIntBits(b.features().getFloat(r, i));
          }
          bits[3] = Float.floatToRawIntBits(b.norm().getFloat(r));
          long id = b.id().getLong(r);
          assertTrue(Arrays.equals(served.get(id), bits), "record " + id);
          seen++;
        }
      }
    }
    assertEquals(RECORDS, seen);
  }

  /** A linear model of the features, with weights in a variable, as a trained model has them. */
  private static Map<String, Operand<?>> model(Ops tf, Map<String, Operand<?>> inputs) {
    @SuppressWarnings("unchecked")
    Operand<TFloat32> features = (Operand<TFloat32>) inputs.get("features");
    Operand<TFloat32> weights = tf.variable(tf.constant(new float[][] {
        {WEIGHTS[0]}, {WEIGHTS[1]}, {WEIGHTS[2]}}));
    Map<String, Operand<?>> outputs = new LinkedHashMap<>();
    outputs.put("features", features);
    outputs.put("score", tf.reshape(tf.linalg.matMul(features, weights), tf.constant(new int[] {-1})));
    return outputs;
  }

  @Test
  void theExportedModelGivesTheSameValuesInAFreshJvmWithOnlyTensorFlow() throws Exception {
    Path model = dir.resolve("model");
    FeedlineServingPipelines_Trained.serving().export(model, ServingParityTest::model);
    assertTrue(Files.exists(model.resolve("saved_model.pb")));

    FreshJvm.serve(dir, model, "records", "features,score", files);

    float[] features;
    float[] scores;
    try (DataInputStream in = new DataInputStream(Files.newInputStream(model.resolve("served.bin")))) {
      features = ServedModelMain.floats(in);
      scores = ServedModelMain.floats(in);
    }
    assertEquals(RECORDS * 3, features.length);
    assertEquals(RECORDS, scores.length);
    int differ = 0;
    for (int r = 0; r < RECORDS; r++) {
      int[] expected = training.get((long) r); // the files hold ids 0 .. RECORDS - 1 in order
      for (int i = 0; i < 3; i++) {
        if (Float.floatToRawIntBits(features[3 * r + i]) != expected[i]) {
          differ++;
        }
      }
      double score = 0;
      for (int i = 0; i < 3; i++) {
        score += (double) Float.intBitsToFloat(expected[i]) * WEIGHTS[i];
      }
      assertEquals(score, scores[r], 1e-5, "score of record " + r);
    }
    assertEquals(0, differ, "features served by the reloaded model that differ from training's");
  }

  @Test
  void aRequestOfNoRecordFailsNamingThePipelineInProcessAndInTheExportedModel() throws Exception {
    List<byte[]> none = List.of();
    RuntimeException inProcess = assertThrows(RuntimeException.class, () -> served(none));
    assertTrue(inProcess.getMessage().contains("Pipeline Trained, serving function: the request"
        + " holds no record"), inProcess.getMessage());

    Path model = dir.resolve("empty-request-model");
    FeedlineServingPipelines_Trained.serving().export(model, null);
    try (SavedModelBundle bundle = SavedModelBundle.load(model.toString(), "serve");
        TString empty = tensor(none); TString one = tensor(records().subList(7, 8))) {
      RuntimeException exported = assertThrows(RuntimeException.class,
          () -> bundle.function(ServingFunction.SIGNATURE_KEY).call(Map.of("records", empty)));
      assertTrue(exported.getMessage().contains("holds no record"), exported.getMessage());
      // The service carries on: the same loaded model serves the next request.
      try (Result result = bundle.function(ServingFunction.SIGNATURE_KEY)
          .call(Map.of("records", one))) {
        assertEquals(7L, ((TInt64) result.get("id").orElseThrow()).getLong(0));
      }
    }
  }

  /**
   * A request with one bad record among 40 fails as a whole, with TensorFlow's error, which names
   * the missing feature, or says the record is no Example, and not the record's place in the
   * request (docs/serving.md says so).
   */
  @Test
  void aBadRecordFailsTheWholeRequestWithTensorFlowsMessage() throws IOException {
    List<byte[]> records = new ArrayList<>(records().subList(0, 40));
    records.set(37, TestData.rowWithoutValues(37).toByteArray());
    RuntimeException missing = assertThrows(RuntimeException.class, () -> served(records));
    assertTrue(missing.getMessage().contains("Feature: values (data type: float) is required but"
        + " could not be found"), missing.getMessage());
    records.set(37, new byte[] {1, 2, 3, 4, 5});
    RuntimeException garbage = assertThrows(RuntimeException.class, () -> served(records));
    assertTrue(garbage.getMessage().contains("Could not parse example input"),
        garbage.getMessage());
  }

  /**
   * The skew a second implementation brings: the same two maps written by hand in Java, as a
   * service would, against the training values. Printed; it differs in the last bits.
   */
  @Test
  void aHandWrittenJavaCopyOfTheMapsSkews() {
    int differ = 0;
    double worst = 0;
    for (long id = 0; id < RECORDS; id++) {
      float[] v = {id, 2 * id, 3 * id};
      float[] f = new float[3];
      double sum = 0;
      for (int i = 0; i < 3; i++) {
        f[i] = (float) (Math.sqrt(v[i]) * 1.37 + Math.log1p(v[i]) / 3.1);
        sum += (double) f[i] * f[i];
      }
      float norm = (float) Math.sqrt(sum + 1e-6);
      int[] expected = training.get(id);
      for (int i = 0; i < 3; i++) {
        float byHand = f[i] / norm;
        float trained = Float.intBitsToFloat(expected[i]);
        if (Float.floatToRawIntBits(byHand) != expected[i]) {
          differ++;
          worst = Math.max(worst, Math.abs(byHand - trained));
        }
      }
    }
    System.out.printf("Hand-written Java preprocessing: %d of %d features differ from training's,"
        + " by up to %.3g%n", differ, RECORDS * 3, worst);
    assertTrue(differ > 0, "the hand-written copy computes in double precision, TensorFlow in float");
  }
}

package dev.feedline.example;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.example.FeedlinePhotoPipeline.DecodedPhotoTensors;
import dev.feedline.runtime.EpochIterator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TUint8;

/**
 * {@code ./feedline export} and {@code ./feedline predict} on the photo example: the exported
 * model, loaded with {@code SavedModelBundle.load}, gives each JPEG file the scores the training
 * graph's pipeline and model give the same photo, bit for bit; a hand-written java.awt resize
 * gives the model other pixels.
 */
class ExportPredictTest {
  private static final int PHOTOS = 64;
  private static final long[] IDS = {3, 17, 40};

  @TempDir static Path dir;
  private static Path data;
  private static Path model;
  private static List<ExportCommand.Weight> weights;
  private static List<Path> jpegs;

  @BeforeAll
  static void exportTheModel() throws IOException {
    data = dir.resolve("data");
    PhotoDataset photos = new PhotoDataset(42);
    photos.write(data, PHOTOS, 4);
    model = dir.resolve("model");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    weights = ExportCommand.export("photo", data, model, 2, PHOTOS,
        new PrintStream(bytes, true, StandardCharsets.UTF_8));
    List<String> out = bytes.toString(StandardCharsets.UTF_8).lines().toList();
    assertTrue(out.get(out.size() - 2).startsWith("Trained 2 steps, loss of the last batch "),
        out.toString());
    assertEquals("Wrote the SavedModel of the photo example to " + model + ": signature"
        + " serving_default, input records, outputs scores, image, id", out.get(out.size() - 1));
    assertTrue(Files.exists(model.resolve("saved_model.pb")));
    jpegs = new ArrayList<>();
    for (long id : IDS) {
      jpegs.add(Files.write(dir.resolve("photo-" + id + ".jpg"), photos.jpeg(id)));
    }
  }

  private static List<byte[]> records() throws IOException {
    List<byte[]> records = new ArrayList<>();
    for (int i = 0; i < jpegs.size(); i++) {
      records.add(PredictCommand.photoRecord(Files.readAllBytes(jpegs.get(i)), i));
    }
    return records;
  }

  /** The 8-bit pixels the training graph's pipeline makes of the photos {@link #IDS}, by id. */
  private static Map<Long, byte[]> trainingPixels() {
    Map<Long, byte[]> pixels = new HashMap<>();
    try (Graph graph = new Graph(); Session session = new Session(graph);
        FeedlinePhotoPipeline pipeline = FeedlinePhotoPipeline.builder()
            .files(data.resolve("*.tfrecord").toString()).build(graph);
        EpochIterator<DecodedPhotoTensors> batches = pipeline.epoch(session)) {
      for (DecodedPhotoTensors batch : batches) {
        byte[] flat = new byte[(int) batch.pixels().shape().size()];
        batch.pixels().copyTo(DataBuffers.of(flat, false, false));
        int per = 224 * 224 * 3;
        for (int r = 0; r < batch.id().shape().get(0); r++) {
          long id = batch.id().getLong(r);
          if (List.of(3L, 17L, 40L).contains(id)) {
            byte[] photo = new byte[per];
            System.arraycopy(flat, r * per, photo, 0, per);
            pixels.put(id, photo);
          }
        }
      }
    }
    assertEquals(IDS.length, pixels.size());
    return pixels;
  }

  @Test
  void predictGivesTheScoresOfTheTrainingGraphBitForBit() throws IOException {
    PredictCommand.Prediction served = PredictCommand.predict(model, records(), true);
    Map<Long, byte[]> training = trainingPixels();
    int per = 224 * 224 * 3;
    byte[] batch = new byte[IDS.length * per];
    for (int i = 0; i < IDS.length; i++) {
      byte[] pixels = training.get(IDS[i]);
      float[] scaled = new float[per];
      for (int v = 0; v < per; v++) {
        scaled[v] = (pixels[v] & 0xff) * (1f / 255); // one float multiply, as in the graph
      }
      assertArrayEquals(scaled, served.images().get(i),
          "the served image of photo " + IDS[i] + " is the training pipeline's, bit for bit");
      System.arraycopy(pixels, 0, batch, i * per, per);
    }
    // The model of the training graph, with the trained weights, on the pipeline's pixels.
    try (Graph graph = new Graph(); Session session = new Session(graph);
        TUint8 tensor = TUint8.tensorOf(Shape.of(IDS.length, 224, 224, 3), DataBuffers.of(batch))) {
      Ops tf = Ops.create(graph);
      Operand<TUint8> pixels = tf.constantOf(tensor);
      Operand<TInt64> zeros = tf.constant(new long[IDS.length]);
      Operand<?> scores = ExportCommand.photoModel(tf,
          Map.of("pixels", pixels, "label", zeros, "id", zeros), weights).get("scores");
      session.initialize();
      try (Result result = session.runner().fetch(scores).run()) {
        TFloat32 expected = (TFloat32) result.get(0);
        for (int i = 0; i < IDS.length; i++) {
          float[] row = {expected.getFloat(i, 0), expected.getFloat(i, 1)};
          assertArrayEquals(row, served.scores().get(i), "scores of photo " + IDS[i]);
          assertEquals(1.0, row[0] + row[1], 1e-6);
        }
      }
    }
  }

  @Test
  void thePredictCommandPrintsEachFilesScores() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    List<String> args = new ArrayList<>(List.of("--model", model.toString()));
    jpegs.forEach(j -> args.add(j.toString()));
    int status = PredictCommand.run(args.toArray(String[]::new),
        new PrintStream(bytes, true, StandardCharsets.UTF_8), System.err);
    assertEquals(0, status);
    List<String> out = bytes.toString(StandardCharsets.UTF_8).lines().toList();
    assertEquals(IDS.length, out.size(), out.toString());
    for (int i = 0; i < IDS.length; i++) {
      assertTrue(out.get(i).matches(java.util.regex.Pattern.quote(jpegs.get(i).toString())
          + ": city 0\\.\\d{4} flower 0\\.\\d{4}|.*: city 1\\.0000 flower 0\\.0000"
          + "|.*: city 0\\.0000 flower 1\\.0000"), out.get(i));
    }
  }

  @Test
  void aHandWrittenJavaResizeGivesTheModelOtherPixels() throws IOException {
    PredictCommand.Prediction served = PredictCommand.predict(model, records(), true);
    double worst = 0;
    double share = 0;
    for (int i = 0; i < IDS.length; i++) {
      PredictCommand.Skew skew = PredictCommand.skew(served.images().get(i),
          PredictCommand.resizedInJava(Files.readAllBytes(jpegs.get(i))));
      worst = Math.max(worst, skew.maxAbs());
      share += skew.shareDiffering() / IDS.length;
    }
    System.out.printf("java.awt resize against the served pixels: max abs %.4f, %.1f%% of values"
        + " differ%n", worst, 100 * share);
    assertTrue(worst > 0.01, "max abs difference " + worst); // 2.5 of 255 levels
    assertTrue(share > 0.5, "share of values differing " + share);

    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int status = PredictCommand.run(new String[] {"--model", model.toString(), "--skew",
        jpegs.get(0).toString()}, new PrintStream(bytes, true, StandardCharsets.UTF_8),
        System.err);
    assertEquals(0, status);
    List<String> out = bytes.toString(StandardCharsets.UTF_8).lines().toList();
    assertEquals("Skew of a hand-written java.awt resize against the pixels the model was trained"
        + " on:", out.get(1));
    assertTrue(out.get(2).matches(".*photo-3\\.jpg: max abs difference 0\\.\\d{4} \\(of \\[0, 1\\]\\),"
        + " \\d+\\.\\d% of pixel values differ"), out.get(2));
  }

  @Test
  void badArgumentsAreUsageErrors() throws IOException {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream errors = new PrintStream(err, true, StandardCharsets.UTF_8);
    assertEquals(2, PredictCommand.run(new String[] {"--model", model.toString()}, System.out,
        errors));
    assertEquals(2, ExportCommand.run(new String[] {"--output", model.toString()}, System.out,
        errors));
    assertEquals(1, PredictCommand.run(new String[] {"--model", dir.toString(), "x.jpg"},
        System.out, errors));
    assertEquals(List.of(
        "error: give the photos (JPEG files) or words to predict",
        "usage: ./feedline predict --model DIR [--skew] FILE.jpg... | WORD...",
        "error: --output " + model + " holds files already; give a new or empty folder",
        "usage: ./feedline export --output DIR [--example photo|spelling] [--steps N] [--data DIR]"
            + " [--photos N]",
        "error: --model " + dir + " has no feedline-example.txt: write it with ./feedline export"),
        err.toString(StandardCharsets.UTF_8).lines().toList());
  }
}

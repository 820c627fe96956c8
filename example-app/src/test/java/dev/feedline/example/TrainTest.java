package dev.feedline.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ./feedline train} on a tiny data set, on the CPU: the model learns, and it says so. */
class TrainTest {
  @TempDir static Path dir;

  @BeforeAll
  static void writeData() throws IOException {
    new PhotoDataset(42).write(dir, 96, 8);
  }

  @Test
  void theLossDecreasesOverTheSteps() {
    TrainingRun run = Train.train(dir, 36, 2, new PrintStream(new ByteArrayOutputStream()));

    List<Float> losses = run.losses();
    assertEquals(36, losses.size());
    assertTrue(losses.stream().allMatch(l -> Float.isFinite(l) && l >= 0), losses.toString());
    double first = run.meanLoss(0, 8);
    double last = run.meanLoss(28, 36);
    assertTrue(last < 0.7 * first, "loss " + first + " over the first 8 steps, " + last
        + " over the last 8: " + losses);
  }

  @Test
  void printsEveryEpochThenASummaryEndingInJson() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream err = new PrintStream(new ByteArrayOutputStream());
    int status = Train.run(new String[] {"--data", dir.toString(), "--steps", "7",
        "--device-buffer", "0"}, new PrintStream(bytes, true, StandardCharsets.UTF_8), err);

    assertEquals(0, status);
    List<String> out = bytes.toString(StandardCharsets.UTF_8).lines().toList();
    assertEquals("Reading the data set in " + dir, out.get(0));
    assertEquals("Training 7 steps, no prefetch to the device", out.get(1));
    // 96 photos in batches of 32: 3 steps an epoch, the third epoch cut after its first step.
    assertTrue(out.get(2).matches("Epoch 1: 3 steps, 96 images in .* loss .*"), out.get(2));
    assertTrue(out.get(4).matches("Epoch 3: 1 steps, 32 images in .*"), out.get(4));
    assertTrue(out.get(5).matches("The model alone, on a batch held in device memory: \\d+ ms/step,"
        + " on CPU:0"), out.get(5));
    String json = out.get(out.size() - 1);
    for (String key : List.of("\"steps\": 7", "\"device_buffer\": 0", "\"model_devices\": \"CPU:0\"",
        "\"images_per_second\"", "\"input_wait\"", "\"staged_wait\": 0.0000", "\"loss_last\"")) {
      assertTrue(json.contains(key), key + " in " + json);
    }
  }

  @Test
  void withPrefetchToDeviceEachEpochSaysHowLongTheStepsWaitedForAStagedBatch() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    Train.run(new String[] {"--data", dir.toString(), "--steps", "3"},
        new PrintStream(bytes, true, StandardCharsets.UTF_8), System.err);

    List<String> out = bytes.toString(StandardCharsets.UTF_8).lines().toList();
    assertEquals("Training 3 steps, 2 batches prefetched to the device", out.get(1));
    assertTrue(out.get(2).matches("Epoch 1: 3 steps, .*, waited for a staged batch [0-9.]+% of the"
        + " time"), out.get(2));
  }

  @Test
  void aBadOptionIsAUsageError() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = Train.run(new String[] {"--steps", "0"}, System.out,
        new PrintStream(err, true, StandardCharsets.UTF_8));

    assertEquals(2, status);
    assertEquals(List.of("error: --steps needs a positive whole number, not 0",
        "usage: ./feedline train [--steps N] [--data DIR] [--photos N] [--device-buffer N]"),
        err.toString(StandardCharsets.UTF_8).lines().toList());
  }
}

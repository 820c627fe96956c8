package dev.feedline.example;

import dev.feedline.launcher.CommandSpec;
import dev.feedline.launcher.LauncherCommand;
import dev.feedline.photos.FeedlineEncodedPhotoWriter;
import dev.feedline.runtime.ServingFunction;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.imageio.ImageIO;
import org.tensorflow.Result;
import org.tensorflow.SavedModelBundle;
import org.tensorflow.ndarray.NdArrays;
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TString;

/**
 * {@code ./feedline predict --model DIR [--skew] INPUT...}: loads the SavedModel that
 * {@code ./feedline export} wrote with {@code SavedModelBundle.load}, sends it the raw inputs as
 * one request of serialized tf.train.Examples (JPEG files for the photo example, words for the
 * spelling one), and prints each input's class scores. The model's preprocessing is in the model:
 * the photos are decoded and resized by the pipeline's own graph code, not here.
 *
 * <p>{@code --skew} (photos) also resizes each photo by hand in Java, with {@code java.awt}'s
 * bilinear interpolation, as a service without the pipeline's code would, and prints how far those
 * pixels are from the ones the model was trained on: the skew the serving function prevents.
 */
public final class PredictCommand {
  private static final String USAGE =
      "usage: ./feedline predict --model DIR [--skew] FILE.jpg... | WORD...";
  private static final int SIZE = PhotoStages.Decoding.SIZE;

  private PredictCommand() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** What the model gave for a request: the class scores, and the images it took (photos). */
  record Prediction(List<float[]> scores, List<float[]> images) {}

  /** How far a hand-made input is from the served one. */
  record Skew(double maxAbs, double shareDiffering) {}

  /** Runs the command; returns the process exit status. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    CommandSpec spec = CommandSpec.of(USAGE).required("model").flag("skew").operands("INPUT");
    return LauncherCommand.run(args, spec, err, options -> {
      Path model = options.path("model");
      List<String> inputs = options.operands();
      if (inputs.isEmpty()) {
        throw new IllegalArgumentException("give the photos (JPEG files) or words to predict");
      }
      boolean skew = options.flag("skew");
      return () -> {
        String example = example(model);
        if (skew && !example.equals("photo")) {
          throw new IllegalArgumentException("--skew compares image resizes: the model in "
              + model + " is the " + example + " example's");
        }
        List<byte[]> records = new ArrayList<>();
        List<byte[]> jpegs = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
          if (example.equals("photo")) {
            byte[] jpeg = Files.readAllBytes(Path.of(inputs.get(i)));
            jpegs.add(jpeg);
            records.add(photoRecord(jpeg, i));
          } else {
            records.add(wordRecord(inputs.get(i)));
          }
        }
        Prediction prediction = predict(model, records, example.equals("photo"));
        for (int i = 0; i < inputs.size(); i++) {
          out.println(line(inputs.get(i), prediction.scores().get(i), example));
        }
        if (skew) {
          printSkew(inputs, jpegs, prediction.images(), out);
        }
      };
    });
  }

  /** The example whose model {@code model} holds, as {@code ./feedline export} noted it. */
  static String example(Path model) throws IOException {
    try {
      return Files.readString(model.resolve(ExportCommand.EXAMPLE_FILE)).strip();
    } catch (NoSuchFileException e) {
      throw new IllegalArgumentException("--model " + model + " has no "
          + ExportCommand.EXAMPLE_FILE + ": write it with ./feedline export");
    }
  }

  /**
   * A photo as the pipeline's records hold it. The parse requires a label and an id: the label
   * is 0, which the model does not read, the id the input's position.
   */
  static byte[] photoRecord(byte[] jpeg, long id) {
    return FeedlineEncodedPhotoWriter.builder().jpeg(jpeg).label(0).id(id).toByteArray();
  }

  /**
   * A word as the spelling records hold it, as typed: the model lower-cases it and splits it into
   * letters. The parse requires syllables: 0, which the model does not read.
   */
  static byte[] wordRecord(String word) {
    return FeedlineSpellingWriter.builder().word(word).syllables(0).toByteArray();
  }

  /** Loads the model in {@code model} and runs one request of {@code records}. */
  static Prediction predict(Path model, List<byte[]> records, boolean images) {
    try (SavedModelBundle bundle = SavedModelBundle.load(model.toString(),
            SavedModelBundle.DEFAULT_TAG);
        TString request = TString.tensorOfBytes(
            NdArrays.vectorOfObjects(records.toArray(byte[][]::new)));
        Result result = bundle.function(ServingFunction.SIGNATURE_KEY)
            .call(Map.of("records", request))) {
      return new Prediction(rows((TFloat32) result.get("scores").orElseThrow()),
          images ? rows((TFloat32) result.get("image").orElseThrow()) : List.of());
    }
  }

  /** Each row of {@code batch}, flattened. */
  private static List<float[]> rows(TFloat32 batch) {
    int n = (int) batch.shape().get(0);
    float[] flat = new float[(int) batch.shape().size()];
    batch.copyTo(DataBuffers.of(flat, false, false));
    int per = n == 0 ? 0 : flat.length / n;
    List<float[]> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      float[] row = new float[per];
      System.arraycopy(flat, i * per, row, 0, per);
      rows.add(row);
    }
    return rows;
  }

  /** One input's line: its name, then each class's score. */
  static String line(String input, float[] scores, String example) {
    StringBuilder line = new StringBuilder(input).append(':');
    for (int c = 0; c < scores.length; c++) {
      line.append(String.format(Locale.ROOT, " %s %.4f", className(example, c), scores[c]));
    }
    return line.toString();
  }

  /** The photo classes are the two photographs the crops come from; the words', syllables. */
  private static String className(String example, int c) {
    if (example.equals("photo")) {
      return MixCommand.SOURCES[c];
    }
    return (c + 1) + (c == 4 ? "+" : "") + (c == 0 ? " syllable" : " syllables");
  }

  /**
   * The photo resized by hand, as a service would without the pipeline: decoded by
   * {@code ImageIO}, drawn at 224×224 with bilinear interpolation, scaled to [0, 1].
   */
  static float[] resizedInJava(byte[] jpeg) throws IOException {
    BufferedImage image = ImageIO.read(new ByteArrayInputStream(jpeg));
    if (image == null) {
      throw new IOException("not an image ImageIO reads");
    }
    BufferedImage resized = new BufferedImage(SIZE, SIZE, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = resized.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_INTERPOLATION,
        RenderingHints.VALUE_INTERPOLATION_BILINEAR);
    g.drawImage(image, 0, 0, SIZE, SIZE, null);
    g.dispose();
    float[] pixels = new float[SIZE * SIZE * 3];
    for (int y = 0; y < SIZE; y++) {
      for (int x = 0; x < SIZE; x++) {
        int rgb = resized.getRGB(x, y);
        int at = (y * SIZE + x) * 3;
        pixels[at] = ((rgb >> 16) & 0xff) / 255f;
        pixels[at + 1] = ((rgb >> 8) & 0xff) / 255f;
        pixels[at + 2] = (rgb & 0xff) / 255f;
      }
    }
    return pixels;
  }

  /** The largest difference and the share of values that differ at all. */
  static Skew skew(float[] served, float[] byHand) {
    double max = 0;
    long differ = 0;
    for (int i = 0; i < served.length; i++) {
      double d = Math.abs((double) served[i] - byHand[i]);
      max = Math.max(max, d);
      differ += Float.floatToRawIntBits(served[i]) != Float.floatToRawIntBits(byHand[i]) ? 1 : 0;
    }
    return new Skew(max, (double) differ / served.length);
  }

  private static void printSkew(List<String> inputs, List<byte[]> jpegs, List<float[]> served,
      PrintStream out) throws IOException {
    out.println("Skew of a hand-written java.awt resize against the pixels the model was trained"
        + " on:");
    for (int i = 0; i < inputs.size(); i++) {
      Skew skew = skew(served.get(i), resizedInJava(jpegs.get(i)));
      out.printf(Locale.ROOT, "%s: max abs difference %.4f (of [0, 1]), %.1f%% of pixel values"
          + " differ%n", inputs.get(i), skew.maxAbs(), 100 * skew.shareDiffering());
    }
  }
}

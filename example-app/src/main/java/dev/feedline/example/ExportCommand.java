package dev.feedline.example;

import dev.feedline.launcher.CommandSpec;
import dev.feedline.launcher.LauncherCommand;
import dev.feedline.runtime.Devices;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.FittedVocabulary;
import dev.feedline.runtime.ServingFunction;
import dev.feedline.runtime.TrainingStep;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Variable;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TUint8;

/**
 * {@code ./feedline export --output DIR [--example photo|spelling] [--steps N] [--data DIR]
 * [--photos N]}: trains the example's model for N steps on its training pipeline, then writes a
 * SavedModel to DIR: the pipeline's serving function (the parse and the decode and resize of
 * {@link PhotoPipeline}, or the parse and letter lookup of {@link SpellingPipelines.Bucketed})
 * chained into the model with the trained weights, under the signature {@code serving_default},
 * whose input is {@code records}, serialized tf.train.Examples. {@code ./feedline predict} loads
 * it (docs/serving.md).
 */
public final class ExportCommand {
  /** The file in an exported folder that names the example, for {@link PredictCommand}. */
  static final String EXAMPLE_FILE = "feedline-example.txt";

  private static final String USAGE = "usage: ./feedline export --output DIR"
      + " [--example photo|spelling] [--steps N] [--data DIR] [--photos N]";

  private ExportCommand() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** A trained weight: its shape and values. */
  record Weight(Shape shape, float[] values) {
    Operand<TFloat32> variable(Ops tf) {
      return tf.variable(tf.constant(shape, DataBuffers.of(values)));
    }
  }

  /** Runs the command; returns the process exit status. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    CommandSpec spec = CommandSpec.of(USAGE).required("output").option("example", "photo")
        .option("steps", "30").option("data", null).option("photos", "256");
    return LauncherCommand.run(args, spec, err, options -> {
      Path output = options.path("output");
      String example = options.text("example");
      if (!example.equals("photo") && !example.equals("spelling")) {
        throw new IllegalArgumentException("--example is photo or spelling, not " + example);
      }
      int steps = options.count("steps");
      int photos = options.positive("photos");
      Path data = options.text("data") != null ? options.path("data")
          : example.equals("photo") ? Demo.DEFAULT_DATA : TextDemo.DEFAULT_DATA;
      String[] present = output.toFile().list(); // null where there is no such folder
      if (present != null && present.length > 0) {
        throw new IllegalArgumentException("--output " + output + " holds files already;"
            + " give a new or empty folder");
      }
      return () -> export(example, data, output, steps, photos, out);
    });
  }

  /**
   * Trains the example's model and exports it with its serving function to {@code output};
   * returns the trained weights.
   */
  static List<Weight> export(String example, Path data, Path output, int steps, int photos,
      PrintStream out) throws IOException {
    List<Weight> weights;
    if (example.equals("photo")) {
      PhotoDataset.writeUnlessPresent(data, photos, Math.min(8, photos), out);
      weights = trainPhoto(data, steps, out);
      FeedlinePhotoPipeline.serving().export(output,
          (tf, inputs) -> photoModel(tf, inputs, weights));
    } else {
      SpellingDataset.writeUnlessPresent(data, out);
      TrainedSpelling trained = trainSpelling(data, steps, out);
      weights = trained.weights();
      FeedlineSpellingPipelines_Bucketed.serving(trained.letters()).export(output,
          (tf, inputs) -> wordModel(tf, inputs, weights));
    }
    Files.writeString(output.resolve(EXAMPLE_FILE), example + "\n");
    out.printf(Locale.ROOT, "Wrote the SavedModel of the %s example to %s: signature %s,"
        + " input records, outputs %s%n", example, output, ServingFunction.SIGNATURE_KEY,
        example.equals("photo") ? "scores, image, id" : "scores, ids, length");
    return weights;
  }

  /** Trains {@link SmallCnn} on {@link TrainingPipeline} for {@code steps}; its weights. */
  static List<Weight> trainPhoto(Path data, int steps, PrintStream out) {
    try (Graph graph = new Graph();
        Session session = new Session(graph, Devices.sessionConfig());
        FeedlineTrainingPipeline pipeline = FeedlineTrainingPipeline.builder()
            .files(data.resolve("*.tfrecord").toString()).deviceBuffer(0).build(graph)) {
      Ops tf = Ops.create(graph);
      Photo batch = pipeline.output();
      SmallCnn model = new SmallCnn(tf, batch.image(), batch.label(), Train.LEARNING_RATE);
      return trained(session, steps, pipeline::steps, model.step(), model.loss(), model.weights(),
          out);
    }
  }

  /** The spelling model's trained weights, and the letters' vocabulary its inputs were made by. */
  record TrainedSpelling(List<Weight> weights, FittedVocabulary letters) {}

  /**
   * Trains {@link WordModel} on {@link SpellingPipelines.Bucketed} for {@code steps}, its letters
   * looked up in the vocabulary fitted over the training words.
   */
  static TrainedSpelling trainSpelling(Path data, int steps, PrintStream out) {
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineSpellingPipelines_Bucketed pipeline = TextDemo.bucketed(data).build(graph)) {
      Ops tf = Ops.create(graph);
      Word batch = pipeline.output();
      FittedVocabulary vocabulary = pipeline.statistic("letters", FittedVocabulary.class);
      WordModel model = new WordModel(tf, SpellingModel.WORD, batch.ids(), batch.length(),
          batch.label(), vocabulary.size(), TextDemo.LEARNING_RATE);
      return new TrainedSpelling(trained(session, steps, pipeline::steps, model.step(),
          model.loss(), model.weights(), out), vocabulary);
    }
  }

  /** How a pipeline runs an epoch of steps. */
  @FunctionalInterface
  private interface Epochs {
    EpochIterator<Result> steps(Session session,
        UnaryOperator<Session.Runner> step);
  }

  private static List<Weight> trained(Session session, int steps, Epochs epochs,
      TrainingStep step, Operand<TFloat32> lossOfBatch, List<Variable<TFloat32>> weights,
      PrintStream out) {
    int done = 0;
    float loss = Float.NaN;
    while (done < steps) {
      try (EpochIterator<Result> epoch = epochs.steps(session, step)) {
        for (Result result : epoch) {
          loss = step.get(result, lossOfBatch).getFloat();
          if (++done == steps) {
            break;
          }
        }
      }
    }
    if (steps == 0) {
      session.initialize();
    }
    out.printf(Locale.ROOT, "Trained %d steps%s%n", steps,
        steps == 0 ? ": the weights are the initial ones" : String.format(Locale.ROOT,
            ", loss of the last batch %.4f", loss));
    List<Weight> values = new ArrayList<>();
    for (Variable<TFloat32> weight : weights) {
      try (Result result = session.runner().fetch(weight).run()) {
        TFloat32 tensor = (TFloat32) result.get(0);
        float[] flat = new float[(int) tensor.shape().size()];
        tensor.copyTo(DataBuffers.of(flat, false, false));
        values.add(new Weight(tensor.shape(), flat));
      }
    }
    return values;
  }

  /**
   * The photo model as exported: the serving function's 8-bit pixels centered as
   * {@link TrainingPipeline#center} does on the device in training (the same method), the CNN,
   * and the softmax: {@code scores}, with the pixels in [0, 1] as {@code image} ({@link
   * PhotoStages#scaled}) and the records' {@code id} beside it.
   */
  @SuppressWarnings("unchecked")
  static Map<String, Operand<?>> photoModel(Ops tf, Map<String, Operand<?>> inputs,
      List<Weight> weights) {
    DecodedPhoto decoded = new DecodedPhoto((Operand<TUint8>) inputs.get("pixels"),
        (Operand<TInt64>) inputs.get("label"), (Operand<TInt64>) inputs.get("id"));
    Photo photo = PhotoStages.scaled(tf, decoded);
    Photo centered = TrainingPipeline.center(tf, decoded);
    Map<String, Operand<?>> outputs = new LinkedHashMap<>();
    outputs.put("scores", tf.nn.softmax(SmallCnn.logits(tf, centered.image(),
        weights.stream().map(w -> w.variable(tf)).toList())));
    outputs.put("image", photo.image());
    outputs.put("id", photo.id());
    return outputs;
  }

  /**
   * The word model as exported: {@code scores} of the five classes, the ids and lengths. The
   * vocabulary's size is the embedding's rows, which training sized by the pipeline's vocabulary.
   */
  @SuppressWarnings("unchecked")
  static Map<String, Operand<?>> wordModel(Ops tf, Map<String, Operand<?>> inputs,
      List<Weight> weights) {
    Operand<TInt64> ids = (Operand<TInt64>) inputs.get("ids");
    Operand<TInt32> lengths = (Operand<TInt32>) inputs.get("length");
    Map<String, Operand<?>> outputs = new LinkedHashMap<>();
    long letters = weights.get(0).shape().get(0);
    outputs.put("scores", tf.nn.softmax(SpellingModel.WORD.logits(tf, ids, lengths, letters,
        weights.stream().map(w -> w.variable(tf)).toList())));
    outputs.put("ids", ids);
    outputs.put("length", lengths);
    return outputs;
  }
}

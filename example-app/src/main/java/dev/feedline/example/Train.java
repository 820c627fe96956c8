package dev.feedline.example;

import dev.feedline.launcher.CommandSpec;
import dev.feedline.launcher.LauncherCommand;
import dev.feedline.runtime.Devices;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.TrainingStep;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import org.tensorflow.Graph;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TInt64;

/**
 * {@code ./feedline train [--steps N] [--data DIR] [--photos N] [--device-buffer N]}: trains
 * {@link SmallCnn} on {@link TrainingPipeline} for N steps, over as many epochs as they take,
 * printing each epoch's step time, images/s, loss and input wait, then a summary and a one-line
 * JSON. It runs on a GPU where TensorFlow finds one, else on the CPU.
 *
 * <p>Input wait is the share of a step's time that the same model does not need when its batch is
 * already in device memory (docs/gpu.md, "The training example"). {@code --device-buffer 0} turns
 * {@code @PrefetchToDevice} off, to compare.
 */
public final class Train {
  static final float LEARNING_RATE = 0.05f;
  private static final int BASELINE_STEPS = 20;
  private static final String USAGE =
      "usage: ./feedline train [--steps N] [--data DIR] [--photos N] [--device-buffer N]";

  private Train() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Trains; returns the process exit status. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    CommandSpec spec = CommandSpec.of(USAGE).option("data", Demo.DEFAULT_DATA.toString())
        .option("photos", "2048").option("steps", "300").option("device-buffer", "2");
    return LauncherCommand.run(args, spec, err, options -> {
      Path data = options.path("data");
      int photos = options.positive("photos");
      int steps = options.positive("steps");
      int deviceBuffer = options.count("device-buffer");
      return () -> {
        PhotoDataset.writeUnlessPresent(data, photos, Math.min(8, photos), out); // none empty
        train(data, steps, deviceBuffer, out).printSummary(out);
      };
    });
  }

  /** Trains {@code steps} steps over the shards in {@code data}, printing each epoch. */
  static TrainingRun train(Path data, int steps, int deviceBuffer, PrintStream out) {
    String shards = data.resolve("*.tfrecord").toString();
    try (Graph graph = new Graph();
        Session session = new Session(graph, Devices.sessionConfig());
        FeedlineTrainingPipeline pipeline = FeedlineTrainingPipeline.builder().files(shards)
            .deviceBuffer(deviceBuffer).build(graph)) {
      Ops tf = Ops.create(graph);
      Photo batch = pipeline.output();
      SmallCnn model = new SmallCnn(tf, batch.image(), batch.label(), LEARNING_RATE);
      ModelAlone modelAlone = new ModelAlone(tf);
      out.printf(Locale.ROOT, "Training %d steps, %s%n", steps, deviceBuffer > 0
          ? deviceBuffer + " batches prefetched to the device" : "no prefetch to the device");

      // Fetches: the loss, the labels (for the batch size) and, in the very first step, the images.
      TrainingStep step = model.step().fetching(batch.label());
      TrainingStep first = step.fetching(batch.image());
      TrainingRun run = new TrainingRun(deviceBuffer);
      while (run.steps() < steps) {
        TrainingRun.EpochSteps epoch = run.startEpoch();
        long last = System.nanoTime();
        try (EpochIterator<Result> epochSteps = pipeline.steps(session,
            runner -> (run.steps() == 0 ? first : step).apply(runner))) {
          for (Result result : epochSteps) {
            long now = System.nanoTime();
            TInt64 labels = step.get(result, batch.label());
            if (run.steps() == 0) {
              modelAlone.hold(session, first.get(result, batch.image()), labels);
            }
            epoch.add(now - last, labels.shape().get(0), step.get(result, model.loss()).getFloat());
            last = System.nanoTime();
            if (run.steps() == steps) {
              break;
            }
          }
          run.printEpoch(epoch.end(pipeline.inputWait().toNanos()), out);
        }
      }
      run.modelAlone(modelAlone.measure(session, BASELINE_STEPS));
      return run;
    }
  }
}

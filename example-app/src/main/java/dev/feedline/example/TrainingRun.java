package dev.feedline.example;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** What a training run measured, epoch by epoch, and its summary. */
final class TrainingRun {
  /** Steps at each end whose mean loss the summary compares. */
  private static final int LOSS_WINDOW = 10;

  private final int deviceBuffer;
  private final List<Epoch> epochs = new ArrayList<>();
  private final List<Float> losses = new ArrayList<>();
  private ModelAlone.Baseline modelAlone;

  /** One epoch's steps; {@code stagedWaitNanos} is the consumer's wait for a staged batch. */
  record Epoch(int number, int steps, long images, long nanos, float firstLoss, float lastLoss,
      long stagedWaitNanos) {}

  TrainingRun(int deviceBuffer) {
    this.deviceBuffer = deviceBuffer;
  }

  /** Collects the steps of one epoch. */
  final class EpochSteps {
    private final int number = epochs.size() + 1;
    private final int firstStep = losses.size();
    private long images;
    private long nanos;

    void add(long stepNanos, long batchImages, float loss) {
      nanos += stepNanos;
      images += batchImages;
      losses.add(loss);
    }

    Epoch end(long stagedWaitNanos) {
      Epoch epoch = new Epoch(number, losses.size() - firstStep, images, nanos,
          losses.get(firstStep), losses.get(losses.size() - 1), stagedWaitNanos);
      epochs.add(epoch);
      return epoch;
    }
  }

  EpochSteps startEpoch() {
    return new EpochSteps();
  }

  int steps() {
    return losses.size();
  }

  void modelAlone(ModelAlone.Baseline baseline) {
    this.modelAlone = baseline;
  }

  List<Epoch> epochs() {
    return epochs;
  }

  List<Float> losses() {
    return losses;
  }

  /** Several epochs taken together. */
  record Part(long steps, long images, long nanos, long stagedWaitNanos) {
    static Part of(List<Epoch> epochs) {
      return new Part(epochs.stream().mapToLong(Epoch::steps).sum(),
          epochs.stream().mapToLong(Epoch::images).sum(),
          epochs.stream().mapToLong(Epoch::nanos).sum(),
          epochs.stream().mapToLong(Epoch::stagedWaitNanos).sum());
    }

    double stepNanos() {
      return nanos / (double) steps;
    }

    double imagesPerSecond() {
      return images / (nanos / 1e9);
    }

    double stagedWait() {
      return stagedWaitNanos / (double) nanos;
    }
  }

  /** The share of a step that the model alone does not need, over {@code part} of the epochs. */
  double inputWait(List<Epoch> part) {
    return Math.max(0, 1 - modelAlone.stepNanos() / Part.of(part).stepNanos());
  }

  /** The epochs that read the cache, or the only one. */
  List<Epoch> steadyEpochs() {
    return epochs.size() > 1 ? epochs.subList(1, epochs.size()) : epochs;
  }

  double meanLoss(int from, int to) {
    return losses.subList(from, to).stream().mapToDouble(Float::doubleValue).average().orElse(0);
  }

  void printEpoch(Epoch epoch, PrintStream out) {
    Part part = Part.of(List.of(epoch));
    out.printf(Locale.ROOT, "Epoch %d: %d steps, %d images in %.2f s, %.0f ms/step, %.0f images/s,"
            + " loss %.3f -> %.3f%s%n", epoch.number(), epoch.steps(), epoch.images(),
        epoch.nanos() / 1e9, part.stepNanos() / 1e6, part.imagesPerSecond(), epoch.firstLoss(),
        epoch.lastLoss(), deviceBuffer == 0 ? "" : String.format(Locale.ROOT,
            ", waited for a staged batch %.1f%% of the time", 100 * part.stagedWait()));
  }

  /** The summary, ending with one line of JSON for scripts such as scripts/gpu-check.sh. */
  void printSummary(PrintStream out) {
    Part steady = Part.of(steadyEpochs());
    int window = Math.min(LOSS_WINDOW, Math.max(1, losses.size() / 2));
    double firstLoss = meanLoss(0, window);
    double lastLoss = meanLoss(losses.size() - window, losses.size());
    double waitFirst = inputWait(epochs.subList(0, 1));
    double waitSteady = inputWait(steadyEpochs());
    out.printf(Locale.ROOT, "The model alone, on a batch held in device memory: %.0f ms/step, on %s%n",
        modelAlone.stepNanos() / 1e6, String.join(", ", modelAlone.devices()));
    out.printf(Locale.ROOT, "Input wait: %.1f%% of step time in epoch 1 (decodes, fills the cache),"
        + " %.1f%% after it%n", 100 * waitFirst, 100 * waitSteady);
    out.printf(Locale.ROOT, "Loss: %.3f over the first %d steps, %.3f over the last %d%n",
        firstLoss, window, lastLoss, window);
    out.printf(Locale.ROOT, "{\"steps\": %d, \"device_buffer\": %d, \"model_devices\": \"%s\","
            + " \"images_per_second\": %.1f, \"step_ms\": %.2f, \"model_alone_ms\": %.2f,"
            + " \"input_wait\": %.4f, \"input_wait_epoch1\": %.4f, \"staged_wait\": %.4f,"
            + " \"loss_first\": %.4f, \"loss_last\": %.4f}%n",
        losses.size(), deviceBuffer, String.join(",", modelAlone.devices()),
        steady.imagesPerSecond(), steady.stepNanos() / 1e6, modelAlone.stepNanos() / 1e6,
        waitSteady, waitFirst, steady.stagedWait(), firstLoss, lastLoss);
  }
}

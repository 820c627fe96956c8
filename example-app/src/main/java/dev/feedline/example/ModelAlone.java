package dev.feedline.example;

import dev.feedline.runtime.Devices;
import java.util.List;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Assign;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.op.core.Variable;
import org.tensorflow.proto.DeviceStepStats;
import org.tensorflow.proto.RunOptions;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;

/**
 * A second {@link SmallCnn}, trained on one batch held in a variable in device memory: its step
 * time is the model's alone, without input, which the input wait is measured against. Build it
 * before the session first runs, so that its weights are initialized with the others.
 */
final class ModelAlone {
  private final Placeholder<TFloat32> imagesIn;
  private final Placeholder<TInt64> labelsIn;
  private final Assign<TFloat32> holdImages;
  private final Assign<TInt64> holdLabels;
  private final SmallCnn model;

  /** Where the model ran, and how long one of its steps took. */
  record Baseline(List<String> devices, double stepNanos) {}

  ModelAlone(Ops graph) {
    Ops tf = graph.withSubScope("model_alone");
    Ops device = tf.withDevice(Devices.GPU);
    imagesIn = tf.placeholder(TFloat32.class, Placeholder.shape(Shape.of(-1, 224, 224, 3)));
    labelsIn = tf.placeholder(TInt64.class, Placeholder.shape(Shape.of(-1)));
    Variable<TFloat32> images = device.variable(Shape.unknown(), TFloat32.class);
    Variable<TInt64> labels = device.variable(Shape.unknown(), TInt64.class);
    holdImages = device.assign(images, imagesIn, Assign.validateShape(false));
    holdLabels = device.assign(labels, labelsIn, Assign.validateShape(false));
    model = new SmallCnn(tf, tf.ensureShape(images, Shape.of(-1, 224, 224, 3)),
        tf.ensureShape(labels, Shape.of(-1)), Train.LEARNING_RATE);
  }

  /** Copies a batch into device memory, once. */
  void hold(Session session, TFloat32 images, TInt64 labels) {
    session.runner().feed(imagesIn, images).feed(labelsIn, labels)
        .addTarget(holdImages).addTarget(holdLabels).run();
  }

  /** Traces one step to see which devices ran it, then times {@code steps} more. */
  Baseline measure(Session session, int steps) {
    RunOptions trace = RunOptions.newBuilder().setTraceLevel(RunOptions.TraceLevel.SOFTWARE_TRACE)
        .build();
    List<String> devices;
    try (Result traced =
        model.step().apply(session.runner().setOptions(trace)).runAndFetchMetadata()) {
      devices = traced.getMetadata().orElseThrow().getStepStats().getDevStatsList().stream()
          .map(DeviceStepStats::getDevice)
          .map(name -> name.substring(name.lastIndexOf("device:") + "device:".length()))
          .distinct().sorted().toList();
    }
    long start = System.nanoTime();
    for (int i = 0; i < steps; i++) {
      model.step().apply(session.runner()).run().close();
    }
    return new Baseline(devices, (System.nanoTime() - start) / (double) steps);
  }
}

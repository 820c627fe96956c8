package dev.feedline.benchmarks.images;

import dev.feedline.example.PhotoStages;
import java.util.List;
import java.util.SplittableRandom;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.Tensor;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TUint8;

/**
 * The consumer of the training-loop runs: a fixed amount of real TensorFlow compute per batch, two
 * strided 3×3 convolutions (3→32→64 channels) with ReLU and a mean, about 80 MFLOP per image, in a
 * session of its own on the CPU.
 */
final class ModelStep implements AutoCloseable {
  private final Graph graph = new Graph();
  private final Session session = new Session(graph);
  private final Placeholder<TUint8> pixels;
  private final Placeholder<TFloat32> images;
  private final Operand<TFloat32> pixelsLoss;
  private final Operand<TFloat32> imagesLoss;

  ModelStep() {
    Ops tf = Ops.create(graph);
    pixels = tf.placeholder(TUint8.class, Placeholder.shape(Shape.of(-1, 224, 224, 3)));
    images = tf.placeholder(TFloat32.class, Placeholder.shape(Shape.of(-1, 224, 224, 3)));
    Operand<TFloat32> first = weights(tf, 3, 32);
    Operand<TFloat32> second = weights(tf, 32, 64);
    pixelsLoss = loss(tf, PhotoStages.scaled(tf, pixels), first, second);
    imagesLoss = loss(tf, images, first, second);
  }

  private static Operand<TFloat32> loss(Ops tf, Operand<TFloat32> images, Operand<TFloat32> first,
      Operand<TFloat32> second) {
    Operand<TFloat32> one = tf.nn.relu(tf.nn.conv2d(images, first, List.of(1L, 2L, 2L, 1L), "SAME"));
    Operand<TFloat32> two = tf.nn.relu(tf.nn.conv2d(one, second, List.of(1L, 2L, 2L, 1L), "SAME"));
    return tf.math.mean(two, tf.constant(new int[] {0, 1, 2, 3}));
  }

  private static Operand<TFloat32> weights(Ops tf, int in, int out) {
    SplittableRandom random = new SplittableRandom(in * 31L + out);
    float[] values = new float[9 * in * out];
    for (int i = 0; i < values.length; i++) {
      values[i] = (float) (random.nextDouble() - 0.5) * 0.2f;
    }
    return tf.constant(Shape.of(3, 3, in, out), DataBuffers.of(values));
  }

  /** Runs one step on {@code batch}, of 8-bit pixels or of float32 values in [0, 1]. */
  void run(Tensor batch) {
    Session.Runner runner = batch instanceof TUint8
        ? session.runner().feed(pixels, batch).fetch(pixelsLoss)
        : session.runner().feed(images, batch).fetch(imagesLoss);
    try (Result result = runner.run()) {
      result.get(0);
    }
  }

  @Override
  public void close() {
    session.close();
    graph.close();
  }
}

package dev.feedline.benchmarks.images;

import dev.feedline.example.PhotoStages;
import dev.feedline.photos.EncodedPhoto;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.tensorflow.Graph;
import org.tensorflow.GraphOperation;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.Tensor;
import org.tensorflow.exceptions.TFOutOfRangeException;
import org.tensorflow.framework.data.Dataset;
import org.tensorflow.framework.data.DatasetIterator;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TUint8;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * Variant 4: TensorFlow Java's own {@code tensorflow-framework} Dataset API, as far as it reaches.
 *
 * <p>What it cannot express: its {@code tfRecordDataset} cannot be iterated (it builds a
 * TFRecordDatasetV2 with 3 of its 4 inputs), so the records come from a raw V1 TFRecordDataset
 * wrapped in a {@code Dataset}; it has no interleave, parallel map, cache, shuffle or prefetch; and
 * its {@code map} before {@code batch} is dropped silently. So records are batched raw, and each
 * batch is parsed and its 32 JPEGs decoded by ops in the main graph ({@code DecodeJpeg} takes one
 * image), which the session runs in parallel on its inter-op threads. The last partial batch is
 * dropped, and the order is the files' own.
 */
final class FrameworkLoader implements Loader {
  private static final int BATCH = 32;

  private final Graph graph = new Graph();
  private final Session session = new Session(graph);
  private final DatasetIterator iterator;
  private final Operand<?> images;

  /**
   * @param float32 hands out float32 values in [0, 1], the resized values divided by 255, instead
   *     of rounding them to the example's 8-bit pixels: tf-framework's cheapest float output
   */
  FrameworkLoader(List<String> files, boolean float32) {
    Ops tf = Ops.create(graph);
    GraphOperation records = graph.opBuilder("TFRecordDataset", "records", tf.scope())
        .addInput(tf.array(files.toArray(String[]::new)).asOutput())
        .addInput(tf.constant("").asOutput())
        .addInput(tf.constant(256L * 1024).asOutput())
        .build();
    Dataset dataset = new Dataset(tf, records.output(0), List.of(TString.class),
        List.of(Shape.scalar())) {}.batch(BATCH, true);
    iterator = dataset.makeInitializeableIterator();
    @SuppressWarnings("unchecked")
    Operand<TString> serialized = (Operand<TString>) iterator.getNext().get(0);
    Operand<TString> none = tf.constant(Shape.of(0), DataBuffers.ofObjects(String.class, 0));
    var parsed = tf.io.parseExample(serialized, none, none, tf.array("image/encoded", "label", "id"),
        none, List.of(none, tf.constant(new long[0]), tf.constant(new long[0])),
        0L, List.of(), List.of(), List.of(), List.of(Shape.scalar(), Shape.scalar(), Shape.scalar()));
    @SuppressWarnings("unchecked")
    Operand<TString> jpegs = (Operand<TString>) parsed.denseValues().get(0);
    @SuppressWarnings("unchecked")
    Operand<TInt64> labels = (Operand<TInt64>) parsed.denseValues().get(1);
    var each = tf.unstack(jpegs, (long) BATCH).output();
    var eachLabel = tf.unstack(labels, (long) BATCH).output();
    List<Operand<TUint8>> pixels = new ArrayList<>();
    List<Operand<TFloat32>> values = new ArrayList<>();
    for (int i = 0; i < BATCH; i++) {
      if (float32) {
        values.add(tf.math.div(PhotoStages.Decoding.resize(tf, each.get(i)), tf.constant(255f)));
      } else {
        pixels.add(PhotoStages.Decoding.decodeAndResize(tf,
            new EncodedPhoto(each.get(i), eachLabel.get(i), eachLabel.get(i))).pixels());
      }
    }
    images = float32 ? tf.stack(values) : tf.stack(pixels);
  }

  @Override
  public void epoch(Consumer<Tensor> batches) {
    session.run(iterator.getInitializer());
    while (true) {
      try (Result result = session.runner().fetch(images).run()) {
        batches.accept(result.get(0));
      } catch (TFOutOfRangeException endOfSequence) {
        return;
      }
    }
  }

  @Override
  public void close() {
    session.close();
    graph.close();
  }
}

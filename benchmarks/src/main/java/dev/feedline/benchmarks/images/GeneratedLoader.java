package dev.feedline.benchmarks.images;

import dev.feedline.example.FeedlinePhotoPipeline;
import dev.feedline.runtime.BuiltPipeline;
import dev.feedline.runtime.EpochIterator;
import java.util.function.Consumer;
import java.util.function.Function;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.Tensor;
import org.tensorflow.types.TUint8;

/** The Feedline-generated pipelines, as users call them. */
final class GeneratedLoader {
  private GeneratedLoader() {}

  /** The example's pipeline: the recommended configuration, with a cache after the decode. */
  static Loader cached(String files) {
    Graph graph = new Graph();
    return of(graph, FeedlinePhotoPipeline.builder().files(files).build(graph),
        FeedlinePhotoPipeline.DecodedPhotoTensors::pixels);
  }

  /** The same pipeline without its cache. */
  static Loader streaming(String files) {
    Graph graph = new Graph();
    return of(graph, FeedlineStreamingPhotoPipeline.builder().files(files).build(graph),
        FeedlineStreamingPhotoPipeline.DecodedPhotoTensors::pixels);
  }

  /** The large-photo pipeline, whose {@code @DecodeJpeg} decodes at a reduced scale. */
  static Loader scaledDecode(String files) {
    Graph graph = new Graph();
    return of(graph, FeedlineLargePhotoPipeline.builder().files(files).build(graph),
        FeedlineLargePhotoPipeline.DecodedPhotoTensors::pixels);
  }

  /** Epochs of {@code pipeline} in a session of its own, handing on each batch's images. */
  private static <T extends AutoCloseable> Loader of(Graph graph, BuiltPipeline<?, T> pipeline,
      Function<T, TUint8> images) {
    Session session = new Session(graph);
    return new Loader() {
      @Override
      public void epoch(Consumer<Tensor> batches) {
        try (EpochIterator<T> epoch = pipeline.epoch(session)) {
          epoch.forEach(batch -> batches.accept(images.apply(batch)));
        }
      }

      @Override
      public void close() {
        pipeline.close();
        session.close();
        graph.close();
      }
    };
  }
}

package dev.feedline.benchmarks.images;

import dev.feedline.example.FeedlinePhotoPipeline;
import dev.feedline.example.FeedlinePhotoPipeline.PhotoTensors;
import dev.feedline.runtime.EpochIterator;
import java.util.function.Consumer;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.types.TFloat32;

/** The Feedline-generated pipelines, as users call them. */
final class GeneratedLoader {
  private GeneratedLoader() {}

  /** The example's pipeline: the recommended configuration, with a cache after the decode. */
  static Loader cached(String files) {
    Graph graph = new Graph();
    Session session = new Session(graph);
    FeedlinePhotoPipeline pipeline = FeedlinePhotoPipeline.builder().files(files).build(graph);
    return new Loader() {
      @Override
      public void epoch(Consumer<TFloat32> batches) {
        try (EpochIterator<PhotoTensors> epoch = pipeline.epoch(session)) {
          epoch.forEach(batch -> batches.accept(batch.image()));
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

  /** The same pipeline without its cache. */
  static Loader streaming(String files) {
    Graph graph = new Graph();
    Session session = new Session(graph);
    FeedlineStreamingPhotoPipeline pipeline =
        FeedlineStreamingPhotoPipeline.builder().files(files).build(graph);
    return new Loader() {
      @Override
      public void epoch(Consumer<TFloat32> batches) {
        try (EpochIterator<FeedlineStreamingPhotoPipeline.PhotoTensors> epoch =
            pipeline.epoch(session)) {
          epoch.forEach(batch -> batches.accept(batch.image()));
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

  /** The large-photo pipeline, whose {@code @DecodeJpeg} decodes at a reduced scale. */
  static Loader scaledDecode(String files) {
    Graph graph = new Graph();
    Session session = new Session(graph);
    FeedlineLargePhotoPipeline pipeline = FeedlineLargePhotoPipeline.builder().files(files).build(graph);
    return new Loader() {
      @Override
      public void epoch(Consumer<TFloat32> batches) {
        try (EpochIterator<FeedlineLargePhotoPipeline.PhotoTensors> epoch = pipeline.epoch(session)) {
          epoch.forEach(batch -> batches.accept(batch.image()));
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

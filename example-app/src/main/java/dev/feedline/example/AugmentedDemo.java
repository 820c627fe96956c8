package dev.feedline.example;

import dev.feedline.example.FeedlineAugmentedPhotoPipeline.PhotoTensors;
import dev.feedline.runtime.EpochIterator;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import org.tensorflow.Graph;
import org.tensorflow.Session;

/**
 * {@code ./feedline demo --augment --seed S}: runs {@link AugmentedPhotoPipeline} and prints, per
 * epoch, a checksum of all its batches' bytes, pixels included. Two runs with the same seed print
 * the same checksums, on any number of cores; another seed, or another epoch, prints others.
 */
final class AugmentedDemo {
  /** The seed of {@code --augment} without {@code --seed}. */
  static final long DEFAULT_SEED = 42;

  private AugmentedDemo() {}

  static void run(Path data, int epochs, long seed, PrintStream out) {
    String shards = data.resolve("*.tfrecord").toString();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineAugmentedPhotoPipeline pipeline = FeedlineAugmentedPhotoPipeline.builder()
            .files(shards).seed(seed).build(graph)) {
      out.println("Augmenting with seed " + seed + ": shifts up to " + AugmentedPhotoPipeline.MARGIN
          + " pixels, mirrors, brightness up to 0.1, drawn per photo");
      for (int epoch = 1; epoch <= epochs; epoch++) {
        BatchChecksum checksum = new BatchChecksum();
        long start = System.nanoTime();
        long images = 0;
        try (EpochIterator<PhotoTensors> batches = pipeline.epoch(session)) {
          for (PhotoTensors batch : batches) {
            checksum.add(batch.image(), batch.label(), batch.id());
            images += batch.image().shape().get(0);
          }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        out.printf(Locale.ROOT, "Epoch %d: %d images in %.2f s, %.0f images/s%s%n", epoch, images,
            seconds, images / seconds, epoch == 1 ? " (decodes and fills the cache)"
                : " (from the cache)");
        out.println("Epoch " + epoch + " checksum: " + checksum.hex());
      }
    }
  }
}

package dev.feedline.benchmarks.images;

import dev.feedline.example.PhotoDataset;
import java.nio.file.Path;

/**
 * Writes the benchmark's photos in a JVM of its own, which exits before any run starts: {@code
 * PhotoWriteRun DIR IMAGES SEED MIN_SIDE MAX_SIDE}, 8 shards. Photos written by the benchmark's own
 * JVM, which lives on through the runs, made the generated pipeline's epoch 1 take up to 45% more
 * CPU in the runs of the next minute, and photos written by a JVM that had exited did not
 * (docs/performance.md, "What the numbers mean"); so no run reads photos its parent wrote.
 */
public final class PhotoWriteRun {
  private PhotoWriteRun() {}

  public static void main(String[] args) throws Exception {
    new PhotoDataset(Long.parseLong(args[2]), Integer.parseInt(args[3]), Integer.parseInt(args[4]))
        .write(Path.of(args[0]), Integer.parseInt(args[1]), 8);
  }
}

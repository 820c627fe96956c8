package ${package};

import ${package}.FeedlineSamplePipeline.SampleTensors;
import dev.feedline.Compression;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.ShardedTFRecordWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.tensorflow.Graph;
import org.tensorflow.Session;

/**
 * Writes a small data set of random samples into TFRecord files, then runs one epoch of
 * {@link SamplePipeline} over them. Run it with {@code mvn -q compile exec:exec}.
 */
public final class Main {
  static final int SAMPLES = 100;
  static final int FILES = 2;

  private Main() {}

  public static void main(String[] args) throws IOException {
    Path data = Path.of(args.length > 0 ? args[0] : "target/data");
    writeSamples(data, SAMPLES, FILES);
    System.out.printf("Wrote %d samples into %d TFRecord files in %s%n", SAMPLES, FILES, data);

    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineSamplePipeline pipeline =
            FeedlineSamplePipeline.builder().files(data.resolve("*.tfrecord").toString()).build(graph);
        EpochIterator<SampleTensors> batches = pipeline.epoch(session)) {
      int count = 0;
      long samples = 0;
      for (SampleTensors batch : batches) {
        if (count == 0) {
          System.out.println("First batch: features " + batch.features().shape()
              + ", label " + batch.label().shape());
        }
        count++;
        samples += batch.label().shape().get(0);
      }
      System.out.printf("One epoch: %d samples in %d batches%n", samples, count);
    }
  }

  /**
   * Writes {@code count} samples with random measurements in [0, MAX_VALUE) into {@code files}
   * TFRecord shards in {@code dir}; sample i goes to shard i % files. {@code FeedlineSampleWriter},
   * which the processor generates from {@link Sample}, writes each: the features
   * {@link SamplePipeline} parses, by construction.
   */
  static List<Path> writeSamples(Path dir, int count, int files) throws IOException {
    Random random = new Random(42);
    try (ShardedTFRecordWriter shards =
        ShardedTFRecordWriter.byKey(dir, "samples", files, Compression.NONE)) {
      for (int i = 0; i < count; i++) {
        float[] features = new float[4];
        for (int j = 0; j < features.length; j++) {
          features[j] = random.nextFloat() * SamplePipeline.MAX_VALUE;
        }
        shards.write(i, FeedlineSampleWriter.builder().features(features).label(i % 3)
            .toByteArray());
      }
      return shards.commit(); // the shards take their names; without it, none is kept
    }
  }
}

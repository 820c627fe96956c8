package ${package};

import ${package}.FeedlineSamplePipeline.SampleTensors;
import dev.feedline.runtime.EpochIterator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.proto.Example;
import org.tensorflow.proto.Feature;
import org.tensorflow.proto.Features;
import org.tensorflow.proto.FloatList;
import org.tensorflow.proto.Int64List;

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
   * TFRecord files in {@code dir}; sample i goes to file i % files.
   */
  static List<Path> writeSamples(Path dir, int count, int files) throws IOException {
    Files.createDirectories(dir);
    Random random = new Random(42);
    List<Path> paths = new ArrayList<>();
    for (int f = 0; f < files; f++) {
      Path path = dir.resolve(String.format("samples-%d-of-%d.tfrecord", f, files));
      try (TFRecordWriter writer = new TFRecordWriter(path)) {
        for (int i = f; i < count; i += files) {
          float[] features = new float[4];
          for (int j = 0; j < features.length; j++) {
            features[j] = random.nextFloat() * SamplePipeline.MAX_VALUE;
          }
          writer.write(example(features, i % 3).toByteArray());
        }
      }
      paths.add(path);
    }
    return paths;
  }

  /** A tf.train.Example with the features {@link Sample} declares. */
  static Example example(float[] features, long label) {
    FloatList.Builder values = FloatList.newBuilder();
    for (float value : features) {
      values.addValue(value);
    }
    return Example.newBuilder()
        .setFeatures(Features.newBuilder()
            .putFeature("features", Feature.newBuilder().setFloatList(values).build())
            .putFeature("label", Feature.newBuilder()
                .setInt64List(Int64List.newBuilder().addValue(label)).build()))
        .build();
  }
}

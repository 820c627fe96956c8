package dev.feedline.tools;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.coders.SerializableCoder;
import org.apache.beam.sdk.io.TFRecordIO;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.MetricNameFilter;
import org.apache.beam.sdk.metrics.MetricQueryResults;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.metrics.MetricsFilter;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.ParDo;

/**
 * {@code ./feedline shard-beam --input DIR --output DIR --shards N [--labels CSV] [--seed S]
 * [Beam options]}: the conversion of {@link ShardCommand} as an Apache Beam pipeline, for folders
 * too large for one machine. The folder is listed and labelled on the launching machine, exactly
 * as locally; the workers read, check and encode the images and write the shards with Beam's
 * TFRecordIO. Runs on the DirectRunner unless Beam options such as {@code --runner=FlinkRunner}
 * name another (docs/scale-out.md).
 *
 * <p>The records are the local command's, byte for byte; which shard holds which record is the
 * runner's choice.
 */
public final class BeamShardPipeline {
  private static final String NAMESPACE = "feedline";

  private BeamShardPipeline() {}

  public static void main(String[] args) throws IOException {
    System.exit(run(args, System.out, System.err));
  }

  static int run(String[] args, PrintStream out, PrintStream err) throws IOException {
    List<String> ours = new ArrayList<>();
    List<String> beam = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      if (args[i].startsWith("--") && args[i].contains("=")) {
        beam.add(args[i]); // Beam's own --name=value options
      } else {
        ours.add(args[i]);
        if (i + 1 < args.length) {
          ours.add(args[++i]);
        }
      }
    }
    ShardCommand.Options options;
    try {
      options = ShardCommand.Options.parse(ours.toArray(String[]::new));
    } catch (IllegalArgumentException e) {
      err.println("error: " + e.getMessage());
      err.println("usage: ./feedline shard-beam --input DIR --output DIR --shards N [--labels CSV]"
          + " [--seed S] [--runner=... and other Beam options]");
      return 2;
    }
    List<ImageFolder.Image> images;
    try {
      images = ImageFolder.scan(options.input(), options.labels(), options.seed());
    } catch (IllegalArgumentException e) {
      err.println("error: " + e.getMessage());
      return 1;
    }
    out.printf(Locale.ROOT, "Converting %,d images from %s into %d shards in %s with Beam%n",
        images.size(), options.input(), options.shards(), options.output());
    long start = System.nanoTime();
    Result result = write(images, options.output(), options.shards(),
        PipelineOptionsFactory.fromArgs(beam.toArray(String[]::new)).withValidation().create());
    out.printf(Locale.ROOT, "%,d records in %d shards, in %.1f s; %d unreadable file%s skipped%n",
        result.records(), options.shards(), (System.nanoTime() - start) / 1e9, result.skipped(),
        result.skipped() == 1 ? "" : "s");
    return 0;
  }

  /** What the pipeline wrote, from its metrics. */
  record Result(long records, long skipped) {}

  /** Runs the conversion; returns when the shards are written. */
  static Result write(List<ImageFolder.Image> images, Path output, int shards,
      PipelineOptions options) {
    Pipeline pipeline = Pipeline.create(options);
    pipeline.apply("List images", Create.of(images).withCoder(SerializableCoder.of(ImageFolder.Image.class)))
        .apply("Encode", ParDo.of(new Encode()))
        .apply("Write shards", TFRecordIO.write()
            .to(output.resolve("photos").toString())
            .withSuffix(".tfrecord")
            .withNumShards(shards));
    PipelineResult result = pipeline.run();
    result.waitUntilFinish();
    MetricQueryResults metrics = result.metrics().queryMetrics(MetricsFilter.builder()
        .addNameFilter(MetricNameFilter.inNamespace(NAMESPACE)).build());
    long records = 0;
    long skipped = 0;
    for (var counter : metrics.getCounters()) {
      long value = counter.getAttempted();
      if (counter.getName().getName().equals("records")) {
        records = value;
      } else if (counter.getName().getName().equals("skipped")) {
        skipped = value;
      }
    }
    return new Result(records, skipped);
  }

  /** Reads and encodes one image; an unreadable one is logged by name and counted. */
  static final class Encode extends DoFn<ImageFolder.Image, byte[]> {
    private static final System.Logger LOG = System.getLogger(BeamShardPipeline.class.getName());
    private final Counter records = Metrics.counter(NAMESPACE, "records");
    private final Counter skipped = Metrics.counter(NAMESPACE, "skipped");

    @ProcessElement
    public void process(@Element ImageFolder.Image image, OutputReceiver<byte[]> out) {
      ImageRecords.Converted converted = ImageRecords.convert(image);
      if (converted.problem() != null) {
        LOG.log(System.Logger.Level.WARNING, "skipped {0}: it {1}", image.path(), converted.problem());
        skipped.inc();
      } else {
        records.inc();
        out.output(converted.record());
      }
    }
  }
}

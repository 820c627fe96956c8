package dev.feedline.tools;

import dev.feedline.launcher.CommandSpec;
import dev.feedline.launcher.LauncherCommand;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.coders.SerializableCoder;
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
 * [--replace] [Beam options]}: the conversion of {@link ShardCommand} as an Apache Beam pipeline,
 * for folders too large for one machine. The folder is listed and labelled on the launching
 * machine, exactly as locally; the workers read, check and encode the images, and
 * {@link WriteExamples} writes each shard with Beam's TFRecord sink through the photo record's
 * generated writer. Runs on the DirectRunner unless Beam options such as
 * {@code --runner=FlinkRunner} name another (docs/scale-out.md).
 *
 * <p>The records and the shard that holds each are the local command's (image {@code id} in shard
 * {@code id % N}); only the order inside a shard is the runner's choice. Shards are written into
 * the output folder's scratch folder and moved in only when all are written and none is empty
 * ({@link ShardFolder}).
 */
public final class BeamShardPipeline {
  private static final String NAMESPACE = "feedline";
  private static final String USAGE = "usage: ./feedline shard-beam --input DIR --output DIR"
      + " --shards N [--labels CSV] [--seed S] [--replace] [--runner=... and other Beam options]";

  private BeamShardPipeline() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  static int run(String[] args, PrintStream out, PrintStream err) {
    CommandSpec spec = ShardCommand.Options.spec(USAGE).passingOnTo("Beam");
    return LauncherCommand.run(args, spec, err, parsed -> {
      ShardCommand.Options options = ShardCommand.Options.read(parsed);
      PipelineOptions beam = beamOptions(parsed.passedOn());
      return () -> {
        List<ImageFolder.Image> images =
            ImageFolder.scan(options.input(), options.labels(), options.seed());
        ShardFolder.checkFill(images.size(), options.shards(), "image");
        out.printf(Locale.ROOT, "Converting %,d images from %s into %d shards in %s with Beam%n",
            images.size(), options.input(), options.shards(), options.output());
        long start = System.nanoTime();
        try (ShardFolder folder = ShardFolder.open(options.output(), options.replace(), "image")) {
          Result result = write(images, folder.staging(), options.shards(), beam);
          folder.commit(ImageRecords.PREFIX, ShardCommand.shardNames(options.shards()));
          out.printf(Locale.ROOT, "%,d records in %d shards, in %.1f s; %d unreadable file%s"
              + " skipped%n", result.records(), options.shards(), (System.nanoTime() - start) / 1e9,
              result.skipped(), result.skipped() == 1 ? "" : "s");
        }
      };
    });
  }

  /**
   * Beam's options, checked before anything runs: an unknown runner or option is a usage error.
   *
   * @throws IllegalArgumentException with Beam's own words, on one line
   */
  static PipelineOptions beamOptions(List<String> args) {
    try {
      return PipelineOptionsFactory.fromArgs(args.toArray(String[]::new)).withValidation().create();
    } catch (IllegalArgumentException e) {
      String beamSays = String.valueOf(e.getMessage()).lines().findFirst().orElse("").strip();
      throw new IllegalArgumentException("Beam refuses its options: " + beamSays);
    }
  }

  /** What the pipeline wrote, from its metrics. */
  record Result(long records, long skipped) {}

  /**
   * Runs the conversion; returns when the shards are written into {@code output}, image
   * {@code id} in shard {@code id % shards}. A shard whose images were all unreadable is not
   * written.
   */
  static Result write(List<ImageFolder.Image> images, Path output, int shards,
      PipelineOptions options) {
    Pipeline pipeline = Pipeline.create(options);
    pipeline.apply("List images", Create.of(images).withCoder(SerializableCoder.of(ImageFolder.Image.class)))
        .apply("Read and check", ParDo.of(new Encode()))
        .setCoder(SerializableCoder.of(ImageRecords.Photo.class))
        .apply("Write shards", WriteExamples.of(ImageRecords.Photo::record, ImageRecords.Photo::id)
            .to(output.toString(), ImageRecords.PREFIX)
            .withShards(shards));
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

  /**
   * Reads and checks one image, re-encoding a PNG; an unreadable one is logged by name and
   * counted.
   */
  static final class Encode extends DoFn<ImageFolder.Image, ImageRecords.Photo> {
    private static final System.Logger LOG = System.getLogger(BeamShardPipeline.class.getName());
    private final Counter records = Metrics.counter(NAMESPACE, "records");
    private final Counter skipped = Metrics.counter(NAMESPACE, "skipped");

    @ProcessElement
    public void process(@Element ImageFolder.Image image, OutputReceiver<ImageRecords.Photo> out) {
      ImageRecords.Converted converted = ImageRecords.convert(image);
      if (converted.problem() != null) {
        LOG.log(System.Logger.Level.WARNING, "skipped {0}: it {1}", image.path(), converted.problem());
        skipped.inc();
      } else {
        records.inc();
        out.output(converted.photo());
      }
    }
  }
}

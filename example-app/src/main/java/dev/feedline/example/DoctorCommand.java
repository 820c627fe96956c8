package dev.feedline.example;

import dev.feedline.doctor.Diagnosis;
import dev.feedline.doctor.HtmlReport;
import dev.feedline.doctor.ModelStep;
import dev.feedline.doctor.PipelineDoctor;
import dev.feedline.launcher.CommandSpec;
import dev.feedline.launcher.LauncherCommand;
import dev.feedline.runtime.BuiltPipeline;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.BiFunction;
import java.util.stream.Collectors;
import org.tensorflow.Graph;

/**
 * {@code ./feedline doctor [--data DIR] [--variant NAME] [--report FILE] [--step-ms N]
 * [--examples N] [--steps N]}: examines {@link PhotoPipeline}, or one of the
 * {@link BrokenPipelines}, with a stand-in accelerator step of N ms per batch, and prints what
 * starves it; writes an HTML report.
 */
public final class DoctorCommand {
  /** The pipelines the command examines, by the name {@code --variant} takes. */
  public enum Variant {
    HEALTHY((g, f) -> FeedlinePhotoPipeline.builder().files(f).build(g)),
    SEQUENTIAL_MAP((g, f) -> FeedlineBrokenPipelines_SequentialMap.builder().files(f).build(g)),
    NO_PREFETCH((g, f) -> FeedlineBrokenPipelines_NoPrefetch.builder().files(f).build(g)),
    CACHE_BEFORE_MAP((g, f) -> FeedlineBrokenPipelines_CacheBeforeMap.builder().files(f).build(g)),
    TINY_SHUFFLE((g, f) -> FeedlineBrokenPipelines_TinyShuffle.builder().files(f).build(g)),
    SLOW_SOURCE((g, f) -> FeedlineBrokenPipelines_SlowSource.builder().files(f).build(g));

    private final BiFunction<Graph, String, BuiltPipeline<?, ?>> build;

    Variant(BiFunction<Graph, String, BuiltPipeline<?, ?>> build) {
      this.build = build;
    }

    /** The name {@code --variant} takes: {@code sequential-map}. */
    public String option() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    static Variant of(String option) {
      return Arrays.stream(values()).filter(v -> v.option().equals(option)).findFirst()
          .orElseThrow(() -> new IllegalArgumentException("unknown variant " + option + "; one of "
              + Arrays.stream(values()).map(Variant::option).collect(Collectors.joining(", "))));
    }

    BuiltPipeline<?, ?> build(Graph graph, String shards) {
      return build.apply(graph, shards);
    }
  }

  private static final String USAGE = "usage: ./feedline doctor [--data DIR] [--variant NAME]"
      + " [--report FILE] [--step-ms N] [--examples N] [--steps N]";

  private DoctorCommand() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Examines; returns the process exit status. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    CommandSpec spec = CommandSpec.of(USAGE).option("data", Demo.DEFAULT_DATA.toString())
        .option("variant", "healthy").option("report", "").option("step-ms", "160")
        .option("examples", "256").option("steps", "32");
    return LauncherCommand.run(args, spec, err, options -> {
      Path data = options.path("data");
      Variant variant = Variant.of(options.text("variant"));
      Path report = options.text("report").isEmpty()
          ? Path.of("target", "feedline-doctor", variant.option() + ".html")
          : options.path("report");
      String shards = data.resolve("*.tfrecord").toString();
      PipelineDoctor doctor = PipelineDoctor.of(graph -> variant.build(graph, shards))
          .model(ModelStep.simulated(Duration.ofMillis(options.positive("step-ms"))))
          .examples(options.positive("examples"))
          .steps(options.positive("steps"))
          .progress(err);
      return () -> {
        PhotoDataset.writeUnlessPresent(data, 2048, 8, out);
        Diagnosis diagnosis = doctor.examine();
        out.print(diagnosis.summary());
        HtmlReport.write(diagnosis, report);
        out.println("\nReport: " + report.toAbsolutePath());
        out.println(diagnosis.json());
      };
    });
  }
}

package dev.feedline.doctor;

import dev.feedline.runtime.BuiltPipeline;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.tensorflow.Graph;

/**
 * Diagnoses any generated pipeline as docs/doctor.md describes: times each stage prefix element by
 * element, reads tf.data's autotune model, compares epoch 1 with epoch 2 while sampling memory,
 * measures a training loop's wait for input, and maps what it finds to the symptoms of
 * docs/doctor.md's table ("From measurements to findings") and to the processor's rules.
 *
 * <pre>{@code
 * Diagnosis d = PipelineDoctor.of(graph -> FeedlinePhotoPipeline.builder().files(shards).build(graph))
 *     .model(ModelStep.simulated(Duration.ofMillis(160)))
 *     .examine();
 * System.out.println(d.summary());
 * HtmlReport.write(d, Path.of("doctor.html"));
 * }</pre>
 */
public final class PipelineDoctor {
  private final Function<Graph, BuiltPipeline<?, ?>> pipeline;
  private ModelStep.Factory model = ModelStep.simulated(Duration.ofMillis(160));
  private int examples = 256;
  private double prefixBudgetSeconds = 30;
  private int steps = 32;
  private PrintStream progress = new PrintStream(OutputStream.nullOutputStream());

  private PipelineDoctor(Function<Graph, BuiltPipeline<?, ?>> pipeline) {
    this.pipeline = pipeline;
  }

  /** @param pipeline builds the pipeline into a graph; the doctor calls it once per measurement */
  public static PipelineDoctor of(Function<Graph, BuiltPipeline<?, ?>> pipeline) {
    return new PipelineDoctor(pipeline);
  }

  /** The model the training loop runs; by default a stand-in accelerator step of 160 ms. */
  public PipelineDoctor model(ModelStep.Factory model) {
    this.model = model;
    return this;
  }

  /** The examples each stage prefix is timed on, at most; 256 by default. */
  public PipelineDoctor examples(int examples) {
    this.examples = examples;
    return this;
  }

  /** The training loop's steps per epoch, at most; 32 by default. */
  public PipelineDoctor steps(int steps) {
    this.steps = steps;
    return this;
  }

  /** Where to say what the doctor is doing, for long runs. */
  public PipelineDoctor progress(PrintStream progress) {
    this.progress = progress;
    return this;
  }

  public Diagnosis examine() {
    long start = System.nanoTime();
    List<StageChain.Link> links;
    String name;
    try (Graph graph = new Graph(); BuiltPipeline<?, ?> built = pipeline.apply(graph)) {
      links = StageChain.find(built.iterator());
      name = built.iterator().pipeline().simpleName();
    }
    try (MemorySampler memory = new MemorySampler(start, 100)) {
      PrefixTimer.Timings timings = new PrefixTimer(pipeline, examples, prefixBudgetSeconds)
          .timeAll(links, (pass, k) -> say(start,
              "timing stage %d of %d, '%s', element by element (pass %d of %d)", k + 1,
              links.size(), links.get(k).name(), pass + 1, PrefixTimer.PASSES));
      EpochProbe.Outcome epochs = new EpochProbe(pipeline, start)
          .run(2, links, e -> say(start, "epoch %d at full speed", e));
      List<InputWait> waits = new TrainingLoop(pipeline, model)
          .run(2, steps, e -> say(start, "training loop, epoch %d", e));
      memory.close();
      List<StageLatency> stages = timings.stages();
      Diagnoser diagnoser = new Diagnoser(stages, timings.floor(), epochs.epochs(), waits, links,
          memory.samples());
      Diagnoser.StageCost costliest = diagnoser.costliest();
      say(start, "done");
      return new Diagnosis(name, stages, timings.floor(), epochs.autotune(), epochs.epochs(), waits,
          memory.samples(), diagnoser.findings(),
          costliest == null ? null : costliest.stage().stage());
    }
  }

  private void say(long start, String format, Object... args) {
    progress.printf("doctor [%5.1f s] %s%n", (System.nanoTime() - start) / 1e9,
        String.format(format, args));
  }
}

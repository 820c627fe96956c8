package dev.feedline.processor.model;

import dev.feedline.processor.model.kinds.InterleaveStage;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.TypeElement;

/**
 * A {@code @Pipeline} interface and its stages, in source order.
 *
 * @param generatedPackage the package of the interface, where the generated class goes
 * @param generatedSimpleName {@code Feedline} followed by the interface's nested name, joined with
 *     {@code _}: {@code FeedlinePhotoPipeline}, {@code FeedlineOuter_Inner}
 */
public record PipelineModel(
    TypeElement type,
    AnnotationMirror annotation,
    String generatedPackage,
    String generatedSimpleName,
    List<Stage> stages,
    List<Input> inputs,
    Settings settings) {

  /**
   * The pipeline-wide settings of {@code @Pipeline}.
   *
   * @param ramBudget the declared RAM budget in bytes, if any
   */
  public record Settings(Optional<Long> ramBudget, boolean reproducible, boolean staticShapes) {}


  public PipelineModel {
    stages = List.copyOf(stages);
    inputs = List.copyOf(inputs);
  }

  public String simpleName() {
    return type.getSimpleName().toString();
  }

  public Optional<Stage> source() {
    return stages.isEmpty() || !stages.get(0).kind().isSource()
        ? Optional.empty()
        : Optional.of(stages.get(0));
  }

  public Stage last() {
    return stages.get(stages.size() - 1);
  }

  /** The stages tf.data runs: up to the first device stage. */
  public List<Stage> hostStages() {
    int first = 0;
    while (first < stages.size() && !stages.get(first).isOnDevice()) {
      first++;
    }
    return stages.subList(0, Math.max(first, 1));
  }

  /** The stages after the iterator, on the training device; empty for most pipelines. */
  public List<Stage> deviceStages() {
    return stages.subList(hostStages().size(), stages.size());
  }

  /** The last stage tf.data runs, whose elements the iterator hands out. */
  public Stage lastOnHost() {
    List<Stage> host = hostStages();
    return host.get(host.size() - 1);
  }

  /** Whether a stage draws from per-element seeds: the builder then takes the pipeline's seed. */
  public boolean isSeeded() {
    return stages.stream().anyMatch(Stage::isSeeded);
  }

  public boolean has(StageKind kind) {
    return stages.stream().anyMatch(s -> s.kind() == kind);
  }

  /** The stages after {@code stage}, downstream order. */
  public List<Stage> after(Stage stage) {
    return stages.subList(stage.position(), stages.size());
  }

  /** The stage right before {@code stage}, which is not the first. */
  public Stage previous(Stage stage) {
    return stages.get(stage.position() - 2);
  }

  /** The stage right after {@code stage}, which is not the last. */
  public Stage next(Stage stage) {
    return stages.get(stage.position());
  }

  /** The stages of {@code kind}, in order. */
  public List<Stage> stagesOf(StageKind kind) {
    return stages.stream().filter(s -> s.kind() == kind).toList();
  }

  /**
   * The {@code @Split} that makes this an evaluation pipeline, keeping the held-out side: what a
   * statistic fitted for training must not be computed over.
   */
  public Optional<Stage> evaluationSplit() {
    return stagesOf(dev.feedline.processor.model.kinds.SplitStage.KIND).stream()
        .filter(s -> s.as(dev.feedline.processor.model.kinds.SplitStage.class)
            .orElseThrow().evaluation())
        .findFirst();
  }

  /** The stages before {@code stage}, upstream order (source first). */
  public List<Stage> before(Stage stage) {
    return stages.subList(0, stage.position() - 1);
  }

  /**
   * Whether {@code stage} stands between a file source ({@code @TFRecordSource},
   * {@code @TextLineSource}) and the {@code @Interleave} that reads its files: it shuffles,
   * shards, takes or repeats file names, not records. So it buffers no records for the memory
   * guard, has no place in the reference order and sees no record bytes. Neither the source nor
   * the interleave is such a stage.
   */
  public boolean betweenFileSourceAndReader(Stage stage) {
    return stages.get(0).readsFiles() && stage.position() > 1
        && stages.subList(0, stage.position()).stream()
            .noneMatch(s -> s.definition() instanceof InterleaveStage);
  }
}

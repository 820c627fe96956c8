package dev.feedline.processor.model;

import dev.feedline.processor.model.kinds.DecodeCsvStage;
import dev.feedline.processor.model.kinds.InterleaveStage;
import dev.feedline.processor.model.kinds.TFRecordSourceStage;
import dev.feedline.processor.model.kinds.TextLineSourceStage;
import dev.feedline.processor.base.Annotations;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where a {@code @Serving} pipeline's serving function starts and ends, and what it leaves out:
 * the one reading of the serving path that its checks ({@code ServingRules}) and its code
 * ({@code ServingWriter}) share.
 *
 * <p>The function starts after the stages that read files (the source, the stages on file names,
 * the {@code @Interleave}): a request carries the records. It holds every per-element stage that
 * makes the model's inputs, {@code @Decode}, {@code @DecodeCsv}, {@code @DecodeJpeg} and
 * deterministic {@code @Map}s, up to the <em>cut</em>: the first stage that batches, shuffles,
 * caches, reorders or changes the number of elements. Stages before the cut that only choose or
 * order elements ({@code @Take}, {@code @Skip}, {@code @Shard}, {@code @Repeat},
 * {@code @Prefetch}: the kinds with the trait {@code SELECTS}), random maps and stages marked
 * {@code @TrainingOnly} are left out; so is everything from the cut on.
 *
 * @param input what a request gives: {@code records} of TFRecord files, or {@code lines} of text
 * @param included the stages in the serving function, in order
 * @param leftOut every other stage, in order, with the reason
 * @param cut the first stage the function does not reach, if the pipeline has one
 * @param unsupported why no serving function can be generated, if one cannot
 */
public record ServingCut(String input, List<Stage> included, List<LeftOut> leftOut,
    Optional<Stage> cut, Optional<String> unsupported) {

  /** The annotation that asks for a serving function. */
  public static final String SERVING = "dev.feedline.Serving";
  /** The annotation that keeps a stage out of the serving function. */
  public static final String TRAINING_ONLY = "dev.feedline.TrainingOnly";

  /** A stage the serving function leaves out, and why, as the plan says it. */
  public record LeftOut(Stage stage, Reason reason) {}

  /** Why a stage is left out. */
  public enum Reason {
    READS_FILES("reads the files; a request carries the records"),
    TRAINING_ONLY("marked @TrainingOnly"),
    RANDOM("random: augments training data, never a request"),
    CHOOSES_ELEMENTS("chooses or orders an epoch's elements, changes no value"),
    FILTER("drops elements, which a request cannot lose (an error)"),
    CUT("the serving cut: the function ends here, in one batch"),
    AFTER_CUT("after the serving cut");

    private final String text;

    Reason(String text) {
      this.text = text;
    }

    public String text() {
      return text;
    }
  }

  public ServingCut {
    included = List.copyOf(included);
    leftOut = List.copyOf(leftOut);
  }

  /** Whether {@code pipeline} asks for a serving function. */
  public static boolean declared(PipelineModel pipeline) {
    return Annotations.find(pipeline.type(), SERVING).isPresent();
  }

  /** Whether {@code stage} is marked {@code @TrainingOnly}. */
  public static boolean trainingOnly(Stage stage) {
    return Annotations.find(stage.method(), TRAINING_ONLY).isPresent();
  }

  /** Whether a stage changes the values of the elements it passes on: a deterministic transform. */
  public static boolean changesValues(Stage stage) {
    return stage.is(StageKind.Trait.TRANSFORMS) && !stage.isRandom();
  }

  /**
   * Whether a stage may run on a request: it turns each element into exactly one other (a decode,
   * a map), as a serving function answers each request element with one result.
   */
  private static boolean mapsOneForOne(Stage stage) {
    return stage.is(StageKind.Trait.TRANSFORMS) && stage.definition().passesEverySourceElement();
  }

  /** The serving path of {@code pipeline}. */
  public static ServingCut of(PipelineModel pipeline) {
    List<Stage> stages = pipeline.stages();
    List<Stage> included = new ArrayList<>();
    List<LeftOut> leftOut = new ArrayList<>();
    Optional<String> unsupported = Optional.empty();
    Stage source = stages.get(0);
    if (source.kind() != TFRecordSourceStage.KIND && source.kind() != TextLineSourceStage.KIND) {
      unsupported = Optional.of("its source, @" + source.kind().annotation() + " '" + source.name()
          + "', hands out no records or lines that a request could carry; serve a pipeline that"
          + " reads TFRecord or text files");
    }
    // The reading part: up to the @Interleave that reads the files, or the source alone.
    int reading = 0;
    for (int i = 0; i < stages.size(); i++) {
      if (stages.get(i).kind() == InterleaveStage.KIND) {
        reading = i;
        break;
      }
    }
    for (int i = 0; i <= reading; i++) {
      leftOut.add(new LeftOut(stages.get(i), Reason.READS_FILES));
    }
    Optional<Stage> cut = Optional.empty();
    for (Stage stage : stages.subList(reading + 1, stages.size())) {
      if (cut.isPresent()) {
        leftOut.add(new LeftOut(stage, trainingOnly(stage) ? Reason.TRAINING_ONLY
            : stage.isRandom() ? Reason.RANDOM : Reason.AFTER_CUT));
        continue;
      }
      if (trainingOnly(stage)) {
        leftOut.add(new LeftOut(stage, Reason.TRAINING_ONLY));
        continue;
      }
      if (mapsOneForOne(stage)) {
        if (stage.isRandom()) {
          leftOut.add(new LeftOut(stage, Reason.RANDOM));
        } else if (stage.isOnDevice() || stage.isVectorized()) {
          cut = Optional.of(stage);
          leftOut.add(new LeftOut(stage, Reason.CUT));
        } else {
          included.add(stage);
        }
      } else if (stage.is(StageKind.Trait.SELECTS)) {
        leftOut.add(new LeftOut(stage, stage.is(StageKind.Trait.RUNS_FUNCTION) ? Reason.FILTER
            : Reason.CHOOSES_ELEMENTS));
      } else {
        // Every other kind ends the serving path: what follows changes how elements are grouped.
        cut = Optional.of(stage);
        leftOut.add(new LeftOut(stage, Reason.CUT));
      }
    }
    return new ServingCut(source.kind() == TextLineSourceStage.KIND ? "lines" : "records",
        included, leftOut, cut, unsupported);
  }

  /**
   * The {@code @DecodeCsv} stages in the function: their columns are found in the files' header
   * when the pipeline is built, so the function of such a pipeline is one of the built pipeline,
   * which holds them, not a static one.
   */
  public List<Stage> csvDecodes() {
    return included.stream().filter(s -> s.kind() == DecodeCsvStage.KIND).toList();
  }
}

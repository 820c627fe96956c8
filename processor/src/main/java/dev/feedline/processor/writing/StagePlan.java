package dev.feedline.processor.writing;

import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.planning.Plan;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The stage plan a reviewer reads in the generated class's Javadoc: each stage, its annotation,
 * and the element with its static shapes wherever the element changes.
 */
final class StagePlan {
  private StagePlan() {}

  /** The stage plan of {@code decided}'s pipeline, with the parses it made vectorized. */
  static String of(Plan decided) {
    PipelineModel pipeline = decided.pipeline();
    int nameWidth =
        pipeline.stages().stream().mapToInt(s -> s.name().length()).max().orElse(0);
    StringBuilder plan = new StringBuilder();
    Stage previous = null;
    for (Stage stage : pipeline.stages()) {
      // Locale.ROOT and '\n': the plan is hashed into the checkpoint fingerprint, which must not
      // depend on the machine that compiled it.
      // A seeded map's values, and its checkpoints, differ from an unseeded one's: so does the
      // plan. So do a vectorized parse's checkpoints, which hold batches of records, and those
      // of an epoch 1 that shuffles its records as read.
      plan.append(String.format(Locale.ROOT, "%2d %-" + nameWidth + "s  %s%s%s%s\n",
          stage.position(), stage.name(), AnnotationText.of(stage),
          stage.isSeeded() ? ", seeded per element" : "",
          decided.parsesVectorized(stage) ? ", vectorized: " + VectorizedParse.batch(stage)
              + " " + VectorizedParse.unit(stage) + " a parse" : "",
          decided.firstEpochShuffle().filter(f -> f.shuffle() == stage)
              .map(f -> ", epoch 1: the records after stage " + f.read().position()).orElse("")));
      if (previous == null || GeneratedNames.changesElement(previous, stage)) {
        plan.append(" ".repeat(nameWidth + 5)).append("-> ").append(element(stage)).append('\n');
      }
      previous = stage;
    }
    return plan.toString();
  }

  /** {@code Photo: image float32[?,224,224,3], label int64[?]}. */
  static String element(Stage stage) {
    return stage.output()
        + ": "
        + stage.output().components().stream()
            .map(c -> componentText(stage, c))
            .collect(Collectors.joining(", "));
  }

  private static String componentText(Stage stage, Component component) {
    return component.name() + " " + component.dtype().tfName() + stage.shapeOf(component);
  }
}

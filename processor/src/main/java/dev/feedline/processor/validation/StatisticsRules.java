package dev.feedline.processor.validation;

import dev.feedline.processor.base.Annotations;
import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.Input;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.Statistic;
import dev.feedline.processor.model.kinds.StageDefinition;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;

/**
 * What a {@code @Statistics} is fitted over: statistics fitted for training come from the
 * training side of a split, never from the held-out rows they are to be judged on, and a
 * statistic that pools every value is not fitted over padding, which it cannot tell from data.
 */
final class StatisticsRules {
  private static final String STATISTICS = "dev.feedline.Statistics";

  private StatisticsRules() {}

  static void check(PipelineModel pipeline, Report report) {
    for (Input input : pipeline.inputs()) {
      if (input.kind() != Input.Kind.STATISTIC) {
        continue;
      }
      PipelineModel over = input.statistic().over();
      AnnotationMirror annotation = Annotations.find(input.method(), STATISTICS).orElseThrow();
      Optional<Stage> split = over.evaluationSplit();
      if (split.isPresent()) {
        report.at(input.method(), annotation,
                Annotations.explicitValue(annotation, "over").orElse(null))
            .report(Message.STATISTIC_OVER_EVALUATION, "@Statistics '" + input.name() + "'",
                over.simpleName(), split.get().name());
      }
      Statistic statistic = input.statistic();
      if (statistic.type() == Statistic.Type.QUANTILES) {
        padding(over, statistic.component().name()).ifPresent(stage -> report.at(input.method(),
                annotation, Annotations.explicitValue(annotation, "component").orElse(null))
            .report(Message.STATISTIC_OVER_PADDING, "@Statistics '" + input.name() + "'",
                statistic.component().name(), over.simpleName(), "@" + stage.kind().annotation(),
                stage.name()));
      }
    }
  }

  /**
   * The first stage of {@code over} that pads component {@code name}: a padded batch or a
   * bucketing whose input holds it with a length not known statically. (A vocabulary pools every
   * value too, but leaves out the empty string a padded batch pads tokens with.)
   */
  private static Optional<Stage> padding(PipelineModel over, String name) {
    for (Stage stage : over.stages()) {
      if (stage.definition() instanceof StageDefinition.Padding) {
        Optional<Component> padded = stage.input().component(name)
            .filter(component -> !stage.takes().innerShapeOf(component).isFullyKnown());
        if (padded.isPresent()) {
          return Optional.of(stage);
        }
      }
    }
    return Optional.empty();
  }
}

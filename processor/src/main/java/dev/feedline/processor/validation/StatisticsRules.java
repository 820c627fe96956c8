package dev.feedline.processor.validation;

import dev.feedline.processor.base.Annotations;
import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.model.Input;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;

/**
 * What a {@code @Statistics} is fitted over: statistics fitted for training come from the
 * training side of a split, never from the held-out rows they are to be judged on.
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
      Optional<Stage> split = over.evaluationSplit();
      if (split.isPresent()) {
        AnnotationMirror annotation = Annotations.find(input.method(), STATISTICS).orElseThrow();
        report.at(input.method(), annotation,
                Annotations.explicitValue(annotation, "over").orElse(null))
            .report(Message.STATISTIC_OVER_EVALUATION, "@Statistics '" + input.name() + "'",
                over.simpleName(), split.get().name());
      }
    }
  }
}

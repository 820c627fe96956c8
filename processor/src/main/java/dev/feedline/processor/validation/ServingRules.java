package dev.feedline.processor.validation;

import dev.feedline.processor.model.kinds.MapStage;
import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.ServingCut;
import dev.feedline.processor.model.Stage;

/**
 * The checks of a {@code @Serving} pipeline's serving path ({@link ServingCut}): what the
 * serving function cannot hold, what it leaves out, and what training does to the values after
 * it ends, which a service would not do (docs/serving.md).
 */
final class ServingRules {
  private ServingRules() {}

  static void check(PipelineModel pipeline, Report report) {
    if (!ServingCut.declared(pipeline)) {
      return;
    }
    ServingCut serving = ServingCut.of(pipeline);
    if (serving.unsupported().isPresent()) {
      report.at(pipeline.type(), pipeline.annotation(), null).report(Message.SERVING_UNSUPPORTED,
          pipeline.simpleName(), serving.unsupported().get());
      return;
    }
    for (ServingCut.LeftOut left : serving.leftOut()) {
      Stage stage = left.stage();
      switch (left.reason()) {
        case RANDOM -> {
          if (serving.cut().isEmpty() || stage.position() < serving.cut().get().position()) {
            report.at(stage).report(Message.SERVING_LEFT_OUT,
                pipeline.simpleName(), stage.kind().annotation(), stage.name(),
                left.reason().text());
          }
        }
        case FILTER -> report.at(stage).report(Message.SERVING_FILTER, stage.name(),
            pipeline.simpleName());
        case AFTER_CUT -> {
          if (!ServingCut.changesValues(stage)) {
            break;
          }
          Stage cut = serving.cut().orElseThrow();
          if (stage.takes().batched() && stage.kind() == MapStage.KIND) {
            report.at(stage).report(Message.SERVING_BATCH_DEPENDENT,
                stage.kind().annotation(), stage.name(), batchBefore(pipeline, stage).kind()
                    .annotation(), batchBefore(pipeline, stage).name(), pipeline.simpleName());
          } else {
            report.at(stage).report(Message.SERVING_CHANGE_AFTER_CUT,
                stage.kind().annotation(), stage.name(), cut.kind().annotation(), cut.name(),
                pipeline.simpleName());
          }
        }
        default -> { }
      }
    }
  }

  /** The stage that batched the elements {@code stage} takes, as the static model says. */
  private static Stage batchBefore(PipelineModel pipeline, Stage stage) {
    return Stages.batchOf(pipeline, stage).orElse(stage);
  }
}

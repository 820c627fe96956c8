package dev.feedline.processor.validation;

import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.model.kinds.PrefetchStage;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import java.util.Optional;

/** Rules 1 and 2: a prefetch ends the pipeline, sized by the autotuner, after the batch. */
final class PrefetchRules {
  private PrefetchRules() {}

  /**
   * @param readByAnother whether another pipeline reads this one, whose own last prefetch then
   *     overlaps both with the training step: then a missing one here is fine
   */
  static void check(PipelineModel pipeline, boolean readByAnother, Report report) {
    Stage last = pipeline.lastOnHost(); // device stages come after the iterator
    if (!(last.definition() instanceof PrefetchStage prefetch)) {
      if (!readByAnother) {
        report.at(last).report(Message.PREFETCH_MISSING,
          pipeline.simpleName(), last.kind().annotation(), last.name(), last.output());
      }
    } else if (!prefetch.value().isAuto()) {
      report.at(last, PrefetchStage.VALUE).report(Message.PREFETCH_FIXED,
          last.name(), prefetch.value().value());
    }
    for (Stage early : pipeline.stagesOf(PrefetchStage.KIND)) {
      Optional<Stage> batch = Stages.firstAfter(pipeline, early, Stages::isBatching);
      boolean prefetchedAfter = batch.isPresent()
          && Stages.firstAfter(pipeline, batch.get(), Stages.is(PrefetchStage.KIND)).isPresent();
      if (batch.isPresent() && !prefetchedAfter) {
        report.at(early).report(Message.PREFETCH_BEFORE_BATCH,
            early.name(), batch.get().kind().annotation(), batch.get().name());
      }
    }
  }
}

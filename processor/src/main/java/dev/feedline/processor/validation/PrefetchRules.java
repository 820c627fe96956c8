package dev.feedline.processor.validation;

import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import java.util.Optional;

/** Rules 1 and 2: a prefetch ends the pipeline, sized by the autotuner, after the batch. */
final class PrefetchRules {
  private PrefetchRules() {}

  static void check(PipelineModel pipeline, Report report) {
    Stage last = pipeline.lastOnHost(); // device stages come after the iterator
    if (last.kind() != StageKind.PREFETCH) {
      report.add(Message.PREFETCH_MISSING, last.method(), last.annotation(), null,
          pipeline.simpleName(), last.kind().annotation(), last.name(), last.output(), last.output());
    } else if (last.longValue("value") > 0) {
      long buffer = last.longValue("value");
      report.add(Message.PREFETCH_FIXED, last.method(), last.annotation(),
          last.writtenValue("value").orElse(null), last.name(), buffer, buffer);
    }
    for (Stage prefetch : pipeline.stages()) {
      if (prefetch.kind() != StageKind.PREFETCH) {
        continue;
      }
      Optional<Stage> batch = Stages.firstAfter(pipeline, prefetch, Stages::isBatching);
      boolean prefetchedAfter = batch.isPresent()
          && Stages.firstAfter(pipeline, batch.get(), Stages.is(StageKind.PREFETCH)).isPresent();
      if (batch.isPresent() && !prefetchedAfter) {
        report.add(Message.PREFETCH_BEFORE_BATCH, prefetch.method(), prefetch.annotation(), null,
            prefetch.name(), batch.get().kind().annotation(), batch.get().name(), batch.get().name());
      }
    }
  }
}

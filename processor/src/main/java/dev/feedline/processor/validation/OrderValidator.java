package dev.feedline.processor.validation;

import dev.feedline.processor.base.Report;
import dev.feedline.processor.base.Rule;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import java.util.List;

/** Checks where stages stand relative to each other. */
final class OrderValidator {
  private OrderValidator() {}

  static void validate(PipelineModel pipeline, Report report) {
    cacheBeforeExpensiveWork(pipeline.stages(), report);
    terminalPrefetch(pipeline, report);
  }

  /** A cache belongs after the expensive work, or that work is redone every epoch. */
  private static void cacheBeforeExpensiveWork(List<Stage> stages, Report report) {
    for (int c = 0; c < stages.size(); c++) {
      Stage cache = stages.get(c);
      if (cache.kind() != StageKind.CACHE) {
        continue;
      }
      for (Stage later : stages.subList(c + 1, stages.size())) {
        if (CostModel.isExpensive(later)) {
          report.add(Rule.CACHE_BEFORE_EXPENSIVE_MAP, cache.method(), cache.annotation(), null,
              cache.name(), later.kind().annotation(), later.name(), later.name(), later.name());
          break; // one finding per cache, naming the first expensive stage after it
        }
      }
    }
  }

  private static void terminalPrefetch(PipelineModel pipeline, Report report) {
    if (pipeline.stages().isEmpty()) {
      return;
    }
    Stage last = pipeline.last();
    if (last.kind() != StageKind.PREFETCH) {
      report.add(Rule.TERMINAL_PREFETCH_AUTOTUNE, last.method(), last.annotation(), null,
          pipeline.simpleName(), last.kind().annotation(), last.name(), last.output(),
          last.output());
    }
  }
}

package dev.feedline.processor.validation;

import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import dev.feedline.processor.model.kinds.SplitStage;
import java.util.HashMap;
import java.util.Map;

/**
 * The splits of one compilation's pipelines: two {@code @Split} stages of one name over one
 * record are the two sides of one split (a training pipeline and its evaluation pipeline), and
 * are disjoint only if they hash alike. The first pipeline read with a split is the reference a
 * later one is compared with.
 */
public final class SplitAgreement {
  private record First(String pipeline, SplitStage split) {}

  /** The first split of each name and record, by {@code name|record}. */
  private final Map<String, First> first = new HashMap<>();

  /** Reports each split of {@code pipeline} that hashes otherwise than its namesake before. */
  public void check(PipelineModel pipeline, Report report) {
    for (Stage stage : pipeline.stagesOf(SplitStage.KIND)) {
      SplitStage split = stage.as(SplitStage.class).orElseThrow();
      String id = stage.name() + "|" + stage.input().type();
      First seen = first.putIfAbsent(id, new First(pipeline.simpleName(), split));
      if (seen != null && !seen.pipeline().equals(pipeline.simpleName())
          && !agree(seen.split(), split)) {
        report.at(stage).report(Message.SPLIT_MISMATCH, stage.name(), pipeline.simpleName(),
            split.agreement(), seen.pipeline(), stage.input(), seen.split().agreement());
      }
    }
  }

  private static boolean agree(SplitStage a, SplitStage b) {
    return a.evalPercent() == b.evalPercent() && a.seed() == b.seed() && a.key().equals(b.key());
  }
}

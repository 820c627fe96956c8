package dev.feedline.processor.validation;

import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.base.Severity;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.kinds.CacheStage;
import dev.feedline.processor.model.kinds.SnapshotStage;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Rule 35: the stage order as a whole, against the reference orders. It runs last and stays
 * silent about stages another rule already reported, so it only adds what no specific rule says.
 *
 * <p>Without a cache: source, shard, interleave, shuffle, decode and maps, batch, vectorized
 * maps, prefetch. With a cache: source, shard, interleave, decode and expensive maps, cache,
 * shuffle, random maps, batch, vectorized maps, prefetch; cheap maps may stand on either side of
 * the cache. This corrects the source articles'
 * order, which puts the shuffle before the cache and so replays one order every epoch.
 *
 * <p>The reference orders batch once. A stage that takes batches and hands out single elements
 * (an unbatch, a flat map over batches), as the element model says, starts the order again: the
 * stages after it are ranked among themselves, not against the batch before it.
 */
final class OrderRules {
  private OrderRules() {}

  static void check(PipelineModel pipeline, Report report) {
    boolean cached = pipeline.has(CacheStage.KIND) || pipeline.has(SnapshotStage.KIND);
    List<List<Stage>> runs = runs(pipeline, cached);
    for (List<Stage> ranked : runs) {
      for (int i = 0; i + 1 < ranked.size(); i++) {
        Stage earlier = ranked.get(i);
        for (Stage later : ranked.subList(i + 1, ranked.size())) {
          if (rank(earlier, cached) > rank(later, cached)) {
            if (!reportedOn(report, earlier) && !reportedOn(report, later)) {
              report.at(pipeline.type(), pipeline.annotation(), null).report(
                  Message.UNHEALTHY_ORDER, pipeline.simpleName(), earlier.name(),
                  earlier.kind().annotation(), later.name(), later.kind().annotation(),
                  suggested(runs, cached));
            }
            return; // one summary per pipeline
          }
        }
      }
    }
  }

  /**
   * The ranked stages, in runs that each batch at most once: a new run starts at every stage that
   * takes a batch and hands out single elements.
   */
  private static List<List<Stage>> runs(PipelineModel pipeline, boolean cached) {
    List<List<Stage>> runs = new ArrayList<>();
    List<Stage> run = new ArrayList<>();
    for (Stage stage : pipeline.stages()) {
      if (stage.takes().batched() && !stage.makes().batched() && !run.isEmpty()) {
        runs.add(run);
        run = new ArrayList<>();
      }
      if (rank(stage, cached) >= 0 && !pipeline.betweenFileSourceAndReader(stage)) {
        run.add(stage);
      }
    }
    runs.add(run);
    return runs;
  }

  /** Whether a warning or error already points at the stage; notes do not explain an order. */
  private static boolean reportedOn(Report report, Stage stage) {
    return report.findings().stream().anyMatch(f -> f.element().equals(stage.method())
        && f.message().severity() != Severity.NOTE);
  }

  private static String suggested(List<List<Stage>> runs, boolean cached) {
    return runs.stream()
        .flatMap(run -> run.stream().sorted(Comparator.comparingInt(s -> rank(s, cached))))
        .map(Stage::name)
        .collect(Collectors.joining(" → "));
  }

  /**
   * The stage's place in the reference order, as its kind says; -1 for stages it does not place.
   */
  static int rank(Stage stage, boolean cached) {
    return stage.definition().rank(stage, cached);
  }
}

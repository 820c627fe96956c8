package dev.feedline.processor.validation;

import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.base.Saturating;
import dev.feedline.processor.model.kinds.*;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.RandomAccess;
import dev.feedline.processor.model.ShuffledRecords;
import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.Stage;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Rules 31 and 32: what buffers hold, relative to the maps before them and to the budget. */
final class MemoryRules {
  /**
   * A map that grows elements this much or more is worth buffering before (TF performance guide).
   */
  private static final double EXPANSION = 4;

  private MemoryRules() {}

  static void check(PipelineModel pipeline, SizeModel sizes, Report report) {
    for (Stage map : pipeline.stagesOf(MapStage.KIND)) {
      bufferAfterExpansion(pipeline, map, sizes, report);
    }
    inFlight(pipeline, sizes, report);
  }

  private static void bufferAfterExpansion(
      PipelineModel pipeline, Stage map, SizeModel sizes, Report report) {
    Optional<Long> in = sizes.bytesPerElement(pipeline.previous(map));
    Optional<Long> out = sizes.bytesPerElement(map);
    if (in.isEmpty() || out.isEmpty() || in.get() == 0 || map.isRandom()) {
      return;
    }
    double ratio = (double) out.get() / in.get();
    if (ratio < EXPANSION) {
      return;
    }
    for (Stage next : pipeline.after(map)) {
      if (isBuffer(next)) {
        report.at(next).report(Message.BUFFER_AFTER_EXPANDING_MAP,
            map.name(), String.format(Locale.ROOT, "%.1f", ratio), SizeModel.bytes(in.get()),
            SizeModel.bytes(out.get()), next.kind().annotation(), next.name());
        return;
      }
      if (next.kind() != MapStage.KIND && next.kind() != FilterStage.KIND) {
        return; // past a batch or reorder, moving the buffer changes the pipeline
      }
    }
  }

  private static boolean isBuffer(Stage stage) {
    // The stages that hold elements in memory; no other kind holds more than it works on.
    StageDefinition definition = stage.definition();
    return definition instanceof ShuffleStage
        || definition instanceof CacheStage cache && cache.file().isEmpty()
        || definition instanceof PrefetchStage prefetch && !prefetch.value().isAuto();
  }

  /** A contribution to the memory held in buffers at steady state. */
  private record Term(Stage stage, long bytes) {}

  /**
   * Shuffle buffers, fixed prefetch buffers and fixed map parallelism hold elements at steady
   * state; AUTO sizes are left out, because the autotuner keeps them within its own budget.
   */
  private static void inFlight(PipelineModel pipeline, SizeModel sizes, Report report) {
    if (sizes.budget().isEmpty()) {
      return;
    }
    List<Term> terms = new ArrayList<>();
    for (Stage stage : pipeline.stages()) {
      // A shuffle of the records as read holds records (ShuffledRecords).
      Optional<Long> bytes = sizes.bytesPerElement(
          ShuffledRecords.everyEpoch(pipeline, stage).orElse(stage));
      long held = held(pipeline, stage);
      SizeModel.Count count = sizes.count(stage);
      if (count.isFinite() && stage.kind() == ShuffleStage.KIND) {
        held = Math.min(held, count.value());
      }
      if (bytes.isPresent() && held > 0) {
        terms.add(new Term(stage, Saturating.multiply(held, bytes.get())));
      }
    }
    long total = terms.stream().mapToLong(Term::bytes).reduce(0, Saturating::add);
    long budget = sizes.budget().get();
    boolean shufflesOnly = terms.stream().allMatch(t -> t.stage().kind() == ShuffleStage.KIND);
    if (terms.isEmpty() || shufflesOnly || total <= budget / 2.0) {
      return; // a shuffle alone is shuffle-buffer-memory's to judge
    }
    Term largest = terms.stream().max(Comparator.comparingLong(Term::bytes)).orElseThrow();
    String parts = String.join(", ", terms.stream()
        .map(t -> t.stage().kind().annotation().toLowerCase(Locale.ROOT) + " '" + t.stage().name()
            + "' " + SizeModel.bytes(t.bytes()))
        .toList());
    Stage anchor = largest.stage();
    if (total > budget) {
      report.at(anchor).report(Message.IN_FLIGHT_OVER_BUDGET,
          pipeline.simpleName(), SizeModel.bytes(total), parts, SizeModel.bytes(budget));
    } else {
      report.at(anchor).report(Message.IN_FLIGHT_NEAR_BUDGET,
          pipeline.simpleName(), SizeModel.bytes(total), parts, Math.round(100.0 * total / budget),
          SizeModel.bytes(budget));
    }
  }

  /** The elements a stage holds at steady state: its shuffle buffer, fixed prefetch or calls. */
  private static long held(PipelineModel pipeline, Stage stage) {
    StageDefinition definition = stage.definition();
    if (definition instanceof ShuffleStage shuffle) {
      return pipeline.betweenFileSourceAndReader(stage)
          || RandomAccess.shufflesGlobally(pipeline, stage) ? 0 : shuffle.buffer();
    }
    if (definition instanceof PrefetchStage prefetch) {
      return prefetch.value().fixed().orElse(0);
    }
    // The elements in flight in the calls of a parallel map, decode or CSV decode.
    if (definition instanceof StageDefinition.Parallel parallel && (definition instanceof MapStage
        || definition instanceof DecodeStage || definition instanceof DecodeCsvStage)) {
      return parallel.parallel().fixed().orElse(0);
    }
    return 0;
  }
}

package dev.feedline.processor.model;

import dev.feedline.processor.model.kinds.DecodeCsvStage;
import dev.feedline.processor.model.kinds.DecodeStage;
import dev.feedline.processor.model.kinds.InMemorySourceStage;
import dev.feedline.processor.model.kinds.InterleaveStage;
import dev.feedline.processor.model.kinds.MapStage;
import dev.feedline.processor.model.kinds.PrefetchStage;
import dev.feedline.processor.model.kinds.ShuffleStage;
import java.util.List;
import java.util.Optional;

/**
 * The maps of a pipeline that look tokens up in a strict {@code @Vocabulary}, and whether
 * {@code build()} can run every element through them and tell the record each came from
 * (the runtime's {@code StrictTokens}): it can when the stages from the source to the last such
 * map keep one element a record, in the records' order. A shuffle keeps both and is left out of
 * the check; a filter, a batch, a take, a random map or a map that may reorder does not.
 *
 * @param maps the maps that look up a strict vocabulary, in order; empty when none does
 * @param blocker the first stage before the last of them that keeps the check from telling an
 *     element's record; empty when none does
 */
public record StrictLookups(List<Stage> maps, Optional<Stage> blocker) {
  public static StrictLookups of(PipelineModel pipeline) {
    List<Stage> maps = pipeline.hostStages().stream()
        .filter(s -> s.kind() == MapStage.KIND && s.inputs().stream().anyMatch(Input::strict))
        .toList();
    if (maps.isEmpty()) {
      return new StrictLookups(maps, Optional.empty());
    }
    Stage last = maps.get(maps.size() - 1);
    Optional<Stage> blocker = pipeline.stages().subList(0, last.position()).stream()
        .filter(stage -> !keepsRecords(pipeline, stage))
        .findFirst();
    return new StrictLookups(maps, blocker);
  }

  /** Whether {@code stage} makes one element of each record, in order (or, a shuffle, all). */
  private static boolean keepsRecords(PipelineModel pipeline, Stage stage) {
    if (stage.position() == 1) {
      return stage.readsFiles() || stage.kind() == InMemorySourceStage.KIND;
    }
    if (stage.kind() == ShuffleStage.KIND || stage.kind() == PrefetchStage.KIND) {
      return true;
    }
    if (stage.kind() == InterleaveStage.KIND) {
      // The reader of the files: over one run of records at a time, in their order.
      return pipeline.stages().get(0).readsFiles()
          && pipeline.before(stage).stream().noneMatch(s -> s.kind() == InterleaveStage.KIND);
    }
    if (stage.kind() == DecodeCsvStage.KIND || stage.kind() == DecodeStage.KIND) {
      return true;
    }
    return stage.kind() == MapStage.KIND && !stage.isOnDevice() && !stage.isSeeded()
        && !stage.isRandom() && stage.as(MapStage.class).orElseThrow().deterministic();
  }

  /** Whether some map looks up a strict vocabulary. */
  public boolean any() {
    return !maps.isEmpty();
  }

  /** Whether {@code build()} runs every element through the maps, telling each one's record. */
  public boolean traced() {
    return any() && blocker.isEmpty();
  }

  /** The last map that looks up a strict vocabulary. */
  public Stage last() {
    return maps.get(maps.size() - 1);
  }

  /** The stages the check at {@code build()} builds: the source to the last map, no shuffle. */
  public List<Stage> checked(PipelineModel pipeline) {
    return pipeline.stages().subList(0, last().position()).stream()
        .filter(s -> s.kind() != ShuffleStage.KIND && s.kind() != PrefetchStage.KIND)
        .toList();
  }
}

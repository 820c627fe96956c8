package dev.feedline.processor.model;

import dev.feedline.processor.model.kinds.CacheStage;
import dev.feedline.processor.model.kinds.DecodeJpegStage;
import dev.feedline.processor.model.kinds.DecodeStage;
import dev.feedline.processor.model.kinds.InterleaveStage;
import dev.feedline.processor.model.kinds.MapStage;
import dev.feedline.processor.model.kinds.ShuffleStage;
import dev.feedline.processor.model.kinds.SnapshotStage;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which shuffles take the records as the files' reader hands them out instead of the elements the
 * stages after it make. Where each of those stages maps one record to one element, in order,
 * without randomness and unbatched, the order is the same either way: a shuffle draws the places
 * it takes elements from with its seeds and its buffer's count alone. Its buffer then holds
 * records, far smaller than decoded elements: the benchmarks' streaming photo pipeline held 0.64
 * of the memory (docs/performance.md#records-shuffled-as-read-every-epoch). In a pipeline without
 * a cache every epoch does so; before a memory cache only the first, which fills it (the
 * generator's {@code Plan}). The checker and the run-time memory guard size such a buffer by its
 * records.
 */
public final class ShuffledRecords {
  private ShuffledRecords() {}

  /** The stages between the records and the shuffle that may each map one record to one element. */
  private static final Set<StageKind> ONE_FOR_ONE = Set.of(DecodeStage.KIND,
      DecodeJpegStage.KIND, MapStage.KIND);

  /** Whether there are {@code stages}, and each maps one record to one element, in order. */
  public static boolean oneForOne(List<Stage> stages) {
    return !stages.isEmpty() && stages.stream().allMatch(s ->
        ONE_FOR_ONE.contains(s.kind()) && !s.isRandom() && !s.isSeeded() && s.outer().isEmpty());
  }

  /** The one stage that reads the files' records; empty where none, or more than one. */
  public static Optional<Stage> reader(PipelineModel pipeline) {
    List<Stage> reads = pipeline.stagesOf(InterleaveStage.KIND);
    return reads.size() == 1 && pipeline.stages().get(0).readsFiles()
        ? Optional.of(reads.get(0)) : Optional.empty();
  }

  /**
   * The reader whose records {@code shuffle} takes in every epoch, in a pipeline without a cache
   * or snapshot; empty where it takes the elements before it.
   */
  public static Optional<Stage> everyEpoch(PipelineModel pipeline, Stage shuffle) {
    if (!(shuffle.definition() instanceof ShuffleStage)
        || pipeline.stages().stream().anyMatch(s -> s.definition() instanceof CacheStage
            || s.definition() instanceof SnapshotStage)) {
      return Optional.empty();
    }
    return reader(pipeline).filter(read -> read.position() < shuffle.position()
        && oneForOne(pipeline.stages().subList(read.position(), shuffle.position() - 1))
        && !RandomAccess.shufflesGlobally(pipeline, shuffle));
  }
}

package dev.feedline.processor.model.kinds;

import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Saturating;
import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.Parallelism;
import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.SizeModel.Count;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import dev.feedline.processor.model.Tunable;
import dev.feedline.processor.model.kinds.StageDefinition.Parallel;
import java.util.List;
import java.util.Set;

/**
 * The @Interleave stage kind: its parameters, read from the annotation, and its answer to every
 * question {@link StageDefinition} asks.
 */
public record InterleaveStage(Tunable cycleLength, long blockLength, Parallelism parallel,
    boolean deterministic) implements Parallel {

  @Override
  public Member parallelMember() {
    return Member.INTERLEAVE_PARALLEL;
  }

  @Override
  public Member deterministicMember() {
    return Member.INTERLEAVE_DETERMINISTIC;
  }

  /** Reads the annotation's values; {@link StageKind#INTERLEAVE} calls it. */
  public static InterleaveStage read(MemberValues v) {
    return new InterleaveStage(
        new Tunable(v.autoOrAtLeastOne(Member.INTERLEAVE_CYCLE_LENGTH, Message.INVALID_CYCLE_LENGTH)),
        v.atLeast(Member.INTERLEAVE_BLOCK_LENGTH, 1, Message.INVALID_BLOCK_LENGTH),
        v.parallelism(Member.INTERLEAVE_PARALLEL), v.bool(Member.INTERLEAVE_DETERMINISTIC));
  }

  @Override
  public StageKind kind() {
    return StageKind.INTERLEAVE;
  }

  @Override
  public Set<StageKind.Trait> traits() {
    return Set.of(StageKind.Trait.RUNS_FUNCTION, StageKind.Trait.PARALLEL);
  }

  @Override
  public Count elements(Count in, SizeModel.Upstream upstream) {
    // The records of the files, as hinted; a shard before it keeps one worker's share.
    long workers = upstream.workers();
    Count records = upstream.sourceRecords();
    return workers > 1 ? records.map(n -> Saturating.ceilDiv(n, workers)).atMost() : records;
  }

  @Override
  public List<Long> outer(List<Long> in) {
    return in;
  }

  @Override
  public int rank(Stage stage, boolean cached) {
    return 2;
  }

  @Override
  public boolean passesEverySourceElement() {
    return true;
  }

  @Override
  public boolean keepsEpochLength() {
    return false;
  }

  @Override
  public <R> R accept(StageCoder<R> coder) {
    return coder.interleave(this);
  }
}

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

  /** Its catalogue entry: its annotation, the form of method it goes on, how it is read. */
  public static final StageKind KIND =
      new StageKind(dev.feedline.Interleave.class, StageKind.Form.BUILT_IN, InterleaveStage::read);

  public static final Member CYCLE_LENGTH =
      KIND.member("cycleLength", Member.Display.AUTO_OR_COUNT);
  public static final Member BLOCK_LENGTH = KIND.member("blockLength");
  public static final Member PARALLEL = KIND.member("parallel", Member.Display.PARALLELISM);
  public static final Member DETERMINISTIC = KIND.member("deterministic");

  @Override
  public Member parallelMember() {
    return PARALLEL;
  }

  @Override
  public Member deterministicMember() {
    return DETERMINISTIC;
  }

  /** Reads the annotation's values; {@link #KIND} calls it. */
  public static InterleaveStage read(MemberValues v) {
    return new InterleaveStage(
        new Tunable(v.autoOrAtLeastOne(CYCLE_LENGTH, Message.INVALID_CYCLE_LENGTH)),
        v.atLeast(BLOCK_LENGTH, 1, Message.INVALID_BLOCK_LENGTH),
        v.parallelism(PARALLEL), v.bool(DETERMINISTIC));
  }

  @Override
  public StageKind kind() {
    return KIND;
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

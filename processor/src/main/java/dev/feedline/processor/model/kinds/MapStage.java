package dev.feedline.processor.model.kinds;

import dev.feedline.Cost;
import dev.feedline.processor.model.CostModel;
import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.Parallelism;
import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.SizeModel.Count;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import dev.feedline.processor.model.kinds.StageDefinition.Parallel;
import java.util.List;
import java.util.Set;

/**
 * The @Map stage kind: its parameters, read from the annotation, and its answer to every
 * question {@link StageDefinition} asks.
 */
public record MapStage(Parallelism parallel, boolean deterministic, Cost cost, boolean random,
    boolean vectorized, boolean onDevice) implements Parallel {

  /** Its catalogue entry: its annotation, the form of method it goes on, how it is read. */
  public static final StageKind KIND =
      new StageKind(dev.feedline.Map.class, StageKind.Form.BODY, MapStage::read);

  public static final Member PARALLEL = KIND.member("parallel", Member.Display.PARALLELISM);
  public static final Member DETERMINISTIC = KIND.member("deterministic");
  public static final Member COST = KIND.member("cost");
  public static final Member RANDOM = KIND.member("random");
  public static final Member VECTORIZED = KIND.member("vectorized");
  public static final Member ON_DEVICE = KIND.member("onDevice");

  @Override
  public Member parallelMember() {
    return PARALLEL;
  }

  @Override
  public Member deterministicMember() {
    return DETERMINISTIC;
  }

  /** Reads the annotation's values; {@link #KIND} calls it. */
  public static MapStage read(MemberValues v) {
    return new MapStage(v.parallelism(PARALLEL), v.bool(DETERMINISTIC),
        v.constant(COST, Cost.class), v.bool(RANDOM),
        v.bool(VECTORIZED), v.bool(ON_DEVICE));
  }

  @Override
  public StageKind kind() {
    return KIND;
  }

  @Override
  public Set<StageKind.Trait> traits() {
    return Set.of(StageKind.Trait.RUNS_FUNCTION, StageKind.Trait.PARALLEL,
        StageKind.Trait.TRANSFORMS);
  }

  @Override
  public Count elements(Count in, SizeModel.Upstream upstream) {
    return in;
  }

  @Override
  public List<Long> outer(List<Long> in) {
    return in;
  }

  @Override
  public int rank(Stage stage, boolean cached) {
    if (onDevice) {
      return 10; // after the iterator: DeviceRules places it
    }
    // With a cache, a cheap deterministic map is fine on either side of it.
    return vectorized ? 8
        : random && cached ? 6
        : cached && !CostModel.isExpensive(stage) ? -1
        : 4;
  }

  @Override
  public boolean passesEverySourceElement() {
    return true;
  }

  @Override
  public boolean keepsEpochLength() {
    return true;
  }

  @Override
  public <R> R accept(StageCoder<R> coder) {
    return coder.map(this);
  }
}

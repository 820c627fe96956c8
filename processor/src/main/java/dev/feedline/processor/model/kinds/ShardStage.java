package dev.feedline.processor.model.kinds;

import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Saturating;
import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.SizeModel.Count;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The @Shard stage kind: its parameters, read from the annotation, and its answer to every
 * question {@link StageDefinition} asks.
 *
 * <p>The worker hint is empty when not declared (0).
 */
public record ShardStage(OptionalLong workers) implements StageDefinition {

  /** Its catalogue entry: its annotation, the form of method it goes on, how it is read. */
  public static final StageKind KIND =
      new StageKind(dev.feedline.Shard.class, StageKind.Form.BUILT_IN, ShardStage::read);

  public static final Member WORKERS = KIND.member("workers");

  /** The workers the hints count, 1 when not declared: a shard keeps one worker's share. */
  public long workerCount() {
    return Math.max(1, workers.orElse(1));
  }

  /** Reads the annotation's values; {@link #KIND} calls it. */
  public static ShardStage read(MemberValues v) {
    return new ShardStage(MemberValues.positive(
        v.atLeast(WORKERS, 0, Message.INVALID_WORKERS)));
  }

  @Override
  public StageKind kind() {
    return KIND;
  }

  @Override
  public Set<StageKind.Trait> traits() {
    return Set.of(StageKind.Trait.KEEPS_TYPE, StageKind.Trait.ON_FILE_NAMES,
        StageKind.Trait.SELECTS);
  }

  @Override
  public Count elements(Count in, SizeModel.Upstream upstream) {
    long w = workerCount();
    return in.map(n -> Saturating.ceilDiv(n, w)).atMost();
  }

  @Override
  public List<Long> outer(List<Long> in) {
    return in;
  }

  @Override
  public int rank(Stage stage, boolean cached) {
    return 1;
  }

  @Override
  public boolean passesEverySourceElement() {
    return false;
  }

  @Override
  public boolean keepsEpochLength() {
    return false;
  }

  @Override
  public <R> R accept(StageCoder<R> coder) {
    return coder.shard(this);
  }
}

package dev.feedline.processor.model.kinds;

import dev.feedline.processor.base.Message;
import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.SizeModel.Count;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import dev.feedline.processor.model.StaticShape;
import dev.feedline.processor.model.kinds.StageDefinition.Batching;
import java.util.List;
import java.util.Set;

/**
 * The @Batch stage kind: its parameters, read from the annotation, and its answer to every
 * question {@link StageDefinition} asks.
 */
public record BatchStage(long size, boolean dropRemainder) implements Batching {

  /** Its catalogue entry: its annotation, the form of method it goes on, how it is read. */
  public static final StageKind KIND =
      new StageKind(dev.feedline.Batch.class, StageKind.Form.BUILT_IN, BatchStage::read);

  public static final Member SIZE = KIND.member("size");
  public static final Member DROP_REMAINDER = KIND.member("dropRemainder");

  /** Reads the annotation's values; {@link #KIND} calls it. */
  public static BatchStage read(MemberValues v) {
    return new BatchStage(v.atLeast(SIZE, 1, Message.INVALID_BATCH_SIZE),
        v.bool(DROP_REMAINDER));
  }

  @Override
  public StageKind kind() {
    return KIND;
  }

  @Override
  public Set<StageKind.Trait> traits() {
    return Set.of(StageKind.Trait.KEEPS_TYPE, StageKind.Trait.BATCHES);
  }

  @Override
  public Count elements(Count in, SizeModel.Upstream upstream) {
    return Batching.batches(in, size, dropRemainder);
  }

  @Override
  public List<Long> outer(List<Long> in) {
    return Batching.batched(in, dropRemainder ? size : StaticShape.UNKNOWN);
  }

  @Override
  public int rank(Stage stage, boolean cached) {
    return 7;
  }

  @Override
  public boolean passesEverySourceElement() {
    return false;
  }

  @Override
  public boolean keepsEpochLength() {
    return true;
  }

  @Override
  public <R> R accept(StageCoder<R> coder) {
    return coder.batch(this);
  }
}

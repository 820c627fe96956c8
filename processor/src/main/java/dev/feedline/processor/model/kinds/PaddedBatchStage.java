package dev.feedline.processor.model.kinds;

import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Saturating;
import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.SizeModel.Count;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import dev.feedline.processor.model.StaticShape;
import dev.feedline.processor.model.kinds.StageDefinition.Batching;
import dev.feedline.processor.model.kinds.StageDefinition.Pad;
import dev.feedline.processor.model.kinds.StageDefinition.Padding;
import java.util.List;
import java.util.Set;

/**
 * The @PaddedBatch stage kind: its parameters, read from the annotation, and its answer to every
 * question {@link StageDefinition} asks.
 */
public record PaddedBatchStage(long size, boolean dropRemainder, List<Pad> padding)
    implements Padding {

  public PaddedBatchStage {
    padding = List.copyOf(padding);
  }

  /** Reads the annotation's values; {@link StageKind#PADDED_BATCH} calls it. */
  public static PaddedBatchStage read(MemberValues v) {
    return new PaddedBatchStage(
        v.atLeast(Member.PADDED_BATCH_SIZE, 1, Message.INVALID_BATCH_SIZE),
        v.bool(Member.PADDED_BATCH_DROP_REMAINDER), v.pads(Member.PADDED_BATCH_PADDING));
  }

  @Override
  public StageKind kind() {
    return StageKind.PADDED_BATCH;
  }

  @Override
  public Set<StageKind.Trait> traits() {
    return Set.of(StageKind.Trait.KEEPS_TYPE, StageKind.Trait.BATCHES);
  }

  @Override
  public Count elements(Count in, SizeModel.Upstream upstream) {
    return dropRemainder ? in.map(n -> n / size) : in.map(n -> Saturating.ceilDiv(n, size));
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
    return coder.paddedBatch(this);
  }
}

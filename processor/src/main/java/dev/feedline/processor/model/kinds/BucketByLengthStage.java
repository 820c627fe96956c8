package dev.feedline.processor.model.kinds;

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
 * The @BucketByLength stage kind: its parameters, read from the annotation, and its answer to every
 * question {@link StageDefinition} asks.
 */
public record BucketByLengthStage(String component, List<Long> boundaries, List<Long> batchSizes,
    boolean padToBoundary, boolean dropRemainder, List<Pad> padding) implements Padding {

  /** Its catalogue entry: its annotation, the form of method it goes on, how it is read. */
  public static final StageKind KIND =
      new StageKind(dev.feedline.BucketByLength.class, StageKind.Form.BUILT_IN,
          BucketByLengthStage::read);

  public static final Member COMPONENT = KIND.member("component", Member.Display.TEXT);
  public static final Member BOUNDARIES = KIND.member("boundaries");
  public static final Member BATCH_SIZES = KIND.member("batchSizes");
  public static final Member PAD_TO_BOUNDARY = KIND.member("padToBoundary");
  public static final Member DROP_REMAINDER = KIND.member("dropRemainder");
  public static final Member PADDING = KIND.member("padding", Member.Display.PADS);

  public BucketByLengthStage {
    boundaries = List.copyOf(boundaries);
    batchSizes = List.copyOf(batchSizes);
    padding = List.copyOf(padding);
  }

  /** The smallest batch size, for the size checks. */
  @Override
  public long size() {
    return batchSizes.stream().mapToLong(Long::longValue).min().orElse(1);
  }

  /** Reads the annotation's values; {@link #KIND} calls it. */
  public static BucketByLengthStage read(MemberValues v) {
    return new BucketByLengthStage(v.string(COMPONENT),
        v.longs(BOUNDARIES), v.longs(BATCH_SIZES),
        v.bool(PAD_TO_BOUNDARY),
        v.bool(DROP_REMAINDER), v.pads(PADDING));
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
    return in.atMost(); // a batch holds one element or more
  }

  @Override
  public List<Long> outer(List<Long> in) {
    return Batching.batched(in, StaticShape.UNKNOWN); // batches differ by bucket
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
    return false;
  }

  @Override
  public <R> R accept(StageCoder<R> coder) {
    return coder.bucketByLength(this);
  }
}

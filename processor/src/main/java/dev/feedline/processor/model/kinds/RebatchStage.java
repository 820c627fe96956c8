package dev.feedline.processor.model.kinds;

import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Saturating;
import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.SizeModel.Count;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import dev.feedline.processor.model.StaticShape;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The @Rebatch stage kind: its parameters, read from the annotation, and its answer to every
 * question {@link StageDefinition} asks.
 */
public record RebatchStage(long size, boolean dropRemainder) implements StageDefinition {

  /** Its catalogue entry: its annotation, the form of method it goes on, how it is read. */
  public static final StageKind KIND =
      new StageKind(dev.feedline.Rebatch.class, StageKind.Form.BUILT_IN, RebatchStage::read);

  public static final Member SIZE = KIND.member("size");
  public static final Member DROP_REMAINDER = KIND.member("dropRemainder");

  /** Reads the annotation's values; {@link #KIND} calls it. */
  public static RebatchStage read(MemberValues v) {
    return new RebatchStage(v.atLeast(SIZE, 1, Message.INVALID_BATCH_SIZE),
        v.bool(DROP_REMAINDER));
  }

  @Override
  public StageKind kind() {
    return KIND;
  }

  @Override
  public Set<StageKind.Trait> traits() {
    return Set.of(StageKind.Trait.KEEPS_TYPE);
  }

  @Override
  public Count elements(Count in, SizeModel.Upstream upstream) {
    // The rows of the batches before it, regrouped: known when their size is static.
    List<Long> outer = upstream.inputOuter();
    long rows = outer.isEmpty() ? StaticShape.UNKNOWN : outer.get(0);
    return rows == StaticShape.UNKNOWN ? Count.UNKNOWN : in.map(n -> dropRemainder
        ? Saturating.multiply(n, rows) / size
        : Saturating.ceilDiv(Saturating.multiply(n, rows), size));
  }

  @Override
  public List<Long> outer(List<Long> in) {
    if (in.isEmpty()) {
      return in;
    }
    List<Long> rebatched = new ArrayList<>(in);
    rebatched.set(0, dropRemainder ? size : StaticShape.UNKNOWN);
    return rebatched;
  }

  @Override
  public int rank(Stage stage, boolean cached) {
    return -1;
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
    return coder.rebatch(this);
  }
}

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
import java.util.List;
import java.util.Set;

/**
 * The @Window stage kind: its parameters, read from the annotation, and its answer to every
 * question {@link StageDefinition} asks.
 *
 * <p>The shift is the size when declared {@code SAME_AS_SIZE}.
 */
public record WindowStage(long size, long shift, long stride, boolean dropRemainder)
    implements Batching {

  /** Its catalogue entry: its annotation, the form of method it goes on, how it is read. */
  public static final StageKind KIND =
      new StageKind(dev.feedline.Window.class, StageKind.Form.BUILT_IN, WindowStage::read);

  public static final Member SIZE = KIND.member("size");
  public static final Member SHIFT = KIND.member("shift");
  public static final Member STRIDE = KIND.member("stride");
  public static final Member DROP_REMAINDER = KIND.member("dropRemainder");

  /** Reads the annotation's values; {@link #KIND} calls it. */
  public static WindowStage read(MemberValues v) {
    long size = v.atLeast(SIZE, 1, Message.INVALID_WINDOW);
    long shift = v.atLeast(SHIFT, dev.feedline.Window.SAME_AS_SIZE,
        Message.INVALID_WINDOW);
    return new WindowStage(size, shift == dev.feedline.Window.SAME_AS_SIZE ? size : shift,
        v.atLeast(STRIDE, 1, Message.INVALID_WINDOW),
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
    // One window starts every shift elements, kept when it is full or the remainder is kept.
    long span = Saturating.add(Saturating.multiply(size - 1, stride), 1);
    return in.map(n -> dropRemainder
        ? (n < span ? 0 : (n - span) / shift + 1)
        : Saturating.ceilDiv(n, shift));
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
    return false;
  }

  @Override
  public <R> R accept(StageCoder<R> coder) {
    return coder.window(this);
  }
}

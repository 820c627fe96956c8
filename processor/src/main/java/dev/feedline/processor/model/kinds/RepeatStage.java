package dev.feedline.processor.model.kinds;

import dev.feedline.Feedline;
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
 * The @Repeat stage kind: its parameters, read from the annotation, and its answer to every
 * question {@link StageDefinition} asks.
 *
 * <p>The count is empty for {@code FOREVER}.
 */
public record RepeatStage(OptionalLong count) implements StageDefinition {

  /** Its catalogue entry: its annotation, the form of method it goes on, how it is read. */
  public static final StageKind KIND =
      new StageKind(dev.feedline.Repeat.class, StageKind.Form.BUILT_IN, RepeatStage::read);

  public static final Member COUNT = KIND.member("count", Member.Display.COUNT_OR_FOREVER);

  /** Reads the annotation's values; {@link #KIND} calls it. */
  public static RepeatStage read(MemberValues v) {
    long count = v.autoOrAtLeastOne(COUNT, Message.INVALID_REPEAT);
    return new RepeatStage(
        count == Feedline.FOREVER ? OptionalLong.empty() : OptionalLong.of(count));
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
    return count.isEmpty() ? Count.INFINITE
        : in.map(n -> Saturating.multiply(n, count.getAsLong()));
  }

  @Override
  public List<Long> outer(List<Long> in) {
    return in;
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
    return coder.repeat(this);
  }
}

package dev.feedline.processor.model.kinds;

import dev.feedline.processor.base.Message;
import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.SizeModel.Count;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import java.util.List;
import java.util.Set;

/**
 * The @Skip stage kind: its parameters, read from the annotation, and its answer to every
 * question {@link StageDefinition} asks.
 */
public record SkipStage(long count) implements StageDefinition {

  /** Its catalogue entry: its annotation, the form of method it goes on, how it is read. */
  public static final StageKind KIND =
      new StageKind(dev.feedline.Skip.class, StageKind.Form.BUILT_IN, SkipStage::read);

  public static final Member COUNT = KIND.member("count");

  /** Reads the annotation's values; {@link #KIND} calls it. */
  public static SkipStage read(MemberValues v) {
    return new SkipStage(v.atLeast(COUNT, 0, Message.INVALID_COUNT));
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
    return in.map(n -> Math.max(0, n - count));
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
    return coder.skip(this);
  }
}

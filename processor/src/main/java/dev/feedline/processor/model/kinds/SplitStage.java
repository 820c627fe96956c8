package dev.feedline.processor.model.kinds;

import dev.feedline.SplitSide;
import dev.feedline.processor.base.Message;
import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.SizeModel.Count;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The @Split stage kind: its parameters, read from the annotation, and its answer to every
 * question {@link StageDefinition} asks.
 *
 * @param key the component whose value is hashed; empty: the element's position
 */
public record SplitStage(SplitSide side, int evalPercent, Optional<String> key, long seed)
    implements StageDefinition {

  /** Its catalogue entry: its annotation, the form of method it goes on, how it is read. */
  public static final StageKind KIND =
      new StageKind(dev.feedline.Split.class, StageKind.Form.BUILT_IN, SplitStage::read);

  public static final Member SIDE = KIND.member("side");
  public static final Member EVAL_PERCENT = KIND.member("evalPercent");
  public static final Member KEY = KIND.member("key", Member.Display.TEXT);
  public static final Member SEED = KIND.member("seed");

  /** Reads the annotation's values; {@link #KIND} calls it. */
  public static SplitStage read(MemberValues v) {
    String key = v.string(KEY);
    return new SplitStage(v.constant(SIDE, SplitSide.class),
        (int) v.within(EVAL_PERCENT, 1, 99, Message.INVALID_EVAL_PERCENT),
        key.isEmpty() ? Optional.empty() : Optional.of(key),
        v.atLeast(SEED, 0, Message.INVALID_SPLIT_SEED));
  }

  /** Whether this pipeline keeps the held-out side. */
  public boolean evaluation() {
    return side == SplitSide.EVAL;
  }

  /** What two pipelines that share this split must agree on, as written in a message. */
  public String agreement() {
    return "evalPercent = " + evalPercent + ", seed = " + seed + ", "
        + key.map(k -> "key = \"" + k + "\"").orElse("no key (by position)");
  }

  @Override
  public StageKind kind() {
    return KIND;
  }

  @Override
  public Set<StageKind.Trait> traits() {
    return Set.of(StageKind.Trait.KEEPS_TYPE, StageKind.Trait.SELECTS);
  }

  @Override
  public Count elements(Count in, SizeModel.Upstream upstream) {
    return in.atMost();
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
    return coder.split(this);
  }
}

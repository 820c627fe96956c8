package dev.feedline.processor.model.kinds;

import dev.feedline.processor.base.Message;
import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.SizeModel.Count;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import dev.feedline.processor.model.Tunable;
import java.util.List;
import java.util.Set;

/**
 * The @Prefetch stage kind: its parameters, read from the annotation, and its answer to every
 * question {@link StageDefinition} asks.
 */
public record PrefetchStage(Tunable value) implements StageDefinition {

  /** Its catalogue entry: its annotation, the form of method it goes on, how it is read. */
  public static final StageKind KIND =
      new StageKind(dev.feedline.Prefetch.class, StageKind.Form.BUILT_IN, PrefetchStage::read);

  public static final Member VALUE = KIND.member("value", Member.Display.AUTO_OR_COUNT);

  /** Reads the annotation's values; {@link #KIND} calls it. */
  public static PrefetchStage read(MemberValues v) {
    return new PrefetchStage(
        new Tunable(v.autoOrAtLeastOne(VALUE, Message.INVALID_PREFETCH_BUFFER)));
  }

  @Override
  public StageKind kind() {
    return KIND;
  }

  @Override
  public Set<StageKind.Trait> traits() {
    return Set.of(StageKind.Trait.KEEPS_TYPE,
        StageKind.Trait.SELECTS);
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
    return 9;
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
    return coder.prefetch(this);
  }
}

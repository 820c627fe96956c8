package dev.feedline.processor.model.kinds;

import dev.feedline.OnEmpty;
import dev.feedline.processor.base.Message;
import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.SizeModel.Count;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import dev.feedline.processor.model.kinds.StageDefinition.Pipelines;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The @Mix stage kind: its parameters, read from the annotation, and its answer to every
 * question {@link StageDefinition} asks.
 *
 * @param weights one per pipeline, as declared; 1 each when none were declared
 * @param seed empty for {@code RANDOM_SEED}
 */
public record MixStage(List<PipelineModel> of, List<Double> weights, OptionalLong seed,
    OnEmpty onEmpty) implements Pipelines {

  /** Its catalogue entry: its annotation, the form of method it goes on, how it is read. */
  public static final StageKind KIND =
      new StageKind(dev.feedline.Mix.class, StageKind.Form.SOURCE, MixStage::read);

  public static final Member OF = KIND.member("of");
  public static final Member WEIGHTS = KIND.member("weights");
  public static final Member SEED = KIND.member("seed", Member.Display.SEED);
  public static final Member ON_EMPTY = KIND.member("onEmpty");

  public MixStage {
    of = List.copyOf(of);
    weights = List.copyOf(weights);
  }

  /** Reads the annotation's values; {@link #KIND} calls it. */
  public static MixStage read(MemberValues v) {
    List<PipelineModel> of = v.pipelines(OF);
    long seed = v.atLeast(SEED, dev.feedline.Mix.RANDOM_SEED, Message.INVALID_SEED);
    return new MixStage(of, v.weights(WEIGHTS, of),
        seed == dev.feedline.Mix.RANDOM_SEED ? OptionalLong.empty() : OptionalLong.of(seed),
        v.constant(ON_EMPTY, OnEmpty.class));
  }

  @Override
  public StageKind kind() {
    return KIND;
  }

  @Override
  public Set<StageKind.Trait> traits() {
    return Set.of();
  }

  @Override
  public Count elements(Count in, SizeModel.Upstream upstream) {
    Count all = SizeModel.total(of);
    return onEmpty == OnEmpty.STOP ? all.atMost() : all; // stops at the first to end
  }

  @Override
  public List<Long> outer(List<Long> in) {
    return Pipelines.outerOf(of);
  }

  @Override
  public int rank(Stage stage, boolean cached) {
    return 0;
  }

  @Override
  public boolean passesEverySourceElement() {
    return true;
  }

  @Override
  public boolean keepsEpochLength() {
    return false;
  }

  @Override
  public <R> R accept(StageCoder<R> coder) {
    return coder.mix(this);
  }
}

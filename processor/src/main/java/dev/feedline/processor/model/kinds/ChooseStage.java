package dev.feedline.processor.model.kinds;

import dev.feedline.OnEmpty;
import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.SizeModel.Count;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import dev.feedline.processor.model.kinds.StageDefinition.Pipelines;
import java.util.List;
import java.util.Set;

/**
 * The @Choose stage kind: its parameters, read from the annotation, and its answer to every
 * question {@link StageDefinition} asks.
 *
 * <p>The indices into {@code of} are given at run time.
 */
public record ChooseStage(List<PipelineModel> of, OnEmpty onEmpty) implements Pipelines {

  /** Its catalogue entry: its annotation, the form of method it goes on, how it is read. */
  public static final StageKind KIND =
      new StageKind(dev.feedline.Choose.class, StageKind.Form.SOURCE, ChooseStage::read);

  public static final Member OF = KIND.member("of");
  public static final Member ON_EMPTY = KIND.member("onEmpty");

  public ChooseStage {
    of = List.copyOf(of);
  }

  /** Reads the annotation's values; {@link #KIND} calls it. */
  public static ChooseStage read(MemberValues v) {
    return new ChooseStage(v.pipelines(OF),
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
    return Count.UNKNOWN; // as many as the indices given at run time
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
    return coder.choose(this);
  }
}

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

  public ChooseStage {
    of = List.copyOf(of);
  }

  /** Reads the annotation's values; {@link StageKind#CHOOSE} calls it. */
  public static ChooseStage read(MemberValues v) {
    return new ChooseStage(v.pipelines(Member.CHOOSE_OF),
        v.constant(Member.CHOOSE_ON_EMPTY, OnEmpty.class));
  }

  @Override
  public StageKind kind() {
    return StageKind.CHOOSE;
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

package dev.feedline.processor.model.kinds;

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
 * The @Concatenate stage kind: its parameters, read from the annotation, and its answer to every
 * question {@link StageDefinition} asks.
 */
public record ConcatenateStage(List<PipelineModel> of) implements Pipelines {

  /** Its catalogue entry: its annotation, the form of method it goes on, how it is read. */
  public static final StageKind KIND =
      new StageKind(dev.feedline.Concatenate.class, StageKind.Form.SOURCE, ConcatenateStage::read);

  public static final Member OF = KIND.member("of");

  public ConcatenateStage {
    of = List.copyOf(of);
  }

  /** Reads the annotation's values; {@link #KIND} calls it. */
  public static ConcatenateStage read(MemberValues v) {
    return new ConcatenateStage(v.pipelines(OF));
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
    return SizeModel.total(of);
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
    return coder.concatenate(this);
  }
}

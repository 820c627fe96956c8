package dev.feedline.processor.model.kinds;

import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.SizeModel.Count;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import java.util.List;
import java.util.Set;

/**
 * The @Filter stage kind: its parameters, read from the annotation, and its answer to every
 * question {@link StageDefinition} asks.
 */
public record FilterStage() implements StageDefinition {

  /** Its catalogue entry: its annotation, the form of method it goes on, how it is read. */
  public static final StageKind KIND =
      new StageKind(dev.feedline.Filter.class, StageKind.Form.BODY, FilterStage::read);

  /** Reads the annotation's values; {@link #KIND} calls it. */
  public static FilterStage read(MemberValues v) {
    return new FilterStage();
  }

  @Override
  public StageKind kind() {
    return KIND;
  }

  @Override
  public Set<StageKind.Trait> traits() {
    return Set.of(StageKind.Trait.RUNS_FUNCTION, StageKind.Trait.KEEPS_TYPE,
        StageKind.Trait.SELECTS);
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
    return 4;
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
    return coder.filter(this);
  }
}

package dev.feedline.processor.model.kinds;

import dev.feedline.processor.base.Saturating;
import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.SizeModel.Count;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import dev.feedline.processor.model.StaticShape;
import java.util.List;
import java.util.Set;

/**
 * The @Unbatch stage kind: its parameters, read from the annotation, and its answer to every
 * question {@link StageDefinition} asks.
 */
public record UnbatchStage() implements StageDefinition {

  /** Its catalogue entry: its annotation, the form of method it goes on, how it is read. */
  public static final StageKind KIND =
      new StageKind(dev.feedline.Unbatch.class, StageKind.Form.BUILT_IN, UnbatchStage::read);

  /** Reads the annotation's values; {@link #KIND} calls it. */
  public static UnbatchStage read(MemberValues v) {
    return new UnbatchStage();
  }

  @Override
  public StageKind kind() {
    return KIND;
  }

  @Override
  public Set<StageKind.Trait> traits() {
    return Set.of(StageKind.Trait.KEEPS_TYPE);
  }

  @Override
  public Count elements(Count in, SizeModel.Upstream upstream) {
    List<Long> outer = upstream.inputOuter();
    long rows = outer.isEmpty() ? StaticShape.UNKNOWN : outer.get(0);
    return rows == StaticShape.UNKNOWN ? Count.UNKNOWN
        : in.map(n -> Saturating.multiply(n, rows)).atMost();
  }

  @Override
  public List<Long> outer(List<Long> in) {
    return in.isEmpty() ? in : in.subList(1, in.size());
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
    return coder.unbatch(this);
  }
}

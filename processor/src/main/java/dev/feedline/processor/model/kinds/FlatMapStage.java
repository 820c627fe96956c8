package dev.feedline.processor.model.kinds;

import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.SizeModel.Count;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import java.util.List;
import java.util.Set;

/**
 * The @FlatMap stage kind: its parameters, read from the annotation, and its answer to every
 * question {@link StageDefinition} asks.
 */
public record FlatMapStage() implements StageDefinition {

  /** Its catalogue entry: its annotation, the form of method it goes on, how it is read. */
  public static final StageKind KIND =
      new StageKind(dev.feedline.FlatMap.class, StageKind.Form.BODY, FlatMapStage::read);

  /** Reads the annotation's values; {@link #KIND} calls it. */
  public static FlatMapStage read(MemberValues v) {
    return new FlatMapStage();
  }

  @Override
  public StageKind kind() {
    return KIND;
  }

  @Override
  public Set<StageKind.Trait> traits() {
    return Set.of(StageKind.Trait.RUNS_FUNCTION, StageKind.Trait.TRANSFORMS);
  }

  @Override
  public Count elements(Count in, SizeModel.Upstream upstream) {
    return Count.UNKNOWN; // any number of elements per element
  }

  @Override
  public List<Long> outer(List<Long> in) {
    // Its function takes a whole element, batch or not, and the elements it makes are slices of
    // what it returns: of the declared output shape, not batched, whatever it was given.
    return List.of();
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
    return coder.flatMap(this);
  }
}

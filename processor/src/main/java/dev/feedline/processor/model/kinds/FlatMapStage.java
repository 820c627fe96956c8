package dev.feedline.processor.model.kinds;

import dev.feedline.processor.model.Member;
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

  /** Reads the annotation's values; {@link StageKind#FLAT_MAP} calls it. */
  public static FlatMapStage read(MemberValues v) {
    return new FlatMapStage();
  }

  @Override
  public StageKind kind() {
    return StageKind.FLAT_MAP;
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
    return coder.flatMap(this);
  }
}

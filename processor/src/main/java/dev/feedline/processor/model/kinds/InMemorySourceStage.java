package dev.feedline.processor.model.kinds;

import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.SizeModel.Count;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The @InMemorySource stage kind: its parameters, read from the annotation, and its answer to every
 * question {@link StageDefinition} asks.
 */
public record InMemorySourceStage(OptionalLong records) implements StageDefinition {

  /** Reads the annotation's values; {@link StageKind#IN_MEMORY_SOURCE} calls it. */
  public static InMemorySourceStage read(MemberValues v) {
    return new InMemorySourceStage(v.hint(Member.IN_MEMORY_SOURCE_RECORDS));
  }

  @Override
  public StageKind kind() {
    return StageKind.IN_MEMORY_SOURCE;
  }

  @Override
  public Set<StageKind.Trait> traits() {
    return Set.of();
  }

  @Override
  public Count elements(Count in, SizeModel.Upstream upstream) {
    return Count.hint(records);
  }

  @Override
  public List<Long> outer(List<Long> in) {
    return in;
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
    return coder.inMemorySource(this);
  }
}

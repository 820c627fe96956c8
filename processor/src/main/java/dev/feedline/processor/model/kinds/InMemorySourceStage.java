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

  /** Its catalogue entry: its annotation, the form of method it goes on, how it is read. */
  public static final StageKind KIND =
      new StageKind(dev.feedline.InMemorySource.class, StageKind.Form.SOURCE,
          InMemorySourceStage::read);

  public static final Member RECORDS = KIND.member("records");

  /** Reads the annotation's values; {@link #KIND} calls it. */
  public static InMemorySourceStage read(MemberValues v) {
    return new InMemorySourceStage(v.hint(RECORDS));
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

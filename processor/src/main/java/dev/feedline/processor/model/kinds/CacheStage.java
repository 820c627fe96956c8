package dev.feedline.processor.model.kinds;

import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.SizeModel.Count;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The @Cache stage kind: its parameters, read from the annotation, and its answer to every
 * question {@link StageDefinition} asks.
 *
 * <p>The file prefix is empty for an in-memory cache.
 */
public record CacheStage(Optional<String> file) implements StageDefinition {

  /** Its catalogue entry: its annotation, the form of method it goes on, how it is read. */
  public static final StageKind KIND =
      new StageKind(dev.feedline.Cache.class, StageKind.Form.BUILT_IN, CacheStage::read);

  public static final Member FILE = KIND.member("file", Member.Display.TEXT);

  /** Reads the annotation's values; {@link #KIND} calls it. */
  public static CacheStage read(MemberValues v) {
    return new CacheStage(
        Optional.of(v.string(FILE)).filter(file -> !file.isEmpty()));
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
    return in;
  }

  @Override
  public List<Long> outer(List<Long> in) {
    return in;
  }

  @Override
  public int rank(Stage stage, boolean cached) {
    return 5;
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
    return coder.cache(this);
  }
}

package dev.feedline.processor.model.kinds;

import dev.feedline.processor.base.Message;
import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.SizeModel.Count;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The @Shuffle stage kind: its parameters, read from the annotation, and its answer to every
 * question {@link StageDefinition} asks.
 *
 * <p>The seed is empty for {@code RANDOM_SEED}.
 */
public record ShuffleStage(long buffer, OptionalLong seed, boolean reshuffleEachEpoch)
    implements StageDefinition {

  /** Its catalogue entry: its annotation, the form of method it goes on, how it is read. */
  public static final StageKind KIND =
      new StageKind(dev.feedline.Shuffle.class, StageKind.Form.BUILT_IN, ShuffleStage::read);

  public static final Member BUFFER = KIND.member("buffer");
  public static final Member SEED = KIND.member("seed", Member.Display.SEED);
  public static final Member RESHUFFLE_EACH_EPOCH = KIND.member("reshuffleEachEpoch");

  /** Reads the annotation's values; {@link #KIND} calls it. */
  public static ShuffleStage read(MemberValues v) {
    long seed = v.atLeast(SEED, dev.feedline.Shuffle.RANDOM_SEED,
        Message.INVALID_SEED);
    return new ShuffleStage(v.atLeast(BUFFER, 1, Message.INVALID_SHUFFLE_BUFFER),
        seed == dev.feedline.Shuffle.RANDOM_SEED ? OptionalLong.empty() : OptionalLong.of(seed),
        v.bool(RESHUFFLE_EACH_EPOCH));
  }

  @Override
  public StageKind kind() {
    return KIND;
  }

  @Override
  public Set<StageKind.Trait> traits() {
    return Set.of(StageKind.Trait.KEEPS_TYPE, StageKind.Trait.ON_FILE_NAMES);
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
    return cached ? 5 : 3;
  }

  @Override
  public boolean passesEverySourceElement() {
    return true;
  }

  @Override
  public boolean keepsEpochLength() {
    return true;
  }

  @Override
  public <R> R accept(StageCoder<R> coder) {
    return coder.shuffle(this);
  }
}

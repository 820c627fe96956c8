package dev.feedline.processor.model.kinds;

import dev.feedline.processor.base.Message;
import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.DType;
import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.Parallelism;
import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.SizeModel.Count;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import dev.feedline.processor.model.kinds.StageDefinition.Parallel;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The @DecodeJpeg stage kind: its parameters, read from the annotation, and its answer to every
 * question {@link StageDefinition} asks.
 */
public record DecodeJpegStage(OptionalLong minSourceSide, boolean scaledDecode,
    Parallelism parallel, boolean deterministic) implements Parallel {

  /** Its catalogue entry: its annotation, the form of method it goes on, how it is read. */
  public static final StageKind KIND =
      new StageKind(dev.feedline.DecodeJpeg.class, StageKind.Form.BUILT_IN, DecodeJpegStage::read);

  public static final Member MIN_SOURCE_SIDE = KIND.member("minSourceSide");
  public static final Member SCALED_DECODE = KIND.member("scaledDecode");
  public static final Member PARALLEL = KIND.member("parallel", Member.Display.PARALLELISM);
  public static final Member DETERMINISTIC = KIND.member("deterministic");

  /**
   * Whether {@code component} can hold the decoded image: rank 3, float32 values in [0, 1] or
   * uint8 values of 0 to 255.
   */
  public static boolean isImage(Component component) {
    return component.shape().rank() == 3
        && (component.dtype() == DType.FLOAT32 || component.dtype() == DType.UINT8);
  }

  @Override
  public Member parallelMember() {
    return PARALLEL;
  }

  @Override
  public Member deterministicMember() {
    return DETERMINISTIC;
  }

  /** Reads the annotation's values; {@link #KIND} calls it. */
  public static DecodeJpegStage read(MemberValues v) {
    return new DecodeJpegStage(
        MemberValues.positive(
            v.atLeast(MIN_SOURCE_SIDE, 0, Message.INVALID_SOURCE_SIDE)),
        v.bool(SCALED_DECODE), v.parallelism(PARALLEL),
        v.bool(DETERMINISTIC));
  }

  @Override
  public StageKind kind() {
    return KIND;
  }

  @Override
  public Set<StageKind.Trait> traits() {
    return Set.of(StageKind.Trait.RUNS_FUNCTION, StageKind.Trait.PARALLEL,
        StageKind.Trait.TRANSFORMS);
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
    return 4;
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
    return coder.decodeJpeg(this);
  }
}

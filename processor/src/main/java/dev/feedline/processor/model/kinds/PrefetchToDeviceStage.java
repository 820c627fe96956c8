package dev.feedline.processor.model.kinds;

import dev.feedline.processor.base.Message;
import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.SizeModel.Count;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import java.util.List;
import java.util.Set;

/**
 * The @PrefetchToDevice stage kind: its parameters, read from the annotation, and its answer to
 * every question {@link StageDefinition} asks.
 */
public record PrefetchToDeviceStage(int buffer) implements StageDefinition {

  /** Its catalogue entry: its annotation, the form of method it goes on, how it is read. */
  public static final StageKind KIND =
      new StageKind(dev.feedline.PrefetchToDevice.class, StageKind.Form.BUILT_IN,
          PrefetchToDeviceStage::read);

  public static final Member BUFFER = KIND.member("buffer");

  /** Reads the annotation's values; {@link #KIND} calls it. */
  public static PrefetchToDeviceStage read(MemberValues v) {
    return new PrefetchToDeviceStage((int) v.atLeast(
        BUFFER, 1, Message.INVALID_DEVICE_BUFFER));
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
    return 10; // after the iterator: DeviceRules places it
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
    return coder.prefetchToDevice(this);
  }
}

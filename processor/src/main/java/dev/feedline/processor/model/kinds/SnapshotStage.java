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
 * The @Snapshot stage kind: its parameters, read from the annotation, and its answer to every
 * question {@link StageDefinition} asks.
 *
 * <p>The path is never empty.
 */
public record SnapshotStage(String path, long shards, dev.feedline.Snapshot.Codec compression)
    implements StageDefinition {

  /** Its catalogue entry: its annotation, the form of method it goes on, how it is read. */
  public static final StageKind KIND =
      new StageKind(dev.feedline.Snapshot.class, StageKind.Form.BUILT_IN, SnapshotStage::read);

  public static final Member PATH = KIND.member("path", Member.Display.TEXT);
  public static final Member SHARDS = KIND.member("shards");
  public static final Member COMPRESSION = KIND.member("compression");

  /** Reads the annotation's values; {@link #KIND} calls it. */
  public static SnapshotStage read(MemberValues v) {
    return new SnapshotStage(v.nonEmpty(PATH, Message.INVALID_SNAPSHOT_PATH),
        v.atLeast(SHARDS, 1, Message.INVALID_SNAPSHOT_SHARDS),
        v.constant(COMPRESSION, dev.feedline.Snapshot.Codec.class));
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
    return coder.snapshot(this);
  }
}

package dev.feedline.processor.model.kinds;

import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.Parallelism;
import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.SizeModel.Count;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import dev.feedline.processor.model.kinds.StageDefinition.Parallel;
import java.util.List;
import java.util.Set;

/**
 * The @DecodeCsv stage kind: its parameters, read from the annotation, and its answer to every
 * question {@link StageDefinition} asks.
 *
 * <p>The NA value is empty when not declared.
 */
public record DecodeCsvStage(String delimiter, boolean quoted, String naValue,
    Parallelism parallel, boolean deterministic) implements Parallel {

  @Override
  public Member parallelMember() {
    return Member.DECODE_CSV_PARALLEL;
  }

  @Override
  public Member deterministicMember() {
    return Member.DECODE_CSV_DETERMINISTIC;
  }

  /** Reads the annotation's values; {@link StageKind#DECODE_CSV} calls it. */
  public static DecodeCsvStage read(MemberValues v) {
    return new DecodeCsvStage(v.oneByte(Member.DECODE_CSV_DELIMITER),
        v.bool(Member.DECODE_CSV_QUOTED), v.string(Member.DECODE_CSV_NA_VALUE),
        v.parallelism(Member.DECODE_CSV_PARALLEL), v.bool(Member.DECODE_CSV_DETERMINISTIC));
  }

  @Override
  public StageKind kind() {
    return StageKind.DECODE_CSV;
  }

  @Override
  public Set<StageKind.Trait> traits() {
    return Set.of(StageKind.Trait.RUNS_FUNCTION, StageKind.Trait.PARALLEL, StageKind.Trait.TRANSFORMS);
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
    return coder.decodeCsv(this);
  }
}

package dev.feedline.processor.model.kinds;

import dev.feedline.BadRecords;
import dev.feedline.BlankLines;
import dev.feedline.Compression;
import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.SizeModel.Count;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import dev.feedline.processor.model.kinds.StageDefinition.Files;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The @TextLineSource stage kind: its parameters, read from the annotation, and its answer to every
 * question {@link StageDefinition} asks.
 *
 * <p>Size hints are empty when not declared (0).
 */
public record TextLineSourceStage(boolean header, Compression compression, OptionalLong files,
    OptionalLong records, OptionalLong bytesPerFile, BlankLines blankLines, BadRecords badRecords)
    implements Files {

  /** Reads the annotation's values; {@link StageKind#TEXT_LINE_SOURCE} calls it. */
  public static TextLineSourceStage read(MemberValues v) {
    return new TextLineSourceStage(v.bool(Member.TEXT_LINE_SOURCE_HEADER),
        v.constant(Member.TEXT_LINE_SOURCE_COMPRESSION, Compression.class),
        v.hint(Member.TEXT_LINE_SOURCE_FILES), v.hint(Member.TEXT_LINE_SOURCE_RECORDS),
        v.hint(Member.TEXT_LINE_SOURCE_BYTES_PER_FILE),
        v.constant(Member.TEXT_LINE_SOURCE_BLANK_LINES, BlankLines.class),
        v.constant(Member.TEXT_LINE_SOURCE_BAD_RECORDS, BadRecords.class));
  }

  @Override
  public StageKind kind() {
    return StageKind.TEXT_LINE_SOURCE;
  }

  @Override
  public Set<StageKind.Trait> traits() {
    return Set.of();
  }

  @Override
  public Count elements(Count in, SizeModel.Upstream upstream) {
    return Count.hint(files); // the elements are file names
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
    return coder.textLineSource(this);
  }
}

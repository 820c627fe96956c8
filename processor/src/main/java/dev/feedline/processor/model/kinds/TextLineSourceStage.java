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
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The @TextLineSource stage kind: its parameters, read from the annotation, and its answer to every
 * question {@link StageDefinition} asks.
 *
 * <p>Size hints are empty when not declared (0). The record delimiter is empty for a line feed,
 * one record a line; else it is the text of the lines that end records.
 */
public record TextLineSourceStage(boolean header, Compression compression, OptionalLong files,
    OptionalLong records, OptionalLong bytesPerFile, BlankLines blankLines, BadRecords badRecords,
    Optional<String> recordDelimiter) implements Files {

  /** Its catalogue entry: its annotation, the form of method it goes on, how it is read. */
  public static final StageKind KIND =
      new StageKind(dev.feedline.TextLineSource.class, StageKind.Form.SOURCE,
          TextLineSourceStage::read);

  public static final Member HEADER = KIND.member("header");
  public static final Member COMPRESSION = KIND.member("compression");
  public static final Member FILES = KIND.member("files");
  public static final Member RECORDS = KIND.member("records");
  public static final Member BYTES_PER_FILE = KIND.member("bytesPerFile");
  public static final Member BLANK_LINES = KIND.member("blankLines");
  public static final Member BAD_RECORDS = KIND.member("badRecords");
  public static final Member RECORD_DELIMITER = KIND.member("recordDelimiter");

  /** Reads the annotation's values; {@link #KIND} calls it. */
  public static TextLineSourceStage read(MemberValues v) {
    return new TextLineSourceStage(v.bool(HEADER),
        v.constant(COMPRESSION, Compression.class),
        v.hint(FILES), v.hint(RECORDS),
        v.hint(BYTES_PER_FILE),
        v.constant(BLANK_LINES, BlankLines.class),
        v.constant(BAD_RECORDS, BadRecords.class),
        v.recordDelimiter(RECORD_DELIMITER));
  }

  /**
   * Whether its files' lines are read most cheaply in one thread: uncompressed, a line costs less
   * to read than a parallel interleave spends handing it from a reader thread to the next stage
   * (docs/performance.md#lines-in-one-thread).
   */
  public boolean linesCheaperInOneThread() {
    return compression == Compression.NONE;
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

package dev.feedline.processor.model.kinds;

import dev.feedline.processor.base.Message;
import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.Parallelism;
import dev.feedline.processor.model.PipelineModel;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One stage annotation's values, written or defaulted, by {@link Member}, typed, with the checks
 * on them: what a kind's {@code read} reads its parameters from. A value out of range is
 * reported at the value written for it ({@link Message}) and the stage is then not read; the
 * reading layer implements this.
 */
public interface MemberValues {
  boolean bool(Member member);

  String string(Member member);

  /** The elements of an array of longs. */
  List<Long> longs(Member member);

  /** An enum constant, such as {@code Cost.EXPENSIVE}. */
  <E extends Enum<E>> E constant(Member member, Class<E> type);

  /** A string that is not empty, reported as {@code invalid} otherwise. */
  String nonEmpty(Member member, Message invalid);

  /**
   * A text source's record delimiter: empty for a line feed (each line a record), else the text of
   * the lines that end records, reported as invalid when it is empty or holds a line break.
   */
  Optional<String> recordDelimiter(Member member);

  /** A string of one byte in UTF-8, as TensorFlow's ops take a one-character member. */
  String oneByte(Member member);

  /** The value, reported as {@code invalid} when below {@code min}. */
  long atLeast(Member member, long min, Message invalid);

  /** The value, reported as {@code invalid} when outside {@code min} to {@code max}. */
  long within(Member member, long min, long max, Message invalid);

  /** A value that is AUTO, FOREVER (both -1) or at least 1. */
  long autoOrAtLeastOne(Member member, Message invalid);

  /** A size hint, 0 when unknown; empty then. */
  OptionalLong hint(Member member);

  Parallelism parallelism(Member member);

  /** The {@code @Pad} annotations of an array member, each read with its defaults. */
  List<StageDefinition.Pad> pads(Member member);

  /** The pipelines a source reads, two or more, each listed once and read as a model. */
  List<PipelineModel> pipelines(Member member);

  /** One positive weight per pipeline of {@code of}, as declared; 1 each when none are. */
  List<Double> weights(Member member, List<PipelineModel> of);

  /** A hint or size where 0 means "not known". */
  static OptionalLong positive(long value) {
    return value > 0 ? OptionalLong.of(value) : OptionalLong.empty();
  }
}

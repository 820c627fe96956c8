package dev.feedline.processor.reading;

import dev.feedline.BadRecords;
import dev.feedline.Cost;
import dev.feedline.Feedline;
import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.Parallelism;
import dev.feedline.processor.model.Parameters;
import dev.feedline.processor.model.StageKind;
import dev.feedline.processor.model.Tunable;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.util.Elements;

/**
 * Reads a stage annotation's values into its kind's {@link Parameters}, once, and checks each
 * value against what TensorFlow accepts, so that a bad value fails javac, not training. Every
 * later layer reads the typed record; only this class reads members, through {@link Member}.
 */
final class ParameterReader {
  private final Elements elements;

  ParameterReader(Elements elements) {
    this.elements = elements;
  }

  /** A stage's parameters and the values written in source, to anchor diagnostics on. */
  record Read(Parameters parameters, Map<Member, AnnotationValue> written) {}

  /**
   * Reads the values of {@code annotation} on {@code method}, a stage of {@code kind}.
   *
   * @return empty when a value cannot be evaluated or is out of range; the problem is reported
   */
  Optional<Read> read(StageKind kind, ExecutableElement method, AnnotationMirror annotation,
      Report report) {
    Values values = new Values(kind, method, annotation, report);
    if (!values.readable()) {
      return Optional.empty();
    }
    Parameters parameters = parameters(kind, values);
    return values.valid() ? Optional.of(new Read(parameters, values.written)) : Optional.empty();
  }

  private static Parameters parameters(StageKind kind, Values v) {
    return switch (kind) {
      case TFRECORD_SOURCE -> new Parameters.TFRecordSource(v.hint(Member.TFRECORD_SOURCE_FILES),
          v.hint(Member.TFRECORD_SOURCE_RECORDS), v.hint(Member.TFRECORD_SOURCE_BYTES_PER_FILE),
          BadRecords.valueOf(v.constant(Member.TFRECORD_SOURCE_BAD_RECORDS)));
      case IN_MEMORY_SOURCE -> new Parameters.InMemorySource(v.hint(Member.IN_MEMORY_SOURCE_RECORDS));
      case INTERLEAVE -> new Parameters.Interleave(
          new Tunable(v.autoOrAtLeastOne(Member.INTERLEAVE_CYCLE_LENGTH, Message.INVALID_CYCLE_LENGTH)),
          v.atLeast(Member.INTERLEAVE_BLOCK_LENGTH, 1, Message.INVALID_BLOCK_LENGTH),
          v.parallelism(Member.INTERLEAVE_PARALLEL), v.bool(Member.INTERLEAVE_DETERMINISTIC));
      case DECODE -> new Parameters.Decode(v.parallelism(Member.DECODE_PARALLEL),
          v.bool(Member.DECODE_DETERMINISTIC));
      case DECODE_JPEG -> new Parameters.DecodeJpeg(
          positive(v.atLeast(Member.DECODE_JPEG_MIN_SOURCE_SIDE, 0, Message.INVALID_SOURCE_SIDE)),
          v.bool(Member.DECODE_JPEG_SCALED_DECODE), v.parallelism(Member.DECODE_JPEG_PARALLEL),
          v.bool(Member.DECODE_JPEG_DETERMINISTIC));
      case MAP -> new Parameters.Map(v.parallelism(Member.MAP_PARALLEL),
          v.bool(Member.MAP_DETERMINISTIC), Cost.valueOf(v.constant(Member.MAP_COST)),
          v.bool(Member.MAP_RANDOM), v.bool(Member.MAP_VECTORIZED), v.bool(Member.MAP_ON_DEVICE));
      case FILTER -> new Parameters.Filter();
      case SHUFFLE -> {
        long seed = v.atLeast(Member.SHUFFLE_SEED, dev.feedline.Shuffle.RANDOM_SEED,
            Message.INVALID_SEED);
        yield new Parameters.Shuffle(
            v.atLeast(Member.SHUFFLE_BUFFER, 1, Message.INVALID_SHUFFLE_BUFFER),
            seed == dev.feedline.Shuffle.RANDOM_SEED ? OptionalLong.empty() : OptionalLong.of(seed),
            v.bool(Member.SHUFFLE_RESHUFFLE_EACH_EPOCH));
      }
      case CACHE -> new Parameters.Cache(
          Optional.of(v.string(Member.CACHE_FILE)).filter(file -> !file.isEmpty()));
      case BATCH -> new Parameters.Batch(
          v.atLeast(Member.BATCH_SIZE, 1, Message.INVALID_BATCH_SIZE),
          v.bool(Member.BATCH_DROP_REMAINDER));
      case PADDED_BATCH -> new Parameters.PaddedBatch(
          v.atLeast(Member.PADDED_BATCH_SIZE, 1, Message.INVALID_BATCH_SIZE),
          v.bool(Member.PADDED_BATCH_DROP_REMAINDER));
      case REPEAT -> {
        long count = v.autoOrAtLeastOne(Member.REPEAT_COUNT, Message.INVALID_REPEAT);
        yield new Parameters.Repeat(
            count == Feedline.FOREVER ? OptionalLong.empty() : OptionalLong.of(count));
      }
      case TAKE -> new Parameters.Take(v.atLeast(Member.TAKE_COUNT, 0, Message.INVALID_COUNT));
      case SKIP -> new Parameters.Skip(v.atLeast(Member.SKIP_COUNT, 0, Message.INVALID_COUNT));
      case SHARD -> new Parameters.Shard(
          positive(v.atLeast(Member.SHARD_WORKERS, 0, Message.INVALID_WORKERS)));
      case PREFETCH -> new Parameters.Prefetch(
          new Tunable(v.autoOrAtLeastOne(Member.PREFETCH_VALUE, Message.INVALID_PREFETCH_BUFFER)));
      case PREFETCH_TO_DEVICE -> new Parameters.PrefetchToDevice((int) v.atLeast(
          Member.PREFETCH_TO_DEVICE_BUFFER, 1, Message.INVALID_DEVICE_BUFFER));
    };
  }

  /** A hint or size where 0 means "not known". */
  private static OptionalLong positive(long value) {
    return value > 0 ? OptionalLong.of(value) : OptionalLong.empty();
  }

  /** One annotation's values, written or defaulted, by member, with the checks on them. */
  private final class Values {
    private final StageKind kind;
    private final ExecutableElement method;
    private final AnnotationMirror annotation;
    private final Report report;
    private final Map<String, Object> byName = new HashMap<>();
    private final Map<Member, AnnotationValue> written = new EnumMap<>(Member.class);
    private boolean readable = true;
    private boolean valid = true;

    Values(StageKind kind, ExecutableElement method, AnnotationMirror annotation, Report report) {
      this.kind = kind;
      this.method = method;
      this.annotation = annotation;
      this.report = report;
      for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
          elements.getElementValuesWithDefaults(annotation).entrySet()) {
        String member = entry.getKey().getSimpleName().toString();
        Object value = entry.getValue().getValue();
        TypeKind expected = entry.getKey().getReturnType().getKind();
        boolean constant = switch (expected) {
          case INT, LONG -> value instanceof Integer || value instanceof Long;
          case BOOLEAN -> value instanceof Boolean;
          default -> value instanceof String || value instanceof VariableElement;
        };
        if (!constant && readable) {
          report.add(Message.VALUE_NOT_CONSTANT, method, annotation, null,
              "@" + kind.annotation() + " '" + method.getSimpleName() + "'", member);
          readable = false;
        }
        byName.put(member, value);
      }
      annotation.getElementValues().forEach((member, value) -> Member.of(kind).stream()
          .filter(m -> m.memberName().contentEquals(member.getSimpleName()))
          .forEach(m -> written.put(m, value)));
    }

    boolean readable() {
      return readable;
    }

    boolean valid() {
      return valid;
    }

    private Object value(Member member) {
      if (member.kind() != kind || !byName.containsKey(member.memberName())) {
        throw new IllegalArgumentException(member + " is not a member of @" + kind.annotation());
      }
      return byName.get(member.memberName());
    }

    long number(Member member) {
      return ((Number) value(member)).longValue();
    }

    boolean bool(Member member) {
      return (Boolean) value(member);
    }

    String string(Member member) {
      return (String) value(member);
    }

    /** The name of an enum constant, such as {@code EXPENSIVE}. */
    String constant(Member member) {
      return ((VariableElement) value(member)).getSimpleName().toString();
    }

    /** The value, reported as {@code invalid} when below {@code min}. */
    long atLeast(Member member, long min, Message invalid) {
      long value = number(member);
      if (value < min) {
        reportInvalid(member, value, invalid);
      }
      return value;
    }

    /** A value that is AUTO, FOREVER (both -1) or at least 1. */
    long autoOrAtLeastOne(Member member, Message invalid) {
      long value = number(member);
      if (value < -1 || value == 0) {
        reportInvalid(member, value, invalid);
      }
      return value;
    }

    /** A size hint, 0 when unknown; empty then. */
    OptionalLong hint(Member member) {
      return positive(atLeast(member, 0, Message.INVALID_SIZE_HINT));
    }

    Parallelism parallelism(Member member) {
      return new Parallelism((int) atLeast(member, Feedline.AUTO, Message.INVALID_PARALLELISM));
    }

    private void reportInvalid(Member member, long value, Message invalid) {
      report.add(invalid, method, annotation, written.get(member), kind.annotation(),
          method.getSimpleName(), member.memberName(), value);
      valid = false;
    }
  }
}

package dev.feedline.processor.model.kinds;

import dev.feedline.processor.base.Message;
import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.Parallelism;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.StageKind;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * An annotation's values without javac: each member's declared default, or the value given, with
 * the range checks of the reading layer recorded instead of reported. Members without a default
 * (a batch's size) must be given.
 */
final class FakeValues implements MemberValues {
  private final Map<Member, Object> given = new HashMap<>();
  final List<String> reported = new ArrayList<>();

  FakeValues set(Member member, Object value) {
    given.put(member, value);
    return this;
  }

  /** Reads {@code kind} from its defaults, and these values. */
  StageDefinition read(StageKind kind) {
    return kind.read(this);
  }

  /** The defaults of every member, and 8 for one without a default (a size, a buffer). */
  static FakeValues defaults() {
    return new FakeValues();
  }

  private Object value(Member member) {
    if (given.containsKey(member)) {
      return given.get(member);
    }
    try {
      Method m = member.kind().annotationType().getMethod(member.memberName());
      Object value = m.getDefaultValue();
      if (value == null) {
        return m.getReturnType() == String.class ? "path"
            : m.getReturnType().isEnum() ? m.getReturnType().getEnumConstants()[0]
            : m.getReturnType() == long[].class ? new long[] {8} : 8L;
      }
      return value;
    } catch (NoSuchMethodException e) {
      throw new AssertionError(member + " has no annotation member", e);
    }
  }

  private long number(Member member) {
    return ((Number) value(member)).longValue();
  }

  @Override
  public boolean bool(Member member) {
    return (Boolean) value(member);
  }

  @Override
  public String string(Member member) {
    return (String) value(member);
  }

  @Override
  public List<Long> longs(Member member) {
    Object value = value(member);
    if (value instanceof long[] longs) {
      return Arrays.stream(longs).boxed().toList();
    }
    @SuppressWarnings("unchecked")
    List<Long> list = (List<Long>) value;
    return list;
  }

  @Override
  public <E extends Enum<E>> E constant(Member member, Class<E> type) {
    return type.cast(value(member));
  }

  @Override
  public String nonEmpty(Member member, Message invalid) {
    String text = string(member);
    if (text.isEmpty()) {
      reported.add(invalid.name());
    }
    return text;
  }

  @Override
  public Optional<String> recordDelimiter(Member member) {
    String text = string(member);
    if (text.isEmpty() || (!text.equals("\n") && text.matches("(?s).*[\r\n].*"))) {
      reported.add(text.isEmpty() ? Message.EMPTY_RECORD_DELIMITER.name()
          : Message.RECORD_DELIMITER_LINE_BREAK.name());
    }
    return text.equals("\n") ? Optional.empty() : Optional.of(text);
  }

  @Override
  public String oneByte(Member member) {
    return string(member);
  }

  @Override
  public long atLeast(Member member, long min, Message invalid) {
    long value = number(member);
    if (value < min) {
      reported.add(invalid.name());
    }
    return value;
  }

  @Override
  public long within(Member member, long min, long max, Message invalid) {
    long value = number(member);
    if (value < min || value > max) {
      reported.add(invalid.name());
    }
    return value;
  }

  @Override
  public long autoOrAtLeastOne(Member member, Message invalid) {
    long value = number(member);
    if (value < -1 || value == 0) {
      reported.add(invalid.name());
    }
    return value;
  }

  @Override
  public OptionalLong hint(Member member) {
    return MemberValues.positive(atLeast(member, 0, Message.INVALID_SIZE_HINT));
  }

  @Override
  public Parallelism parallelism(Member member) {
    return new Parallelism((int) atLeast(member, -1, Message.INVALID_PARALLELISM));
  }

  @Override
  public List<StageDefinition.Pad> pads(Member member) {
    return List.of();
  }

  @Override
  public List<PipelineModel> pipelines(Member member) {
    return List.of();
  }

  @Override
  public List<Double> weights(Member member, List<PipelineModel> of) {
    return List.of();
  }
}

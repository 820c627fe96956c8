package dev.feedline.processor.reading;

import dev.feedline.processor.base.JavaLiterals;
import dev.feedline.Feedline;
import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.Parallelism;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.StageKind;
import dev.feedline.processor.model.kinds.MemberValues;
import dev.feedline.processor.model.kinds.StageDefinition;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/**
 * Reads a stage annotation's values into its kind's {@link StageDefinition}, once, and checks each
 * value against what TensorFlow accepts, so that a bad value fails javac, not training. Every
 * later layer reads the typed record; only this class reads members, through {@link Member}.
 */
final class ParameterReader {
  private final Elements elements;
  private final SourceReader sources;

  /** Reads a pipeline that a source stage names in {@code of}, reporting why it cannot be read. */
  @FunctionalInterface
  interface SourceReader {
    /**
     * @param stage the reading stage, as messages name it
     * @param at the class value written in {@code of}, to anchor a diagnostic on
     */
    Optional<PipelineModel> read(TypeElement pipeline, String stage, ExecutableElement method,
        AnnotationMirror annotation, AnnotationValue at, Report report);
  }

  ParameterReader(Elements elements, SourceReader sources) {
    this.elements = elements;
    this.sources = sources;
  }

  /** A stage's parameters and the values written in source, to anchor diagnostics on. */
  record Read(StageDefinition definition, Map<Member, AnnotationValue> written) {}

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
    StageDefinition definition = kind.read(values);
    return values.valid() ? Optional.of(new Read(definition, values.written)) : Optional.empty();
  }

  /** Whether an array element or a nested annotation's value is a constant javac evaluated. */
  private static boolean isConstant(Object value) {
    return value instanceof Number || value instanceof Boolean || value instanceof String
        || value instanceof VariableElement || value instanceof AnnotationMirror
        || value instanceof TypeMirror;
  }

  /** One annotation's values, written or defaulted, by member, with the checks on them. */
  private final class Values implements MemberValues {
    private final StageKind kind;
    private final ExecutableElement method;
    private final AnnotationMirror annotation;
    private final Report report;
    private final Map<String, Object> byName = new HashMap<>();
    private final Map<Member, AnnotationValue> written = new LinkedHashMap<>();
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
          case DOUBLE -> value instanceof Double;
          case BOOLEAN -> value instanceof Boolean;
          case ARRAY -> value instanceof List<?> list && list.stream().allMatch(
              item -> item instanceof AnnotationValue element && isConstant(element.getValue()));
          default -> value instanceof String || value instanceof VariableElement;
        };
        if (!constant && readable) {
          report.at(method, annotation, null).report(Message.VALUE_NOT_CONSTANT,
              "@" + kind.annotation() + " '" + method.getSimpleName() + "'", member);
          readable = false;
        }
        byName.put(member, value);
      }
      annotation.getElementValues().forEach((member, value) -> kind.members().stream()
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

    @Override
    public boolean bool(Member member) {
      return (Boolean) value(member);
    }

    @Override
    public String string(Member member) {
      return (String) value(member);
    }

    /** The elements of an array of longs. */
    @Override
    public List<Long> longs(Member member) {
      return ((List<?>) value(member)).stream()
          .map(item -> ((Number) ((AnnotationValue) item).getValue()).longValue())
          .toList();
    }

    /** A string that is not empty, reported as {@code invalid} otherwise. */
    @Override
    public String nonEmpty(Member member, Message invalid) {
      String text = string(member);
      if (text.isEmpty()) {
        report.at(method, annotation, written.get(member)).report(invalid, kind.annotation(),
            method.getSimpleName(), member.memberName());
        valid = false;
      }
      return text;
    }

    /**
     * The pipelines a source reads, two or more, each listed once and read through {@link
     * SourceReader}; those that cannot be read are reported and left out.
     */
    @Override
    public List<PipelineModel> pipelines(Member member) {
      String stage = "@" + kind.annotation() + " '" + method.getSimpleName() + "'";
      List<?> items = (List<?>) value(member);
      if (items.size() < 2) {
        report.at(method, annotation, written.get(member)).report(Message.SOURCES_TOO_FEW, stage,
            items.size());
        valid = false;
      }
      Set<String> seen = new HashSet<>();
      List<PipelineModel> pipelines = new ArrayList<>();
      for (Object item : items) {
        AnnotationValue at = (AnnotationValue) item;
        TypeMirror type = (TypeMirror) at.getValue();
        TypeNames.requireResolved(type);
        TypeElement pipeline = type instanceof DeclaredType declared
            ? (TypeElement) declared.asElement() : null;
        if (pipeline == null) {
          report.at(method, annotation, at).report(Message.SOURCE_NOT_PIPELINE, stage, type);
          valid = false;
          continue;
        }
        if (!seen.add(pipeline.getQualifiedName().toString())) {
          report.at(method, annotation, at).report(Message.SOURCE_LISTED_TWICE, stage,
              pipeline.getSimpleName());
          valid = false;
          continue;
        }
        Optional<PipelineModel> read = sources.read(
            pipeline, stage, method, annotation, at, report);
        read.ifPresent(pipelines::add);
        valid &= read.isPresent();
      }
      return pipelines;
    }

    /**
     * One positive weight per pipeline of {@code of}, as declared; 1 each when none are. The
     * count is checked only when every pipeline could be read.
     */
    @Override
    public List<Double> weights(Member member, List<PipelineModel> of) {
      List<Double> weights = ((List<?>) value(member)).stream()
          .map(item -> ((Number) ((AnnotationValue) item).getValue()).doubleValue())
          .toList();
      if (weights.isEmpty()) {
        return of.stream().map(p -> 1.0).toList();
      }
      if (valid && weights.size() != of.size()) {
        report.at(method, annotation, written.get(member)).report(Message.MIX_WEIGHT_COUNT,
            method.getSimpleName(), weights.size(), of.size());
        valid = false;
        return weights;
      }
      for (int i = 0; i < weights.size() && i < of.size(); i++) {
        double weight = weights.get(i);
        if (!(weight > 0) || Double.isInfinite(weight)) {
          report.at(method, annotation, (AnnotationValue) ((List<?>) written.get(member).getValue())
              .get(i)).report(Message.MIX_WEIGHT_NOT_POSITIVE,
              method.getSimpleName(), of.get(i).simpleName(), weight);
          valid = false;
        }
      }
      return weights;
    }

    /** The first line of {@code text} that has any, for a delimiter written with a line end. */
    private static String oneLine(String text) {
      return java.util.Arrays.stream(text.split("[\r\n]+")).filter(line -> !line.isEmpty())
          .findFirst().orElse("%");
    }

    @Override
    public Optional<String> recordDelimiter(Member member) {
      String text = string(member);
      if (text.equals("\n")) {
        return Optional.empty();
      }
      if (text.isEmpty() || text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0) {
        Message invalid = text.isEmpty() ? Message.EMPTY_RECORD_DELIMITER
            : Message.RECORD_DELIMITER_LINE_BREAK;
        report.at(method, annotation, written.get(member)).report(invalid, kind.annotation(),
            method.getSimpleName(), member.memberName(), JavaLiterals.quoted(text),
            JavaLiterals.quoted(oneLine(text)));
        valid = false;
      }
      return Optional.of(text);
    }

    /**
     * A string of one byte in UTF-8, as TensorFlow's ops take a one-character member ("é" is two
     * bytes, an emoji four), reported as {@code invalid} otherwise.
     */
    @Override
    public String oneByte(Member member) {
      String text = string(member);
      if (text.getBytes(StandardCharsets.UTF_8).length != 1) {
        report.at(method, annotation, written.get(member)).report(Message.INVALID_DELIMITER,
            kind.annotation(), method.getSimpleName(), member.memberName(),
            JavaLiterals.quoted(text));
        valid = false;
      }
      return text;
    }

    /** The {@code @Pad} annotations of an array member, each read with its defaults. */
    @Override
    public List<StageDefinition.Pad> pads(Member member) {
      List<StageDefinition.Pad> pads = new ArrayList<>();
      for (Object item : (List<?>) value(member)) {
        AnnotationMirror pad = (AnnotationMirror) ((AnnotationValue) item).getValue();
        Map<String, Object> values = new HashMap<>();
        elements.getElementValuesWithDefaults(pad).forEach(
            (m, v) -> values.put(m.getSimpleName().toString(), v.getValue()));
        // A value javac could not resolve comes as its text; javac has reported it already.
        long length = values.get("length") instanceof Number n ? n.longValue() : -1;
        if (length < -1 || length == 0) {
          report.at(method, annotation, (AnnotationValue) item).report(Message.INVALID_PAD_LENGTH,
              kind.annotation(), method.getSimpleName(), values.get("component"), length);
          valid = false;
        }
        pads.add(new StageDefinition.Pad((String) values.get("component"),
            ((Number) values.get("value")).doubleValue(), (String) values.get("text"),
            length > 0 ? OptionalLong.of(length) : OptionalLong.empty(),
            (Boolean) values.get("truncate")));
      }
      return pads;
    }

    @Override
    public <E extends Enum<E>> E constant(Member member, Class<E> type) {
      return Enum.valueOf(type, ((VariableElement) value(member)).getSimpleName().toString());
    }

    /** The value, reported as {@code invalid} when below {@code min}. */
    @Override
    public long atLeast(Member member, long min, Message invalid) {
      long value = number(member);
      if (value < min) {
        reportInvalid(member, value, invalid);
      }
      return value;
    }

    @Override
    public long within(Member member, long min, long max, Message invalid) {
      long value = number(member);
      if (value < min || value > max) {
        reportInvalid(member, value, invalid);
      }
      return value;
    }

    /** A value that is AUTO, FOREVER (both -1) or at least 1. */
    @Override
    public long autoOrAtLeastOne(Member member, Message invalid) {
      long value = number(member);
      if (value < -1 || value == 0) {
        reportInvalid(member, value, invalid);
      }
      return value;
    }

    /** A size hint, 0 when unknown; empty then. */
    @Override
    public OptionalLong hint(Member member) {
      return MemberValues.positive(atLeast(member, 0, Message.INVALID_SIZE_HINT));
    }

    @Override
    public Parallelism parallelism(Member member) {
      return new Parallelism((int) atLeast(member, Feedline.AUTO, Message.INVALID_PARALLELISM));
    }

    private void reportInvalid(Member member, long value, Message invalid) {
      report.at(method, annotation, written.get(member)).report(invalid, kind.annotation(),
          method.getSimpleName(), member.memberName(), value);
      valid = false;
    }
  }
}

package dev.feedline.processor.reading;

import dev.feedline.processor.base.Annotations;
import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.DType;
import dev.feedline.processor.model.ElementType;
import dev.feedline.processor.model.Input;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.Statistic;
import dev.feedline.processor.model.StaticShape;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/**
 * Reads the values a pipeline's maps take besides their element: {@code @Vocabulary},
 * {@code @RunTimeValue} and {@code @Statistics} methods of the pipeline interface, which are not
 * stages.
 */
final class InputReader {
  static final String VOCABULARY = "dev.feedline.Vocabulary";
  static final String RUN_TIME_VALUE = "dev.feedline.RunTimeValue";
  static final String STATISTICS = "dev.feedline.Statistics";
  /** The dtypes of a run-time value: the scalars a builder can take from a Java value. */
  private static final Set<DType> VALUE_TYPES =
      Set.of(DType.FLOAT32, DType.FLOAT64, DType.INT32, DType.INT64, DType.STRING, DType.BOOL);

  private final Elements elements;
  private final OverReader overReader;

  /** Reads the pipeline a statistic is fitted over, reporting why it cannot be read. */
  @FunctionalInterface
  interface OverReader {
    /**
     * @param statistic the statistic, as messages name it
     * @param at the class value written in {@code over}, to anchor a diagnostic on
     */
    Optional<PipelineModel> read(TypeElement over, String statistic, ExecutableElement method,
        AnnotationMirror annotation, AnnotationValue at, Report report);
  }

  InputReader(Elements elements, OverReader overReader) {
    this.elements = elements;
    this.overReader = overReader;
  }

  /** The input annotation on {@code method}, if it has one. */
  static Optional<AnnotationMirror> annotation(ExecutableElement method) {
    return Annotations.find(method, VOCABULARY).or(() -> Annotations.find(method, RUN_TIME_VALUE))
        .or(() -> Annotations.find(method, STATISTICS));
  }

  /** Reads an input method; empty when its form is wrong, with the problem reported. */
  Optional<Input> read(ExecutableElement method, AnnotationMirror annotation, Report report) {
    boolean vocabulary = Annotations.qualifiedName(annotation).equals(VOCABULARY);
    String kind = "@" + Annotations.simpleName(annotation) + " '" + method.getSimpleName() + "'";
    TypeMirror result = method.getReturnType();
    TypeNames.requireResolved(result);
    boolean abstractWithoutParameters = method.getModifiers().contains(Modifier.ABSTRACT)
        && method.getParameters().isEmpty();
    if (Annotations.qualifiedName(annotation).equals(STATISTICS)) {
      return statistic(method, annotation, kind, abstractWithoutParameters, report);
    }
    if (vocabulary) {
      if (!abstractWithoutParameters || !Input.VOCABULARY_TABLE.equals(
          TypeNames.qualifiedName(result))) {
        report.at(method, annotation, null).report(Message.INPUT_FORM, kind, "VocabularyTable "
            + method.getSimpleName() + "();", "");
        return Optional.empty();
      }
      long buckets = ((Number) Annotations.value(elements, annotation, "oovBuckets")).longValue();
      boolean strict = (Boolean) Annotations.value(elements, annotation, "strict");
      Optional<AnnotationValue> written = Annotations.explicitValue(annotation, "oovBuckets");
      if (strict && written.isPresent() && buckets > 0) {
        report.at(method, annotation, written.get()).report(Message.STRICT_VOCABULARY_BUCKETS,
            method.getSimpleName(), buckets);
        return Optional.empty();
      }
      if (strict) {
        buckets = 0; // the default 1 is for a lenient vocabulary: a strict one has none
      }
      if (buckets < 0) {
        report.at(method, annotation, Annotations.explicitValue(annotation, "oovBuckets")
            .orElse(null)).report(Message.INVALID_OOV_BUCKETS, "Vocabulary",
            method.getSimpleName(), "oovBuckets", buckets);
        return Optional.empty();
      }
      return Optional.of(new Input(method.getSimpleName().toString(), Input.Kind.VOCABULARY,
          method, null, buckets, strict, null));
    }
    TypeMirror argument = TypeNames.operandArgument(result);
    Optional<DType> dtype = argument == null ? Optional.empty()
        : DType.ofClass(TypeNames.qualifiedName(argument)).filter(VALUE_TYPES::contains);
    if (!abstractWithoutParameters || dtype.isEmpty()) {
      String operand = dtype.map(d -> "Operand<" + d.className() + ">").orElse("Operand<TFloat32>");
      report.at(method, annotation, null).report(Message.INPUT_FORM, kind, operand + " "
          + method.getSimpleName() + "();", dtype.isPresent() ? ""
          : ", a scalar of TFloat32, TFloat64, TInt32, TInt64, TString or TBool");
      return Optional.empty();
    }
    return Optional.of(new Input(method.getSimpleName().toString(), Input.Kind.VALUE, method,
        dtype.get(), 0, false, null));
  }

  /**
   * Reads a {@code @Statistics}: its form, its buckets, the pipeline it is fitted over and the
   * component there.
   */
  private Optional<Input> statistic(ExecutableElement method, AnnotationMirror annotation,
      String kind, boolean abstractWithoutParameters, Report report) {
    Optional<Statistic.Type> type =
        Statistic.Type.ofClass(TypeNames.qualifiedName(method.getReturnType()));
    if (!abstractWithoutParameters || type.isEmpty()) {
      report.at(method, annotation, null).report(Message.INPUT_FORM, kind,
          type.map(Statistic.Type::simpleName).orElse("Moments") + " " + method.getSimpleName()
              + "();",
          type.isPresent() ? "" : ", a Moments, MinMax, Quantiles or FittedVocabulary");
      return Optional.empty();
    }
    int buckets = ((Number) Annotations.value(elements, annotation, "buckets")).intValue();
    AnnotationValue bucketsWritten = Annotations.explicitValue(annotation, "buckets").orElse(null);
    if (type.get() == Statistic.Type.QUANTILES && buckets < 2) {
      report.at(method, annotation, bucketsWritten).report(Message.STATISTIC_BUCKETS_MISSING,
          kind, buckets);
      return Optional.empty();
    }
    if (type.get() != Statistic.Type.QUANTILES && buckets != 0) {
      report.at(method, annotation, bucketsWritten).report(Message.STATISTIC_BUCKETS_UNUSED, kind,
          type.get().simpleName(), buckets);
      return Optional.empty();
    }
    if (!vocabularyParameters(method, annotation, kind, type.get(), report)) {
      return Optional.empty();
    }
    AnnotationValue overWritten = Annotations.explicitValue(annotation, "over").orElseThrow();
    TypeMirror overType = (TypeMirror) overWritten.getValue();
    TypeNames.requireResolved(overType);
    if (!(overType instanceof DeclaredType declared)) {
      report.at(method, annotation, overWritten).report(Message.STATISTIC_OVER_NOT_PIPELINE, kind,
          overType);
      return Optional.empty();
    }
    Optional<PipelineModel> over = overReader.read((TypeElement) declared.asElement(), kind,
        method, annotation, overWritten, report);
    if (over.isEmpty()) {
      return Optional.empty();
    }
    return component(method, annotation, kind, type.get(), over.get(), report)
        .map(statistic -> new Input(method.getSimpleName().toString(), Input.Kind.STATISTIC,
            method, null, 0, false, statistic));
  }

  /**
   * Checks {@code minCount}, {@code topK} and {@code oovBuckets}: in range on a vocabulary, not
   * written on another statistic. False when one is wrong, with the problem reported.
   */
  private boolean vocabularyParameters(ExecutableElement method, AnnotationMirror annotation,
      String kind, Statistic.Type type, Report report) {
    if (type != Statistic.Type.VOCABULARY) {
      for (String parameter : List.of("minCount", "topK", "oovBuckets")) {
        Optional<AnnotationValue> written = Annotations.explicitValue(annotation, parameter);
        if (written.isPresent()) {
          report.at(method, annotation, written.get()).report(Message.STATISTIC_VOCABULARY_ONLY,
              kind, type.simpleName(), parameter, number(annotation, parameter));
          return false;
        }
      }
      return true;
    }
    long minCount = number(annotation, "minCount");
    if (minCount < 1) {
      report.at(method, annotation, Annotations.explicitValue(annotation, "minCount")
          .orElse(null)).report(Message.INVALID_MIN_COUNT, kind, minCount);
      return false;
    }
    long topK = number(annotation, "topK");
    if (topK < 0) {
      report.at(method, annotation, Annotations.explicitValue(annotation, "topK").orElse(null))
          .report(Message.INVALID_TOP_K, kind, topK);
      return false;
    }
    long buckets = number(annotation, "oovBuckets");
    if (buckets < 0) {
      report.at(method, annotation, Annotations.explicitValue(annotation, "oovBuckets")
          .orElse(null)).report(Message.INVALID_OOV_BUCKETS, "Statistics",
          method.getSimpleName(), "oovBuckets", buckets);
      return false;
    }
    return true;
  }

  /**
   * The component a statistic is fitted over: in the over pipeline's element, numeric and fixed,
   * or strings for a vocabulary, of any shape.
   */
  private Optional<Statistic> component(ExecutableElement method, AnnotationMirror annotation,
      String kind, Statistic.Type type, PipelineModel over, Report report) {
    String name = (String) Annotations.value(elements, annotation, "component");
    AnnotationValue written = Annotations.explicitValue(annotation, "component").orElse(null);
    Stage last = over.last();
    ElementType element = last.output();
    Optional<Component> found = element.component(name);
    if (found.isEmpty()) {
      report.at(method, annotation, written).report(Message.STATISTIC_COMPONENT_MISSING, kind,
          name, over.simpleName(), element.displayName(), String.join(", ",
              element.components().stream().map(c -> "'" + c.name() + "'").toList()));
      return Optional.empty();
    }
    Component component = found.get();
    if (type == Statistic.Type.VOCABULARY && component.dtype() != DType.STRING) {
      report.at(method, annotation, written).report(Message.STATISTIC_COMPONENT_NOT_STRING, kind,
          name, over.simpleName(), component.dtype().tfName());
      return Optional.empty();
    }
    if (type != Statistic.Type.VOCABULARY && !component.dtype().isNumeric()) {
      report.at(method, annotation, written).report(Message.STATISTIC_COMPONENT_DTYPE, kind, name,
          over.simpleName(), component.dtype().tfName(), type.simpleName());
      return Optional.empty();
    }
    StaticShape inner = last.innerShapeOf(component);
    if (!type.pools() && !inner.isFullyKnown()) {
      report.at(method, annotation, written).report(Message.STATISTIC_COMPONENT_SHAPE, kind, name,
          over.simpleName(), inner, type.simpleName());
      return Optional.empty();
    }
    int buckets = ((Number) Annotations.value(elements, annotation, "buckets")).intValue();
    String cache = (String) Annotations.value(elements, annotation, "cache");
    boolean vocabulary = type == Statistic.Type.VOCABULARY;
    return Optional.of(new Statistic(type, over, component,
        element.components().indexOf(component), type.pools() ? StaticShape.scalar() : inner,
        buckets, vocabulary ? number(annotation, "minCount") : 1,
        vocabulary ? (int) number(annotation, "topK") : 0,
        vocabulary ? number(annotation, "oovBuckets") : 0, cache));
  }

  private long number(AnnotationMirror annotation, String parameter) {
    return ((Number) Annotations.value(elements, annotation, parameter)).longValue();
  }
}

package dev.feedline.processor.reading;

import dev.feedline.processor.base.Annotations;
import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.model.DType;
import dev.feedline.processor.model.Input;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/**
 * Reads the values a pipeline's maps take besides their element: {@code @Vocabulary} and
 * {@code @RunTimeValue} methods of the pipeline interface, which are not stages.
 */
final class InputReader {
  static final String VOCABULARY = "dev.feedline.Vocabulary";
  static final String RUN_TIME_VALUE = "dev.feedline.RunTimeValue";
  /** The dtypes of a run-time value: the scalars a builder can take from a Java value. */
  private static final Set<DType> VALUE_TYPES =
      Set.of(DType.FLOAT32, DType.FLOAT64, DType.INT32, DType.INT64, DType.STRING, DType.BOOL);

  private final Elements elements;

  InputReader(Elements elements) {
    this.elements = elements;
  }

  /** The input annotation on {@code method}, if it has one. */
  static Optional<AnnotationMirror> annotation(ExecutableElement method) {
    return Annotations.find(method, VOCABULARY).or(() -> Annotations.find(method, RUN_TIME_VALUE));
  }

  /** Reads an input method; empty when its form is wrong, with the problem reported. */
  Optional<Input> read(ExecutableElement method, AnnotationMirror annotation, Report report) {
    boolean vocabulary = Annotations.qualifiedName(annotation).equals(VOCABULARY);
    String kind = "@" + Annotations.simpleName(annotation) + " '" + method.getSimpleName() + "'";
    TypeMirror result = method.getReturnType();
    TypeNames.requireResolved(result);
    boolean abstractWithoutParameters = method.getModifiers().contains(Modifier.ABSTRACT)
        && method.getParameters().isEmpty();
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
          method, null, buckets, strict));
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
        dtype.get(), 0, false));
  }
}

package dev.feedline.processor.reading;

import dev.feedline.processor.base.Annotations;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.base.Message;
import dev.feedline.processor.model.DType;
import dev.feedline.processor.model.ElementType;
import dev.feedline.processor.model.StageKind;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/**
 * Reads one stage method: its annotation and values, and the element types of its signature,
 * checking that the signature has the form its kind requires.
 */
final class StageReader {
  private final Elements elements;
  private final ElementReader elementReader;

  StageReader(Elements elements, ElementReader elementReader) {
    this.elements = elements;
    this.elementReader = elementReader;
  }

  /** A stage as read, before its position in the chain is known. */
  record ReadStage(
      StageKind kind,
      ExecutableElement method,
      AnnotationMirror annotation,
      ElementType input,
      ElementType output,
      Map<String, Object> values,
      Map<String, AnnotationValue> written) {}

  /** The stage annotations on {@code method}, in source order. */
  static List<AnnotationMirror> stageAnnotations(ExecutableElement method) {
    return method.getAnnotationMirrors().stream()
        .filter(m -> StageKind.ofAnnotation(Annotations.qualifiedName(m)).isPresent())
        .map(m -> (AnnotationMirror) m)
        .toList();
  }

  /** Reads a method that carries exactly one stage annotation; empty when it is invalid. */
  Optional<ReadStage> read(ExecutableElement method, AnnotationMirror annotation, Report report) {
    StageKind kind = StageKind.ofAnnotation(Annotations.qualifiedName(annotation)).orElseThrow();
    String stage = "@" + kind.annotation() + " '" + method.getSimpleName() + "'";
    if (!method.getTypeParameters().isEmpty()) {
      signatureError(report, method, annotation, stage + " is generic; a stage has fixed element"
          + " types, so remove its type parameters.");
      return Optional.empty();
    }
    Optional<Map<String, Object>> values = values(method, annotation, stage, report);
    if (values.isEmpty() || !hasForm(kind, method, annotation, stage, report)) {
      return Optional.empty();
    }
    List<? extends VariableElement> parameters = method.getParameters();
    ElementType input = null;
    if (!kind.isSource()) {
      VariableElement parameter = parameters.get(parameters.size() - 1);
      input =
          elementReader
              .readUse(parameter.asType(), "the parameter of " + stage, parameter, report)
              .orElse(null);
      if (input == null) {
        return Optional.empty();
      }
    }
    Optional<ElementType> output =
        kind == StageKind.FILTER
            ? filterOutput(method, annotation, stage, input, report)
            : elementReader.readUse(method.getReturnType(), "the result of " + stage, method, report);
    if (output.isEmpty()) {
      return Optional.empty();
    }
    Map<String, AnnotationValue> written = new HashMap<>();
    mirrorValues(annotation).forEach(written::put);
    return Optional.of(
        new ReadStage(kind, method, annotation, input, output.get(), values.get(), written));
  }

  private boolean hasForm(
      StageKind kind,
      ExecutableElement method,
      AnnotationMirror annotation,
      String stage,
      Report report) {
    boolean isStatic = method.getModifiers().contains(Modifier.STATIC);
    boolean isAbstract = method.getModifiers().contains(Modifier.ABSTRACT);
    int parameters = method.getParameters().size();
    String problem =
        switch (kind.form()) {
          case SOURCE ->
              !isAbstract || parameters != 0
                  ? stage + " is a source: declare it abstract, without parameters and body, such"
                      + " as `Operand<TString> files();`."
                  : null;
          case BUILT_IN ->
              !isAbstract
                  ? stage + " is built in and takes no body; declare it abstract, such as"
                      + " `Photo " + method.getSimpleName() + "(Photo in);`."
                  : parameters != 1
                      ? stage + " takes the previous stage's element as its one parameter, but"
                          + " declares " + parameters + "."
                      : null;
          case BODY ->
              !isStatic || parameters != 2 || !isOps(method.getParameters().get(0).asType())
                  ? stage + " needs a body that builds graph ops: declare it `static "
                      + (kind == StageKind.FILTER ? "Operand<TBool>" : "Out")
                      + " " + method.getSimpleName() + "(Ops tf, In element) { ... }`."
                  : null;
        };
    if (problem != null) {
      signatureError(report, method, annotation, problem);
      return false;
    }
    return true;
  }

  private static boolean isOps(TypeMirror type) {
    TypeNames.requireResolved(type);
    return TypeNames.OPS.equals(TypeNames.qualifiedName(type));
  }

  private Optional<ElementType> filterOutput(
      ExecutableElement method,
      AnnotationMirror annotation,
      String stage,
      ElementType input,
      Report report) {
    TypeMirror result = method.getReturnType();
    TypeNames.requireResolved(result);
    TypeMirror dtype = TypeNames.operandArgument(result);
    if (dtype == null || DType.ofClass(TypeNames.qualifiedName(dtype)).orElse(null) != DType.BOOL) {
      signatureError(report, method, annotation, stage + " returns " + TypeNames.display(result)
          + "; a filter returns the keep decision as a scalar Operand<TBool>.");
      return Optional.empty();
    }
    return Optional.of(input); // a filter passes its input elements through
  }

  /** Reads every member, written or defaulted; a value javac could not evaluate is an error. */
  private Optional<Map<String, Object>> values(
      ExecutableElement method, AnnotationMirror annotation, String stage, Report report) {
    Map<String, Object> values = new HashMap<>();
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
        elements.getElementValuesWithDefaults(annotation).entrySet()) {
      String member = entry.getKey().getSimpleName().toString();
      Object value = entry.getValue().getValue();
      TypeKind expected = entry.getKey().getReturnType().getKind();
      boolean readable =
          switch (expected) {
            case INT, LONG -> value instanceof Integer || value instanceof Long;
            case BOOLEAN -> value instanceof Boolean;
            default -> value instanceof String || value instanceof VariableElement;
          };
      if (!readable) {
        signatureError(report, method, annotation, stage + " has a value for '" + member
            + "' that cannot be evaluated at compile time; use a constant.");
        return Optional.empty();
      }
      values.put(member, value instanceof VariableElement constant
          ? constant.getSimpleName().toString()
          : value);
    }
    return Optional.of(values);
  }

  private static Map<String, AnnotationValue> mirrorValues(AnnotationMirror annotation) {
    Map<String, AnnotationValue> written = new HashMap<>();
    annotation.getElementValues()
        .forEach((member, value) -> written.put(member.getSimpleName().toString(), value));
    return written;
  }

  private static void signatureError(
      Report report, ExecutableElement method, AnnotationMirror annotation, String message) {
    report.add(Message.STAGE_SIGNATURE, method, annotation, null, message);
  }
}

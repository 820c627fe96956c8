package dev.feedline.processor.reading;

import dev.feedline.processor.model.kinds.FilterStage;
import dev.feedline.processor.base.Annotations;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.base.Message;
import dev.feedline.processor.model.DType;
import dev.feedline.processor.model.ElementType;
import dev.feedline.processor.model.Input;
import dev.feedline.processor.model.Statistic;
import dev.feedline.processor.model.StageKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Reads one stage method: its annotation and values, and the element types of its signature,
 * checking that the signature has the form its kind requires.
 */
final class StageReader {
  private final Elements elements;
  private final Types types;
  private final ElementReader elementReader;
  private final ParameterReader parameterReader;

  StageReader(Elements elements, Types types, ElementReader elementReader,
      ParameterReader.SourceReader sources) {
    this.elements = elements;
    this.types = types;
    this.elementReader = elementReader;
    this.parameterReader = new ParameterReader(elements, sources);
  }

  /** A stage as read, before its position in the chain is known. */
  record ReadStage(
      StageKind kind,
      ExecutableElement method,
      AnnotationMirror annotation,
      ElementType input,
      ElementType output,
      ParameterReader.Read read,
      List<Input> inputs) {}

  /** The stage annotations on {@code method}, in source order. */
  static List<AnnotationMirror> stageAnnotations(ExecutableElement method) {
    return method.getAnnotationMirrors().stream()
        .filter(m -> StageKind.ofAnnotation(Annotations.qualifiedName(m)).isPresent())
        .map(m -> (AnnotationMirror) m)
        .toList();
  }

  /**
   * Reads a method that carries exactly one stage annotation; empty when it is invalid.
   *
   * @param unreadInputs the pipeline's inputs whose declarations were reported invalid
   */
  Optional<ReadStage> read(ExecutableElement method, AnnotationMirror annotation,
      String pipeline, Map<String, Input> pipelineInputs, Set<String> unreadInputs,
      Report report) {
    StageKind kind = StageKind.ofAnnotation(Annotations.qualifiedName(annotation)).orElseThrow();
    String stage = "@" + kind.annotation() + " '" + method.getSimpleName() + "'";
    if (!method.getTypeParameters().isEmpty()) {
      report.at(method, annotation, null).report(Message.STAGE_GENERIC, stage);
      return Optional.empty();
    }
    Optional<ParameterReader.Read> parameters =
        parameterReader.read(kind, method, annotation, report);
    if (parameters.isEmpty() || !hasForm(kind, method, annotation, stage, report)) {
      return Optional.empty();
    }
    List<? extends VariableElement> methodParameters = method.getParameters();
    ElementType input = null;
    if (!kind.isSource()) {
      VariableElement parameter = methodParameters.get(kind.form() == StageKind.Form.BODY ? 1 : 0);
      input =
          elementReader
              .readUse(parameter.asType(), "the parameter of " + stage, parameter, report)
              .orElse(null);
      if (input == null) {
        return Optional.empty();
      }
    }
    Optional<ElementType> output =
        kind == FilterStage.KIND
            ? filterOutput(method, annotation, stage, input, report)
            : elementReader.readUse(method.getReturnType(), "the result of " + stage, method,
                report);
    if (output.isEmpty()) {
      return Optional.empty();
    }
    Optional<List<Input>> inputs = kind.form() == StageKind.Form.BODY
        ? inputs(method, stage, pipeline, pipelineInputs, unreadInputs, report)
        : Optional.of(List.of());
    if (inputs.isEmpty() || kind.form() == StageKind.Form.BODY && !ElementRandomParameter.check(
        kind, method, annotation, parameters.get(), stage, report)) {
      return Optional.empty();
    }
    return Optional.of(new ReadStage(kind, method, annotation, input, output.get(),
        parameters.get(), inputs.get()));
  }

  /**
   * The run-time values a body takes after its element: each parameter names a pipeline input
   * and has its type, but for an {@code ElementRandom}, which {@link ElementRandomParameter}
   * reads.
   */
  private Optional<List<Input>> inputs(ExecutableElement method, String stage, String pipeline,
      Map<String, Input> pipelineInputs, Set<String> unreadInputs, Report report) {
    List<Input> inputs = new ArrayList<>();
    List<? extends VariableElement> parameters = method.getParameters();
    for (VariableElement parameter : parameters.subList(2, parameters.size())) {
      if (ElementRandomParameter.is(parameter)) {
        continue;
      }
      String name = parameter.getSimpleName().toString();
      Input input = pipelineInputs.get(name);
      if (input == null) {
        if (!unreadInputs.contains(name)) {
          TypeNames.requireResolved(parameter.asType());
          boolean vocabulary =
              Input.VOCABULARY_TABLE.equals(TypeNames.qualifiedName(parameter.asType()));
          Optional<Statistic.Type> statistic =
              Statistic.Type.ofClass(TypeNames.qualifiedName(parameter.asType()));
          Input.Kind kind = vocabulary ? Input.Kind.VOCABULARY
              : statistic.isPresent() ? Input.Kind.STATISTIC : Input.Kind.VALUE;
          List<String> declared = pipelineInputs.values().stream()
              .filter(i -> i.kind() == kind && (statistic.isEmpty()
                  || i.statistic().type() == statistic.get()))
              .map(Input::name).sorted().toList();
          String others = declared.isEmpty() ? ""
              : ", rename the parameter to one it declares ("
              + String.join(", ", declared) + ")";
          if (statistic.isPresent()) {
            report.at(parameter).report(Message.INPUT_UNKNOWN_STATISTIC, stage,
                statistic.get().simpleName(), name, pipeline, others);
          } else if (vocabulary) {
            report.at(parameter).report(Message.INPUT_UNKNOWN_VOCABULARY, stage, name, pipeline,
                others);
          } else {
            TypeMirror argument = TypeNames.operandArgument(parameter.asType());
            String type = argument != null && DType.ofClass(TypeNames.qualifiedName(argument))
                .isPresent() ? TypeNames.display(parameter.asType()) : "Operand<TFloat32>";
            report.at(parameter).report(Message.INPUT_UNKNOWN, stage, name, pipeline, type,
                others);
          }
        }
        return Optional.empty();
      }
      TypeMirror type = parameter.asType();
      TypeNames.requireResolved(type);
      String expected = switch (input.kind()) {
        case VOCABULARY -> "VocabularyTable";
        case STATISTIC -> input.statistic().type().simpleName();
        case VALUE -> "Operand<" + input.dtype().className() + ">";
      };
      boolean fits = switch (input.kind()) {
        case VOCABULARY -> Input.VOCABULARY_TABLE.equals(TypeNames.qualifiedName(type));
        case STATISTIC -> Statistic.Type.ofClass(TypeNames.qualifiedName(type))
            .orElse(null) == input.statistic().type();
        case VALUE -> TypeNames.operandArgument(type) != null && DType.ofClass(
            TypeNames.qualifiedName(TypeNames.operandArgument(type))).orElse(null)
            == input.dtype();
      };
      if (!fits) {
        report.at(parameter).report(Message.INPUT_TYPE,
            stage, name, TypeNames.display(type), expected);
        return Optional.empty();
      }
      inputs.add(input);
    }
    return Optional.of(inputs);
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
    int before = report.findings().size();
    switch (kind.form()) {
      case SOURCE -> {
        if (!isAbstract || parameters != 0) {
          report.at(method, annotation, null).report(Message.SOURCE_FORM, stage);
        }
      }
      case BUILT_IN -> {
        if (!isAbstract) {
          report.at(method, annotation, null).report(Message.BUILT_IN_WITH_BODY, stage,
              method.getSimpleName());
        } else if (parameters != 1) {
          report.at(method, annotation, null).report(Message.BUILT_IN_PARAMETERS,
              stage, parameters);
        }
      }
      case BODY -> {
        if (!isStatic || parameters < 2 || !isOps(method.getParameters().get(0).asType())) {
          report.at(method, annotation, null).report(Message.BODY_FORM, stage,
              kind == FilterStage.KIND ? "Operand<TBool>" : "Out", method.getSimpleName());
        } else if (method.getModifiers().contains(Modifier.PRIVATE)) {
          report.at(method, annotation, null).report(Message.BODY_PRIVATE, stage);
        } else {
          checkedExceptions(method).findFirst().ifPresent(thrown ->
              report.at(method, annotation, null).report(Message.BODY_THROWS, stage,
                  TypeNames.display(thrown)));
        }
      }
    }
    return report.findings().size() == before;
  }

  /**
   * The checked exceptions a body declares: the generated function's {@code Ops -> Signature}
   * cannot throw them.
   */
  private java.util.stream.Stream<TypeMirror> checkedExceptions(ExecutableElement method) {
    TypeMirror runtime = elements.getTypeElement("java.lang.RuntimeException").asType();
    TypeMirror error = elements.getTypeElement("java.lang.Error").asType();
    return method.getThrownTypes().stream()
        .map(t -> (TypeMirror) t)
        .filter(t -> !types.isSubtype(t, runtime) && !types.isSubtype(t, error));
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
      report.at(method, annotation, null).report(Message.FILTER_RESULT,
          stage, TypeNames.display(result));
      return Optional.empty();
    }
    return Optional.of(input); // a filter passes its input elements through
  }
}

package dev.feedline.processor.reading;

import dev.feedline.processor.base.Annotations;
import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.model.StageKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Assembles a pipeline's stage methods from the {@code @StageGroup} and {@code @Pipeline}
 * interfaces it extends: their stages in {@code extends} order, each in its own order, then the
 * interface's own; an own stage under an inherited stage's name replaces it in place. The chain is
 * then read and checked as if it had been written out in the pipeline.
 */
final class SharedStages {
  static final String STAGE_GROUP = "dev.feedline.StageGroup";

  private final Elements elements;
  private final Types types;

  SharedStages(Elements elements, Types types) {
    this.elements = elements;
    this.types = types;
  }

  /**
   * A pipeline's methods as its chain takes them.
   *
   * @param stages the methods with a stage annotation, in chain order
   * @param inputs the {@code @Vocabulary} and {@code @RunTimeValue} methods, inherited ones first
   * @param complete false when a problem was reported that leaves no chain to check
   */
  record Chain(List<ExecutableElement> stages, List<ExecutableElement> inputs, boolean complete) {}

  /** Whether other pipelines may take stages from {@code type}. */
  static boolean isShared(TypeElement type) {
    return Annotations.find(type, STAGE_GROUP).isPresent()
        || Annotations.find(type, PipelineReader.PIPELINE).isPresent();
  }

  /** The groups and pipelines {@code type} takes stages from, directly or through others. */
  static Set<TypeElement> sharedSupertypes(TypeElement type) {
    Set<TypeElement> shared = new LinkedHashSet<>();
    for (TypeElement parent : superinterfaces(type)) {
      if (isShared(parent)) {
        shared.add(parent);
        shared.addAll(sharedSupertypes(parent));
      }
    }
    return shared;
  }

  /**
   * Reports what makes a group unusable: a class, type parameters, private, or a pipeline too.
   *
   * @return whether pipelines can use it
   */
  static boolean checkGroup(TypeElement group, Report report) {
    Optional<AnnotationMirror> marker = Annotations.find(group, STAGE_GROUP);
    if (marker.isEmpty()) { // a pipeline, which reports its own problems
      return !ElementReader.isPrivate(group) && group.getTypeParameters().isEmpty();
    }
    String name = group.getSimpleName().toString();
    Message problem = null;
    if (group.getKind() != ElementKind.INTERFACE) {
      problem = Message.GROUP_NOT_INTERFACE;
    } else if (Annotations.find(group, PipelineReader.PIPELINE).isPresent()) {
      problem = Message.GROUP_AND_PIPELINE;
    } else if (ElementReader.isPrivate(group)) {
      problem = Message.GROUP_PRIVATE;
    } else if (!group.getTypeParameters().isEmpty()) {
      problem = Message.GROUP_GENERIC;
    }
    if (problem != null) {
      report.at(group, marker.get(), null).report(problem, name);
    }
    return problem == null || problem == Message.GROUP_AND_PIPELINE;
  }

  /** Assembles the chain of {@code pipeline}, reporting why it cannot be assembled. */
  Chain assemble(TypeElement pipeline, AnnotationMirror annotation, Report report) {
    Assembly assembly = new Assembly(report);
    List<ExecutableElement> stages = assembly.stagesOf(pipeline, annotation);
    Map<String, ExecutableElement> inputs = new LinkedHashMap<>();
    assembly.collectInputs(pipeline, annotation, pipeline, inputs);
    return new Chain(stages, List.copyOf(inputs.values()), assembly.complete);
  }

  /** One pipeline's assembly, and whether it went through. */
  private final class Assembly {
    private final Report report;
    private boolean complete = true;

    Assembly(Report report) {
      this.report = report;
    }

    /**
     * The stage methods of {@code type} in chain order; {@code anchor} is its annotation, if any.
     */
    List<ExecutableElement> stagesOf(TypeElement type, AnnotationMirror anchor) {
      List<ExecutableElement> chain = new ArrayList<>();
      // stage name: the superinterface it came by
      Map<String, TypeElement> through = new HashMap<>();
      TypeElement firstGiver = null;
      for (TypeElement parent : superinterfaces(type)) {
        if (!isShared(parent)) {
          reportUnshared(type, anchor, parent);
          continue;
        }
        if (!checkGroup(parent, report)) {
          complete = false;
          continue;
        }
        List<ExecutableElement> inherited = stagesOf(parent, null);
        if (firstGiver != null && !inherited.isEmpty() && isSource(inherited.get(0))) {
          // Listing the later group first only moves the problem when the first starts with a
          // source too: then the chain has two.
          if (isSource(chain.get(0))) {
            report.at(type, anchor, null).report(Message.SHARED_SOURCES_TWICE, type.getSimpleName(),
                firstGiver.getSimpleName(), chain.get(0).getSimpleName(), parent.getSimpleName(),
                inherited.get(0).getSimpleName());
          } else {
            report.at(type, anchor, null).report(Message.SHARED_SOURCE_NOT_FIRST,
                type.getSimpleName(),
                parent.getSimpleName(), firstGiver.getSimpleName(),
                inherited.get(0).getSimpleName());
          }
          complete = false;
        }
        for (ExecutableElement method : inherited) {
          String name = method.getSimpleName().toString();
          int clash = indexOf(chain, name);
          if (clash < 0) {
            chain.add(method);
            through.put(name, parent);
          } else if (chain.get(clash).equals(method)) {
            report.at(type, anchor, null).report(Message.STAGE_REACHED_TWICE,
                type.getSimpleName(), name,
                owner(method).getSimpleName(), through.get(name).getSimpleName(),
                parent.getSimpleName());
            complete = false;
          } else {
            report.at(type, anchor, null).report(Message.STAGE_NAME_INHERITED_TWICE,
                type.getSimpleName(), name, owner(chain.get(clash)).getSimpleName(),
                owner(method).getSimpleName());
            complete = false;
          }
        }
        if (firstGiver == null && !inherited.isEmpty()) {
          firstGiver = parent;
        }
      }
      for (ExecutableElement own : ElementFilter.methodsIn(type.getEnclosedElements())) {
        int replaced = InputReader.annotation(own).isPresent() ? -1
            : indexOf(chain, own.getSimpleName().toString());
        if (replaced >= 0 && owner(chain.get(replaced)).equals(type)) {
          // An overload of an own stage: legal Java, but a stage's name must be unique.
          List<AnnotationMirror> annotations = StageReader.stageAnnotations(own);
          if (!annotations.isEmpty()) {
            report.at(own, annotations.get(0), null).report(Message.STAGE_NAME_DECLARED_TWICE,
                type.getSimpleName(), own.getSimpleName());
            complete = false;
          }
        } else if (replaced >= 0) {
          if (canReplace(type, own, chain.get(replaced))) {
            chain.set(replaced, own);
          } else {
            complete = false;
          }
        } else if (!StageReader.stageAnnotations(own).isEmpty()) {
          chain.add(own);
        }
      }
      return chain;
    }

    /**
     * The input methods of {@code type}'s groups, then its own; an own one replaces its namesake.
     * Two inherited ones of one name are one input if they are declared alike (the builder has
     * one setter for the name), and {@code shared-stage-twice} otherwise.
     */
    void collectInputs(TypeElement pipeline, AnnotationMirror anchor, TypeElement type,
        Map<String, ExecutableElement> inputs) {
      Map<String, ExecutableElement> inherited = new LinkedHashMap<>();
      for (TypeElement parent : superinterfaces(type)) {
        if (!isShared(parent)) {
          continue;
        }
        Map<String, ExecutableElement> theirs = new LinkedHashMap<>();
        collectInputs(pipeline, anchor, parent, theirs);
        theirs.forEach((name, method) -> {
          ExecutableElement earlier = inherited.putIfAbsent(name, method);
          if (earlier != null && !alike(earlier, method)) {
            report.at(pipeline, anchor, null).report(Message.INPUT_DECLARED_TWICE,
                pipeline.getSimpleName(), name, declaration(earlier), declaration(method));
            complete = false;
          }
        });
      }
      inputs.putAll(inherited);
      for (ExecutableElement own : ElementFilter.methodsIn(type.getEnclosedElements())) {
        if (InputReader.annotation(own).isPresent()) {
          inputs.put(own.getSimpleName().toString(), own);
        }
      }
    }

    /** The same input: one method reached twice, or two with one annotation, values and type. */
    private boolean alike(ExecutableElement a, ExecutableElement b) {
      AnnotationMirror first = InputReader.annotation(a).orElseThrow();
      AnnotationMirror second = InputReader.annotation(b).orElseThrow();
      return a.equals(b)
          || Annotations.qualifiedName(first).equals(Annotations.qualifiedName(second))
          && values(first).equals(values(second))
          && types.isSameType(a.getReturnType(), b.getReturnType());
    }

    private Map<String, String> values(AnnotationMirror annotation) {
      Map<String, String> values = new TreeMap<>();
      elements.getElementValuesWithDefaults(annotation).forEach((member, value) ->
          values.put(member.getSimpleName().toString(), String.valueOf(value.getValue())));
      return values;
    }

    /**
     * An input as messages name it: {@code @Vocabulary(oovBuckets = 1) VocabularyTable A.words()}.
     */
    private String declaration(ExecutableElement method) {
      AnnotationMirror annotation = InputReader.annotation(method).orElseThrow();
      String members = values(annotation).entrySet().stream()
          .map(e -> e.getKey() + " = " + e.getValue()).collect(Collectors.joining(", "));
      return "@" + Annotations.simpleName(annotation)
          + (members.isEmpty() ? "" : "(" + members + ")")
          + " " + TypeNames.display(method.getReturnType()) + " " + owner(method).getSimpleName()
          + "." + method.getSimpleName() + "()";
    }

    /**
     * Whether {@code own} may take the place of {@code inherited}: a stage of the same kind and
     * element types, so that the chain around it still fits.
     */
    private boolean canReplace(TypeElement type, ExecutableElement own,
        ExecutableElement inherited) {
      List<AnnotationMirror> now = StageReader.stageAnnotations(own);
      List<AnnotationMirror> before = StageReader.stageAnnotations(inherited);
      if (before.size() != 1) {
        return true; // conflicting annotations, reported when the stage is read
      }
      StageKind was = kind(before.get(0));
      String name = own.getSimpleName().toString();
      if (now.isEmpty()) {
        report.at(own).report(Message.OVERRIDE_WITHOUT_STAGE,
            name, type.getSimpleName(), was.annotation(),
            owner(inherited).getSimpleName());
        return false;
      }
      if (now.size() != 1) {
        return true;
      }
      StageKind is = kind(now.get(0));
      if (is != was) {
        report.at(own, now.get(0), null).report(Message.OVERRIDE_CHANGES_KIND,
            is.annotation(), name,
            was.annotation(), owner(inherited).getSimpleName());
        return false;
      }
      Optional<TypeMirror> ownInput = elementParameter(is, own);
      Optional<TypeMirror> inheritedInput = elementParameter(was, inherited);
      if (ownInput.isPresent() != inheritedInput.isPresent()) {
        return true; // a wrong signature, reported when the stage is read
      }
      boolean sameInput = ownInput.isEmpty()
          || types.isSameType(ownInput.get(), inheritedInput.get());
      if (!sameInput || !types.isSameType(own.getReturnType(), inherited.getReturnType())) {
        report.at(own, now.get(0), null).report(Message.OVERRIDE_CHANGES_TYPES,
            is.annotation(), name,
            ownInput.map(TypeNames::display).orElse("nothing"),
            TypeNames.display(own.getReturnType()), owner(inherited).getSimpleName(),
            inheritedInput.map(TypeNames::display).orElse("nothing"),
            TypeNames.display(inherited.getReturnType()));
        return false;
      }
      return true;
    }

    /** Stage methods {@code type} gets from {@code parent}, which may give none. */
    private void reportUnshared(TypeElement type, AnnotationMirror anchor, TypeElement parent) {
      for (ExecutableElement method : ElementFilter.methodsIn(elements.getAllMembers(parent))) {
        if (!StageReader.stageAnnotations(method).isEmpty()) {
          report.at(type, anchor, null).report(Message.INHERITED_STAGE, method.getSimpleName(),
              parent.getSimpleName(), type.getSimpleName());
          complete = false;
        }
      }
    }
  }

  /**
   * The element parameter's type of a stage method of {@code kind}; empty for a source or a bad
   * form.
   */
  private static Optional<TypeMirror> elementParameter(StageKind kind, ExecutableElement method) {
    if (kind.isSource()) {
      return Optional.empty();
    }
    int at = kind.form() == StageKind.Form.BODY ? 1 : 0;
    return method.getParameters().size() > at
        ? Optional.of(method.getParameters().get(at).asType()) : Optional.empty();
  }

  private static List<TypeElement> superinterfaces(TypeElement type) {
    List<TypeElement> parents = new ArrayList<>();
    for (TypeMirror mirror : type.getInterfaces()) {
      // a group another processor generates comes in a later round
      TypeNames.requireResolved(mirror);
      if (mirror.getKind() == TypeKind.DECLARED) {
        parents.add((TypeElement) ((DeclaredType) mirror).asElement());
      }
    }
    return parents;
  }

  private static boolean isSource(ExecutableElement method) {
    List<AnnotationMirror> annotations = StageReader.stageAnnotations(method);
    return !annotations.isEmpty() && kind(annotations.get(0)).isSource();
  }

  private static StageKind kind(AnnotationMirror annotation) {
    return StageKind.ofAnnotation(Annotations.qualifiedName(annotation)).orElseThrow();
  }

  private static int indexOf(List<ExecutableElement> chain, String name) {
    for (int i = 0; i < chain.size(); i++) {
      if (chain.get(i).getSimpleName().contentEquals(name)) {
        return i;
      }
    }
    return -1;
  }

  private static Element owner(ExecutableElement method) {
    return method.getEnclosingElement();
  }
}
